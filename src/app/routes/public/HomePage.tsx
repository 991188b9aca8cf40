import { Box } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { LogoBar } from '@shared/components/LogoBar.tsx';
import { SiteFooter } from '@shared/components/SiteFooter.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { AudienceSection } from '../../../features/landing/components/AudienceSection.tsx';
import { ClosingCall } from '../../../features/landing/components/ClosingCall.tsx';
import { Hero } from '../../../features/landing/components/Hero.tsx';
import { MarketStats } from '../../../features/landing/components/MarketStats.tsx';
import { Supporters } from '../../../features/landing/components/Supporters.tsx';
import { Testimonials } from '../../../features/landing/components/Testimonials.tsx';

export function HomePage() {
  const t = useT();
  useDocumentTitle(t('landing.documentTitle'));
  return (
    <Box bg="linear-gradient(180deg, var(--mantine-color-teal-0) 0%, #fff 640px)">
      {/* SPEC §2: the top bar holds only the logo; the hero's Go to Account is the way in. */}
      <LogoBar />
      <main>
        <Hero />
        <AudienceSection />
        <MarketStats />
        <Testimonials />
        <Supporters />
        <ClosingCall />
      </main>
      <SiteFooter />
    </Box>
  );
}

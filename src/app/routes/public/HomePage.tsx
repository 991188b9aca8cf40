import { Box, Button } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router-dom';
import { LogoBar } from '../../../components/LogoBar.tsx';
import { SiteFooter } from '../../../components/SiteFooter.tsx';
import { paths } from '../../../config/paths.ts';
import { AudienceSection } from '../../../features/landing/components/AudienceSection.tsx';
import { ClosingCall } from '../../../features/landing/components/ClosingCall.tsx';
import { Hero } from '../../../features/landing/components/Hero.tsx';
import { MarketStats } from '../../../features/landing/components/MarketStats.tsx';
import { Supporters } from '../../../features/landing/components/Supporters.tsx';
import { Testimonials } from '../../../features/landing/components/Testimonials.tsx';

export function HomePage() {
  useDocumentTitle('CareCover · Verified care workers for agencies and caregivers');
  return (
    <Box bg="linear-gradient(180deg, var(--mantine-color-teal-0) 0%, #fff 640px)">
      <LogoBar>
        <Button component={Link} to={paths.login} variant="subtle" size="sm" aria-label="Log in">
          Log in
        </Button>
      </LogoBar>
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

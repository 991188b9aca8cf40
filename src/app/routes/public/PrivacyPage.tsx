import { Anchor, Box, Container, List, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react';
import { useDocumentTitle } from '@mantine/hooks';
import { LogoBar } from '@shared/components/LogoBar.tsx';
import { SiteFooter } from '@shared/components/SiteFooter.tsx';
import { SUPPORT_EMAIL } from '@shared/config/paths.ts';
import { useT } from '../../../i18n/use-t.ts';
import type { DashboardKey } from '../../../i18n/catalogues.ts';

const sections = [
  {
    id: 'collected',
    title: 'privacy.collected.title',
    body: ['privacy.collected.account', 'privacy.collected.dashboard', 'privacy.collected.staff'],
  },
  { id: 'use', title: 'privacy.use.title', body: ['privacy.use.service', 'privacy.use.processors'] },
  { id: 'security', title: 'privacy.security.title', body: ['privacy.security.body'] },
  { id: 'rights', title: 'privacy.rights.title', body: ['privacy.rights.body'] },
] as const;

export function PrivacyPage() {
  const t = useT();
  useDocumentTitle(t('privacy.documentTitle'));
  return (
    <Box>
      <LogoBar />
      <Container component="main" size={720} py={{ base: 32, sm: 56 }}>
        <Stack gap="xs" mb="xl">
          <Title order={1} fz={{ base: 30, sm: 38 }}>
            {t('privacy.title')}
          </Title>
          <Text c="dimmed" m={0}>
            {t('privacy.intro')}
          </Text>
        </Stack>
        <nav aria-label={t('privacy.onThisPage')}>
          <List size="sm" spacing={4} mb="xl">
            {[...sections, { id: 'contact', title: 'privacy.contact.title' } as const].map((s) => (
              <List.Item key={s.id}>
                <Anchor href={`#${s.id}`}>{t(s.title)}</Anchor>
              </List.Item>
            ))}
          </List>
        </nav>
        {sections.map((section) => (
          <section key={section.id} aria-labelledby={section.id}>
            <Title order={2} id={section.id} fz={24} mt="xl" mb="sm">
              {t(section.title)}
            </Title>
            {section.body.map((paragraph) => (
              <Text key={paragraph} size="md" lh={1.7} c="gray.8" mb="md">
                {t(paragraph)}
              </Text>
            ))}
          </section>
        ))}
        <section aria-labelledby="contact">
          <Title order={2} id="contact" fz={24} mt="xl" mb="sm">
            {t('privacy.contact.title')}
          </Title>
          <Text size="md" lh={1.7} c="gray.8">
            {/* The address is a link inside the sentence, wherever each language puts it. */}
            <Trans
              id={'privacy.contact.body' satisfies DashboardKey}
              values={{ email: SUPPORT_EMAIL }}
              components={{ 0: <Anchor href={`mailto:${SUPPORT_EMAIL}`} underline="always" /> }}
            />
          </Text>
        </section>
      </Container>
      <SiteFooter />
    </Box>
  );
}

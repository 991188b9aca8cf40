import { Anchor, Box, Container, List, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { LogoBar } from '@shared/components/LogoBar.tsx';
import { SiteFooter } from '@shared/components/SiteFooter.tsx';
import { SUPPORT_EMAIL } from '@shared/config/paths.ts';

const sections = [
  {
    id: 'collected',
    title: 'Information we collect',
    body: [
      'When your agency creates an account we collect the email address and password you sign up with, and the profile you complete at onboarding: phone number, street address, city, province or state, country, postal code, staff size, company type, time zone and how you heard about us.',
      'When you use the dashboard we store the shifts you post (location, times, staff type, skill and notes), their status and clock-in and clock-out times, the frontline staff who join your agency with your company code, feedback you choose to send and, for Premium, a reference to your payment provider’s customer record. We do not store card numbers.',
      'When frontline staff use the CareCover Staff app we collect their name, email address, phone number and password, the agencies they join, the shifts they accept, and their notification settings with a push subscription for each device that turns on new shift alerts. When they clock in we record the time and, only at that moment and only if they allow it, their position and its distance from the shift; a clock-in without a position or far from the shift records the reason they give. Their agency sees the distance and the reason on the shift’s timeline. Their position is never tracked at any other time.',
    ],
  },
  {
    id: 'use',
    title: 'How we use it',
    body: [
      'We use this information to run the service: to send shift requests to your staff, show you the life of each shift, answer your questions in the assistant about your own data, manage your plan and improve CareCover. We do not sell your information or your staff’s information, and we do not use it for advertising.',
      'Addresses are sent to a mapping service to place shifts on the map. Questions you ask the assistant are sent, with the data needed to answer them, to an AI provider that processes them on our behalf; payment tokens and personal identifiers that are not needed are removed first.',
    ],
  },
  {
    id: 'security',
    title: 'Security',
    body: [
      'Data is encrypted in transit. Each agency can read only its own shifts and the staff who joined it, enforced by the database itself. Passwords are stored only as salted hashes. Access by our team is limited to what support requires and is logged.',
    ],
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: [
      'You can see and correct your agency’s profile at any time in the dashboard. You may ask us for a copy of the personal information we hold about you, ask us to correct it, or ask us to delete your account and its data, subject to records we must keep by law. We answer requests within 30 days.',
    ],
  },
];

export function PrivacyPage() {
  useDocumentTitle('Privacy policy · CareCover');
  return (
    <Box>
      <LogoBar />
      <Container component="main" size={720} py={{ base: 32, sm: 56 }}>
        <Stack gap="xs" mb="xl">
          <Title order={1} fz={{ base: 30, sm: 38 }}>
            Privacy policy
          </Title>
          <Text c="dimmed" m={0}>
            How CareCover collects, uses and protects the information of agencies and their staff.
          </Text>
        </Stack>
        <nav aria-label="On this page">
          <List size="sm" spacing={4} mb="xl">
            {[...sections, { id: 'contact', title: 'Contact' }].map((s) => (
              <List.Item key={s.id}>
                <Anchor href={`#${s.id}`}>{s.title}</Anchor>
              </List.Item>
            ))}
          </List>
        </nav>
        {sections.map((section) => (
          <section key={section.id} aria-labelledby={section.id}>
            <Title order={2} id={section.id} fz={24} mt="xl" mb="sm">
              {section.title}
            </Title>
            {section.body.map((paragraph) => (
              <Text key={paragraph.slice(0, 24)} size="md" lh={1.7} c="gray.8" mb="md">
                {paragraph}
              </Text>
            ))}
          </section>
        ))}
        <section aria-labelledby="contact">
          <Title order={2} id="contact" fz={24} mt="xl" mb="sm">
            Contact
          </Title>
          <Text size="md" lh={1.7} c="gray.8">
            Questions or requests about your privacy: write to{' '}
            <Anchor href={`mailto:${SUPPORT_EMAIL}`} underline="always">
              {SUPPORT_EMAIL}
            </Anchor>
            . We reply within two business days.
          </Text>
        </section>
      </Container>
      <SiteFooter />
    </Box>
  );
}

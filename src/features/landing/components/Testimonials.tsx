import { Avatar, Box, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconQuote } from '@tabler/icons-react';

// Sample quotes written for the launch page: replace them with real, consented testimonials
// before the site goes live (see the report).
const testimonials = [
  {
    quote:
      'A call-out at 6 a.m. used to mean an hour of phone calls. Now the shift goes out once and someone has it before I finish my coffee.',
    name: 'Maria G.',
    role: 'Scheduling Coordinator, homecare agency, Ontario',
    initials: 'MG',
  },
  {
    quote:
      'Our staff already had the app, so joining with the company code took minutes. We can finally see who is on shift at a glance.',
    name: 'Daniel O.',
    role: 'Operations Director, child and youth care, Alberta',
    initials: 'DO',
  },
  {
    quote: 'Clock-in and clock-out times in one place made our month-end hours review so much calmer for everyone.',
    name: 'Priya S.',
    role: 'Owner, developmental support company, Washington',
    initials: 'PS',
  },
];

export function Testimonials() {
  return (
    <Box component="section" aria-labelledby="testimonials-title" py={{ base: 48, sm: 72 }} bg="gray.0">
      <Container size="lg">
        <Title id="testimonials-title" order={2} ta="center" fz={{ base: 26, sm: 32 }} mb={40}>
          Agencies trust CareCover with their shifts
        </Title>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {testimonials.map((t) => (
            <Paper key={t.name} component="figure" withBorder radius="lg" p="xl" m={0}>
              <Stack gap="md" h="100%" justify="space-between">
                <div>
                  <IconQuote size={28} color="var(--mantine-color-teal-5)" aria-hidden="true" />
                  <Text component="blockquote" m={0} mt="xs" c="gray.8" lh={1.6}>
                    {t.quote}
                  </Text>
                </div>
                <Group gap="sm" component="figcaption" wrap="nowrap">
                  <Avatar color="teal" radius="xl" aria-hidden="true">
                    {t.initials}
                  </Avatar>
                  <div>
                    <Text fw={600} size="sm">
                      {t.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t.role}
                    </Text>
                  </div>
                </Group>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

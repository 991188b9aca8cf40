import { Avatar, Box, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconQuote } from '@tabler/icons-react';
import { useT } from '../../../i18n/use-t.ts';

// Sample quotes written for the launch page: replace them with real, consented testimonials
// before the site goes live (see the report).
const testimonials = [
  {
    quote: 'landing.testimonials.maria.quote',
    name: 'Maria G.',
    role: 'landing.testimonials.maria.role',
    initials: 'MG',
  },
  {
    quote: 'landing.testimonials.daniel.quote',
    name: 'Daniel O.',
    role: 'landing.testimonials.daniel.role',
    initials: 'DO',
  },
  {
    quote: 'landing.testimonials.priya.quote',
    name: 'Priya S.',
    role: 'landing.testimonials.priya.role',
    initials: 'PS',
  },
] as const;

export function Testimonials() {
  const t = useT();
  return (
    <Box component="section" aria-labelledby="testimonials-title" py={{ base: 48, sm: 72 }} bg="gray.0">
      <Container size="lg">
        <Title id="testimonials-title" order={2} ta="center" fz={{ base: 26, sm: 32 }} mb={40}>
          {t('landing.testimonials.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {testimonials.map((testimonial) => (
            <Paper key={testimonial.name} component="figure" withBorder radius="lg" p="xl" m={0}>
              <Stack gap="md" h="100%" justify="space-between">
                <div>
                  <IconQuote size={28} color="var(--mantine-color-teal-5)" aria-hidden="true" />
                  <Text component="blockquote" m={0} mt="xs" c="gray.8" lh={1.6}>
                    {t(testimonial.quote)}
                  </Text>
                </div>
                <Group gap="sm" component="figcaption" wrap="nowrap">
                  <Avatar color="teal" radius="xl" aria-hidden="true">
                    {testimonial.initials}
                  </Avatar>
                  <div>
                    <Text fw={600} size="sm">
                      {testimonial.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(testimonial.role)}
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

import { Box, Container, SimpleGrid, Text, Title } from '@mantine/core';
import { useT } from '../../../i18n/use-t.ts';

// Placeholder supporter names with in-house marks (no third-party artwork): replace them with the
// real programmes, and their permission to be named, before the site goes live.
const supporters = [
  { name: 'Northbridge Care Network', shape: 'circle' },
  { name: 'Lakeshore Health Innovation Hub', shape: 'square' },
  { name: 'Maple Seniors Alliance', shape: 'leaf' },
  { name: 'Prairie Startup Fund', shape: 'triangle' },
] as const;

function SupporterMark({ shape }: { shape: (typeof supporters)[number]['shape'] }) {
  const color = '#0f766e';
  return (
    <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
      {shape === 'circle' && <circle cx="14" cy="14" r="11" fill="none" stroke={color} strokeWidth="3" />}
      {shape === 'square' && <rect x="4" y="4" width="20" height="20" rx="5" fill={color} />}
      {shape === 'leaf' && <path d="M5 23C5 11 12 5 24 5c0 12-7 18-19 18z" fill={color} />}
      {shape === 'triangle' && <path d="M14 4l11 19H3z" fill="none" stroke={color} strokeWidth="3" />}
    </svg>
  );
}

export function Supporters() {
  const t = useT();
  return (
    <Box component="section" aria-labelledby="supporters-title" py={{ base: 48, sm: 64 }} bg="white">
      <Container size="lg">
        <Title id="supporters-title" order={2} ta="center" fz={{ base: 22, sm: 26 }} mb={32}>
          {t('landing.supporters.title')}
        </Title>
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 4 }}
          spacing="lg"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {supporters.map((s) => (
            <Box
              component="li"
              key={s.name}
              p="md"
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 12,
                justifyContent: 'center',
                borderRadius: 12,
                border: '1px solid var(--mantine-color-gray-2)',
              }}
            >
              <SupporterMark shape={s.shape} />
              <Text fw={700} c="gray.8" size="sm">
                {s.name}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

import { Box, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';

/**
 * Public market figures. Sources: Government of Canada, "Action for Seniors" report (seniors in
 * 2030); U.S. Bureau of Labor Statistics, Occupational Outlook Handbook, home health and personal
 * care aides, 2023–33 projections. Review them with each new edition.
 */
const stats = [
  { value: '9.5M', label: 'Canadians aged 65 and over by 2030', source: 'Government of Canada' },
  {
    value: '21%',
    label: 'projected growth in U.S. home health and personal care aide jobs, 2023–2033',
    source: 'U.S. Bureau of Labor Statistics',
  },
  {
    value: '718,900',
    label: 'openings for home health and personal care aides each year in the U.S.',
    source: 'U.S. Bureau of Labor Statistics',
  },
];

export function MarketStats() {
  return (
    <Box component="section" aria-labelledby="stats-title" py={{ base: 48, sm: 72 }} bg="teal.9" c="white">
      <Container size="lg">
        <Title id="stats-title" order={2} ta="center" fz={{ base: 26, sm: 32 }} c="white" mb={8}>
          Demand for care is growing faster than staff
        </Title>
        <Text ta="center" c="teal.1" maw={620} mx="auto" mb={40}>
          Every unfilled shift is a client without care. Agencies need a faster way to reach the staff they have.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" component="dl" m={0}>
          {stats.map((stat) => (
            <Stack
              key={stat.value}
              gap={6}
              p="lg"
              style={{
                borderRadius: 16,
                background: 'rgba(255,255,255,0.08)',
                border: '1px solid rgba(255,255,255,0.16)',
              }}
            >
              <Text component="dt" fz={{ base: 36, sm: 42 }} fw={800} lh={1} c="white">
                {stat.value}
              </Text>
              <Text component="dd" m={0} c="teal.0">
                {stat.label}
                <Text component="span" display="block" size="xs" c="teal.2" mt={6}>
                  Source: {stat.source}
                </Text>
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

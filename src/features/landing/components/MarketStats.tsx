import { Box, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatNumber } from '@shared/i18n/format.ts';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import { useT } from '../../../i18n/use-t.ts';

/**
 * Public market figures. Sources: Government of Canada, "Action for Seniors" report (seniors in
 * 2030); U.S. Bureau of Labor Statistics, Occupational Outlook Handbook, home health and personal
 * care aides, 2023–33 projections. Review them with each new edition.
 */
const stats = [
  {
    value: 9_500_000,
    format: { notation: 'compact', maximumFractionDigits: 1 },
    label: 'landing.stats.seniors',
    source: 'landing.stats.sourceCanada',
  },
  {
    value: 0.21,
    format: { style: 'percent' },
    label: 'landing.stats.growth',
    source: 'landing.stats.sourceBls',
  },
  { value: 718_900, format: {}, label: 'landing.stats.openings', source: 'landing.stats.sourceBls' },
] as const satisfies readonly { value: number; format: Intl.NumberFormatOptions; label: string; source: string }[];

export function MarketStats() {
  const t = useT();
  const { locale } = useLocale();
  return (
    <Box component="section" aria-labelledby="stats-title" py={{ base: 48, sm: 72 }} bg="teal.9" c="white">
      <Container size="lg">
        <Title id="stats-title" order={2} ta="center" fz={{ base: 26, sm: 32 }} c="white" mb={8}>
          {t('landing.stats.title')}
        </Title>
        <Text ta="center" c="teal.1" maw={620} mx="auto" mb={40}>
          {t('landing.stats.text')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" component="dl" m={0}>
          {stats.map((stat) => (
            <Stack
              key={stat.label}
              gap={6}
              p="lg"
              style={{
                borderRadius: 16,
                background: 'rgba(255,255,255,0.08)',
                border: '1px solid rgba(255,255,255,0.16)',
              }}
            >
              <Text component="dt" fz={{ base: 36, sm: 42 }} fw={800} lh={1} c="white">
                {formatNumber(stat.value, locale, stat.format)}
              </Text>
              <Text component="dd" m={0} c="teal.0">
                {t(stat.label)}
                <Text component="span" display="block" size="xs" c="teal.2" mt={6}>
                  {t('landing.stats.source', { source: t(stat.source) })}
                </Text>
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

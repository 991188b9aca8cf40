import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import { useT } from '../../../i18n/use-t.ts';
import type { CoverageDay } from '../api/fetch-coverage-overview.ts';
import { formatDayLabel } from '../insights-format.ts';

interface CoverageChartProps {
  days: CoverageDay[];
}

/**
 * Posted vs filled (before start) per local day. Its own module so recharts loads in a chunk of
 * its own, after the numbers.
 */
export function CoverageChart({ days }: CoverageChartProps) {
  const t = useT();
  const { locale } = useLocale();
  const data = days.map((d) => ({ day: formatDayLabel(d.day, locale), posted: d.posted, filled: d.filled }));
  const posted = days.reduce((sum, d) => sum + d.posted, 0);
  const filled = days.reduce((sum, d) => sum + d.filled, 0);
  return (
    <figure role="img" aria-label={t('insights.chart.label', { posted, filled })} style={{ margin: 0 }}>
      <AreaChart
        h={220}
        curveType="linear"
        withDots={days.length <= 14}
        data={data}
        dataKey="day"
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        tickLine="y"
        gridAxis="y"
        yAxisProps={{ allowDecimals: false }}
        series={[
          { name: 'posted', label: t('insights.chart.posted'), color: 'blue.6' },
          { name: 'filled', label: t('insights.chart.filled'), color: 'teal.7' },
        ]}
      />
    </figure>
  );
}

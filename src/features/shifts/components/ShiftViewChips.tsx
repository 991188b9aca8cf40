import { Chip, Group } from '@mantine/core';
import { SHIFT_VIEWS, type ShiftView } from '../shift-views.ts';
import { formatNumber } from '@shared/i18n/format.ts';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import { useT } from '../../../i18n/use-t.ts';

interface ShiftViewChipsProps {
  /** null while the board has not yet picked its opening view (the shifts are loading). */
  view: ShiftView | null;
  counts: Record<ShiftView, number>;
  onChange: (view: ShiftView) => void;
}

/** The board's quick views, each with how many shifts it holds now. */
export function ShiftViewChips({ view, counts, onChange }: ShiftViewChipsProps) {
  const t = useT();
  const { locale } = useLocale();
  return (
    <Chip.Group multiple={false} value={view} onChange={(value) => onChange(value as ShiftView)}>
      <Group gap={6} role="radiogroup" aria-label={t('shifts.views')}>
        {SHIFT_VIEWS.map(({ value, label }) => (
          <Chip
            key={value}
            value={value}
            size="sm"
            variant="outline"
            color={value === 'needs-action' && counts['needs-action'] > 0 ? 'red' : 'teal'}
            aria-label={t('shifts.viewCount', { view: t(label), count: formatNumber(counts[value], locale) })}
          >
            {`${t(label)} · ${formatNumber(counts[value], locale)}`}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}

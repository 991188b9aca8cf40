import { Chip, Group } from '@mantine/core';
import { SHIFT_VIEWS, type ShiftView } from '../shift-views.ts';

interface ShiftViewChipsProps {
  /** null while the board has not yet picked its opening view (the shifts are loading). */
  view: ShiftView | null;
  counts: Record<ShiftView, number>;
  onChange: (view: ShiftView) => void;
}

/** The board's quick views, each with how many shifts it holds now. */
export function ShiftViewChips({ view, counts, onChange }: ShiftViewChipsProps) {
  return (
    <Chip.Group multiple={false} value={view} onChange={(value) => onChange(value as ShiftView)}>
      <Group gap={6} role="radiogroup" aria-label="Show shifts">
        {SHIFT_VIEWS.map(({ value, label }) => (
          <Chip
            key={value}
            value={value}
            size="sm"
            variant="outline"
            color={value === 'needs-action' && counts['needs-action'] > 0 ? 'red' : 'teal'}
            aria-label={`${label}: ${counts[value]}`}
          >
            {label} · {counts[value]}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}

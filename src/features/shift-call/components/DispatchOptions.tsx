import { Checkbox, Radio, Stack } from '@mantine/core';
import { DISPATCH_MODES, type DispatchMode } from '../dispatch-mode.ts';

interface DispatchOptionsProps {
  mode: DispatchMode;
  onModeChange: (mode: DispatchMode) => void;
  isOvertimeAllowed: boolean;
  onOvertimeChange: (isAllowed: boolean) => void;
}

/** Who a post is sent to, and when (saved as the agency's default), and whether it allows overtime. */
export function DispatchOptions({ mode, onModeChange, isOvertimeAllowed, onOvertimeChange }: DispatchOptionsProps) {
  return (
    <Stack gap="md">
      <Radio.Group
        label="Who is notified"
        description="Your choice is kept for your next shifts."
        value={mode}
        onChange={(value) => onModeChange(value as DispatchMode)}
      >
        <Stack gap="sm" mt="xs">
          {DISPATCH_MODES.map((option) => (
            <Radio key={option.value} value={option.value} label={option.label} description={option.description} />
          ))}
        </Stack>
      </Radio.Group>
      <Checkbox
        label="Allow overtime"
        description={
          mode === 'best_matches'
            ? 'Staff this shift would put over their weekly hours may still take it. They are notified last, 4 hours before the start.'
            : 'Staff this shift would put over their weekly hours may still take it.'
        }
        checked={isOvertimeAllowed}
        onChange={(event) => onOvertimeChange(event.currentTarget.checked)}
      />
    </Stack>
  );
}

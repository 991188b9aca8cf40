import { Checkbox, Radio, Stack } from '@mantine/core';
import { useT } from '../../../i18n/use-t.ts';
import { DISPATCH_MODES, type DispatchMode } from '../dispatch-mode.ts';

interface DispatchOptionsProps {
  mode: DispatchMode;
  onModeChange: (mode: DispatchMode) => void;
  isOvertimeAllowed: boolean;
  onOvertimeChange: (isAllowed: boolean) => void;
}

/** Who a post is sent to, and when (saved as the agency's default), and whether it allows overtime. */
export function DispatchOptions({ mode, onModeChange, isOvertimeAllowed, onOvertimeChange }: DispatchOptionsProps) {
  const t = useT();
  return (
    <Stack gap="md">
      <Radio.Group
        label={t('shiftCall.dispatch.label')}
        description={t('shiftCall.dispatch.kept')}
        value={mode}
        onChange={(value) => onModeChange(value as DispatchMode)}
      >
        <Stack gap="sm" mt="xs">
          {DISPATCH_MODES.map((option) => (
            <Radio
              key={option.value}
              value={option.value}
              label={t(option.label)}
              description={t(option.description)}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Checkbox
        label={t('shiftCall.overtime')}
        description={mode === 'best_matches' ? t('shiftCall.overtimeHelpBest') : t('shiftCall.overtimeHelp')}
        checked={isOvertimeAllowed}
        onChange={(event) => onOvertimeChange(event.currentTarget.checked)}
      />
    </Stack>
  );
}

import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconCrown, IconRosetteDiscountCheck } from '@tabler/icons-react';
import { useT } from '../../../i18n/use-t.ts';

interface PlanStatusProps {
  isPremium: boolean;
  /** Shifts the free plan has counted so far (companies.free_shifts_used). */
  freeShiftsUsed: number;
  freeShiftLimit: number;
  onGetPremium: () => void;
}

/** The sidebar's plan corner: a Premium badge, or Get Premium for a free company. */
export function PlanStatus({ isPremium, freeShiftsUsed, freeShiftLimit, onGetPremium }: PlanStatusProps) {
  const t = useT();
  const used = Math.min(freeShiftsUsed, freeShiftLimit);
  if (isPremium) {
    return (
      <Paper radius="md" p="sm" bg="teal.8" c="white" data-testid="premium-badge">
        <Group gap="xs" wrap="nowrap">
          <IconRosetteDiscountCheck size={22} aria-hidden="true" />
          <div>
            <Text fw={700} lh={1.2}>
              {t('plan.premium')}
            </Text>
            <Text size="xs" lh={1.3}>
              {t('plan.premiumLine')}
            </Text>
          </div>
        </Group>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md" p="sm" bg="teal.0">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t('plan.free')}
        </Text>
        <div>
          <Text size="xs" fw={600} data-testid="free-shifts-used">
            {t('plan.used', { used, limit: freeShiftLimit })}
          </Text>
          <Progress
            value={(used / freeShiftLimit) * 100}
            color={freeShiftsUsed >= freeShiftLimit ? 'red' : 'teal'}
            size="sm"
            mt={4}
            aria-label={t('plan.usedLabel', { used, limit: freeShiftLimit })}
          />
        </div>
        <Text size="xs" c="dimmed">
          {t('plan.pitch')}
        </Text>
        {/* Its name wraps rather than being cut where a language says it longer ("Passer à Premium"). */}
        <Button
          leftSection={<IconCrown size={18} aria-hidden="true" />}
          onClick={onGetPremium}
          fullWidth
          px="xs"
          h="auto"
          mih={36}
          py={6}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.25 } }}
        >
          {t('plan.getPremium')}
        </Button>
      </Stack>
    </Paper>
  );
}

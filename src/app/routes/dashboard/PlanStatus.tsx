import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconCrown, IconRosetteDiscountCheck } from '@tabler/icons-react';

interface PlanStatusProps {
  isPremium: boolean;
  /** Shifts the free plan has counted so far (companies.free_shifts_used). */
  freeShiftsUsed: number;
  freeShiftLimit: number;
  onGetPremium: () => void;
}

/** The sidebar's plan corner: a Premium badge, or Get Premium for a free company. */
export function PlanStatus({ isPremium, freeShiftsUsed, freeShiftLimit, onGetPremium }: PlanStatusProps) {
  if (isPremium) {
    return (
      <Paper radius="md" p="sm" bg="teal.8" c="white" data-testid="premium-badge">
        <Group gap="xs" wrap="nowrap">
          <IconRosetteDiscountCheck size={22} aria-hidden="true" />
          <div>
            <Text fw={700} lh={1.2}>
              Premium
            </Text>
            <Text size="xs" lh={1.3}>
              Unlimited shifts and staff
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
          Free plan
        </Text>
        <div>
          <Text size="xs" fw={600} data-testid="free-shifts-used">
            {Math.min(freeShiftsUsed, freeShiftLimit)} of {freeShiftLimit} shifts used
          </Text>
          <Progress
            value={(Math.min(freeShiftsUsed, freeShiftLimit) / freeShiftLimit) * 100}
            color={freeShiftsUsed >= freeShiftLimit ? 'red' : 'teal'}
            size="sm"
            mt={4}
            aria-label={`${Math.min(freeShiftsUsed, freeShiftLimit)} of ${freeShiftLimit} free shifts used`}
          />
        </div>
        <Text size="xs" c="dimmed">
          Unlimited shifts and staff with Premium.
        </Text>
        <Button leftSection={<IconCrown size={18} aria-hidden="true" />} onClick={onGetPremium} fullWidth>
          Get Premium
        </Button>
      </Stack>
    </Paper>
  );
}

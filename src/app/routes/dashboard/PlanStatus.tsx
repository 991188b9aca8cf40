import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCrown, IconRosetteDiscountCheck } from '@tabler/icons-react';

interface PlanStatusProps {
  isPremium: boolean;
  onGetPremium: () => void;
}

/** The sidebar's plan corner: a Premium badge, or Get Premium for a free company. */
export function PlanStatus({ isPremium, onGetPremium }: PlanStatusProps) {
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

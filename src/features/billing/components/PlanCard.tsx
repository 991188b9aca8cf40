import type { ReactNode } from 'react';
import { Badge, Group, List, Paper, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconMinus } from '@tabler/icons-react';
import { useT } from '../../../i18n/use-t.ts';
import type { PlanFeature } from '../plans.ts';

interface PlanCardProps {
  /** Names the box's heading and price for the page and its tests, whatever the language. */
  id: 'free' | 'premium';
  name: string;
  /** As SPEC §9 shows it: 'CA$499', '$499' or '0' (in French '499,00 $'). */
  price: string;
  description: string;
  features: PlanFeature[];
  isPopular?: boolean;
  isCurrent?: boolean;
  action: ReactNode;
}

/** One plan box of the upgrade screen: name, monthly price, what it includes and its button. */
export function PlanCard({ id, name, price, description, features, isPopular, isCurrent, action }: PlanCardProps) {
  const t = useT();
  const headingId = `plan-${id}`;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      data-current={isCurrent || undefined}
      data-popular={isPopular || undefined}
      withBorder
      radius="lg"
      p="lg"
      bg={isCurrent ? 'gray.0' : undefined}
      style={{
        borderWidth: isPopular ? 2 : 1,
        borderColor: isPopular ? 'var(--mantine-color-teal-7)' : undefined,
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Stack gap="md" style={{ flex: 1 }}>
        <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
          <Title order={3} id={headingId} fz="xl">
            {name}
          </Title>
          {isPopular && (
            <Badge color="teal.7" variant="filled" radius="sm">
              {t('billing.plan.mostPopular')}
            </Badge>
          )}
          {isCurrent && (
            <Badge color="gray.7" variant="outline" radius="sm">
              {t('billing.plan.current')}
            </Badge>
          )}
        </Group>
        <Group gap={6} align="baseline">
          <Text component="span" fz={36} fw={800} lh={1} data-testid={`${headingId}-price`}>
            {price}
          </Text>
          <Text component="span" c="dimmed" size="sm">
            {t('billing.plan.perMonth')}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        <List spacing={8} size="sm" center style={{ flex: 1 }} styles={{ itemLabel: { lineHeight: 1.4 } }}>
          {features.map((feature) => (
            <List.Item
              key={feature.label}
              c={feature.isIncluded ? undefined : 'dimmed'}
              icon={
                <ThemeIcon
                  size={20}
                  radius="xl"
                  color={feature.isIncluded ? 'teal.7' : 'gray.3'}
                  c={feature.isIncluded ? undefined : 'gray.7'}
                  aria-hidden="true"
                >
                  {feature.isIncluded ? <IconCheck size={13} stroke={3} /> : <IconMinus size={13} stroke={3} />}
                </ThemeIcon>
              }
            >
              {!feature.isIncluded && <VisuallyHidden>{`${t('billing.plan.notIncluded')} `}</VisuallyHidden>}
              {feature.label}
            </List.Item>
          ))}
        </List>
        {action}
      </Stack>
    </Paper>
  );
}

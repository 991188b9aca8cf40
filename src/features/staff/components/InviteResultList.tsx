import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useT } from '../../../i18n/use-t.ts';
import { outcomeFor, type InviteResult } from '../staff-invite.ts';

const TONE_COLOR = { ok: 'teal', info: 'blue', error: 'red' } as const;

/** What happened to each address of one sending, in the order they were pasted. */
export function InviteResultList({ results, staffLimit }: { results: readonly InviteResult[]; staffLimit: number }) {
  const t = useT();
  return (
    <Stack gap={0} component="ul" aria-label={t('staffList.invite.results')} m={0} p={0} style={{ listStyle: 'none' }}>
      {results.map((result) => {
        const outcome = outcomeFor(result.status, staffLimit, t);
        return (
          <Paper key={result.email} component="li" withBorder radius={0} px="sm" py="xs" style={{ marginTop: -1 }}>
            <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere', flex: '1 1 14rem' }}>
                {result.email}
              </Text>
              <Badge color={TONE_COLOR[outcome.tone]} variant="light" radius="sm" tt="none">
                {outcome.label}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed" mt={2}>
              {outcome.detail}
            </Text>
          </Paper>
        );
      })}
    </Stack>
  );
}

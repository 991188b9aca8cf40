import { useId, useState } from 'react';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconRepeat, IconTrash } from '@tabler/icons-react';
import { ConfirmDialog } from '@shared/components/ConfirmDialog.tsx';
import { showError, showSuccess } from '@shared/lib/toast.ts';
import { staffErrorMessage } from '../../../lib/staff-errors.ts';
import { deleteTimeOff } from '../api/delete-time-off.ts';
import { currentOrNext, describeTimeOff, type TimeOff } from '../time-off-period.ts';

interface TimeOffListProps {
  /** Current and upcoming periods, soonest first. */
  periods: TimeOff[];
  now: number;
  deviceZone: string;
  onDeleted: () => void;
}

/** The worker's current and upcoming time off, each deletable after a confirmation. */
export function TimeOffList({ periods, now, deviceZone, onDeleted }: TimeOffListProps) {
  const [deleting, setDeleting] = useState<TimeOff | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const listId = useId();

  const confirmDelete = async () => {
    if (!deleting) return;
    setIsSaving(true);
    try {
      await deleteTimeOff(deleting.id);
      showSuccess('Shifts at that time can be offered to you again.', 'Time off deleted');
      setDeleting(null);
      onDeleted();
    } catch (caught) {
      showError(staffErrorMessage(caught), 'Could not delete the time off');
    } finally {
      setIsSaving(false);
    }
  };

  if (periods.length === 0) {
    return (
      <Card withBorder padding="lg">
        <Text fw={700}>No time off planned</Text>
        <Text size="sm" c="dimmed">
          Add the times you can’t work. Shifts then are not offered to you.
        </Text>
      </Card>
    );
  }
  return (
    <>
      <Stack
        id={listId}
        gap="sm"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        aria-label="Your time off"
      >
        {periods.map((period) => {
          const when = describeTimeOff(period, now, deviceZone);
          const next = currentOrNext(period, now);
          const isNow = next !== null && Date.parse(next.start) <= now;
          return (
            <li key={period.id}>
              <Card withBorder padding="md" data-time-off-id={period.id}>
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                  <Stack gap={4} style={{ minWidth: 0 }}>
                    <Group gap={6} wrap="nowrap" align="flex-start">
                      {period.repeatsWeekly && (
                        <IconRepeat size={18} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
                      )}
                      <Text fw={700} size="sm">
                        {when}
                      </Text>
                    </Group>
                    {isNow && (
                      <Badge color="teal" variant="light" size="sm">
                        Now
                      </Badge>
                    )}
                    {period.note && (
                      <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        {period.note}
                      </Text>
                    )}
                  </Stack>
                  <Button
                    variant="default"
                    size="compact-sm"
                    style={{ flexShrink: 0 }}
                    leftSection={<IconTrash size={16} aria-hidden="true" />}
                    onClick={() => setDeleting(period)}
                    aria-label={`Delete time off: ${when}`}
                  >
                    Delete
                  </Button>
                </Group>
              </Card>
            </li>
          );
        })}
      </Stack>
      <ConfirmDialog
        isOpen={deleting !== null}
        isSubmitting={isSaving}
        title="Delete this time off?"
        message={
          deleting
            ? `${describeTimeOff(deleting, now, deviceZone)}. Shifts at that time can be offered to you again.`
            : null
        }
        confirmLabel="Delete"
        confirmColor="red.8"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
        returnFocusTo={() => document.getElementById(listId)?.querySelector<HTMLElement>('button') ?? null}
      />
    </>
  );
}

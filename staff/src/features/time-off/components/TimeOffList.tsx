import { useId, useState } from 'react';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconRepeat, IconTrash } from '@tabler/icons-react';
import { ConfirmDialog } from '@shared/components/ConfirmDialog.tsx';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import { showError, showSuccess } from '@shared/lib/toast.ts';
import { useT } from '../../../i18n/use-t.ts';
import { useStaffErrorText } from '../../../lib/use-staff-error-text.ts';
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
  const t = useT();
  const errorText = useStaffErrorText();
  const { locale } = useLocale();
  const describe = (period: TimeOff) => describeTimeOff(period, now, deviceZone, t, locale);

  const confirmDelete = async () => {
    if (!deleting) return;
    setIsSaving(true);
    try {
      await deleteTimeOff(deleting.id);
      showSuccess(t('staff.timeOff.deletedText'), t('staff.timeOff.deletedTitle'));
      setDeleting(null);
      onDeleted();
    } catch (caught) {
      showError(errorText(caught), t('staff.timeOff.deleteFailed'));
    } finally {
      setIsSaving(false);
    }
  };

  if (periods.length === 0) {
    return (
      <Card withBorder padding="lg">
        <Text fw={700}>{t('staff.timeOff.noneTitle')}</Text>
        <Text size="sm" c="dimmed">
          {t('staff.timeOff.noneText')}
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
        aria-label={t('staff.timeOff.yours')}
      >
        {periods.map((period) => {
          const when = describe(period);
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
                        {t('staff.timeOff.now')}
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
                    aria-label={t('staff.timeOff.deleteLabel', { when })}
                  >
                    {t('staff.timeOff.delete')}
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
        title={t('staff.timeOff.deleteTitle')}
        message={deleting ? t('staff.timeOff.deleteText', { when: describe(deleting) }) : null}
        confirmLabel={t('staff.timeOff.delete')}
        confirmColor="red.8"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
        returnFocusTo={() => document.getElementById(listId)?.querySelector<HTMLElement>('button') ?? null}
      />
    </>
  );
}

import { Alert, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconPhone, IconRefresh } from '@tabler/icons-react';
import { formatPhone, phoneHref } from '@shared/lib/phone.ts';
import { formatMinutes } from '../attendance.ts';
import { useStaffPhones } from '../hooks/use-staff-phones.ts';
import { lateNoticeTitle, repostWaitReason, type LateAlert } from '../no-show-alerts.ts';
import { shiftLocation, staffNameInSentence, zonedTimeOfDay } from '../shift-display.ts';
import type { ShiftText } from '../shift-text.ts';
import type { ShiftRow } from '../shift-row.ts';

interface LateAlertsNoticeProps {
  alerts: readonly LateAlert<ShiftRow>[];
  names: ReadonlyMap<string, string | null>;
  /** The person's language and the company's zone. */
  text: ShiftText;
  repostAfterMinutes: number;
  onRepost: (shift: ShiftRow) => void;
}

/**
 * Above the board while any worker is late: who, where, how late, their phone number to call, and
 * Re-post once the agency's threshold has passed (before it, the button says when it opens).
 */
export function LateAlertsNotice({ alerts, names, text, repostAfterMinutes, onRepost }: LateAlertsNoticeProps) {
  const { t } = text;
  const phones = useStaffPhones(alerts.flatMap((a) => (a.shift.accepted_by ? [a.shift.accepted_by] : [])));
  if (alerts.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={20} aria-hidden="true" />}
      title={lateNoticeTitle(alerts.length, text)}
      styles={{ title: { color: 'var(--mantine-color-red-9)' } }}
      data-testid="late-alerts"
    >
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('shifts.late.list')}>
        {alerts.map((alert) => {
          const { shift } = alert;
          const name = staffNameInSentence(shift.accepted_by, names, text, { start: true });
          const phone = shift.accepted_by ? phones.get(shift.accepted_by) : null;
          const href = phoneHref(phone);
          const started = zonedTimeOfDay(shift.starts_at, text);
          const wait = repostWaitReason(
            alert,
            repostAfterMinutes,
            zonedTimeOfDay(new Date(alert.repostOpensAt).toISOString(), text),
            text,
          );
          const notifiedAt = zonedTimeOfDay(shift.late_alerted_at, text);
          return (
            <li key={shift.id} data-shift-id={shift.id}>
              <Group justify="space-between" align="center" gap="xs" wrap="wrap">
                <Stack gap={0} style={{ minWidth: 0, flex: '1 1 18rem' }}>
                  <Text size="sm" fw={700} c="dark.8">
                    {t('shifts.late.notClockedIn', { name })}
                  </Text>
                  <Text size="sm" c="dark.7">
                    {t('shifts.late.started', {
                      location: shiftLocation(shift),
                      late: formatMinutes(alert.minutesLate, text),
                      time: started,
                    })}
                  </Text>
                  <Text size="xs" c="dark.6">
                    {notifiedAt ? t('shifts.late.reminded', { time: notifiedAt }) : t('shifts.late.reminderSoon')}
                  </Text>
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  {href ? (
                    <Button
                      component="a"
                      href={href}
                      size="xs"
                      variant="default"
                      leftSection={<IconPhone size={14} aria-hidden="true" />}
                      aria-label={t('shifts.late.call', { name, phone: formatPhone(phone) })}
                    >
                      {formatPhone(phone)}
                    </Button>
                  ) : (
                    <Text size="xs" c="dark.6">
                      {phone === undefined ? t('shifts.late.loadingPhone') : t('shifts.late.noPhone')}
                    </Text>
                  )}
                  <Tooltip label={wait} disabled={!wait} withArrow events={{ hover: true, focus: true, touch: true }}>
                    <Button
                      size="xs"
                      color="red.9"
                      leftSection={<IconRefresh size={14} aria-hidden="true" />}
                      // aria-disabled, not disabled: the reason stays reachable by keyboard and touch.
                      aria-disabled={wait ? true : undefined}
                      data-disabled={wait ? true : undefined}
                      aria-label={t('shifts.late.repostFor', { name })}
                      aria-describedby={wait ? `repost-wait-${shift.id}` : undefined}
                      onClick={() => {
                        if (!wait) onRepost(shift);
                      }}
                    >
                      {t('shifts.menu.repost')}
                    </Button>
                  </Tooltip>
                  {wait && (
                    <span id={`repost-wait-${shift.id}`} hidden>
                      {wait}
                    </span>
                  )}
                </Group>
              </Group>
            </li>
          );
        })}
      </Stack>
    </Alert>
  );
}

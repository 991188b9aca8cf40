import type { ReactNode } from 'react';
import { useCareRoleName } from '@shared/i18n/care-role-names.ts';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconClock, IconMapPin } from '@tabler/icons-react';
import { formatDistance } from '../distance.ts';
import { formatMinutes, formatShiftLength, formatShiftWhen } from '../shift-time.ts';
import type { StaffShift } from '../staff-shift.ts';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { SHIFT_STATUS_NAME_KEYS } from '@shared/i18n/shift-status-names.ts';

const STATUS_COLOR = { Pending: 'orange', Assigned: 'blue', 'In-progress': 'teal', Completed: 'gray' } as const;

interface ShiftCardProps {
  shift: StaffShift;
  /** Metres from the worker, when the phone shared its position. */
  distance?: number | null;
  isNew?: boolean;
  /** The shift the worker came to see (from a notification): outlined. */
  isHighlighted?: boolean;
  showStatus?: boolean;
  children?: ReactNode;
}

/** One shift: when (in its agency's zone), where, what, for whom; actions go below. */
export function ShiftCard({ shift, distance, isNew, isHighlighted, showStatus, children }: ShiftCardProps) {
  const t = useT();
  const roleName = useCareRoleName();
  const { locale } = useLocale();
  const when = formatShiftWhen(shift.startsAt, shift.endsAt, shift.timeZone, locale);
  return (
    <Card
      component="article"
      withBorder
      radius="md"
      padding="md"
      aria-label={t('staff.shift.cardLabel', { staffType: roleName(shift.staffType), when })}
      data-shift-id={shift.id}
      style={isHighlighted ? { borderColor: 'var(--mantine-color-teal-7)', borderWidth: 2 } : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={700} size="sm" c="teal.9" truncate>
            {shift.agencyName ?? t('staff.shift.formerAgency')}
          </Text>
          <Group gap={6} wrap="nowrap">
            {isNew && (
              <Badge color="red.9" variant="filled" size="sm">
                {t('staff.shift.new')}
              </Badge>
            )}
            {showStatus && (
              <Badge color={STATUS_COLOR[shift.status]} variant="light" size="sm">
                {t(SHIFT_STATUS_NAME_KEYS[shift.status])}
              </Badge>
            )}
          </Group>
        </Group>
        <Text fw={700} size="lg" lh={1.25}>
          {t('staff.shift.what', { staffType: roleName(shift.staffType), skill: roleName(shift.skill) })}
        </Text>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconClock size={18} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm">
            {when}{' '}
            <Text span c="dimmed" size="sm">
              ({formatShiftLength(shift.startsAt, shift.endsAt, t)})
            </Text>
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconMapPin size={18} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm">
            {shift.address}
            {distance != null && (
              <Text span c="dimmed" size="sm">
                {' '}
                {t('staff.shift.away', { distance: formatDistance(distance, locale) })}
              </Text>
            )}
          </Text>
        </Group>
        {shift.notes && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {shift.notes}
          </Text>
        )}
        {shift.timeDone && (
          <Text size="sm">
            {t('staff.shift.hoursDone')}{' '}
            <b>
              {/* English keeps the database's own words (SPEC's, and what the agency reads). */}
              {locale === 'en' || shift.timeDoneMinutes === null
                ? shift.timeDone
                : formatMinutes(shift.timeDoneMinutes, t)}
            </b>
          </Text>
        )}
        {children}
      </Stack>
    </Card>
  );
}

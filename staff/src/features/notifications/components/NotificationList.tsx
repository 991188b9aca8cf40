import { useEffect, useState } from 'react';
import { Alert, Button, Card, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { formatInstant } from '@shared/i18n/format.ts';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { staffErrorMessage } from '../../../lib/staff-errors.ts';
import { fetchNotifications, type StaffNotification } from '../api/fetch-notifications.ts';
import { markNotificationsRead } from '../api/mark-notifications-read.ts';

interface NotificationListProps {
  /** Agency names by id, to say who posted. */
  agencyNames: ReadonlyMap<string, string>;
  /** Changes whenever a notification arrives or is read, so the list reloads. */
  version: number;
  onRead: () => void;
  /** Home, on the shift a notification is about (outlined there, or told why it cannot be taken). */
  onOpenShift: (shiftId: string) => void;
}

/** The worker's notifications, newest first; opening the list marks them read. */
export function NotificationList({ agencyNames, version, onRead, onOpenShift }: NotificationListProps) {
  const t = useT();
  const { locale } = useLocale();
  const [items, setItems] = useState<StaffNotification[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let isActive = true;
    fetchNotifications()
      .then(async (loaded) => {
        if (!isActive) return;
        setItems(loaded);
        setError(null);
        if (loaded.some((n) => !n.isRead)) {
          await markNotificationsRead();
          onRead();
        }
      })
      .catch((caught: unknown) => {
        if (isActive) setError(staffErrorMessage(caught));
      });
    return () => {
      isActive = false;
    };
  }, [version, attempt, onRead]);

  if (error && !items) {
    return (
      <Alert color="red" role="alert" title={t('staff.notifications.loadFailed')}>
        {error}
        <Button variant="subtle" size="compact-sm" ml="xs" onClick={() => setAttempt((a) => a + 1)}>
          {t('staff.common.tryAgain')}
        </Button>
      </Alert>
    );
  }
  if (!items) {
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label={t('staff.notifications.loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={72} radius="md" />
        ))}
      </Stack>
    );
  }
  if (items.length === 0) return <Text c="dimmed">{t('staff.notifications.empty')}</Text>;
  return (
    <Stack
      gap="sm"
      component="ul"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      aria-label={t('staff.shell.notifications')}
    >
      {items.map((item) => (
        <li key={item.id}>
          <Card withBorder padding="sm" bg={item.isRead ? undefined : 'teal.0'}>
            <Text size="xs" fw={700} c="teal.9">
              {agencyNames.get(item.companyId) ?? t('staff.shift.formerAgency')}
            </Text>
            <Text size="sm" fw={item.isRead ? 400 : 700}>
              {/* Bold and a tint mark the unread ones on screen; a screen reader is told in words. */}
              {!item.isRead && <VisuallyHidden>{t('staff.notifications.unread')} </VisuallyHidden>}
              {item.message}
            </Text>
            <Text size="xs" c="dimmed">
              {formatInstant(item.createdAt, { locale, style: 'dateTime' })}
            </Text>
            {item.shiftId !== null && (
              <Button
                variant="subtle"
                size="compact-sm"
                px={0}
                mt={4}
                style={{ alignSelf: 'flex-start' }}
                onClick={() => item.shiftId !== null && onOpenShift(item.shiftId)}
              >
                {t('staff.notifications.viewShift')}
              </Button>
            )}
          </Card>
        </li>
      ))}
    </Stack>
  );
}

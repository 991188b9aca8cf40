import { useEffect, useState } from 'react';
import { Alert, Button, Group, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useRuleText } from '@shared/i18n/validation-text.ts';
import { showSuccess } from '@shared/lib/toast.ts';
import { useT } from '../../../i18n/use-t.ts';
import { staffErrorMessage } from '../../../lib/staff-errors.ts';
import { useStaffErrorText } from '../../../lib/use-staff-error-text.ts';
import { fetchNewShiftAlerts, setNewShiftAlerts } from '../api/new-shift-alerts.ts';
import { deletePushSubscription, savePushSubscription } from '../api/save-push-subscription.ts';
import { currentPushSubscription, hasServiceWorker, subscribeThisDevice } from '../device-push.ts';

/**
 * New-shift alerts: one switch for the account (every device, Web Push and Expo alike) and this
 * phone's own subscription. The in-app notifications list keeps every notification either way.
 */
export function NotificationSettings({ userId }: { userId: string }) {
  const t = useT();
  const errorText = useStaffErrorText();
  const ruleText = useRuleText();
  const [isOn, setIsOn] = useState<boolean | null>(null);
  const [device, setDevice] = useState<PushSubscription | null | undefined>(undefined);
  const [canPush, setCanPush] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => {
    let isActive = true;
    fetchNewShiftAlerts(userId).then(
      (value) => isActive && setIsOn(value),
      (caught: unknown) => isActive && setError(staffErrorMessage(caught)),
    );
    hasServiceWorker().then(
      (found) => isActive && setCanPush(found),
      () => isActive && setCanPush(false),
    );
    currentPushSubscription().then(
      (found) => isActive && setDevice(found),
      () => isActive && setDevice(null),
    );
    return () => {
      isActive = false;
    };
  }, [userId]);

  const run = async (action: () => Promise<void>) => {
    setIsBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setIsBusy(false);
    }
  };

  const toggleAlerts = (next: boolean) =>
    run(async () => {
      await setNewShiftAlerts(userId, next);
      setIsOn(next);
      showSuccess(
        next ? t('staff.alerts.onText') : t('staff.alerts.offText'),
        next ? t('staff.alerts.onTitle') : t('staff.alerts.offTitle'),
      );
    });

  const turnOnDevice = () =>
    run(async () => {
      const subscription = await subscribeThisDevice();
      await savePushSubscription(subscription);
      setDevice(subscription);
      showSuccess(t('staff.alerts.deviceOnText'), t('staff.alerts.deviceOnTitle'));
    });

  const turnOffDevice = () =>
    run(async () => {
      if (!device) return;
      await deletePushSubscription(device.endpoint);
      await device.unsubscribe();
      setDevice(null);
    });

  if (isOn === null && !error)
    return <Skeleton height={90} radius="md" role="status" aria-label={t('staff.alerts.loading')} />;
  return (
    <Stack gap="sm">
      {isOn !== null && (
        <Switch
          checked={isOn}
          disabled={isBusy}
          onChange={(event) => void toggleAlerts(event.currentTarget.checked)}
          label={t('staff.alerts.label')}
          description={t('staff.alerts.description')}
        />
      )}
      {isOn && canPush && device !== undefined && (
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm" style={{ flex: 1 }}>
            {device ? t('staff.alerts.deviceOn') : t('staff.alerts.deviceOff')}
          </Text>
          {device ? (
            <Button
              variant="default"
              size="compact-sm"
              style={{ flexShrink: 0 }}
              onClick={() => void turnOffDevice()}
              loading={isBusy}
            >
              {t('staff.alerts.turnOffHere')}
            </Button>
          ) : (
            <Button size="compact-sm" style={{ flexShrink: 0 }} onClick={() => void turnOnDevice()} loading={isBusy}>
              {t('staff.alerts.turnOnHere')}
            </Button>
          )}
        </Group>
      )}
      {error && (
        <Alert color="red" role="alert">
          {ruleText(error)}
        </Alert>
      )}
    </Stack>
  );
}

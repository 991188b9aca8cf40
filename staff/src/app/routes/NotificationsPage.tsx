import { useMemo } from 'react';
import { Stack, Title } from '@mantine/core';
import { useNavigate } from '@shared/lib/router.tsx';
import { NotificationList } from '../../features/notifications/components/NotificationList.tsx';
import { shiftOnHome } from '../../config/paths.ts';
import { useStaffData } from '../staff-data.ts';
import { useT } from '../../i18n/use-t.ts';

export function NotificationsPage() {
  const t = useT();
  const { unread, agencies } = useStaffData();
  const agencyNames = useMemo(
    () => new Map((agencies.agencies ?? []).map((a) => [a.companyId, a.name])),
    [agencies.agencies],
  );
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <Title order={1} fz={24}>
        {t('staff.shell.notifications')}
      </Title>
      <NotificationList
        agencyNames={agencyNames}
        version={unread.version}
        onRead={unread.refresh}
        onOpenShift={(shiftId) => navigate(shiftOnHome(shiftId))}
      />
    </Stack>
  );
}

import { Button, Card, Stack, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { showError } from '@shared/lib/toast.ts';
import { signOutStaff } from '../../features/account/api/sign-out-staff.ts';
import { ProfileForm } from '../../features/account/components/ProfileForm.tsx';
import { NotificationSettings } from '../../features/push/components/NotificationSettings.tsx';
import { clearCaches } from '../../lib/local-cache.ts';
import { staffErrorMessage } from '../../lib/staff-errors.ts';
import { useStaffData } from '../staff-data.ts';

export function ProfilePage() {
  const { userId } = useStaffData();
  const signOut = async () => {
    try {
      await signOutStaff();
      clearCaches();
    } catch (caught) {
      showError(staffErrorMessage(caught), 'Could not log out');
    }
  };
  return (
    <Stack gap="md">
      <Title order={1} fz={24}>
        Profile
      </Title>
      <Card withBorder padding="lg">
        <ProfileForm userId={userId} />
      </Card>
      <Card withBorder padding="lg">
        <Title order={2} fz={18} mb="sm">
          Notifications
        </Title>
        <NotificationSettings userId={userId} />
      </Card>
      <Button
        variant="default"
        leftSection={<IconLogout size={18} aria-hidden="true" />}
        onClick={() => void signOut()}
      >
        Log out
      </Button>
    </Stack>
  );
}

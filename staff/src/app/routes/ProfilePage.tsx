import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconCalendarOff, IconCertificate, IconChevronRight, IconLogout } from '@tabler/icons-react';
import { showError } from '@shared/lib/toast.ts';
import { signOutStaff } from '../../features/account/api/sign-out-staff.ts';
import { ProfileForm } from '../../features/account/components/ProfileForm.tsx';
import { LanguageSetting } from '../../features/account/components/LanguageSetting.tsx';
import { useT } from '../../i18n/use-t.ts';
import { NotificationSettings } from '../../features/push/components/NotificationSettings.tsx';
import { staffPaths } from '../../config/paths.ts';
import { clearCaches } from '../../lib/local-cache.ts';
import { Link } from '../../lib/router.tsx';
import { staffErrorMessage } from '../../lib/staff-errors.ts';
import { useStaffData } from '../staff-data.ts';

export function ProfilePage() {
  const { userId } = useStaffData();
  const t = useT();
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
          {t('staff.profile.language')}
        </Title>
        <LanguageSetting userId={userId} />
      </Card>
      <Card withBorder padding="lg">
        <Title order={2} fz={18} mb={4}>
          Time off
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Mark the times you can’t work. Shifts then are not offered to you.
        </Text>
        <Button
          component={Link}
          to={staffPaths.timeOff}
          variant="light"
          leftSection={<IconCalendarOff size={18} aria-hidden="true" />}
          rightSection={<IconChevronRight size={18} aria-hidden="true" />}
          style={{ alignSelf: 'flex-start' }}
        >
          Manage time off
        </Button>
      </Card>
      <Card withBorder padding="lg">
        <Title order={2} fz={18} mb={4}>
          Credentials
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          See the certificates and licences your agencies recorded for you, and when they expire.
        </Text>
        <Button
          component={Link}
          to={staffPaths.credentials}
          variant="light"
          leftSection={<IconCertificate size={18} aria-hidden="true" />}
          rightSection={<IconChevronRight size={18} aria-hidden="true" />}
          style={{ alignSelf: 'flex-start' }}
        >
          My credentials
        </Button>
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

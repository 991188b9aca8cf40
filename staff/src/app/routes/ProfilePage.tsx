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
import { Link } from '@shared/lib/router.tsx';
import { useStaffErrorText } from '../../lib/use-staff-error-text.ts';
import { useStaffData } from '../staff-data.ts';

export function ProfilePage() {
  const { userId } = useStaffData();
  const t = useT();
  const errorText = useStaffErrorText();
  const signOut = async () => {
    try {
      await signOutStaff();
      clearCaches();
    } catch (caught) {
      showError(errorText(caught), t('staff.profile.logOutFailed'));
    }
  };
  return (
    <Stack gap="md">
      <Title order={1} fz={24}>
        {t('staff.profile.title')}
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
          {t('staff.profile.timeOffTitle')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('staff.profile.timeOffText')}
        </Text>
        <Button
          component={Link}
          to={staffPaths.timeOff}
          variant="light"
          leftSection={<IconCalendarOff size={18} aria-hidden="true" />}
          rightSection={<IconChevronRight size={18} aria-hidden="true" />}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('staff.profile.timeOffLink')}
        </Button>
      </Card>
      <Card withBorder padding="lg">
        <Title order={2} fz={18} mb={4}>
          {t('staff.profile.credentialsTitle')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('staff.profile.credentialsText')}
        </Text>
        <Button
          component={Link}
          to={staffPaths.credentials}
          variant="light"
          leftSection={<IconCertificate size={18} aria-hidden="true" />}
          rightSection={<IconChevronRight size={18} aria-hidden="true" />}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('staff.profile.credentialsLink')}
        </Button>
      </Card>
      <Card withBorder padding="lg">
        <Title order={2} fz={18} mb="sm">
          {t('staff.profile.notificationsTitle')}
        </Title>
        <NotificationSettings userId={userId} />
      </Card>
      <Button
        variant="default"
        leftSection={<IconLogout size={18} aria-hidden="true" />}
        onClick={() => void signOut()}
      >
        {t('staff.profile.logOut')}
      </Button>
    </Stack>
  );
}

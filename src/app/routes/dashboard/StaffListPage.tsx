import { useCallback, useState } from 'react';
import { Alert, Button, Group, Paper, Text, Title } from '@mantine/core';
import { IconMailPlus } from '@tabler/icons-react';
import { CompanyCodeWithCopy } from '@shared/components/CompanyCodeWithCopy.tsx';
import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate } from '@shared/lib/router.tsx';
import { staffShiftsPath } from '@shared/config/dashboard-paths.ts';
import { InviteWorkersModal } from '../../../features/staff/components/InviteWorkersModal.tsx';
import { PendingInvites } from '../../../features/staff/components/PendingInvites.tsx';
import { StaffListTable } from '../../../features/staff/components/StaffListTable.tsx';
import { useLiveStaff } from '../../../features/staff/hooks/use-live-staff.ts';
import { countActiveInvites, placesLeft } from '../../../features/staff/staff-invite.ts';
import type { StaffMember } from '../../../features/staff/staff-member.ts';
import { FREE_STAFF_LIMIT } from '../../../features/billing/plans.ts';
import { useT } from '../../../i18n/use-t.ts';
import { useDashboard } from './dashboard-context.ts';

/**
 * /dashboard/staff: the employed staff and the pending invitations, live, from one subscription;
 * Invite workers opens the invite dialog; View Shifts opens /dashboard/view?staff=<id>.
 */
export function StaffListPage() {
  const t = useT();
  useDocumentTitle(t('staffList.documentTitle'));
  const { company, openOverlay } = useDashboard();
  const navigate = useNavigate();
  const live = useLiveStaff(company.id);
  const [isInviting, setIsInviting] = useState(false);
  const onViewShifts = useCallback((staff: StaffMember) => navigate(staffShiftsPath(staff.id)), [navigate]);
  const staffLimit = company.premium ? null : FREE_STAFF_LIMIT;
  const staffCount = live.isLoading ? null : live.staff.length;
  const activeInvites = countActiveInvites(live.invites ?? []);
  // The database refuses joins and invitations past the free plan's places, pending invitations
  // included; say so here, where the agency sees its staff.
  const isAtStaffLimit = staffLimit !== null && staffCount !== null && staffCount + activeInvites >= staffLimit;
  const goPremium = () => {
    setIsInviting(false);
    openOverlay('upsell');
  };
  return (
    <>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={2} fz="xl">
          {t('staffList.title')}
        </Title>
        <Button leftSection={<IconMailPlus size={18} aria-hidden="true" />} onClick={() => setIsInviting(true)}>
          {t('staffList.inviteWorkers')}
        </Button>
      </Group>
      <Paper withBorder radius="md" p="sm" bg="white">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed" id="staff-company-code-label">
              {t('staffList.codeLabel')}
            </Text>
            <CompanyCodeWithCopy
              code={company.company_code}
              labelledBy="staff-company-code-label"
              testId="staff-company-code"
            />
          </Group>
          {staffLimit !== null && staffCount !== null && (
            <Text size="sm">
              <Text span size="sm" fw={600} data-testid="staff-count">
                {t('staffList.count', { count: staffCount, limit: staffLimit })}
              </Text>
              {activeInvites > 0 && t('staffList.invitedCount', { count: activeInvites })}
            </Text>
          )}
        </Group>
      </Paper>
      {isAtStaffLimit && (
        <Alert
          color="orange"
          variant="light"
          title={t('staffList.limit.title')}
          styles={{ label: { color: 'var(--mantine-color-dark-7)' } }}
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('staffList.limit.text', { limit: FREE_STAFF_LIMIT })}</Text>
            <Button size="xs" onClick={() => openOverlay('upsell')}>
              {t('staffList.goPremium')}
            </Button>
          </Group>
        </Alert>
      )}
      <PendingInvites
        invites={live.invites}
        error={live.invitesError}
        staffLimit={staffLimit}
        timeZone={company.time_zone}
        onChanged={live.reload}
      />
      <StaffListTable
        staff={live.staff}
        isLoading={live.isLoading}
        error={live.error}
        isReconnecting={live.isReconnecting}
        timeZone={company.time_zone}
        onViewShifts={onViewShifts}
      />
      {isInviting && (
        <InviteWorkersModal
          staffLimit={staffLimit}
          placesLeft={staffLimit === null ? null : placesLeft(staffLimit, live.staff.length, activeInvites)}
          onClose={() => setIsInviting(false)}
          onSent={live.reload}
          onGoPremium={goPremium}
        />
      )}
    </>
  );
}

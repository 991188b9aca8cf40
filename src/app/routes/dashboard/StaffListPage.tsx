import { useCallback, useState } from 'react';
import { Alert, Button, Group, Paper, Text, Title } from '@mantine/core';
import { CompanyCodeWithCopy } from '@shared/components/CompanyCodeWithCopy.tsx';
import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate } from 'react-router-dom';
import { staffShiftsPath } from '@shared/config/dashboard-paths.ts';
import { StaffListTable } from '../../../features/staff/components/StaffListTable.tsx';
import type { StaffMember } from '../../../features/staff/staff-member.ts';
import { FREE_STAFF_LIMIT } from '../../../features/billing/plans.ts';
import { useDashboard } from './dashboard-context.ts';

/** /dashboard/staff: the employed staff; View Shifts opens /dashboard/view?staff=<id>. */
export function StaffListPage() {
  useDocumentTitle('Staff List · CareCover');
  const { company, openOverlay } = useDashboard();
  const navigate = useNavigate();
  const [staffCount, setStaffCount] = useState<number | null>(null);
  const onViewShifts = useCallback((staff: StaffMember) => navigate(staffShiftsPath(staff.id)), [navigate]);
  // The database refuses the 31st join on the free plan; say so here, where the agency sees its staff.
  const isAtStaffLimit = !company.premium && (staffCount ?? 0) >= FREE_STAFF_LIMIT;
  return (
    <>
      <Title order={2} fz="xl">
        Staff List
      </Title>
      <Paper withBorder radius="md" p="sm" bg="white">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed" id="staff-company-code-label">
              Staff join in the CareCover app with your company code
            </Text>
            <CompanyCodeWithCopy
              code={company.company_code}
              labelledBy="staff-company-code-label"
              testId="staff-company-code"
            />
          </Group>
          {!company.premium && staffCount !== null && (
            <Text size="sm" fw={600} data-testid="staff-count">
              {staffCount} of {FREE_STAFF_LIMIT} staff
            </Text>
          )}
        </Group>
      </Paper>
      {isAtStaffLimit && (
        <Alert
          color="orange"
          variant="light"
          title="Staff limit reached"
          styles={{ label: { color: 'var(--mantine-color-dark-7)' } }}
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm">
              The free plan includes up to {FREE_STAFF_LIMIT} frontline staff, so new staff cannot join with your
              company code.
            </Text>
            <Button size="xs" onClick={() => openOverlay('upsell')}>
              Go Premium
            </Button>
          </Group>
        </Alert>
      )}
      <StaffListTable
        companyId={company.id}
        timeZone={company.time_zone}
        onViewShifts={onViewShifts}
        onStaffCount={setStaffCount}
      />
    </>
  );
}

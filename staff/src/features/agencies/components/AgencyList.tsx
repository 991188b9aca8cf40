import { useState } from 'react';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { ConfirmDialog } from '@shared/components/ConfirmDialog.tsx';
import { showError, showSuccess } from '@shared/lib/toast.ts';
import { formatInZone } from '@shared/lib/zoned-format.ts';
import { staffErrorMessage } from '../../../lib/staff-errors.ts';
import type { Agency } from '../api/fetch-agencies.ts';
import { leaveAgency } from '../api/leave-agency.ts';

/** The agencies the worker works for, each with Leave (after a confirmation). */
export function AgencyList({ agencies, onLeft }: { agencies: Agency[]; onLeft: () => void }) {
  const [leaving, setLeaving] = useState<Agency | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const confirmLeave = async () => {
    if (!leaving) return;
    setIsSaving(true);
    try {
      await leaveAgency(leaving.companyId);
      showSuccess(`You no longer get ${leaving.name}’s shifts.`, 'Agency left');
      setLeaving(null);
      onLeft();
    } catch (caught) {
      showError(staffErrorMessage(caught), 'Could not leave the agency');
    } finally {
      setIsSaving(false);
    }
  };

  if (agencies.length === 0) {
    return <Text c="dimmed">You have not joined an agency yet. Ask your agency for its company code.</Text>;
  }
  return (
    <>
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Your agencies">
        {agencies.map((agency) => (
          <li key={agency.companyId}>
            <Card withBorder padding="md">
              <Group justify="space-between" wrap="nowrap">
                <div style={{ minWidth: 0 }}>
                  <Text fw={700} truncate>
                    {agency.name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    Joined {formatInZone(agency.joinedAt, undefined, 'date')}
                  </Text>
                </div>
                <Button
                  variant="default"
                  color="red"
                  style={{ flexShrink: 0 }}
                  onClick={() => setLeaving(agency)}
                  aria-label={`Leave ${agency.name}`}
                >
                  Leave
                </Button>
              </Group>
            </Card>
          </li>
        ))}
      </Stack>
      <ConfirmDialog
        isOpen={leaving !== null}
        isSubmitting={isSaving}
        title={`Leave ${leaving?.name ?? 'this agency'}?`}
        message="Shifts you accepted from it that have not started go back to the agency."
        confirmLabel="Leave agency"
        confirmColor="red.8"
        onConfirm={() => void confirmLeave()}
        onCancel={() => setLeaving(null)}
      />
    </>
  );
}

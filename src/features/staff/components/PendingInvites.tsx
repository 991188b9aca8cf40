import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ConfirmDialog } from '@shared/components/ConfirmDialog.tsx';
import { showError, showSuccess } from '@shared/lib/toast.ts';
import { inviteWorkers } from '../api/invite-workers.ts';
import { revokeStaffInvite } from '../api/revoke-staff-invite.ts';
import { formatSent, isExpired, outcomeFor, type StaffInvite } from '../staff-invite.ts';

interface PendingInvitesProps {
  invites: StaffInvite[] | null;
  error: unknown;
  /** The plan's staff limit, or null when it has none (Premium). */
  staffLimit: number | null;
  timeZone?: string;
  /** Refetches the lists after a resend or a withdrawal, without waiting for Realtime. */
  onChanged: () => void;
}

const REVOKE_FAILED = 'Failed to revoke the invitation';
/** A long list (a whole spreadsheet invited) folds, so the staff table stays in reach. */
const COLLAPSED_COUNT = 5;

/**
 * Staff List's pending invitations: who was invited and when, expired ones marked, each with
 * Resend and Revoke. An invitation leaves the list when the worker accepts (the page's lists are
 * live) or when it is revoked.
 */
export function PendingInvites({ invites, error, staffLimit, timeZone, onChanged }: PendingInvitesProps) {
  const [busyId, setBusyId] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<StaffInvite | null>(null);
  const [isRevoking, setIsRevoking] = useState(false);
  const [isShowingAll, setIsShowingAll] = useState(false);
  const headingId = 'pending-invites-heading';

  const resend = async (invite: StaffInvite) => {
    setBusyId(invite.id);
    try {
      const [result] = await inviteWorkers([
        invite.name ? { email: invite.email, name: invite.name } : { email: invite.email },
      ]);
      const outcome = outcomeFor(result?.status ?? 'failed', staffLimit ?? 0);
      if (outcome.tone === 'error') showError(outcome.detail, `${invite.email}: ${outcome.label}`);
      else showSuccess(outcome.detail, `${invite.email}: ${outcome.label}`);
      onChanged();
    } catch (failure) {
      showError(failure instanceof Error ? failure.message : String(failure), 'Invitation not sent');
    } finally {
      setBusyId(null);
    }
  };

  const confirmRevoke = async () => {
    if (!revoking) return;
    setIsRevoking(true);
    try {
      await revokeStaffInvite(revoking.id);
      showSuccess(`${revoking.email} can no longer join with that invitation.`, 'Invitation revoked');
      setRevoking(null);
      onChanged();
    } catch (failure) {
      const { code, message } = (failure ?? {}) as { code?: unknown; message?: unknown };
      showError(code === 'P0001' && typeof message === 'string' ? message : REVOKE_FAILED);
    } finally {
      setIsRevoking(false);
    }
  };

  let body;
  if (invites === null && error) {
    body = (
      <Alert color="red" variant="light" role="alert" title="Failed to load invitations">
        <Button mt="xs" size="xs" variant="light" color="red" onClick={onChanged}>
          Try again
        </Button>
      </Alert>
    );
  } else if (invites === null) {
    body = (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading invitations">
        <Skeleton height={40} radius="sm" />
        <Skeleton height={40} radius="sm" />
      </Stack>
    );
  } else if (invites.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        No pending invitations. Workers you invite by email are listed here until they join.
      </Text>
    );
  } else {
    const shown = isShowingAll ? invites : invites.slice(0, COLLAPSED_COUNT);
    body = (
      <>
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={headingId}>
          {shown.map((invite) => {
            const expired = isExpired(invite);
            return (
              <Group
                key={invite.id}
                component="li"
                justify="space-between"
                gap="xs"
                py="xs"
                wrap="wrap"
                style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
              >
                <Stack gap={0} style={{ flex: '1 1 16rem', minWidth: 0 }}>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {invite.email}
                    </Text>
                    {expired && (
                      <Badge color="gray" variant="light" radius="sm" tt="none">
                        Expired
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {invite.name ? `${invite.name} · ` : ''}Sent {formatSent(invite.sent_at, timeZone)}
                  </Text>
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="light"
                    loading={busyId === invite.id}
                    disabled={busyId !== null && busyId !== invite.id}
                    onClick={() => void resend(invite)}
                    aria-label={`Resend invitation to ${invite.email}`}
                  >
                    Resend
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    // Mantine's subtle buttons cap the text at shade 6 (3.6:1 on white); red 9 is 5.6:1.
                    c="red.9"
                    disabled={busyId === invite.id}
                    onClick={() => setRevoking(invite)}
                    aria-label={`Revoke invitation to ${invite.email}`}
                  >
                    Revoke
                  </Button>
                </Group>
              </Group>
            );
          })}
        </Stack>
        {invites.length > COLLAPSED_COUNT && (
          <Button variant="subtle" size="xs" mt="xs" onClick={() => setIsShowingAll((all) => !all)}>
            {isShowingAll ? 'Show fewer' : `Show all ${invites.length} invitations`}
          </Button>
        )}
      </>
    );
  }

  return (
    <Paper withBorder radius="md" p="sm" bg="white" component="section" aria-labelledby={headingId}>
      <Group gap="xs" mb="xs">
        <Title order={3} fz="md" id={headingId}>
          Pending invites
        </Title>
        {invites && invites.length > 0 && (
          <Badge variant="light" color="gray" radius="sm" aria-hidden="true">
            {invites.length}
          </Badge>
        )}
      </Group>
      {body}
      <ConfirmDialog
        isOpen={revoking != null}
        isSubmitting={isRevoking}
        title="Revoke invitation?"
        message={
          revoking
            ? `${revoking.email} will no longer be able to join your staff with this invitation` +
              (staffLimit === null ? '.' : ", and it stops counting toward your plan's staff limit.") +
              ' You can invite them again later.'
            : undefined
        }
        confirmLabel="Revoke"
        confirmColor="red.8"
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoking(null)}
      />
    </Paper>
  );
}

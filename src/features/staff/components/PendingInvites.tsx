import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ConfirmDialog } from '@shared/components/ConfirmDialog.tsx';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import { showError, showSuccess } from '@shared/lib/toast.ts';
import { useDatabaseErrorText } from '@shared/i18n/database-errors.ts';
import { useT } from '../../../i18n/use-t.ts';
import { inviteWorkers } from '../api/invite-workers.ts';
import { revokeStaffInvite } from '../api/revoke-staff-invite.ts';
import { formatSent, isExpired, outcomeFor, type StaffInvite } from '../staff-invite.ts';
import { useInviteErrorText } from './invite-error-text.ts';

interface PendingInvitesProps {
  invites: StaffInvite[] | null;
  error: unknown;
  /** The plan's staff limit, or null when it has none (Premium). */
  staffLimit: number | null;
  timeZone?: string;
  /** Refetches the lists after a resend or a withdrawal, without waiting for Realtime. */
  onChanged: () => void;
}

/** A long list (a whole spreadsheet invited) folds, so the staff table stays in reach. */
const COLLAPSED_COUNT = 5;

/**
 * Staff List's pending invitations: who was invited and when, expired ones marked, each with
 * Resend and Revoke. An invitation leaves the list when the worker accepts (the page's lists are
 * live) or when it is revoked.
 */
export function PendingInvites({ invites, error, staffLimit, timeZone, onChanged }: PendingInvitesProps) {
  const t = useT();
  const databaseText = useDatabaseErrorText();
  const { locale } = useLocale();
  const inviteErrorText = useInviteErrorText();
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
      const outcome = outcomeFor(result?.status ?? 'failed', staffLimit ?? 0, t);
      const title = t('staffList.invites.resultTitle', { email: invite.email, outcome: outcome.label });
      if (outcome.tone === 'error') showError(outcome.detail, title);
      else showSuccess(outcome.detail, title);
      onChanged();
    } catch (failure) {
      showError(inviteErrorText(failure), t('staffList.invites.notSent'));
    } finally {
      setBusyId(null);
    }
  };

  const confirmRevoke = async () => {
    if (!revoking) return;
    setIsRevoking(true);
    try {
      await revokeStaffInvite(revoking.id);
      showSuccess(t('staffList.invites.revokedText', { email: revoking.email }), t('staffList.invites.revoked'));
      setRevoking(null);
      onChanged();
    } catch (failure) {
      // The database's refusal (this invitation is no longer pending) in the person's language; ours otherwise.
      showError(databaseText(failure) ?? t('staffList.invites.revokeFailed'));
    } finally {
      setIsRevoking(false);
    }
  };

  let body;
  if (invites === null && error) {
    body = (
      <Alert color="red" variant="light" role="alert" title={t('staffList.invites.loadFailed')}>
        <Button mt="xs" size="xs" variant="light" color="red" onClick={onChanged}>
          {t('staffList.invites.tryAgain')}
        </Button>
      </Alert>
    );
  } else if (invites === null) {
    body = (
      <Stack gap="xs" role="status" aria-busy="true" aria-label={t('staffList.invites.loading')}>
        <Skeleton height={40} radius="sm" />
        <Skeleton height={40} radius="sm" />
      </Stack>
    );
  } else if (invites.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {t('staffList.invites.none')}
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
                        {t('staffList.invites.expired')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {invite.name ? `${invite.name} · ` : ''}
                    {t('staffList.invites.sent', { date: formatSent(invite.sent_at, timeZone, locale) })}
                  </Text>
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="light"
                    loading={busyId === invite.id}
                    disabled={busyId !== null && busyId !== invite.id}
                    onClick={() => void resend(invite)}
                    aria-label={t('staffList.invites.resendLabel', { email: invite.email })}
                  >
                    {t('staffList.invites.resend')}
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    // Mantine's subtle buttons cap the text at shade 6 (3.6:1 on white); red 9 is 5.6:1.
                    c="red.9"
                    disabled={busyId === invite.id}
                    onClick={() => setRevoking(invite)}
                    aria-label={t('staffList.invites.revokeLabel', { email: invite.email })}
                  >
                    {t('staffList.invites.revoke')}
                  </Button>
                </Group>
              </Group>
            );
          })}
        </Stack>
        {invites.length > COLLAPSED_COUNT && (
          <Button variant="subtle" size="xs" mt="xs" onClick={() => setIsShowingAll((all) => !all)}>
            {isShowingAll
              ? t('staffList.invites.showFewer')
              : t('staffList.invites.showAll', { count: invites.length })}
          </Button>
        )}
      </>
    );
  }

  return (
    <Paper withBorder radius="md" p="sm" bg="white" component="section" aria-labelledby={headingId}>
      <Group gap="xs" mb="xs">
        <Title order={3} fz="md" id={headingId}>
          {t('staffList.invites.title')}
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
        title={t('staffList.invites.revokeTitle')}
        message={
          revoking
            ? t(staffLimit === null ? 'staffList.invites.revokeText' : 'staffList.invites.revokeTextLimit', {
                email: revoking.email,
              })
            : undefined
        }
        confirmLabel={t('staffList.invites.revoke')}
        confirmColor="red.8"
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoking(null)}
      />
    </Paper>
  );
}

import { useId, useMemo, useState } from 'react';
import { Alert, Box, Button, Group, List, Modal, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconMailForward } from '@tabler/icons-react';
import { MAX_INVITES_PER_CALL, parseInviteList, type Invitee } from '@shared/lib/staff-invites.ts';
import { showError, showSuccess } from '@shared/lib/toast.ts';
import { useT } from '../../../i18n/use-t.ts';
import { inviteWorkers } from '../api/invite-workers.ts';
import { planLimitText, summarizeResults, type InviteResult } from '../staff-invite.ts';
import { useInviteErrorText } from './invite-error-text.ts';
import { InviteResultList } from './InviteResultList.tsx';

interface InviteWorkersModalProps {
  /** The plan's staff limit, or null when it has none (Premium). */
  staffLimit: number | null;
  /** Places of that limit still free (staff and pending invitations take one each); null without a limit. */
  placesLeft: number | null;
  onClose: () => void;
  /** After invitations were sent, so the page's lists need not wait for Realtime. */
  onSent: () => void;
  onGoPremium: () => void;
}

/**
 * Staff List's Invite workers: addresses pasted from a spreadsheet or a mail program (or typed),
 * checked as they are entered with the same rules the server applies, then sent in one call; the
 * answer is shown address by address. Full screen on a phone.
 */
export function InviteWorkersModal({ staffLimit, placesLeft, onClose, onSent, onGoPremium }: InviteWorkersModalProps) {
  const t = useT();
  const inviteErrorText = useInviteErrorText();
  const [isOpen, setIsOpen] = useState(true);
  const [text, setText] = useState('');
  const [isSending, setIsSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [results, setResults] = useState<InviteResult[] | null>(null);
  const isPhone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const summaryId = useId();
  const parsed = useMemo(() => parseInviteList(text), [text]);
  const count = parsed.invitees.length;
  const isTooMany = count > MAX_INVITES_PER_CALL;
  const isOverPlaces = placesLeft !== null && count > placesLeft;
  const close = () => {
    if (!isSending) setIsOpen(false);
  };

  const send = async (invitees: Invitee[]) => {
    setIsSending(true);
    setError(null);
    try {
      const answer = await inviteWorkers(invitees);
      setResults(answer);
      onSent();
      const summary = summarizeResults(answer, t);
      if (summary.isSuccess) showSuccess(summary.message, t('staffList.invite.toastTitle'));
      else showError(summary.message, t('staffList.invite.toastTitle'));
    } catch (failure) {
      const message = inviteErrorText(failure);
      setError(message);
      showError(message, t('staffList.invite.notSent'));
    } finally {
      setIsSending(false);
    }
  };

  return (
    <Modal
      opened={isOpen}
      onClose={close}
      onExitTransitionEnd={onClose}
      title={t('staffList.inviteWorkers')}
      size="lg"
      radius={isPhone ? 0 : 'lg'}
      fullScreen={isPhone}
      centered={!isPhone}
      closeOnClickOutside={!isSending}
      closeOnEscape={!isSending}
      closeButtonProps={{ 'aria-label': t('staffList.invite.close'), disabled: isSending }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      {results ? (
        <Stack gap="md">
          <Text size="sm">{t('staffList.invite.resultIntro', { summary: summarizeResults(results, t).message })}</Text>
          <InviteResultList results={results} staffLimit={staffLimit ?? 0} />
          {staffLimit !== null && results.some((r) => r.status === 'over_limit') && (
            <Button variant="light" onClick={onGoPremium} w="fit-content">
              {t('staffList.goPremium')}
            </Button>
          )}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => {
                setResults(null);
                setText('');
              }}
            >
              {t('staffList.invite.more')}
            </Button>
            <Button onClick={close} data-autofocus>
              {t('staffList.invite.done')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (count > 0 && !isTooMany && !isSending) void send(parsed.invitees);
          }}
        >
          <Stack gap="md">
            <Textarea
              label={t('staffList.invite.addresses')}
              description={t('staffList.invite.addressesHelp')}
              placeholder={t('staffList.invite.placeholder')}
              autosize
              minRows={5}
              maxRows={12}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              disabled={isSending}
              aria-describedby={summaryId}
              data-autofocus
              spellCheck={false}
              autoCapitalize="off"
              autoCorrect="off"
            />
            <Box id={summaryId} role="status" aria-live="polite">
              <Stack gap="xs">
                <Text size="sm" fw={600}>
                  {count === 0
                    ? t('staffList.invite.none')
                    : parsed.duplicates > 0
                      ? t('staffList.invite.foundRepeats', { count, repeats: parsed.duplicates })
                      : t('staffList.invite.found', { count })}
                </Text>
                {parsed.invalid.length > 0 && (
                  <Alert
                    color="orange"
                    variant="light"
                    icon={<IconAlertTriangle size={18} aria-hidden="true" />}
                    title={t('staffList.invite.invalid', { count: parsed.invalid.length })}
                    styles={{ label: { color: 'var(--mantine-color-dark-7)' } }}
                  >
                    <List size="sm" spacing={2}>
                      {parsed.invalid.slice(0, 10).map((entry) => (
                        <List.Item key={entry} style={{ overflowWrap: 'anywhere' }}>
                          {entry}
                        </List.Item>
                      ))}
                    </List>
                    {parsed.invalid.length > 10 && (
                      <Text size="sm" mt={4}>
                        {t('staffList.invite.invalidMore', { count: parsed.invalid.length - 10 })}
                      </Text>
                    )}
                  </Alert>
                )}
                {isTooMany && (
                  <Alert color="red" variant="light" title={t('staffList.invite.tooManyTitle')}>
                    {t('staffList.invite.tooMany', { max: MAX_INVITES_PER_CALL, extra: count - MAX_INVITES_PER_CALL })}
                  </Alert>
                )}
                {!isTooMany && isOverPlaces && staffLimit !== null && (
                  <Alert
                    color="yellow"
                    variant="light"
                    title={t('staffList.invite.limitTitle')}
                    styles={{ label: { color: 'var(--mantine-color-dark-7)' } }}
                  >
                    <Stack gap="xs">
                      <Text size="sm">
                        {planLimitText(staffLimit, t)}{' '}
                        {placesLeft === 0
                          ? t('staffList.invite.noPlaces')
                          : t('staffList.invite.placesLeft', { count: placesLeft ?? 0 })}{' '}
                        {t('staffList.invite.resendable')}
                      </Text>
                      <Button size="xs" variant="light" onClick={onGoPremium} w="fit-content">
                        {t('staffList.goPremium')}
                      </Button>
                    </Stack>
                  </Alert>
                )}
                {count > 0 && !isTooMany && (
                  <ScrollArea.Autosize mah={180} type="auto" offsetScrollbars>
                    <List size="sm" spacing={4} aria-label={t('staffList.invite.list')}>
                      {parsed.invitees.map((invitee) => (
                        <List.Item key={invitee.email}>
                          <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
                            {invitee.email}
                          </Text>
                          {invitee.name && (
                            <Text span size="sm" c="dimmed">
                              {` · ${invitee.name}`}
                            </Text>
                          )}
                        </List.Item>
                      ))}
                    </List>
                  </ScrollArea.Autosize>
                )}
              </Stack>
            </Box>
            {error && (
              <Alert color="red" variant="light" role="alert" title={t('staffList.invite.notSent')}>
                {error}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={isSending}>
                {t('confirm.cancel')}
              </Button>
              <Button
                type="submit"
                leftSection={<IconMailForward size={18} aria-hidden="true" />}
                disabled={count === 0 || isTooMany}
                loading={isSending}
              >
                {count > 1 ? t('staffList.invite.sendMany', { count }) : t('staffList.invite.sendOne')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

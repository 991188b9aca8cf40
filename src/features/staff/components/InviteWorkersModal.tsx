import { useId, useMemo, useState } from 'react';
import { Alert, Box, Button, Group, List, Modal, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconMailForward } from '@tabler/icons-react';
import { MAX_INVITES_PER_CALL, parseInviteList, type Invitee } from '@shared/lib/staff-invites.ts';
import { showError, showSuccess } from '@shared/lib/toast.ts';
import { inviteWorkers } from '../api/invite-workers.ts';
import { planLimitText, summarizeResults, type InviteResult } from '../staff-invite.ts';
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

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Staff List's Invite workers: addresses pasted from a spreadsheet or a mail program (or typed),
 * checked as they are entered with the same rules the server applies, then sent in one call; the
 * answer is shown address by address. Full screen on a phone.
 */
export function InviteWorkersModal({ staffLimit, placesLeft, onClose, onSent, onGoPremium }: InviteWorkersModalProps) {
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
      const summary = summarizeResults(answer);
      if (summary.isSuccess) showSuccess(summary.message, 'Invitations');
      else showError(summary.message, 'Invitations');
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : String(failure);
      setError(message);
      showError(message, 'Invitations not sent');
    } finally {
      setIsSending(false);
    }
  };

  return (
    <Modal
      opened={isOpen}
      onClose={close}
      onExitTransitionEnd={onClose}
      title="Invite workers"
      size="lg"
      radius={isPhone ? 0 : 'lg'}
      fullScreen={isPhone}
      centered={!isPhone}
      closeOnClickOutside={!isSending}
      closeOnEscape={!isSending}
      closeButtonProps={{ 'aria-label': 'Close invite workers', disabled: isSending }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      {results ? (
        <Stack gap="md">
          <Text size="sm">
            {summarizeResults(results).message}. Workers who accept set a password in CareCover Staff and appear in your
            Staff List.
          </Text>
          <InviteResultList results={results} staffLimit={staffLimit ?? 0} />
          {staffLimit !== null && results.some((r) => r.status === 'over_limit') && (
            <Button variant="light" onClick={onGoPremium} w="fit-content">
              Go Premium
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
              Invite more
            </Button>
            <Button onClick={close} data-autofocus>
              Done
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
              label="Email addresses"
              description='Paste from a spreadsheet or type them: one per line, or separated by commas, semicolons or tabs. "Name <email>" works too.'
              placeholder={'nora.smith@example.com\nSam Lee <sam.lee@example.com>'}
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
                    ? 'No email addresses yet.'
                    : `${plural(count, 'valid address', 'valid addresses')} found` +
                      (parsed.duplicates > 0 ? ` (${plural(parsed.duplicates, 'repeat', 'repeats')} left out)` : '') +
                      '.'}
                </Text>
                {parsed.invalid.length > 0 && (
                  <Alert
                    color="orange"
                    variant="light"
                    icon={<IconAlertTriangle size={18} aria-hidden="true" />}
                    title={
                      parsed.invalid.length === 1
                        ? '1 entry is not a valid email address and will not be invited'
                        : `${parsed.invalid.length} entries are not valid email addresses and will not be invited`
                    }
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
                        and {parsed.invalid.length - 10} more
                      </Text>
                    )}
                  </Alert>
                )}
                {isTooMany && (
                  <Alert color="red" variant="light" title="Too many at once">
                    You can invite at most {MAX_INVITES_PER_CALL} workers at a time. Remove{' '}
                    {count - MAX_INVITES_PER_CALL} or send them in a second batch.
                  </Alert>
                )}
                {!isTooMany && isOverPlaces && staffLimit !== null && (
                  <Alert
                    color="yellow"
                    variant="light"
                    title="Staff limit"
                    styles={{ label: { color: 'var(--mantine-color-dark-7)' } }}
                  >
                    <Stack gap="xs">
                      <Text size="sm">
                        {planLimitText(staffLimit)}{' '}
                        {placesLeft === 0
                          ? 'No places are left, so new addresses will not be invited.'
                          : `${plural(placesLeft ?? 0, 'place is', 'places are')} left: addresses beyond ${placesLeft === 1 ? 'it' : 'them'} will not be invited.`}{' '}
                        Addresses already invited can still be sent again.
                      </Text>
                      <Button size="xs" variant="light" onClick={onGoPremium} w="fit-content">
                        Go Premium
                      </Button>
                    </Stack>
                  </Alert>
                )}
                {count > 0 && !isTooMany && (
                  <ScrollArea.Autosize mah={180} type="auto" offsetScrollbars>
                    <List size="sm" spacing={4} aria-label="Addresses to invite">
                      {parsed.invitees.map((invitee) => (
                        <List.Item key={invitee.email}>
                          <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
                            {invitee.email}
                          </Text>
                          {invitee.name && (
                            <Text span size="sm" c="dimmed">
                              {' '}
                              · {invitee.name}
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
              <Alert color="red" variant="light" role="alert" title="Invitations not sent">
                {error}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={isSending}>
                Cancel
              </Button>
              <Button
                type="submit"
                leftSection={<IconMailForward size={18} aria-hidden="true" />}
                disabled={count === 0 || isTooMany}
                loading={isSending}
              >
                {count > 1 ? `Send ${count} invitations` : 'Send invitation'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

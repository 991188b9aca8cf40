import { useEffect, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Autocomplete,
  Badge,
  Button,
  Checkbox,
  Group,
  Menu,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDots, IconIdBadge2 } from '@tabler/icons-react';
import { ConfirmDialog } from '@shared/components/ConfirmDialog.tsx';
import { CREDENTIAL_TYPE_OPTIONS } from '@shared/config/care-roles.ts';
import { errorMessage } from '@shared/lib/errors.ts';
import { formatInZone } from '@shared/lib/zoned-format.ts';
import { showError, showSuccess } from '@shared/lib/toast.ts';
import { addCredential, deleteCredential, listCredentials, setCredentialVerified } from '../api/qualifications.ts';
import { credentialState, validateCredential, type Credential, type CredentialInput } from '../qualifications.ts';

interface StaffCredentialsProps {
  staffId: string;
  /** Who verifies, as the record will name them: the agency's name. */
  verifier: string;
  timeZone: string;
}

type LoadState = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; items: Credential[] };

const STATE_BADGE = {
  unverified: { color: 'gray', label: 'Not verified' },
  expired: { color: 'red', label: 'Expired' },
  expiring: { color: 'orange', label: 'Expires soon' },
  valid: { color: 'teal', label: 'Verified' },
} as const;

/** Today in the agency's zone, as the database compares expiry dates. */
const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
const showDate = (day: string) => formatInZone(`${day}T12:00:00Z`, 'UTC', 'date');

const EMPTY: CredentialInput = {
  credential_type: '',
  registration_number: '',
  issued_on: null,
  expires_on: null,
  verified: true,
};

/**
 * The credentials this agency recorded for the worker (other agencies keep their own), with their
 * state today. A staff type's required credentials must be verified and valid until a shift ends
 * for the worker to be offered it.
 */
export function StaffCredentials({ staffId, verifier, timeZone }: StaffCredentialsProps) {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  const [isAdding, setIsAdding] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [toDelete, setToDelete] = useState<Credential | null>(null);
  const form = useForm<CredentialInput>({
    initialValues: EMPTY,
    validate: (values) => ({ ...validateCredential(values) }),
  });
  const reload = () => setGeneration((n) => n + 1);

  useEffect(() => {
    let current = true;
    listCredentials(staffId)
      .then((items) => current && setState({ status: 'ready', items }))
      .catch((error: unknown) => current && setState({ status: 'error', error }));
    return () => {
      current = false;
    };
  }, [staffId, generation]);

  const run = async (action: () => Promise<void>, success: string, failure: string) => {
    setIsBusy(true);
    try {
      await action();
      showSuccess(success);
      reload();
      return true;
    } catch (error) {
      showError(errorMessage(error), failure);
      return false;
    } finally {
      setIsBusy(false);
    }
  };

  const submit = form.onSubmit(async (values) => {
    const added = await run(
      () => addCredential(staffId, values, verifier),
      'Credential added',
      'Could not add the credential',
    );
    if (added) {
      setIsAdding(false);
      form.reset();
    }
  });

  const today = todayIn(timeZone);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="staff-credentials-title">
      <Group justify="space-between" mb="xs" gap="xs">
        <Group gap="xs">
          <IconIdBadge2 size={18} aria-hidden="true" />
          <Title order={3} fz="md" id="staff-credentials-title">
            Credentials
          </Title>
        </Group>
        <Button size="xs" variant="default" onClick={() => setIsAdding(true)} disabled={state.status !== 'ready'}>
          Add credential
        </Button>
      </Group>

      {state.status === 'loading' && (
        <Stack gap={6} aria-busy="true" aria-label="Loading credentials">
          <Skeleton height={14} width="55%" />
        </Stack>
      )}
      {state.status === 'error' && (
        <Alert color="red" variant="light" title="Credentials could not be loaded">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{errorMessage(state.error)}</Text>
            <Button size="xs" variant="default" onClick={reload}>
              Retry
            </Button>
          </Group>
        </Alert>
      )}
      {state.status === 'ready' && state.items.length === 0 && (
        <Text size="sm" c="dimmed">
          No credentials recorded.
        </Text>
      )}
      {state.status === 'ready' && state.items.length > 0 && (
        <Stack component="ul" gap={8} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Credentials">
          {state.items.map((credential) => {
            const badge = STATE_BADGE[credentialState(credential, today)];
            const details = [
              credential.registration_number && `No. ${credential.registration_number}`,
              credential.expires_on ? `Expires ${showDate(credential.expires_on)}` : 'No expiry',
              credential.verified_by && `Verified by ${credential.verified_by}`,
            ].filter(Boolean);
            return (
              <Group
                component="li"
                key={credential.id}
                justify="space-between"
                wrap="nowrap"
                gap="xs"
                align="flex-start"
              >
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap={6}>
                    <Text size="sm" fw={600}>
                      {credential.credential_type}
                    </Text>
                    <Badge size="sm" variant="light" color={badge.color} tt="none">
                      {badge.label}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {details.join(' · ')}
                  </Text>
                </Stack>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Actions for ${credential.credential_type}`}
                      disabled={isBusy}
                    >
                      <IconDots size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {credential.verified_at ? (
                      <Menu.Item
                        onClick={() =>
                          void run(
                            () => setCredentialVerified(credential.id, null),
                            'Marked as not verified',
                            'Could not change it',
                          )
                        }
                      >
                        Mark as not verified
                      </Menu.Item>
                    ) : (
                      <Menu.Item
                        onClick={() =>
                          void run(
                            () => setCredentialVerified(credential.id, verifier),
                            'Credential verified',
                            'Could not verify it',
                          )
                        }
                      >
                        Mark as verified
                      </Menu.Item>
                    )}
                    <Menu.Item color="red" onClick={() => setToDelete(credential)}>
                      Delete
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
            );
          })}
        </Stack>
      )}

      <Modal opened={isAdding} onClose={() => !isBusy && setIsAdding(false)} title="Add credential" centered>
        <form onSubmit={submit} noValidate aria-label="Add credential">
          <Stack gap="sm">
            <Autocomplete
              label="Credential type"
              placeholder="Choose or type"
              data={CREDENTIAL_TYPE_OPTIONS}
              withAsterisk
              {...form.getInputProps('credential_type')}
            />
            <TextInput label="Registration number" {...form.getInputProps('registration_number')} />
            <Group grow gap="sm" align="flex-start">
              <TextInput
                type="date"
                label="Issued on"
                value={form.values.issued_on ?? ''}
                onChange={(e) => form.setFieldValue('issued_on', e.currentTarget.value || null)}
              />
              <TextInput
                type="date"
                label="Expires on"
                value={form.values.expires_on ?? ''}
                error={form.errors.expires_on}
                onChange={(e) => form.setFieldValue('expires_on', e.currentTarget.value || null)}
              />
            </Group>
            <Checkbox label={`Verified now by ${verifier}`} {...form.getInputProps('verified', { type: 'checkbox' })} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setIsAdding(false)} disabled={isBusy}>
                Cancel
              </Button>
              <Button type="submit" loading={isBusy}>
                Add credential
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>

      <ConfirmDialog
        isOpen={toDelete !== null}
        isSubmitting={isBusy}
        title="Delete this credential?"
        message={toDelete ? `${toDelete.credential_type} will no longer count for this staff member.` : undefined}
        confirmLabel="Delete"
        confirmColor="red"
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          const target = toDelete;
          if (!target) return;
          void run(() => deleteCredential(target.id), 'Credential deleted', 'Could not delete the credential').then(
            () => setToDelete(null),
          );
        }}
      />
    </Paper>
  );
}

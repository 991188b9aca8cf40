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
import { useCareRoleName, useCareRoleValue } from '@shared/i18n/care-role-names.ts';
import { formatInstant } from '@shared/i18n/format.ts';
import type { Locale } from '@shared/i18n/locale.ts';
import type { Translate } from '@shared/i18n/use-t.ts';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import { useRuleText } from '@shared/i18n/validation-text.ts';
import { errorMessage } from '@shared/lib/errors.ts';
import { showError, showSuccess } from '@shared/lib/toast.ts';
import type { DashboardKey } from '../../../i18n/catalogues.ts';
import { useT } from '../../../i18n/use-t.ts';
import { addCredential, deleteCredential, listCredentials, setCredentialVerified } from '../api/qualifications.ts';
import {
  credentialState,
  validateCredential,
  type Credential,
  type CredentialInput,
  type CredentialState,
} from '../qualifications.ts';

interface StaffCredentialsProps {
  staffId: string;
  /** Who verifies, as the record will name them: the agency's name (null when it has none). */
  verifier: string | null;
  timeZone: string;
}

type LoadState = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; items: Credential[] };

const STATE_BADGE: Record<CredentialState, { color: string; label: DashboardKey }> = {
  unverified: { color: 'gray', label: 'worker.credentials.unverified' },
  expired: { color: 'red', label: 'worker.credentials.expired' },
  expiring: { color: 'orange', label: 'worker.credentials.expiring' },
  valid: { color: 'teal', label: 'worker.credentials.valid' },
};

/**
 * Who the record names as verifier when the agency has no name: stored as it always was, in
 * English (the worker's app shows the stored text); this screen names it in the person's language.
 */
const UNNAMED_VERIFIER = 'your agency';

/** Today in the agency's zone, as the database compares expiry dates ('YYYY-MM-DD', not shown). */
const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
/** A calendar day ('2027-01-31') as the person reads it: 'Jan 31, 2027' / '31 janv. 2027'. */
const showDate = (day: string, locale: Locale) =>
  formatInstant(`${day}T12:00:00Z`, { locale, timeZone: 'UTC', style: 'date' });

/** 'No. A-123 · Expires Jan 31, 2027 · Verified by Maple Leaf', in the person's language. */
function credentialDetails(credential: Credential, t: Translate<DashboardKey>, locale: Locale): string {
  const verifiedBy =
    credential.verified_by === UNNAMED_VERIFIER ? t('worker.credentials.yourAgency') : credential.verified_by;
  return [
    credential.registration_number && t('worker.credentials.number', { number: credential.registration_number }),
    credential.expires_on
      ? t('worker.credentials.expires', { date: showDate(credential.expires_on, locale) })
      : t('worker.credentials.noExpiry'),
    verifiedBy && t('worker.credentials.verifiedBy', { name: verifiedBy }),
  ]
    .filter(Boolean)
    .join(' · ');
}

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
export function StaffCredentials({ staffId, verifier: agencyName, timeZone }: StaffCredentialsProps) {
  const t = useT();
  const { locale } = useLocale();
  const ruleText = useRuleText();
  // Known credential types are stored in English and named in the person's language.
  const typeName = useCareRoleName();
  const typeValue = useCareRoleValue();
  const verifier = agencyName ?? UNNAMED_VERIFIER;
  const verifierName = agencyName ?? t('worker.credentials.yourAgency');
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  const [isAdding, setIsAdding] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [toDelete, setToDelete] = useState<Credential | null>(null);
  const form = useForm<CredentialInput>({
    initialValues: EMPTY,
    validate: (values) => ({ ...validateCredential(values, t) }),
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
      showError(ruleText(errorMessage(error)), failure);
      return false;
    } finally {
      setIsBusy(false);
    }
  };

  const submit = form.onSubmit(async (values) => {
    const added = await run(
      () => addCredential(staffId, { ...values, credential_type: typeValue(values.credential_type) }, verifier),
      t('worker.credentials.added'),
      t('worker.credentials.addFailed'),
    );
    if (added) {
      setIsAdding(false);
      form.reset();
    }
  });

  const today = todayIn(timeZone);
  const typeInput = form.getInputProps('credential_type');
  const numberInput = form.getInputProps('registration_number');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="staff-credentials-title">
      <Group justify="space-between" mb="xs" gap="xs">
        <Group gap="xs">
          <IconIdBadge2 size={18} aria-hidden="true" />
          <Title order={3} fz="md" id="staff-credentials-title">
            {t('worker.credentials.title')}
          </Title>
        </Group>
        <Button size="xs" variant="default" onClick={() => setIsAdding(true)} disabled={state.status !== 'ready'}>
          {t('worker.credentials.add')}
        </Button>
      </Group>

      {state.status === 'loading' && (
        <Stack gap={6} aria-busy="true" aria-label={t('worker.credentials.loading')}>
          <Skeleton height={14} width="55%" />
        </Stack>
      )}
      {state.status === 'error' && (
        <Alert color="red" variant="light" title={t('worker.credentials.loadFailed')}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">{ruleText(errorMessage(state.error))}</Text>
            <Button size="xs" variant="default" onClick={reload}>
              {t('worker.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {state.status === 'ready' && state.items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('worker.credentials.none')}
        </Text>
      )}
      {state.status === 'ready' && state.items.length > 0 && (
        <Stack
          component="ul"
          gap={8}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('worker.credentials.title')}
        >
          {state.items.map((credential) => {
            const badge = STATE_BADGE[credentialState(credential, today)];
            const details = credentialDetails(credential, t, locale);
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
                      {typeName(credential.credential_type)}
                    </Text>
                    <Badge size="sm" variant="light" color={badge.color} tt="none">
                      {t(badge.label)}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {details}
                  </Text>
                </Stack>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('worker.credentials.actionsFor', { type: typeName(credential.credential_type) })}
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
                            t('worker.credentials.markedUnverified'),
                            t('worker.credentials.changeFailed'),
                          )
                        }
                      >
                        {t('worker.credentials.markUnverified')}
                      </Menu.Item>
                    ) : (
                      <Menu.Item
                        onClick={() =>
                          void run(
                            () => setCredentialVerified(credential.id, verifier),
                            t('worker.credentials.verified'),
                            t('worker.credentials.verifyFailed'),
                          )
                        }
                      >
                        {t('worker.credentials.markVerified')}
                      </Menu.Item>
                    )}
                    <Menu.Item color="red" onClick={() => setToDelete(credential)}>
                      {t('worker.credentials.delete')}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
            );
          })}
        </Stack>
      )}

      <Modal
        opened={isAdding}
        onClose={() => !isBusy && setIsAdding(false)}
        title={t('worker.credentials.addTitle')}
        closeButtonProps={{ 'aria-label': t('worker.credentials.close') }}
        centered
      >
        <form onSubmit={submit} noValidate aria-label={t('worker.credentials.addTitle')}>
          <Stack gap="sm">
            <Autocomplete
              label={t('worker.credentials.type')}
              placeholder={t('worker.credentials.typePlaceholder')}
              data={CREDENTIAL_TYPE_OPTIONS.map(typeName)}
              withAsterisk
              {...typeInput}
            />
            <TextInput label={t('worker.credentials.registrationNumber')} {...numberInput} />
            <Group grow gap="sm" align="flex-start">
              <TextInput
                type="date"
                label={t('worker.credentials.issuedOn')}
                value={form.values.issued_on ?? ''}
                onChange={(e) => form.setFieldValue('issued_on', e.currentTarget.value || null)}
              />
              <TextInput
                type="date"
                label={t('worker.credentials.expiresOn')}
                value={form.values.expires_on ?? ''}
                error={form.errors.expires_on}
                onChange={(e) => form.setFieldValue('expires_on', e.currentTarget.value || null)}
              />
            </Group>
            <Checkbox
              label={t('worker.credentials.verifiedNow', { name: verifierName })}
              {...form.getInputProps('verified', { type: 'checkbox' })}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setIsAdding(false)} disabled={isBusy}>
                {t('confirm.cancel')}
              </Button>
              <Button type="submit" loading={isBusy}>
                {t('worker.credentials.add')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>

      <ConfirmDialog
        isOpen={toDelete !== null}
        isSubmitting={isBusy}
        title={t('worker.credentials.deleteTitle')}
        message={
          toDelete ? t('worker.credentials.deleteText', { type: typeName(toDelete.credential_type) }) : undefined
        }
        confirmLabel={t('worker.credentials.delete')}
        confirmColor="red"
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          const target = toDelete;
          if (!target) return;
          void run(
            () => deleteCredential(target.id),
            t('worker.credentials.deleted'),
            t('worker.credentials.deleteFailed'),
          ).then(() => setToDelete(null));
        }}
      />
    </Paper>
  );
}

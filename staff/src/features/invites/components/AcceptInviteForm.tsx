import { useEffect, useState } from 'react';
import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { NewPasswordFields } from '@shared/components/NewPasswordFields.tsx';
import { digitsOnly, validateConfirmPassword, validateNewPassword } from '@shared/lib/validation.ts';
import { useRuleText } from '@shared/i18n/validation-text.ts';
import { useT } from '../../../i18n/use-t.ts';
import { WorkerNameFields, WorkerPhoneField } from '../../../components/WorkerDetailsFields.tsx';
import { useStaffErrorText } from '../../../lib/use-staff-error-text.ts';
import { WORKER_DETAILS_RULES } from '../../../lib/worker-details.ts';
import { claimInvites, type ClaimedInvite } from '../api/claim-invites.ts';
import { fetchInvitedProfile } from '../api/fetch-invited-profile.ts';
import { finishInvitedAccount } from '../api/finish-invited-account.ts';

/**
 * The invited worker's first and last step: their name and phone (the agency may have given the
 * name already), a password with sign-up's rules and checklist, then accepting the invitation.
 */
export function AcceptInviteForm({ userId, onDone }: { userId: string; onDone: (claimed: ClaimedInvite[]) => void }) {
  const t = useT();
  const errorText = useStaffErrorText();
  const ruleText = useRuleText();
  const [isLoaded, setIsLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { firstName: '', lastName: '', phone: '', password: '', confirmPassword: '' },
    validate: {
      ...WORKER_DETAILS_RULES,
      password: validateNewPassword,
      confirmPassword: (value, values) => validateConfirmPassword(value, values.password),
    },
  });
  const { setValues } = form;

  useEffect(() => {
    let isActive = true;
    fetchInvitedProfile(userId).then(
      (profile) => {
        if (!isActive) return;
        setValues({ firstName: profile.firstName, lastName: profile.lastName, phone: profile.phone });
        setIsLoaded(true);
      },
      // Without the profile the worker types their name: nothing is lost.
      () => isActive && setIsLoaded(true),
    );
    return () => {
      isActive = false;
    };
    // The form's setters are stable; loading again only when the worker changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await finishInvitedAccount(userId, { ...values, phone: digitsOnly(values.phone) });
      onDone(await claimInvites());
    } catch (caught) {
      setError(errorText(caught));
    }
  });

  if (!isLoaded) {
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label={t('staff.invite.loading')}>
        <Skeleton height={58} />
        <Skeleton height={58} />
        <Skeleton height={58} />
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <WorkerNameFields form={form} />
        <WorkerPhoneField form={form} />
        <NewPasswordFields
          password={form.values.password}
          passwordProps={form.getInputProps('password')}
          confirmProps={form.getInputProps('confirmPassword')}
        />
        {error && (
          <Alert color="red" role="alert">
            {ruleText(error)}
          </Alert>
        )}
        <Button type="submit" loading={form.submitting} fullWidth size="md">
          {t('staff.invite.submit')}
        </Button>
      </Stack>
    </form>
  );
}

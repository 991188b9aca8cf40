import { useEffect, useState } from 'react';
import { Alert, Button, Group, Skeleton, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { NewPasswordFields } from '@shared/components/NewPasswordFields.tsx';
import {
  digitsOnly,
  required,
  validateConfirmPassword,
  validateNewPassword,
  validatePhone,
} from '@shared/lib/validation.ts';
import { staffErrorMessage } from '../../../lib/staff-errors.ts';
import { claimInvites, type ClaimedInvite } from '../api/claim-invites.ts';
import { fetchInvitedProfile } from '../api/fetch-invited-profile.ts';
import { finishInvitedAccount } from '../api/finish-invited-account.ts';

/**
 * The invited worker's first and last step: their name and phone (the agency may have given the
 * name already), a password with sign-up's rules and checklist, then accepting the invitation.
 */
export function AcceptInviteForm({ userId, onDone }: { userId: string; onDone: (claimed: ClaimedInvite[]) => void }) {
  const [isLoaded, setIsLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { firstName: '', lastName: '', phone: '', password: '', confirmPassword: '' },
    validate: {
      firstName: required('First name is required'),
      lastName: required('Last name is required'),
      phone: validatePhone,
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
      setError(staffErrorMessage(caught));
    }
  });

  if (!isLoaded) {
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label="Loading your invitation">
        <Skeleton height={58} />
        <Skeleton height={58} />
        <Skeleton height={58} />
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group grow align="flex-start" gap="sm">
          <TextInput label="First name" autoComplete="given-name" withAsterisk {...form.getInputProps('firstName')} />
          <TextInput label="Last name" autoComplete="family-name" withAsterisk {...form.getInputProps('lastName')} />
        </Group>
        <TextInput
          label="Phone"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          placeholder="10 digits"
          withAsterisk
          {...form.getInputProps('phone')}
        />
        <NewPasswordFields
          password={form.values.password}
          passwordProps={form.getInputProps('password')}
          confirmProps={form.getInputProps('confirmPassword')}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={form.submitting} fullWidth size="md">
          Save and join
        </Button>
      </Stack>
    </form>
  );
}

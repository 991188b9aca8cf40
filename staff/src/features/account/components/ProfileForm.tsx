import { useEffect, useState } from 'react';
import { Alert, Button, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { showSuccess } from '@shared/lib/toast.ts';
import { digitsOnly, required, validatePhone } from '@shared/lib/validation.ts';
import { staffErrorMessage } from '../../../lib/staff-errors.ts';
import { fetchStaffProfile, type StaffProfile } from '../api/fetch-staff-profile.ts';
import { updateStaffProfile } from '../api/update-staff-profile.ts';

/** The worker's name and phone, as their agencies see them on the Staff List. */
export function ProfileForm({ userId }: { userId: string }) {
  const [profile, setProfile] = useState<StaffProfile | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { firstName: '', lastName: '', phone: '' },
    validate: {
      firstName: required('First name is required'),
      lastName: required('Last name is required'),
      phone: validatePhone,
    },
  });
  const { setValues, resetDirty } = form;

  useEffect(() => {
    let isActive = true;
    fetchStaffProfile(userId).then(
      (loaded) => {
        if (!isActive) return;
        setProfile(loaded);
        const values = { firstName: loaded.firstName, lastName: loaded.lastName, phone: loaded.phone };
        setValues(values);
        resetDirty(values);
      },
      (caught: unknown) => isActive && setLoadError(staffErrorMessage(caught)),
    );
    return () => {
      isActive = false;
    };
    // The form's setters are stable; loading again only when the worker changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);

  const submit = form.onSubmit(async (values) => {
    setSaveError(null);
    try {
      const saved = { ...values, phone: digitsOnly(values.phone) };
      await updateStaffProfile(userId, saved);
      resetDirty(saved);
      showSuccess('Your agencies see the new details.', 'Profile saved');
    } catch (caught) {
      setSaveError(staffErrorMessage(caught));
    }
  });

  if (loadError)
    return (
      <Alert color="red" role="alert">
        {loadError}
      </Alert>
    );
  if (!profile) return <Skeleton height={220} radius="md" role="status" aria-label="Loading your profile" />;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Signed in as <b>{profile.email}</b>
        </Text>
        <Group grow align="flex-start" gap="sm">
          <TextInput label="First name" autoComplete="given-name" withAsterisk {...form.getInputProps('firstName')} />
          <TextInput label="Last name" autoComplete="family-name" withAsterisk {...form.getInputProps('lastName')} />
        </Group>
        <TextInput label="Phone" type="tel" autoComplete="tel-national" withAsterisk {...form.getInputProps('phone')} />
        {saveError && (
          <Alert color="red" role="alert">
            {saveError}
          </Alert>
        )}
        <Button type="submit" loading={form.submitting} disabled={!form.isDirty()}>
          Save profile
        </Button>
      </Stack>
    </form>
  );
}

import { useEffect, useState } from 'react';
import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRuleText } from '@shared/i18n/validation-text.ts';
import { showSuccess } from '@shared/lib/toast.ts';
import { digitsOnly } from '@shared/lib/validation.ts';
import { useT } from '../../../i18n/use-t.ts';
import { WorkerNameFields, WorkerPhoneField } from '../../../components/WorkerDetailsFields.tsx';
import { staffErrorMessage } from '../../../lib/staff-errors.ts';
import { useStaffErrorText } from '../../../lib/use-staff-error-text.ts';
import { WORKER_DETAILS_RULES } from '../../../lib/worker-details.ts';
import { fetchStaffProfile, type StaffProfile } from '../api/fetch-staff-profile.ts';
import { updateStaffProfile } from '../api/update-staff-profile.ts';

/** The worker's name and phone, as their agencies see them on the Staff List. */
export function ProfileForm({ userId }: { userId: string }) {
  const t = useT();
  const errorText = useStaffErrorText();
  const ruleText = useRuleText();
  const [profile, setProfile] = useState<StaffProfile | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { firstName: '', lastName: '', phone: '' },
    validate: {
      ...WORKER_DETAILS_RULES,
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
      showSuccess(t('staff.profile.savedText'), t('staff.profile.savedTitle'));
    } catch (caught) {
      setSaveError(errorText(caught));
    }
  });

  if (loadError)
    return (
      <Alert color="red" role="alert">
        {ruleText(loadError)}
      </Alert>
    );
  if (!profile) return <Skeleton height={220} radius="md" role="status" aria-label={t('staff.profile.loading')} />;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {t('staff.profile.signedInAs')} <b>{profile.email}</b>
        </Text>
        <WorkerNameFields form={form} />
        <WorkerPhoneField form={form} />
        {saveError && (
          <Alert color="red" role="alert">
            {ruleText(saveError)}
          </Alert>
        )}
        <Button type="submit" loading={form.submitting} disabled={!form.isDirty()}>
          {t('staff.profile.save')}
        </Button>
      </Stack>
    </form>
  );
}

import { Group, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useRuleText } from '@shared/i18n/validation-text.ts';
import { useT } from '../i18n/use-t.ts';
import type { WorkerDetails } from '../lib/worker-details.ts';

type WorkerForm<V extends WorkerDetails> = { form: UseFormReturnType<V> };

/** First and last name side by side, each with its rule's message in the worker's language. */
export function WorkerNameFields<V extends WorkerDetails>({ form }: WorkerForm<V>) {
  const t = useT();
  return (
    <Group grow align="flex-start" gap="sm">
      <TextInput
        label={t('staff.signup.firstName')}
        autoComplete="given-name"
        withAsterisk
        {...form.getInputProps('firstName')}
        error={form.errors.firstName ? t('staff.signup.firstNameRequired') : undefined}
      />
      <TextInput
        label={t('staff.signup.lastName')}
        autoComplete="family-name"
        withAsterisk
        {...form.getInputProps('lastName')}
        error={form.errors.lastName ? t('staff.signup.lastNameRequired') : undefined}
      />
    </Group>
  );
}

/** The phone agencies call the worker on: ten digits, the rule's message in the worker's language. */
export function WorkerPhoneField<V extends WorkerDetails>({ form }: WorkerForm<V>) {
  const t = useT();
  const ruleText = useRuleText();
  return (
    <TextInput
      label={t('staff.signup.phone')}
      type="tel"
      autoComplete="tel-national"
      inputMode="tel"
      placeholder={t('staff.signup.phonePlaceholder')}
      withAsterisk
      {...form.getInputProps('phone')}
      error={ruleText(form.errors.phone)}
    />
  );
}

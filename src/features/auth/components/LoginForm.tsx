import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link } from '@shared/lib/router.tsx';
import { paths } from '@shared/config/paths.ts';
import { errorMessage } from '@shared/lib/errors.ts';
import { loadSupabase } from '@shared/lib/supabase.ts';
import { showError } from '@shared/lib/toast.ts';
import { validateEmail, validateLoginPassword } from '@shared/lib/validation.ts';
import { signInCompany } from '../api/sign-in-company.ts';
import { useT } from '../../../i18n/use-t.ts';
import { useRuleText } from '@shared/i18n/validation-text.ts';

type Field = 'email' | 'password';
type Values = Record<Field, string>;

const validators: Record<Field, (value: string) => string | null> = {
  email: validateEmail,
  password: validateLoginPassword,
};

/**
 * Log-in of an agency (SPEC §2, §4, §5); worker accounts are signed out and refused. Two fields
 * need no form library: keeping @mantine/form out of this page keeps /login's script small.
 */
export function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const t = useT();
  const ruleText = useRuleText();
  const [values, setValues] = useState<Values>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [isSubmitting, setIsSubmitting] = useState(false);

  const fieldProps = (name: Field) => ({
    value: values[name],
    error: ruleText(errors[name]),
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
    onBlur: () => setErrors((current) => ({ ...current, [name]: validators[name](values[name]) ?? undefined })),
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = {
      email: validators.email(values.email) ?? undefined,
      password: validators.password(values.password) ?? undefined,
    };
    setErrors(found);
    if (found.email || found.password) return;
    setIsSubmitting(true);
    try {
      await signInCompany(values);
      onLoggedIn();
    } catch (error) {
      showError(ruleText(errorMessage(error)));
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    // The auth client loads on first interaction rather than with the page (see lib/supabase.ts).
    <form onSubmit={(event) => void onSubmit(event)} onFocus={() => void loadSupabase()} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          placeholder={t('auth.emailPlaceholder')}
          withAsterisk
          {...fieldProps('email')}
        />
        <PasswordInput
          label={t('auth.password')}
          autoComplete="current-password"
          withAsterisk
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': t('auth.showPassword') }}
          {...fieldProps('password')}
        />
        <Anchor component={Link} to={paths.forgotPassword} size="sm" fw={600} ta="right" mt={-8}>
          {t('auth.forgotPassword')}
        </Anchor>
        <Button type="submit" size="md" fullWidth disabled={isSubmitting} mt="xs">
          {isSubmitting ? t('auth.loggingIn') : t('auth.logInAction')}
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          {t('auth.login.newHere')}{' '}
          <Anchor component={Link} to={paths.signup} fw={600} underline="always">
            {t('auth.login.createOne')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

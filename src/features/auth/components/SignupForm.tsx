import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@shared/lib/router.tsx';
import { paths } from '@shared/config/paths.ts';
import { errorMessage } from '@shared/lib/errors.ts';
import { loadSupabase } from '@shared/lib/supabase.ts';
import { showError } from '@shared/lib/toast.ts';
import { validateConfirmPassword, validateNewPassword, validateSignupEmail } from '@shared/lib/validation.ts';
import { signUpCompany, type SignUpResult } from '../api/sign-up-company.ts';
import { NewPasswordFields } from '@shared/components/NewPasswordFields.tsx';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { useRuleText } from '@shared/i18n/validation-text.ts';

/** Sign-up of an agency account (SPEC §2, §4, §5); `onSignedUp` runs once the account exists. */
export function SignupForm({ onSignedUp }: { onSignedUp: (result: SignUpResult & { email: string }) => void }) {
  const t = useT();
  const ruleText = useRuleText();
  const { locale } = useLocale();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '', confirmPassword: '' },
    validate: {
      email: validateSignupEmail,
      password: validateNewPassword,
      confirmPassword: (value, values) => validateConfirmPassword(value, values.password),
    },
    validateInputOnBlur: true,
  });

  const onSubmit = form.onSubmit(async (values) => {
    try {
      const result = await signUpCompany({ email: values.email, password: values.password, locale });
      onSignedUp({ ...result, email: values.email.trim() });
    } catch (error) {
      showError(ruleText(errorMessage(error)));
    }
  });

  const isSubmitting = form.submitting;
  return (
    // The auth client loads on first interaction rather than with the page (see lib/supabase.ts).
    <form onSubmit={onSubmit} onFocus={() => void loadSupabase()} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          placeholder={t('auth.emailPlaceholder')}
          withAsterisk
          {...form.getInputProps('email')}
          error={ruleText(form.errors.email)}
        />
        <NewPasswordFields
          password={form.values.password}
          passwordProps={form.getInputProps('password')}
          confirmProps={form.getInputProps('confirmPassword')}
        />
        <Button type="submit" size="md" fullWidth disabled={isSubmitting} mt="xs">
          {isSubmitting ? t('auth.signup.submitting') : t('auth.signup.submit')}
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          {t('auth.alreadyHaveAccount')}{' '}
          <Anchor component={Link} to={paths.login} fw={600} underline="always">
            {t('auth.signup.logIn')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

import { useState, type FocusEvent, type ReactNode } from 'react';
import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { PASSWORD_MAX_BYTES } from '../lib/validation.ts';
import { PasswordChecklist } from './PasswordChecklist.tsx';
import { useSharedT } from '../i18n/keys.ts';
import { useRuleText } from '../i18n/validation-text.ts';

interface NewPasswordFieldsProps {
  password: string;
  passwordProps: GetInputPropsReturnType;
  confirmProps: GetInputPropsReturnType;
  passwordLabel?: string;
  confirmLabel?: string;
}

/**
 * A new password and its confirmation, with SPEC §5's live checklist while the password has focus:
 * the same fields for sign-up and for setting a new password after a reset.
 */
export function NewPasswordFields({
  password,
  passwordProps,
  confirmProps,
  passwordLabel,
  confirmLabel,
}: NewPasswordFieldsProps) {
  const t = useSharedT();
  const ruleText = useRuleText();
  const [isPasswordFocused, setIsPasswordFocused] = useState(false);
  const onFocus = passwordProps.onFocus as ((event: FocusEvent<HTMLInputElement>) => void) | undefined;
  const onBlur = passwordProps.onBlur as ((event: FocusEvent<HTMLInputElement>) => void) | undefined;
  return (
    <>
      <div>
        <PasswordInput
          label={passwordLabel ?? t('auth.password')}
          autoComplete="new-password"
          withAsterisk
          maxLength={PASSWORD_MAX_BYTES}
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': t('auth.showPassword') }}
          aria-describedby={isPasswordFocused ? 'password-checklist' : undefined}
          {...passwordProps}
          error={ruleText(passwordProps.error as ReactNode)}
          onFocus={(event) => {
            setIsPasswordFocused(true);
            onFocus?.(event);
          }}
          onBlur={(event) => {
            setIsPasswordFocused(false);
            onBlur?.(event);
          }}
        />
        {isPasswordFocused && <PasswordChecklist id="password-checklist" password={password} />}
      </div>
      <PasswordInput
        label={confirmLabel ?? t('password.confirm')}
        autoComplete="new-password"
        withAsterisk
        maxLength={PASSWORD_MAX_BYTES}
        visibilityToggleFocusable
        visibilityToggleButtonProps={{ 'aria-label': t('password.showConfirm') }}
        {...confirmProps}
        error={ruleText(confirmProps.error as ReactNode)}
      />
    </>
  );
}

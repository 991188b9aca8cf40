import { useState, type FocusEvent } from 'react';
import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { PASSWORD_MAX_BYTES } from '../lib/validation.ts';
import { PasswordChecklist } from './PasswordChecklist.tsx';

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
  passwordLabel = 'Password',
  confirmLabel = 'Confirm Password',
}: NewPasswordFieldsProps) {
  const [isPasswordFocused, setIsPasswordFocused] = useState(false);
  const onFocus = passwordProps.onFocus as ((event: FocusEvent<HTMLInputElement>) => void) | undefined;
  const onBlur = passwordProps.onBlur as ((event: FocusEvent<HTMLInputElement>) => void) | undefined;
  return (
    <>
      <div>
        <PasswordInput
          label={passwordLabel}
          autoComplete="new-password"
          withAsterisk
          maxLength={PASSWORD_MAX_BYTES}
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
          aria-describedby={isPasswordFocused ? 'password-checklist' : undefined}
          {...passwordProps}
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
        label={confirmLabel}
        autoComplete="new-password"
        withAsterisk
        maxLength={PASSWORD_MAX_BYTES}
        visibilityToggleFocusable
        visibilityToggleButtonProps={{ 'aria-label': 'Show confirm password' }}
        {...confirmProps}
      />
    </>
  );
}

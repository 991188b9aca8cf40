import { SetNewPasswordForm } from '@shared/components/SetNewPasswordForm.tsx';
import { errorMessage } from '@shared/lib/errors.ts';
import { setNewPassword } from '../api/set-new-password.ts';

/** A new password for the account the reset link signed in, with sign-up's rules and checklist. */
export function ResetPasswordForm({ onSaved }: { onSaved: () => void }) {
  return <SetNewPasswordForm save={setNewPassword} onSaved={onSaved} describeError={errorMessage} />;
}

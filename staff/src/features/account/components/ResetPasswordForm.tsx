import { SetNewPasswordForm } from '@shared/components/SetNewPasswordForm.tsx';
import { staffErrorMessage } from '../../../lib/staff-errors.ts';
import { setNewPassword } from '../api/set-new-password.ts';

/** Set a new password, signed in by the emailed link (the dashboard's form, this app's api call). */
export function ResetPasswordForm({ onDone }: { onDone: () => void }) {
  return <SetNewPasswordForm save={setNewPassword} onSaved={onDone} describeError={staffErrorMessage} />;
}

/**
 * What the password-reset link brought in the URL fragment: Supabase Auth redirects with either
 * the recovery session (`#access_token=…&type=recovery`) or an error
 * (`#error=access_denied&error_code=otp_expired&error_description=…`) for a used or expired link.
 */
export type RecoveryLink = { kind: 'session' } | { kind: 'expired' } | { kind: 'none' };

export function readRecoveryLink(hash: string): RecoveryLink {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (params.get('error') || params.get('error_code')) return { kind: 'expired' };
  if (params.get('access_token') && params.get('type') === 'recovery') return { kind: 'session' };
  return { kind: 'none' };
}

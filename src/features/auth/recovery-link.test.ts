import { describe, expect, it } from 'vitest';
import { readRecoveryLink } from './recovery-link.ts';

describe('readRecoveryLink', () => {
  it('tells a recovery session, an expired or used link, and nothing apart', () => {
    expect(readRecoveryLink('#access_token=a.b.c&refresh_token=x&type=recovery&token_type=bearer')).toEqual({
      kind: 'session',
    });
    expect(
      readRecoveryLink(
        '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      ),
    ).toEqual({ kind: 'expired' });
    expect(readRecoveryLink('')).toEqual({ kind: 'none' });
    // A sign-in link's session is not a password reset.
    expect(readRecoveryLink('#access_token=a.b.c&type=magiclink')).toEqual({ kind: 'none' });
  });
});

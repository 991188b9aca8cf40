/**
 * Answers that differed from GoTrue's in auth-js' own live suite, through the real auth-js (rules
 * cited from supabase/auth's internal/api): verify's checks, signInWithOtp for a new address,
 * and what a request with only an apikey is.
 */
import { describe, expect, it } from 'vitest';
import { anonClient, serviceClient, uniqueEmail } from '../../tests/support/clients.ts';
import { waitForMail } from '../../tests/support/mail.ts';
import { ANON_KEY, API_URL } from '../../tests/support/stack-env.ts';

describe('GoTrue parity', () => {
  // verify.go VerifyParams.Validate: the phone is checked (E.164) before any code is looked up,
  // and an sms code that matches nothing is "Token has expired or is invalid".
  it('verifyOtp checks the address first, then answers an unmatched code as expired', async () => {
    const invalid = await anonClient().auth.verifyOtp({ phone: 'not-a-phone', token: '123456', type: 'sms' });
    expect(invalid.error).toMatchObject({ status: 400, message: 'Invalid phone number format (E.164 required)' });
    const unknown = await anonClient().auth.verifyOtp({ phone: '+15555550123', token: '123456', type: 'sms' });
    expect(unknown.error).toMatchObject({
      status: 403,
      code: 'otp_expired',
      message: 'Token has expired or is invalid',
    });
  });

  // magic_link.go MagicLink: an unknown address is signed up first (here the project's trigger
  // makes it a company, as it would on a hosted project), then sent the magic link.
  it('signInWithOtp signs a new address up and sends it the sign-in link', async () => {
    const email = uniqueEmail('otp-new');
    const { error } = await anonClient().auth.signInWithOtp({ email });
    expect(error).toBeNull();
    const mail = await waitForMail(email);
    expect(mail.subject).toBe('Your CareCover sign-in link');
    const { data } = await serviceClient().auth.admin.listUsers({ perPage: 1000 });
    expect(data.users.find((u) => u.email === email)?.email_confirmed_at).toBeTruthy();
  });

  // auth.go requireAuthentication: only the Authorization header signs a request in; an apikey
  // alone is 401 no_authorization, as GoTrue behind supabase start's gateway answers it.
  it('a request with only an apikey is not signed in', async () => {
    const res = await fetch(`${API_URL}/auth/v1/user`, { headers: { apikey: ANON_KEY } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({
      code: 'no_authorization',
      message: 'This endpoint requires a valid Bearer token',
    });
  });
});

/**
 * Password recovery against the local GoTrue with the real supabase-js: /recover answers the same
 * whether or not an account exists, the emailed link (GET /verify) and code (POST /verify) each
 * work once and expire, the redirect stays on the allow-list, PKCE works as auth-js drives it, and
 * a link only ever signs in the account it was sent to.
 */
import { createClient, type SupportedStorage } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import {
  anonClient,
  clientOptions,
  signedInUser,
  superuser,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../tests/support/clients.ts';
import { codeIn, mailTo, verifyLinkIn, waitForMail } from '../../tests/support/mail.ts';
import { ANON_KEY, API_URL } from '../../tests/support/stack-env.ts';
import type { AddressInfo } from 'node:net';
import { siteUrl } from '../src/auth/redirects.ts';
import { createAuthService } from '../src/auth/service.ts';
import { createAdminPool } from '../src/db/pool.ts';
import { createGateway } from '../src/gateway/server.ts';
import { config } from '../src/config.ts';

const RESET_PAGE = `${siteUrl(config.auth)}/reset-password`;

/** Follows the emailed link as a browser would, without going on to the app: the redirect's URL. */
async function openLink(link: string): Promise<URL> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location') ?? '');
}

const fragment = (url: URL) => new URLSearchParams(url.hash.slice(1));
const subOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()).sub as string;

async function ageToken(userId: string, seconds: number): Promise<void> {
  const db = await superuser();
  try {
    await db.query(`update auth.users set recovery_sent_at = now() - make_interval(secs => $2) where id = $1`, [
      userId,
      seconds,
    ]);
  } finally {
    await db.end();
  }
}

describe('password recovery', () => {
  it('emails a link and a code to an existing account, and the same empty answer for an unknown one', async () => {
    const user = await signedInUser('recover');
    const known = await anonClient().auth.resetPasswordForEmail(user.email, { redirectTo: RESET_PAGE });
    expect(known).toEqual({ data: {}, error: null });
    const unknownEmail = uniqueEmail('nobody');
    const unknown = await anonClient().auth.resetPasswordForEmail(unknownEmail, { redirectTo: RESET_PAGE });
    expect(unknown).toEqual({ data: {}, error: null });

    const mail = await waitForMail(user.email);
    expect(mail.subject).toBe('Reset your CareCover password');
    expect(mail.from).toBe('CareCover <noreply@carecover.app>');
    expect(mail.html).toContain('Set a new password');
    expect(mail.text).toContain(`CareCover account for ${user.email}`);
    const link = new URL(verifyLinkIn(mail));
    expect(link.origin).toBe(API_URL);
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('redirect_to')).toBe(RESET_PAGE);
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
    // Nothing went to the unknown address.
    await new Promise((r) => setTimeout(r, 200));
    expect(await mailTo(unknownEmail)).toEqual([]);
  });

  it('signs the owner in through the link once; the session sets a new password; a second click is refused', async () => {
    const user = await signedInUser('recover-link');
    await anonClient().auth.resetPasswordForEmail(user.email, { redirectTo: RESET_PAGE });
    const link = verifyLinkIn(await waitForMail(user.email));

    const landed = await openLink(link);
    expect(`${landed.origin}${landed.pathname}`).toBe(RESET_PAGE);
    const params = fragment(landed);
    expect(params.get('type')).toBe('recovery');
    expect(params.get('token_type')).toBe('bearer');
    const accessToken = params.get('access_token')!;
    expect(subOf(accessToken)).toBe(user.userId);

    const browser = anonClient();
    const set = await browser.auth.setSession({
      access_token: accessToken,
      refresh_token: params.get('refresh_token')!,
    });
    expect(set.error).toBeNull();
    expect((await browser.auth.updateUser({ password: 'N3w!passw0rd' })).error).toBeNull();
    expect(
      (await anonClient().auth.signInWithPassword({ email: user.email, password: 'N3w!passw0rd' })).error,
    ).toBeNull();
    const old = await anonClient().auth.signInWithPassword({ email: user.email, password: TEST_PASSWORD });
    expect(old.error?.code).toBe('invalid_credentials');

    const again = fragment(await openLink(link));
    expect(Object.fromEntries(again)).toEqual({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
    });
  });

  it('accepts the emailed code once through verifyOtp, and refuses a wrong one', async () => {
    const user = await signedInUser('recover-code');
    await anonClient().auth.resetPasswordForEmail(user.email);
    const code = codeIn(await waitForMail(user.email));
    const wrong = await anonClient().auth.verifyOtp({
      email: user.email,
      token: code === '000000' ? '111111' : '000000',
      type: 'recovery',
    });
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });

    const right = await anonClient().auth.verifyOtp({ email: user.email, token: code, type: 'recovery' });
    expect(right.error).toBeNull();
    expect(right.data.user?.id).toBe(user.userId);
    const reused = await anonClient().auth.verifyOtp({ email: user.email, token: code, type: 'recovery' });
    expect(reused.error?.code).toBe('otp_expired');
  });

  it('accepts the link token as a token_hash too', async () => {
    const user = await signedInUser('recover-hash');
    await anonClient().auth.resetPasswordForEmail(user.email);
    const hash = new URL(verifyLinkIn(await waitForMail(user.email))).searchParams.get('token')!;
    const verified = await anonClient().auth.verifyOtp({ token_hash: hash, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.id).toBe(user.userId);
  });

  it('refuses a link and a code after otp_expiry', async () => {
    const user = await signedInUser('recover-expired');
    await anonClient().auth.resetPasswordForEmail(user.email, { redirectTo: RESET_PAGE });
    const mail = await waitForMail(user.email);
    await ageToken(user.userId, config.auth.otpExpirySeconds + 5);
    expect(fragment(await openLink(verifyLinkIn(mail))).get('error_code')).toBe('otp_expired');
    const code = await anonClient().auth.verifyOtp({ email: user.email, token: codeIn(mail), type: 'recovery' });
    expect(code.error?.code).toBe('otp_expired');
  });

  it('limits requests per address to one per max_frequency, with the same answer for unknown addresses', async () => {
    for (const email of [(await signedInUser('recover-rate')).email, uniqueEmail('rate-nobody')]) {
      expect((await anonClient().auth.resetPasswordForEmail(email)).error).toBeNull();
      const second = await anonClient().auth.resetPasswordForEmail(email);
      expect(second.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
      expect(second.error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
    }
  });

  it('sends a link for a redirect outside the allow-list to the site URL instead', async () => {
    const user = await signedInUser('recover-redirect');
    await anonClient().auth.resetPasswordForEmail(user.email, { redirectTo: 'https://evil.example/steal' });
    const link = new URL(verifyLinkIn(await waitForMail(user.email)));
    expect(link.searchParams.get('redirect_to')).toBe(siteUrl(config.auth));
    const forged = new URL(link);
    forged.searchParams.set('redirect_to', 'https://evil.example/steal');
    expect((await openLink(forged.toString())).origin).toBe(new URL(siteUrl(config.auth)).origin);
  });

  it('works with PKCE as auth-js drives it: the link brings a code, exchanged once with the verifier', async () => {
    const user = await signedInUser('recover-pkce');
    const store = new Map<string, string>();
    const storage: SupportedStorage = {
      getItem: (k) => store.get(k) ?? null,
      setItem: (k, v) => void store.set(k, v),
      removeItem: (k) => void store.delete(k),
    };
    const browser = createClient(API_URL, ANON_KEY, {
      ...clientOptions,
      auth: { flowType: 'pkce', storage, persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
    });
    expect((await browser.auth.resetPasswordForEmail(user.email, { redirectTo: RESET_PAGE })).error).toBeNull();
    const landed = await openLink(verifyLinkIn(await waitForMail(user.email)));
    expect(landed.hash).toBe('');
    const code = landed.searchParams.get('code')!;
    expect(code).toBeTruthy();
    const exchanged = await browser.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.id).toBe(user.userId);
    // Used: the same code gives nothing the second time.
    store.set([...store.keys()].find((k) => k.endsWith('-code-verifier')) ?? 'x', 'any');
    const again = await browser.auth.exchangeCodeForSession(code);
    expect(again.error).not.toBeNull();
  });

  it('signs in only the account the email went to, never another agency’s', async () => {
    const a = await signedInUser('agency-a');
    const b = await signedInUser('agency-b');
    await anonClient().auth.resetPasswordForEmail(a.email, { redirectTo: RESET_PAGE });
    await anonClient().auth.resetPasswordForEmail(b.email, { redirectTo: RESET_PAGE });
    const linkA = verifyLinkIn(await waitForMail(a.email));
    const codeB = codeIn(await waitForMail(b.email));
    expect(subOf(fragment(await openLink(linkA)).get('access_token')!)).toBe(a.userId);
    // B's code typed with A's address matches nothing.
    const crossed = await anonClient().auth.verifyOtp({ email: a.email, token: codeB, type: 'recovery' });
    expect(crossed.error?.code).toBe('otp_expired');
    const own = await anonClient().auth.verifyOtp({ email: b.email, token: codeB, type: 'recovery' });
    expect(own.data.user?.id).toBe(b.userId);
  });

  it('works the same for a staff account (the staff app resets passwords the same way)', async () => {
    const agency = anonClient();
    const agencyEmail = uniqueEmail('staff-agency');
    const signUp = await agency.auth.signUp({
      email: agencyEmail,
      password: TEST_PASSWORD,
      options: { data: { account_type: 'company' } },
    });
    expect(signUp.error).toBeNull();
    const { data: company } = await agency.from('companies').select('company_code').single();
    const staffEmail = uniqueEmail('staff-member');
    const staff = await anonClient().auth.signUp({
      email: staffEmail,
      password: TEST_PASSWORD,
      options: {
        data: {
          account_type: 'staff',
          first_name: 'Rae',
          last_name: 'Reset',
          phone: '4165550142',
          company_code: (company as { company_code: string }).company_code,
        },
      },
    });
    expect(staff.error).toBeNull();
    await anonClient().auth.resetPasswordForEmail(staffEmail);
    const code = codeIn(await waitForMail(staffEmail));
    const verified = await anonClient().auth.verifyOtp({ email: staffEmail, token: code, type: 'recovery' });
    expect(verified.data.user?.id).toBe(staff.data.user?.id);
    const asStaff = createClient(API_URL, ANON_KEY, {
      ...clientOptions,
      global: { headers: { Authorization: `Bearer ${verified.data.session?.access_token}` } },
    });
    const { data: type } = await asStaff.rpc('account_type');
    expect(type).toBe('staff');
  });
});

describe('email limits with a custom SMTP server', () => {
  it('allows rate_limit.email_sent emails an hour for the project, then answers 429', async () => {
    const pool = createAdminPool(1);
    const auth = createAuthService({ adminPool: pool }, { smtpEnabled: true, emailsPerHour: 2 });
    const server = createGateway([{ prefix: '/auth/v1', service: auth.service, requiresApikey: true }]);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const client = createClient(url, ANON_KEY, clientOptions);
      const users = [await signedInUser('limit-1'), await signedInUser('limit-2'), await signedInUser('limit-3')];
      expect((await client.auth.resetPasswordForEmail(users[0]!.email)).error).toBeNull();
      expect((await client.auth.resetPasswordForEmail(users[1]!.email)).error).toBeNull();
      const third = await client.auth.resetPasswordForEmail(users[2]!.email);
      expect(third.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
      expect(await mailTo(users[2]!.email)).toEqual([]);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
    }
  });
});

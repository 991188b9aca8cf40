/**
 * auth-js `admin.inviteUserByEmail` (POST /auth/v1/invite) against the stack, as GoTrue's Invite
 * handler behaves (supabase/auth internal/api/invite.go): an unconfirmed user with `invited_at` and
 * `data` as user_metadata, the invite email from config.toml's template, a link that verifies with
 * type `invite` and signs the person in, a resend for someone who has not accepted yet, and 422
 * email_exists for a confirmed user.
 */
import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { anonClient, clientOptions, serviceClient, signedInUser, uniqueEmail } from '../../tests/support/clients.ts';
import { mailTo, verifyLinkIn, waitForMail } from '../../tests/support/mail.ts';
import { ANON_KEY, API_URL } from '../../tests/support/stack-env.ts';
import { config } from '../src/config.ts';

/** This stack's dashboard, where config.toml's site URL and allow list point on these ports. */
const APP = `http://${config.host}:${config.appPort}`;

async function openLink(link: string): Promise<URL> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location') ?? '');
}

describe('inviteUserByEmail', () => {
  it('creates an invited user, emails the invite, and its link signs the person in to set a password', async () => {
    const email = uniqueEmail('invite');
    const { data, error } = await serviceClient().auth.admin.inviteUserByEmail(email, {
      data: { company_role: 'coordinator' },
      redirectTo: `${APP}/welcome`,
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email,
      invited_at: expect.any(String),
      user_metadata: { company_role: 'coordinator' },
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(data.user?.email_confirmed_at).toBeUndefined();

    const message = await waitForMail(email);
    expect(message.subject).toBe('You are invited to CareCover');
    const link = verifyLinkIn(message);
    expect(new URL(link).searchParams.get('type')).toBe('invite');
    // The allow list admits the app's own origin: the link lands there with the session.
    expect(new URL(link).searchParams.get('redirect_to')).toBe(`${APP}/welcome`);

    const landing = await openLink(link);
    expect(`${landing.origin}${landing.pathname}`).toBe(`${APP}/welcome`);
    const fragment = new URLSearchParams(landing.hash.slice(1));
    expect(fragment.get('type')).toBe('invite');
    const accessToken = fragment.get('access_token');
    expect(accessToken).toBeTruthy();

    // Signed in by the link, the invited person chooses a password and can sign in with it.
    const invited = createClient(API_URL, ANON_KEY, {
      ...clientOptions,
      global: { headers: { Authorization: `Bearer ${accessToken}` } },
    });
    const { data: me } = await invited.auth.getUser(accessToken ?? '');
    expect(me.user?.email_confirmed_at).toBeTruthy();
    const password = 'Inv1ted!pass';
    const set = await fetch(`${API_URL}/auth/v1/user`, {
      method: 'PUT',
      headers: { apikey: ANON_KEY, Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ password }),
    });
    expect(set.status).toBe(200);
    const signIn = await anonClient().auth.signInWithPassword({ email, password });
    expect(signIn.error).toBeNull();
  });

  it('sends the invite again to someone who has not accepted, and refuses a confirmed user', async () => {
    const email = uniqueEmail('reinvite');
    // A redirect the allow list does not admit falls back to the site URL, as GoTrue's does.
    const first = await serviceClient().auth.admin.inviteUserByEmail(email, { redirectTo: 'https://evil.example/x' });
    expect(first.error).toBeNull();
    const firstMail = await waitForMail(email, 1);
    expect(new URL(verifyLinkIn(firstMail)).searchParams.get('redirect_to')).toBe(APP);
    const again = await serviceClient().auth.admin.inviteUserByEmail(email);
    expect(again.error).toBeNull();
    expect(again.data.user?.id).toBe(first.data.user?.id);
    await waitForMail(email, 2);
    expect(await mailTo(email)).toHaveLength(2);
    // Only the newest link works: the resend replaced the first token.
    const stale = await openLink(verifyLinkIn(firstMail));
    expect(new URLSearchParams(stale.hash.slice(1)).get('error_code')).toBe('otp_expired');

    const confirmed = await signedInUser('invite-confirmed');
    const refused = await serviceClient().auth.admin.inviteUserByEmail(confirmed.email);
    expect(refused.error).toMatchObject({
      status: 422,
      code: 'email_exists',
      message: 'A user with this email address has already been registered',
    });
  });

  it('is for the service role only, and validates the address as GoTrue does', async () => {
    const anon = await fetch(`${API_URL}/auth/v1/invite`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('anon-invite') }),
    });
    expect(anon.status).toBe(403);
    expect(await anon.json()).toMatchObject({ code: 'not_admin' });
    const invalid = await serviceClient().auth.admin.inviteUserByEmail('not-an-email');
    expect(invalid.error).toMatchObject({ status: 400, message: 'Unable to validate email address: invalid format' });
  });
});

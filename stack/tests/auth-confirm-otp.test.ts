/**
 * Sign-up confirmation, resend and email sign-in links against the local GoTrue with the real
 * supabase-js. Confirmations are off in config.toml for local development (as in Supabase) and on
 * in production, so the sign-up cases run on a second auth gateway with them on.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthService } from '../src/auth/service.ts';
import { siteUrl } from '../src/auth/redirects.ts';
import { createAdminPool } from '../src/db/pool.ts';
import { config } from '../src/config.ts';
import { createGateway } from '../src/gateway/server.ts';
import { anonClient, clientOptions, signedInUser, TEST_PASSWORD, uniqueEmail } from '../../tests/support/clients.ts';
import { codeIn, mailTo, verifyLinkIn, waitForMail } from '../../tests/support/mail.ts';
import { ANON_KEY } from '../../tests/support/stack-env.ts';

const pool = createAdminPool(2);
let server: http.Server;
let confirming: () => SupabaseClient;
const ONBOARD = `${siteUrl(config.auth)}/onboard`;

beforeAll(async () => {
  const auth = createAuthService({ adminPool: pool }, { enableConfirmations: true });
  server = createGateway([{ prefix: '/auth/v1', service: auth.service, requiresApikey: true }]);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  confirming = () => createClient(url, ANON_KEY, clientOptions);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await pool.end();
});

async function openLink(link: string): Promise<URL> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location') ?? '');
}
const fragment = (url: URL) => new URLSearchParams(url.hash.slice(1));

async function signUp(email: string) {
  return confirming().auth.signUp({
    email,
    password: TEST_PASSWORD,
    options: { emailRedirectTo: ONBOARD, data: { account_type: 'company' } },
  });
}

describe('sign-up confirmation', () => {
  it('signs up without a session, emails the confirmation, and lets in only once it is opened', async () => {
    const email = uniqueEmail('confirm');
    const { data, error } = await signUp(email);
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email_confirmed_at).toBeUndefined();
    const early = await confirming().auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect(early.error).toMatchObject({ code: 'email_not_confirmed' });

    const mail = await waitForMail(email);
    expect(mail.subject).toBe('Confirm your email for CareCover');
    const landed = await openLink(verifyLinkIn(mail));
    expect(`${landed.origin}${landed.pathname}`).toBe(ONBOARD);
    expect(fragment(landed).get('type')).toBe('signup');
    expect(fragment(landed).get('access_token')).toBeTruthy();
    expect((await confirming().auth.signInWithPassword({ email, password: TEST_PASSWORD })).error).toBeNull();
  });

  it('resends with a new code (the old link stops working), at most once per max_frequency', async () => {
    const email = uniqueEmail('resend');
    await signUp(email);
    const first = await waitForMail(email);
    await new Promise((r) => setTimeout(r, config.auth.emailMaxFrequencySeconds * 1000 + 50));
    expect((await confirming().auth.resend({ type: 'signup', email })).error).toBeNull();
    const again = await confirming().auth.resend({ type: 'signup', email });
    expect(again.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    const second = await waitForMail(email, 2);
    expect(fragment(await openLink(verifyLinkIn(first))).get('error_code')).toBe('otp_expired');
    // The new code works as a typed OTP of type 'email'.
    const verified = await confirming().auth.verifyOtp({ email, token: codeIn(second), type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
  });

  it('answers a resend for an unknown or confirmed address the same, sending nothing', async () => {
    const unknown = uniqueEmail('resend-nobody');
    expect((await confirming().auth.resend({ type: 'signup', email: unknown })).error).toBeNull();
    const confirmed = await signedInUser('resend-confirmed');
    expect((await confirming().auth.resend({ type: 'signup', email: confirmed.email })).error).toBeNull();
    await new Promise((r) => setTimeout(r, 200));
    expect(await mailTo(unknown)).toEqual([]);
    expect(await mailTo(confirmed.email)).toEqual([]);
  });
});

describe('email sign-in links', () => {
  it('emails a magic link that signs the account in once', async () => {
    const user = await signedInUser('magic');
    const sent = await anonClient().auth.signInWithOtp({
      email: user.email,
      options: { shouldCreateUser: false, emailRedirectTo: siteUrl(config.auth) },
    });
    expect(sent.error).toBeNull();
    const mail = await waitForMail(user.email);
    expect(mail.subject).toBe('Your CareCover sign-in link');
    const params = fragment(await openLink(verifyLinkIn(mail)));
    expect(params.get('type')).toBe('magiclink');
    expect(params.get('access_token')).toBeTruthy();
    expect(fragment(await openLink(verifyLinkIn(mail))).get('error_code')).toBe('otp_expired');
  });

  it('refuses an unknown address when accounts may not be created', async () => {
    const { error } = await anonClient().auth.signInWithOtp({
      email: uniqueEmail('otp-nobody'),
      options: { shouldCreateUser: false },
    });
    expect(error).toMatchObject({ status: 422, code: 'otp_disabled' });
  });
});

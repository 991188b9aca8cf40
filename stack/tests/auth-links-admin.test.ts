/**
 * The service role's generate_link and the reauthentication nonce, with the real supabase-js:
 * links are made, not sent; each type opens what it should; with secure_password_change an old
 * session needs the emailed code to change its password.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import { createAuthService } from '../src/auth/service.ts';
import { createAdminPool } from '../src/db/pool.ts';
import { createGateway } from '../src/gateway/server.ts';
import {
  anonClient,
  clientOptions,
  serviceClient,
  signedInUser,
  superuser,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../tests/support/clients.ts';
import { codeIn, mailTo, waitForMail } from '../../tests/support/mail.ts';
import { ANON_KEY } from '../../tests/support/stack-env.ts';

const pool = createAdminPool(2);
let server: http.Server | undefined;

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await pool.end();
});

async function openLink(link: string): Promise<URLSearchParams> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URLSearchParams(new URL(res.headers.get('location') ?? '').hash.slice(1));
}

describe('admin generate_link', () => {
  it('makes a recovery link and code without sending anything', async () => {
    const user = await signedInUser('gen-recovery');
    const { data, error } = await serviceClient().auth.admin.generateLink({ type: 'recovery', email: user.email });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.userId);
    expect(data.properties).toMatchObject({
      verification_type: 'recovery',
      email_otp: expect.stringMatching(/^\d{6}$/),
    });
    expect(data.properties?.action_link).toContain(`token=${data.properties?.hashed_token}`);
    await new Promise((r) => setTimeout(r, 200));
    expect(await mailTo(user.email)).toEqual([]);
    const params = await openLink(data.properties!.action_link);
    expect(params.get('type')).toBe('recovery');
    expect(params.get('access_token')).toBeTruthy();
  });

  it('creates the account for a signup link, confirmed once the link is opened', async () => {
    const email = uniqueEmail('gen-signup');
    const { data, error } = await serviceClient().auth.admin.generateLink({
      type: 'signup',
      email,
      password: TEST_PASSWORD,
      options: { data: { account_type: 'company' } },
    });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toBeFalsy();
    const verified = await anonClient().auth.verifyOtp({ token_hash: data.properties!.hashed_token, type: 'signup' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
    const again = await serviceClient().auth.admin.generateLink({ type: 'signup', email, password: TEST_PASSWORD });
    expect(again.error?.code).toBe('email_exists');
  });

  it('refuses anon callers and unknown accounts', async () => {
    const anon = await anonClient().auth.admin.generateLink({ type: 'recovery', email: uniqueEmail('x') });
    expect(anon.error?.status).toBe(403);
    const unknown = await serviceClient().auth.admin.generateLink({ type: 'magiclink', email: uniqueEmail('nobody') });
    expect(unknown.error?.status).toBe(404);
  });
});

describe('reauthentication', () => {
  it('with secure_password_change, an old session needs the emailed code to change its password', async () => {
    const auth = createAuthService({ adminPool: pool }, { securePasswordChange: true });
    server = createGateway([{ prefix: '/auth/v1', service: auth.service, requiresApikey: true }]);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const user = await signedInUser('reauth');
    const client = createClient(url, ANON_KEY, clientOptions);
    const signIn = await client.auth.signInWithPassword({ email: user.email, password: TEST_PASSWORD });
    expect(signIn.error).toBeNull();

    // A fresh sign-in may change it without a code; a day-old session may not.
    const db = await superuser();
    try {
      await db.query(`update auth.sessions set created_at = now() - interval '25 hours' where user_id = $1`, [
        user.userId,
      ]);
    } finally {
      await db.end();
    }
    const refused = await client.auth.updateUser({ password: 'Re!auth1pass' });
    expect(refused.error).toMatchObject({ code: 'reauthentication_needed' });

    expect((await client.auth.reauthenticate()).error).toBeNull();
    const mail = await waitForMail(user.email);
    expect(mail.subject).toBe('Your CareCover security code');
    const wrong = await client.auth.updateUser({
      password: 'Re!auth1pass',
      nonce: '000000' === codeIn(mail) ? '111111' : '000000',
    });
    expect(wrong.error).toMatchObject({ code: 'reauthentication_not_valid' });
    const done = await client.auth.updateUser({ password: 'Re!auth1pass', nonce: codeIn(mail) });
    expect(done.error).toBeNull();
    expect(
      (await anonClient().auth.signInWithPassword({ email: user.email, password: 'Re!auth1pass' })).error,
    ).toBeNull();
  });
});

/**
 * Changing an account's email and password with supabase-js' updateUser against the local GoTrue:
 * without confirmations (local default) the change applies at once and the old address is told;
 * with confirmations (production) it waits for the link sent to the new address (and, with
 * double_confirm_changes, to the old one too). A password change is notified to the account.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import { createAuthService } from '../src/auth/service.ts';
import type { AuthSettings } from '../src/auth/context.ts';
import { createAdminPool } from '../src/db/pool.ts';
import { createGateway } from '../src/gateway/server.ts';
import { anonClient, clientOptions, signedInUser, TEST_PASSWORD, uniqueEmail } from '../../tests/support/clients.ts';
import { mailTo, verifyLinkIn, waitForMail } from '../../tests/support/mail.ts';
import { ANON_KEY } from '../../tests/support/stack-env.ts';

const pool = createAdminPool(2);
const servers: http.Server[] = [];

/** A second auth gateway on the same database with other settings, as production would run. */
async function authWith(overrides: Partial<AuthSettings>): Promise<string> {
  const auth = createAuthService({ adminPool: pool }, overrides);
  const server = createGateway([{ prefix: '/auth/v1', service: auth.service, requiresApikey: true }]);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  await pool.end();
});

async function signedInAt(url: string, email: string) {
  const client = createClient(url, ANON_KEY, clientOptions);
  const { error } = await client.auth.signInWithPassword({ email, password: TEST_PASSWORD });
  if (error) throw error;
  return client;
}

async function openLink(link: string): Promise<URLSearchParams> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URLSearchParams(new URL(res.headers.get('location') ?? '').hash.slice(1));
}

describe('email change', () => {
  it('applies at once without confirmations and tells the old address', async () => {
    const user = await signedInUser('move-now');
    const next = uniqueEmail('moved');
    const { data, error } = await user.client.auth.updateUser({ email: next });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(next);
    const notice = await waitForMail(user.email);
    expect(notice.subject).toBe('Your CareCover email address was changed');
    expect(notice.text).toContain(`from ${user.email} to ${next}`);
    expect((await anonClient().auth.signInWithPassword({ email: next, password: TEST_PASSWORD })).error).toBeNull();
  });

  it('with confirmations, waits for the link sent to the new address, then tells the old one', async () => {
    const url = await authWith({ enableConfirmations: true, doubleConfirmChanges: false });
    const user = await signedInUser('move-confirm');
    const client = await signedInAt(url, user.email);
    const next = uniqueEmail('moving');
    const { data, error } = await client.auth.updateUser({ email: next });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(user.email);
    expect(data.user?.new_email).toBe(next);

    const mail = await waitForMail(next);
    expect(mail.subject).toBe('Confirm your new email for CareCover');
    expect(mail.text).toContain(`from ${user.email} to ${next}`);
    // Nothing yet to the old address, and the old email still signs in.
    expect(await mailTo(user.email)).toEqual([]);
    expect(
      (await anonClient().auth.signInWithPassword({ email: user.email, password: TEST_PASSWORD })).error,
    ).toBeNull();

    const params = await openLink(verifyLinkIn(mail));
    expect(params.get('type')).toBe('email_change');
    expect(params.get('access_token')).toBeTruthy();
    expect((await anonClient().auth.signInWithPassword({ email: next, password: TEST_PASSWORD })).error).toBeNull();
    expect((await waitForMail(user.email)).subject).toBe('Your CareCover email address was changed');
    // Used once.
    expect((await openLink(verifyLinkIn(mail))).get('error_code')).toBe('otp_expired');
  });

  it('with double_confirm_changes, needs both links; the first says the other is pending', async () => {
    const url = await authWith({ enableConfirmations: true, doubleConfirmChanges: true });
    const user = await signedInUser('move-double');
    const client = await signedInAt(url, user.email);
    const next = uniqueEmail('moving-double');
    expect((await client.auth.updateUser({ email: next })).error).toBeNull();
    const toNew = await waitForMail(next);
    const toOld = await waitForMail(user.email);
    expect(toOld.subject).toBe('Confirm your new email for CareCover');

    const first = await openLink(verifyLinkIn(toNew));
    expect(first.get('message')).toBe(
      'Confirmation link accepted. Please proceed to confirm link sent to the other email',
    );
    expect((await anonClient().auth.signInWithPassword({ email: next, password: TEST_PASSWORD })).error).not.toBeNull();
    const second = await openLink(verifyLinkIn(toOld));
    expect(second.get('access_token')).toBeTruthy();
    expect((await anonClient().auth.signInWithPassword({ email: next, password: TEST_PASSWORD })).error).toBeNull();
  });

  it('refuses an address another account uses', async () => {
    const a = await signedInUser('taken-a');
    const b = await signedInUser('taken-b');
    const { error } = await a.client.auth.updateUser({ email: b.email });
    expect(error?.code).toBe('email_exists');
  });
});

describe('password change', () => {
  it('refuses the same password, and tells the account when it changed', async () => {
    const user = await signedInUser('new-password');
    const same = await user.client.auth.updateUser({ password: TEST_PASSWORD });
    expect(same.error?.code).toBe('same_password');
    expect((await user.client.auth.updateUser({ password: 'An0ther!pass' })).error).toBeNull();
    const notice = await waitForMail(user.email);
    expect(notice.subject).toBe('Your CareCover password was changed');
    expect(notice.text).toContain(user.email);
  });
});

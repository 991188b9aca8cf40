/**
 * Server-side texts in each person's language (issue 29). The auth emails: the templates branch on the user's
 * metadata `locale`, which sign-up sets and the database keeps equal to staff.locale /
 * companies.locale. Sign-up confirmations need confirmations on, as production runs: those go
 * through a second auth gateway on the same database with them on (config.toml keeps them off
 * locally, as `supabase start` does); everything else is the usual stack. The new-shift pushes
 * of one post go to each worker in their own language (staff.locale), read back decrypted from the
 * push stand-in.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from '@supabase/supabase-js';
import type { Database } from '@shared/types/database.types.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthService } from '../../stack/src/auth/service.ts';
import { standinsUrl } from '../../stack/src/config.ts';
import { createAdminPool } from '../../stack/src/db/pool.ts';
import { createGateway } from '../../stack/src/gateway/server.ts';
import { clientOptions, TEST_PASSWORD, uniqueEmail } from '../support/clients.ts';
import { codeIn, type CaughtMessage, verifyLinkIn, waitForMail } from '../support/mail.ts';
import { ANON_KEY } from '../support/stack-env.ts';
import {
  type Account,
  type Client,
  companyCode,
  postShift,
  signUpCompany,
  signUpWorker as signUpEmployedWorker,
  typedAnonClient,
} from './helpers.ts';

const pool = createAdminPool(2);
let server: http.Server;
let confirmingUrl = '';

beforeAll(async () => {
  const auth = createAuthService({ adminPool: pool }, { enableConfirmations: true });
  server = createGateway([{ prefix: '/auth/v1', service: auth.service, requiresApikey: true }]);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  confirmingUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await pool.end();
});

const confirmingClient = (): Client =>
  createClient<Database>(confirmingUrl, ANON_KEY, clientOptions as Parameters<typeof createClient<Database>>[2]);

/** A worker signing up in the staff app in `locale`, with confirmations on: no session until the email. */
async function signUpWorker(label: string, locale: 'en' | 'fr-CA'): Promise<string> {
  const email = uniqueEmail(label);
  const { data, error } = await confirmingClient().auth.signUp({
    email,
    password: TEST_PASSWORD,
    options: {
      data: { account_type: 'staff', first_name: 'Test', last_name: label, phone: '416-555-0100', locale },
    },
  });
  expect(error).toBeNull();
  expect(data.session).toBeNull();
  return email;
}

function expectFrench(mail: CaughtMessage): void {
  expect(mail.html).toContain('<html lang="fr-CA">');
  expect(mail.text).toContain('courriel');
  expect(`${mail.subject}\n${mail.text}`).not.toMatch(/\b(your|email|password)\b/i);
}

function expectEnglish(mail: CaughtMessage): void {
  expect(mail.html).toContain('<html lang="en">');
  expect(mail.text).not.toMatch(/courriel|mot de passe/);
}

async function requestRecovery(email: string): Promise<void> {
  const { error } = await typedAnonClient().auth.resetPasswordForEmail(email);
  expect(error).toBeNull();
}

/** Changes the worker's language as the staff app's Profile does: the staff row's own column. */
async function switchLanguage(client: Client, userId: string, locale: 'en' | 'fr-CA'): Promise<void> {
  const { data, error } = await client.from('staff').update({ locale }).eq('id', userId).select('id');
  expect(error).toBeNull();
  expect(data).toHaveLength(1);
}

describe('emails and pushes in the recipient language', () => {
  it('confirms a French sign-up in French and an English one in English', async () => {
    const french = await signUpWorker('fr-worker', 'fr-CA');
    const english = await signUpWorker('en-worker', 'en');

    const frenchMail = await waitForMail(french);
    expect(frenchMail.subject).toBe('Confirmez votre courriel pour CareCover');
    expectFrench(frenchMail);
    expect(frenchMail.text).toContain(`Confirmez que ${french} est l’adresse de votre agence`);

    const englishMail = await waitForMail(english);
    expect(englishMail.subject).toBe('Confirm your email for CareCover');
    expectEnglish(englishMail);
    expect(englishMail.text).toContain(`Welcome to CareCover. Confirm that ${english} is your agency's address`);

    // Either email's link and code still do their work.
    const opened = await fetch(verifyLinkIn(frenchMail), { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(new URLSearchParams(new URL(opened.headers.get('location') ?? '').hash.slice(1)).get('type')).toBe('signup');
    const { error } = await confirmingClient().auth.verifyOtp({
      email: english,
      token: codeIn(englishMail),
      type: 'signup',
    });
    expect(error).toBeNull();
  });

  it('sends the recovery email in the language the worker switched to, and back', async () => {
    const email = await signUpWorker('switching', 'en');
    const confirmation = await waitForMail(email);
    expectEnglish(confirmation);
    const { error } = await confirmingClient().auth.verifyOtp({ email, token: codeIn(confirmation), type: 'signup' });
    expect(error).toBeNull();
    const client = typedAnonClient();
    const { data, error: signInError } = await client.auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect(signInError).toBeNull();
    const userId = data.user!.id;

    await switchLanguage(client, userId, 'fr-CA');
    await requestRecovery(email);
    const inFrench = await waitForMail(email, 2);
    expect(inFrench.subject).toBe('Réinitialisez votre mot de passe CareCover');
    expectFrench(inFrench);
    expect(inFrench.text).toContain(`le mot de passe du compte CareCover de ${email}`);

    await switchLanguage(client, userId, 'en');
    // max_frequency: one recovery email per address per second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await requestRecovery(email);
    const inEnglish = await waitForMail(email, 3);
    expect(inEnglish.subject).toBe('Reset your CareCover password');
    expectEnglish(inEnglish);
    // The recovery link works whatever the language.
    const opened = await fetch(verifyLinkIn(inEnglish), { redirect: 'manual' });
    expect(opened.status).toBe(303);
  });

  it("invites a worker in the agency's language", async () => {
    const agency = await signUpCompany('fr-agency');
    const { error: saved } = await agency.client.from('companies').update({ locale: 'fr-CA' }).eq('id', agency.userId);
    expect(saved).toBeNull();
    const invitee = uniqueEmail('fr-invitee');
    const { data, error } = await agency.client.functions.invoke<{ results: { email: string; status: string }[] }>(
      'invite-workers',
      { body: { invitees: [{ email: invitee, name: 'Fanny Fortin' }] } },
    );
    expect(error).toBeNull();
    expect(data?.results).toEqual([{ email: invitee, status: 'invited' }]);

    const invitation = await waitForMail(invitee);
    expect(invitation.subject).toBe('Votre invitation à CareCover');
    expectFrench(invitation);
    expect(invitation.text).toContain('CareCover Personnel');
    // The worker's app starts in that language too (they can switch it).
    const { rows } = await pool.query<{ locale: string }>('select locale from public.staff where email = $1', [
      invitee,
    ]);
    expect(rows).toEqual([{ locale: 'fr-CA' }]);
  });

  it('pushes one new shift to each worker in their own language', async () => {
    const agency = await signUpCompany('push-agency');
    const code = await companyCode(agency);
    const french = await signUpEmployedWorker('push-fr', code);
    const english = await signUpEmployedWorker('push-en', code);
    await switchLanguage(french.client, french.userId, 'fr-CA');
    const frenchDevice = await subscribe(french);
    const englishDevice = await subscribe(english);

    await postShift(agency);
    const { error } = await agency.client.functions.invoke('sendnotification', { body: { companyID: agency.userId } });
    expect(error).toBeNull();

    expect(await delivered(frenchDevice)).toEqual([
      expect.objectContaining({
        payload: expect.objectContaining({
          title: 'Nouveau quart disponible',
          body: 'Votre employeur vient de publier un nouveau quart. Consultez la page d’accueil',
        }),
      }),
    ]);
    expect(await delivered(englishDevice)).toEqual([
      expect.objectContaining({
        payload: expect.objectContaining({
          title: 'New shift available',
          body: 'Your employer just posted a new shift. View in home page',
        }),
      }),
    ]);
  });
});

/** A browser subscription from the push stand-in, saved as the staff app saves it. */
async function subscribe(worker: Account): Promise<string> {
  const res = await fetch(`${standinsUrl}/webpush/subscribe`, { method: 'POST' });
  expect(res.status).toBe(201);
  const sub = (await res.json()) as { endpoint: string; keys: { p256dh: string; auth: string } };
  const { error } = await worker.client.rpc('save_web_push_subscription', {
    endpoint: sub.endpoint,
    p256dh: sub.keys.p256dh,
    auth: sub.keys.auth,
    user_agent: 'vitest',
  });
  expect(error).toBeNull();
  return sub.endpoint;
}

/** What the push stand-in decrypted for one device. */
async function delivered(endpoint: string): Promise<{ payload: unknown }[]> {
  const res = await fetch(`${standinsUrl}/webpush/pushes?endpoint=${encodeURIComponent(endpoint)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as { payload: unknown }[];
}

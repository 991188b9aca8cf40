/**
 * The product's edge functions (`geocode`, `sendnotification`) served by the running local stack:
 * called through supabase-js as a signed-in company, against the stand-ins (offline geocoding,
 * Expo push sink), with staff created the way the mobile app creates them.
 */
import { randomUUID } from 'node:crypto';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standinsUrl } from '../src/config.ts';
import { anonClient, serviceClient, TEST_PASSWORD, uniqueEmail } from '../../tests/support/clients.ts';

interface Account {
  id: string;
  client: SupabaseClient;
}

const createdUsers: string[] = [];

async function createAccount(label: string, metadata: Record<string, unknown> = {}): Promise<Account> {
  const email = uniqueEmail(label);
  const { data, error } = await serviceClient().auth.admin.createUser({
    email,
    password: TEST_PASSWORD,
    email_confirm: true,
    user_metadata: metadata,
  });
  if (error) throw error;
  createdUsers.push(data.user.id);
  const client = anonClient();
  const signIn = await client.auth.signInWithPassword({ email, password: TEST_PASSWORD });
  if (signIn.error) throw signIn.error;
  return { id: data.user.id, client };
}

/** A non-2xx answer of `functions.invoke`: its status and JSON body. */
async function failure(
  error: unknown,
): Promise<{ status: number; body: { error: { code: string; message: string } } }> {
  expect(error).toBeInstanceOf(FunctionsHttpError);
  const res = (error as FunctionsHttpError).context as Response;
  return { status: res.status, body: (await res.json()) as { error: { code: string; message: string } } };
}

interface RecordedPush {
  to: string;
  title?: string;
  body?: string;
  data?: unknown;
  sound?: unknown;
  status: 'ok' | 'error';
}

async function recordedPushes(): Promise<RecordedPush[]> {
  const res = await fetch(`${standinsUrl}/__dev/pushes`);
  expect(res.status).toBe(200);
  return (await res.json()) as RecordedPush[];
}

let company: Account;
let otherCompany: Account;

beforeAll(async () => {
  company = await createAccount('fn-company');
  otherCompany = await createAccount('fn-other-company');
});

afterAll(async () => {
  const admin = serviceClient();
  await Promise.all(createdUsers.map((id) => admin.auth.admin.deleteUser(id)));
});

describe('geocode function', () => {
  it('answers coordinates in Toronto for a Toronto address', async () => {
    const { data, error } = await company.client.functions.invoke('geocode', {
      body: {
        streetNumber: '100',
        streetName: 'Queen St W',
        city: 'Toronto',
        province: 'ON',
        country: 'Canada',
        postalCode: 'M5H 2N2',
      },
    });
    expect(error).toBeNull();
    const answer = data as { lat: number; lng: number; formattedAddress: string };
    expect(Math.abs(answer.lat - 43.65)).toBeLessThan(0.15);
    expect(Math.abs(answer.lng - -79.38)).toBeLessThan(0.2);
    expect(answer.formattedAddress).toMatch(/Toronto/);
    expect((data as { isApproximate: boolean }).isApproximate).toBe(false);
  });

  it('places a street whose house number was not found, and says the match is approximate', async () => {
    const { data, error } = await company.client.functions.invoke('geocode', {
      body: {
        streetNumber: '95000',
        streetName: 'Queen Street West',
        city: 'Toronto',
        province: 'ON',
        country: 'Canada',
        postalCode: 'M5H 2N2',
      },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      isApproximate: true,
      formattedAddress: expect.stringMatching(/^Queen Street West, Toronto/),
    });
  });

  // Issue 16: a made-up street in a made-up town matched only its province; its centre was stored
  // as the shift's location. An area is not an address: the function refuses it like no result.
  it('answers 422 for a made-up address that only matches a province', async () => {
    const { data, error } = await company.client.functions.invoke('geocode', {
      body: {
        streetNumber: '99999',
        streetName: 'Nowhere Rd',
        city: 'Atlantis',
        province: 'ON',
        country: 'Canada',
        postalCode: 'X0X 0X0',
      },
    });
    expect(data).toBeNull();
    expect(await failure(error)).toEqual({
      status: 422,
      body: { error: { code: 'not_geocoded', message: 'Geocoding failed' } },
    });
  });

  it('answers 422 Geocoding failed for an address nobody knows', async () => {
    const { data, error } = await company.client.functions.invoke('geocode', {
      body: { address: 'Qwzxv Plorpt, Zzyzxland' },
    });
    expect(data).toBeNull();
    expect(await failure(error)).toEqual({
      status: 422,
      body: { error: { code: 'not_geocoded', message: 'Geocoding failed' } },
    });
  });

  it('answers 400 with a sentence for bad input', async () => {
    const { error } = await company.client.functions.invoke('geocode', { body: { address: '' } });
    expect(await failure(error)).toEqual({
      status: 400,
      body: { error: { code: 'invalid_input', message: 'address must not be empty.' } },
    });
  });

  it('refuses a visitor who only holds the anon key', async () => {
    const { error } = await anonClient().functions.invoke('geocode', { body: { address: 'Toronto, ON' } });
    const { status, body } = await failure(error);
    expect(status).toBe(401);
    expect(body.error.code).toBe('unauthorized');
  });
});

describe('sendnotification function', () => {
  const run = randomUUID().slice(0, 8);
  const tokens = [0, 1, 2, 3].map((i) => `ExponentPushToken[it-${run}-${i}]`);
  const brokenToken = `not-a-device-${run}`;
  const staffIds: string[] = [];

  beforeAll(async () => {
    const { data, error } = await company.client.from('companies').select('company_code').single();
    if (error) throw error;
    const code = (data as { company_code: string }).company_code;
    const withToken = [...tokens, brokenToken];
    const staff = await Promise.all(
      [...withToken, null].map((_, i) =>
        createAccount(`fn-staff-${i}`, {
          account_type: 'staff',
          first_name: 'Staff',
          last_name: `${i}`,
          company_code: code,
        }),
      ),
    );
    // Each device registers its own token, as the staff app does under its own session.
    await Promise.all(
      staff.map(async (s, i) => {
        staffIds.push(s.id);
        const token = withToken[i];
        if (token === undefined) return;
        const { error: updateError } = await s.client.from('staff').update({ push_token: token }).eq('id', s.id);
        if (updateError) throw updateError;
      }),
    );
  });

  it('pushes one message to each employed device and reports every recipient', async () => {
    const { data, error } = await company.client.functions.invoke('sendnotification', {
      body: { companyID: company.id },
    });
    expect(error).toBeNull();
    const answer = data as {
      sent: number;
      failed: number;
      skipped: number;
      results: { staffId: string; status: string; message?: string }[];
    };
    expect(answer).toMatchObject({ sent: 4, failed: 1, skipped: 1 });
    expect(answer.results.map((r) => r.staffId).sort()).toEqual([...staffIds].sort());
    expect(answer.results.find((r) => r.status === 'error')?.message).toContain('not a registered');

    const mine = (await recordedPushes()).filter((p) => p.to.includes(run));
    for (const token of tokens) {
      const received = mine.filter((p) => p.to === token);
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({
        title: 'New shift available',
        body: 'Your employer just posted a new shift. View in home page',
        data: { companyId: company.id },
        sound: 'default',
        status: 'ok',
      });
    }
    expect(mine.filter((p) => p.to === brokenToken)).toHaveLength(1);
    expect(mine).toHaveLength(tokens.length + 1);
  });

  it("answers 403 for another company's id and pushes nothing", async () => {
    const { error } = await otherCompany.client.functions.invoke('sendnotification', {
      body: { companyID: company.id },
    });
    expect(await failure(error)).toEqual({
      status: 403,
      body: { error: { code: 'forbidden', message: 'You can only notify the staff of your own company.' } },
    });
    expect((await recordedPushes()).filter((p) => p.to.includes(run))).toHaveLength(tokens.length + 1);
  });

  it('a company that employs nobody sends nothing', async () => {
    const { data, error } = await otherCompany.client.functions.invoke('sendnotification', {
      body: { companyID: otherCompany.id },
    });
    expect(error).toBeNull();
    expect(data).toEqual({ sent: 0, failed: 0, skipped: 0, results: [] });
  });

  it('answers 401 to a visitor and 400 to a malformed body', async () => {
    const anon = await anonClient().functions.invoke('sendnotification', { body: { companyID: company.id } });
    expect((await failure(anon.error)).status).toBe(401);
    const bad = await company.client.functions.invoke('sendnotification', { body: { companyId: company.id } });
    const { status, body } = await failure(bad.error);
    expect(status).toBe(400);
    expect(body.error.message).toBe('Unknown field: companyId. Allowed: companyID, shiftID, wave.');
  });
});

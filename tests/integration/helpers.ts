/** Fresh accounts and shift factories for the integration tests, all through supabase-js. */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { expect } from 'vitest';
import type { Database } from '@shared/types/database.types.ts';
import { clientOptions, TEST_PASSWORD, uniqueEmail } from '../support/clients.ts';
import { ANON_KEY, API_URL } from '../support/stack-env.ts';

export type Client = SupabaseClient<Database>;
export type ShiftInsert = Database['public']['Tables']['shifts']['Insert'];

export function typedAnonClient(): Client {
  return createClient<Database>(API_URL, ANON_KEY, clientOptions as Parameters<typeof createClient<Database>>[2]);
}

export interface Account {
  client: Client;
  userId: string;
  email: string;
}

/** Signs up through auth.signUp with the metadata the dashboard or the staff app sends. */
export async function signUp(label: string, data: Record<string, string>): Promise<Account> {
  const client = typedAnonClient();
  const email = uniqueEmail(label);
  const { data: result, error } = await client.auth.signUp({ email, password: TEST_PASSWORD, options: { data } });
  if (error) throw error;
  if (!result.user || !result.session) throw new Error('sign-up returned no session');
  return { client, userId: result.user.id, email };
}

export function signUpCompany(label = 'company'): Promise<Account> {
  return signUp(label, { account_type: 'company' });
}

export function signUpWorker(label = 'worker', companyCode?: string): Promise<Account> {
  return signUp(label, {
    account_type: 'staff',
    first_name: 'Test',
    last_name: label,
    phone: '416-555-0100',
    ...(companyCode ? { company_code: companyCode } : {}),
  });
}

export async function companyCode(company: Account): Promise<string> {
  const { data, error } = await company.client.from('companies').select('company_code').single();
  if (error) throw error;
  return data.company_code;
}

/** A valid shift request starting tomorrow (SPEC §3 fields); override what a test cares about. */
export function shiftInput(overrides: Partial<ShiftInsert> = {}): ShiftInsert {
  const start = new Date(Date.now() + 24 * 3600_000);
  const end = new Date(start.getTime() + 8 * 3600_000);
  return {
    staff_type: 'PSW',
    skill: 'Personal care',
    street_number: '100',
    street_name: 'Queen Street West',
    city: 'Toronto',
    province: 'ON',
    country: 'Canada',
    postal_code: 'M5H 2N2',
    starts_at: start.toISOString(),
    ends_at: end.toISOString(),
    latitude: 43.6525,
    longitude: -79.3838,
    ...overrides,
  };
}

/** Start and end of a shift a worker can clock in to now (clock-in opens 30 minutes before the start). */
export function startingSoon(minutes = 10): Pick<ShiftInsert, 'starts_at' | 'ends_at'> {
  const start = new Date(Date.now() + minutes * 60_000);
  return { starts_at: start.toISOString(), ends_at: new Date(start.getTime() + 8 * 3600_000).toISOString() };
}

/** Where shiftInput's shift is: a clock-in here is 0 m from it. */
export const SHIFT_POSITION = { latitude: 43.6525, longitude: -79.3838 } as const;

export async function postShift(company: Account, overrides: Partial<ShiftInsert> = {}): Promise<string> {
  const { data, error } = await company.client.from('shifts').insert(shiftInput(overrides)).select('id').single();
  if (error) throw error;
  return data.id;
}

/**
 * Waits until pg_net has stored the answer to a request the database queued (net._http_response)
 * and returns its status. The stand-in records a push as it arrives; pg_net writes the answer a
 * moment later, so the row is polled for, not read once.
 */
export async function pgNetStatus(db: pg.Client, requestId: string | number): Promise<number | undefined> {
  const status = async () =>
    (await db.query<{ status_code: number }>('select status_code from net._http_response where id = $1', [requestId]))
      .rows[0]?.status_code;
  await expect.poll(status, { timeout: 20_000 }).toBeDefined();
  return status();
}

/**
 * The soak's accounts: N onboarded agencies (the first share of them on the free plan, the rest
 * premium), each employing a few workers with push tokens, all under one run marker in the bench
 * domain so they are found and deleted afterwards. Rows are made with SQL through the sign-up
 * trigger (as the e2e fixtures do), then every account signs in with its password through the
 * gateway's /auth/v1, so each soak client is a real session.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import type { Database } from '@shared/types/database.types.ts';
import { deleteBenchAccounts } from '../../bench/bench-accounts.ts';
import { clientOptions } from '../support/clients.ts';
import { ANON_KEY, API_URL } from '../support/stack-env.ts';
import { lightFetch } from './light-fetch.ts';

export type Client = SupabaseClient<Database>;

export const SOAK_DOMAIN = 'bench.carecover.local';
const PASSWORD = 'Soak!pass-2345';

export interface SoakCompany {
  index: number;
  id: string;
  email: string;
  premium: boolean;
  staffIds: string[];
}

export interface SoakWorker {
  companyIndex: number;
  index: number;
  id: string;
  email: string;
}

export interface SoakAccounts {
  marker: string;
  companies: SoakCompany[];
  workers: SoakWorker[];
}

/** `soak-<run>-…@bench.carecover.local`: what cleanup matches. */
export const emailPattern = (marker: string): string => `${marker}-%@${SOAK_DOMAIN}`;

/**
 * Creates the agencies and spreads `workers` over them (as evenly as possible). One bcrypt hash
 * of cost 4 is shared by every account: sign-in still checks it in Postgres like any other, but
 * 200 sign-ins then cost milliseconds rather than seconds of a CPU the soak needs.
 */
export async function createAccounts(
  db: pg.Client,
  marker: string,
  companies: number,
  workers: number,
  freeCompanies: number,
): Promise<SoakAccounts> {
  const { rows: hashRows } = await db.query<{ hash: string }>(
    "select extensions.crypt($1, extensions.gen_salt('bf', 4)) as hash",
    [PASSWORD],
  );
  const hash = hashRows[0]?.hash;
  if (!hash) throw new Error('pgcrypto returned no hash');

  const insertUsers = `insert into auth.users (instance_id, id, aud, role, email, encrypted_password,
                         email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
                       select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated',
                              'authenticated', u.email, $2, now(), '{"provider": "email", "providers": ["email"]}',
                              u.meta, now(), now()
                       from jsonb_to_recordset($1::jsonb) as u(email text, meta jsonb)`;

  const companyEmails = Array.from({ length: companies }, (_, i) => `${marker}-c${i}@${SOAK_DOMAIN}`);
  await db.query(insertUsers, [
    JSON.stringify(companyEmails.map((email) => ({ email, meta: { account_type: 'company' } }))),
    hash,
  ]);
  const { rows: companyRows } = await db.query<{ id: string; email: string; company_code: string }>(
    `update public.companies c set company_name = p.name, phone = '4165550100', street = '1 King St W',
            city = 'Toronto', province = 'ON', country = 'Canada', postal_code = 'M5H 1A1', staff_size = '10-30',
            referral_source = 'Email', company_type = 'Homecare Company', time_zone = 'America/Toronto',
            tutorial_seen_at = now(), premium = p.premium
       from jsonb_to_recordset($1::jsonb) as p(email text, name text, premium boolean)
      where c.email = p.email returning c.id, c.email, c.company_code`,
    [
      JSON.stringify(
        companyEmails.map((email, i) => ({ email, name: `Soak agency ${i}`, premium: i >= freeCompanies })),
      ),
    ],
  );
  const byEmail = new Map(companyRows.map((r) => [r.email, r]));
  const soakCompanies: SoakCompany[] = companyEmails.map((email, index) => {
    const row = byEmail.get(email);
    if (!row) throw new Error(`the sign-up trigger created no company for ${email}`);
    return { index, id: row.id, email, premium: index >= freeCompanies, staffIds: [] };
  });

  const workerSpecs = Array.from({ length: workers }, (_, i) => {
    const company = soakCompanies[i % companies] as SoakCompany;
    const index = Math.floor(i / companies);
    const code = byEmail.get(company.email)?.company_code;
    return {
      company,
      index,
      email: `${marker}-c${company.index}-s${index}@${SOAK_DOMAIN}`,
      meta: { account_type: 'staff', first_name: 'Soak', last_name: `Worker ${index}`, company_code: code },
    };
  });
  await db.query(insertUsers, [JSON.stringify(workerSpecs.map(({ email, meta }) => ({ email, meta }))), hash]);
  const { rows: staffRows } = await db.query<{ id: string; email: string }>(
    `update public.staff set push_token = format('ExponentPushToken[%s]', split_part(email, '@', 1))
      where email like $1 returning id, email`,
    [emailPattern(marker)],
  );
  const staffByEmail = new Map(staffRows.map((r) => [r.email, r.id]));
  const soakWorkers = workerSpecs.map(({ company, index, email }) => {
    const id = staffByEmail.get(email);
    if (!id) throw new Error(`the sign-up trigger created no staff row for ${email}`);
    company.staffIds.push(id);
    return { companyIndex: company.index, index, id, email };
  });
  const { rows: employed } = await db.query<{ n: number }>(
    'select count(*)::int as n from public.employments where staff_id = any($1::uuid[])',
    [soakWorkers.map((w) => w.id)],
  );
  if (employed[0]?.n !== workers) throw new Error(`only ${employed[0]?.n} of ${workers} workers were employed`);
  return { marker, companies: soakCompanies, workers: soakWorkers };
}

/**
 * A supabase-js client signed in through /auth/v1 with the account's password; `n` picks the
 * loopback address its requests come from. The gateway, like GoTrue, allows 500 sign-ins per IP per
 * 5 minutes: 200 clients signing in from 127.0.0.1 would use most of that, so a second run (or the
 * browser tests after the soak in `npm test`) would be refused. Real clients come from many
 * addresses, and all of 127.0.0.0/8 is loopback on Linux. Requests go through lightFetch.
 */
export async function signIn(email: string, n: number): Promise<Client> {
  const address = `127.1.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
  const client = createClient<Database>(API_URL, ANON_KEY, {
    ...clientOptions,
    global: { fetch: lightFetch(address) },
  });
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw new Error(`sign-in of ${email} failed: ${error.message}`);
  return client;
}

/** Deletes everything the run created (the accounts and all that hangs off them). */
export async function deleteAccounts(db: pg.Client, marker: string): Promise<void> {
  await deleteBenchAccounts(db, { emailLike: emailPattern(marker) });
}

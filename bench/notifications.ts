/**
 * `sendnotification` with 1,000 employed staff: one call through the gateway, timed from the
 * request until the push sink has recorded a message for every device (target: under 2 s).
 *
 * The staff are inserted as auth.users rows by the superuser, with the sign-up metadata the staff
 * app sends (account_type staff, company_code), so the database's own trigger creates their staff
 * and employment rows; the company is made premium first (the free plan stops at 30 staff).
 * Everything is deleted again afterwards.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import { ANON_KEY, apiUrl, dbUrl, SERVICE_ROLE_KEY } from '../stack/src/config.ts';
import { recordedPushes } from '../tests/support/pushes.ts';
import { clientOptions } from '../tests/support/clients.ts';

const STAFF = 1000;
const TIMEOUT_MS = 30_000;

async function callSendNotification(token: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${apiUrl}/functions/v1/sendnotification`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

/** How many of this run's devices the push sink has recorded. */
async function recorded(marker: string, since: string): Promise<number> {
  return (await recordedPushes(since)).filter((p) => p.to.includes(marker)).length;
}

export async function benchNotifications(): Promise<{ staff: number; ms: number }> {
  const run = randomUUID().slice(0, 8);
  const marker = `bench-${run}-`;
  const emailPattern = `bench-${run}-%@bench.carecover.local`;
  const admin = createClient(apiUrl, SERVICE_ROLE_KEY, clientOptions);
  const db = new pg.Client({ connectionString: dbUrl() });
  await db.connect();
  let companyId: string | null = null;
  try {
    const email = `bench-company-${run}@bench.carecover.local`;
    const password = `Bench!${run}`;
    const created = await admin.auth.admin.createUser({ email, password, email_confirm: true });
    if (created.error) throw created.error;
    companyId = created.data.user.id;
    const session = await createClient(apiUrl, ANON_KEY, clientOptions).auth.signInWithPassword({ email, password });
    if (session.error) throw session.error;
    const token = session.data.session.access_token;

    const company = await db.query<{ company_code: string }>(
      'update public.companies set premium = true where id = $1 returning company_code',
      [companyId],
    );
    const code = company.rows[0]?.company_code;
    if (!code) throw new Error('The sign-up trigger created no company row');

    // Warm the function's process (and its first Auth and REST round trips) before timing.
    const warm = await callSendNotification(token, { companyID: companyId });
    if (warm.status !== 200) throw new Error(`Warm-up call failed: ${warm.status} ${JSON.stringify(warm.json)}`);

    await db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                               raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
              format('bench-%s-%s@bench.carecover.local', $1::text, i), '', now(),
              '{"provider": "email", "providers": ["email"]}',
              jsonb_build_object('account_type', 'staff', 'first_name', 'Bench', 'last_name', i::text,
                                 'company_code', $2::text),
              now(), now()
       from generate_series(1, $3::int) i`,
      [run, code, STAFF],
    );
    const tokens = await db.query(
      `update public.staff set push_token = format('ExponentPushToken[%s%s]', $1::text, split_part(email, '@', 1))
       where email like $2`,
      [marker, emailPattern],
    );
    const employed = await db.query<{ n: string }>(
      'select count(*) as n from public.employments where company_id = $1',
      [companyId],
    );
    if (tokens.rowCount !== STAFF || Number(employed.rows[0]?.n) !== STAFF) {
      throw new Error(`Expected ${STAFF} employed staff with tokens, got ${employed.rows[0]?.n}`);
    }

    const since = new Date().toISOString();
    const started = performance.now();
    const answer = await callSendNotification(token, { companyID: companyId });
    if (answer.status !== 200)
      throw new Error(`sendnotification failed: ${answer.status} ${JSON.stringify(answer.json)}`);
    let count = await recorded(marker, since);
    while (count < STAFF) {
      if (performance.now() - started > TIMEOUT_MS) throw new Error(`Only ${count} of ${STAFF} pushes were recorded`);
      await new Promise((resolve) => setTimeout(resolve, 10));
      count = await recorded(marker, since);
    }
    const ms = performance.now() - started;
    const sent = (answer.json as { sent?: number }).sent;
    if (sent !== STAFF) throw new Error(`sendnotification reported ${sent} sent, expected ${STAFF}`);
    return { staff: count, ms };
  } finally {
    await db.query('delete from auth.users where email like $1', [emailPattern]);
    if (companyId) await db.query('delete from auth.users where id = $1', [companyId]);
    await db.end();
  }
}

/**
 * Eligibility under a crowd (issue 28): 50 workers recorded as Registered Nurses and 50 recorded
 * only as Personal Support Workers accept one Registered Nurse shift at the same moment, each
 * through the API with their own token. Exactly one nurse wins; every PSW is refused with the
 * reason that applies to them whatever the order the calls arrive in; every other nurse is told
 * the shift is taken: accept_shift asks whether the caller may take the shift before whether someone
 * was faster. Each reason alone and together is in pgTAP (25-staff-qualifications,
 * 31-eligibility-for-a-shift). Workers are created in one statement through the sign-up trigger with
 * the agency's code and call with tokens signed as the gateway signs them, so the crowd costs
 * seconds, not 100 sign-ups.
 */
import { createClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@shared/types/database.types.ts';
import { signJwt } from '../../stack/src/gateway/jwt.ts';
import { clientOptions, superuser } from '../support/clients.ts';
import { ANON_KEY, API_URL } from '../support/stack-env.ts';
import { companyCode, postShift, signUpCompany, type Account, type Client } from './helpers.ts';

const NURSE = 'Registered Nurse';
const PSW = 'Personal Support Worker';
const CROWD = 50;

async function workerClient(userId: string): Promise<Client> {
  const token = await signJwt({
    sub: userId,
    role: 'authenticated',
    aud: 'authenticated',
    exp: Math.floor(Date.now() / 1000) + 3600,
  });
  return createClient<Database>(API_URL, ANON_KEY, {
    ...(clientOptions as object),
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}

/**
 * One worker's accept: the database's answer (null when they won). A 503 is no answer: the gateway
 * (like PostgREST) gives up on a pooled connection after a few seconds, and on a loaded machine the
 * last of 100 accepts queued on one shift's row can wait that long; a client asks again.
 */
async function accept(client: Client, shiftId: string): Promise<string | null> {
  for (let attempt = 1; ; attempt++) {
    const { error, status } = await client.rpc('accept_shift', { shift_id: shiftId });
    if (status === 503 && attempt < 3) continue;
    return error?.message ?? null;
  }
}

describe('100 workers accept one Registered Nurse shift at once', () => {
  let db: pg.Client;
  let agency: Account;
  let marker: string;
  const nurses: string[] = [];
  const psws: string[] = [];

  beforeAll(async () => {
    db = await superuser();
    agency = await signUpCompany('crowd-agency');
    await db.query('update public.companies set premium = true where id = $1', [agency.userId]);
    const code = await companyCode(agency);
    marker = `crowd-${agency.userId.slice(0, 8)}`;
    // Workers join with the company code, as the staff app's sign-up does, in one statement.
    const { rows } = await db.query<{ id: string }>(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                               raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
              format('%s-%s@staff.carecover.local', $1::text, i), '', now(),
              '{"provider": "email", "providers": ["email"]}',
              jsonb_build_object('account_type', 'staff', 'first_name', 'Crowd', 'last_name', i::text,
                                 'company_code', $2::text),
              now(), now()
       from generate_series(1, $3::int) i
       returning id`,
      [marker, code, CROWD * 2],
    );
    for (const [i, row] of rows.entries()) (i < CROWD ? nurses : psws).push(row.id);

    // The agency records each worker's type through the API, as the worker's page does.
    for (const [ids, type] of [
      [nurses, NURSE],
      [psws, PSW],
    ] as const) {
      const { error } = await agency.client
        .from('employments')
        .update({ staff_types: [type] })
        .in('staff_id', ids);
      expect(error).toBeNull();
    }
  });

  afterAll(async () => {
    await db.query('delete from auth.users where email like $1 or id = $2', [
      `${marker}-%@staff.carecover.local`,
      agency.userId,
    ]);
    await db.end();
  });

  it('gives the shift to exactly one nurse and refuses every PSW with their reason', async () => {
    const shiftId = await postShift(agency, { staff_type: NURSE, skill: 'Medication administration' });
    const crowd = [...nurses.map((id) => ({ id, nurse: true })), ...psws.map((id) => ({ id, nurse: false }))];
    const clients = await Promise.all(crowd.map((w) => workerClient(w.id)));

    const errors = await Promise.all(clients.map((c) => accept(c, shiftId)));

    const outcomes = crowd.map((w, i) => ({ ...w, error: errors[i] ?? null }));
    const winners = outcomes.filter((o) => o.error === null);
    expect(winners).toHaveLength(1);
    expect(winners[0]!.nurse).toBe(true);
    const pswRefusals = outcomes.filter((o) => !o.nurse).map((o) => o.error);
    expect(pswRefusals).toEqual(
      Array.from({ length: CROWD }, () => `This shift is for a ${NURSE}, which the agency has not recorded you as`),
    );
    const otherNurses = outcomes.filter((o) => o.nurse && o.error !== null).map((o) => o.error);
    expect(otherNurses).toEqual(
      Array.from({ length: CROWD - 1 }, () => 'This shift has already been accepted by another staff member'),
    );

    const { data: shift } = await agency.client
      .from('shifts_with_status')
      .select('accepted_by, status')
      .eq('id', shiftId)
      .single();
    expect(shift).toEqual({ accepted_by: winners[0]!.id, status: 'Assigned' });
  });
});

/**
 * The `assistant` function served by the running local stack with the built-in assistant
 * (AI_PROVIDER=none in supabase/functions/.env.example): a company signed up through supabase-js
 * posts shifts under its own session, staff join with its code the way the staff app does, shift
 * life (accept, clock in/out) is set by the superuser, and each supported question is answered from
 * that data. The free plan's monthly quota is enforced by the database, and only answers count.
 * (The wording of every reply is pinned by the question bank, tests/assistant/; this checks the
 * facts through the deployed function.)
 */
import { randomUUID } from 'node:crypto';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, superuser, TEST_PASSWORD, uniqueEmail } from '../../tests/support/clients.ts';

interface Answer {
  reply: string;
  answeredBy: 'model' | 'builtin';
  kind: 'answer' | 'clarify' | 'unsupported';
  counted: boolean;
  remaining: number | null;
}

const QUOTA_SENTENCE =
  'You have used all 25 assistant questions of the free plan this month. Go Premium for unlimited questions.';
const run = randomUUID().slice(0, 8);
const HOUR = 3600_000;

let db: pg.Client;
let company: { id: string; client: SupabaseClient };
const shiftIds: Record<'pendingSoon' | 'pendingLater' | 'assigned' | 'live' | 'done', string> = {
  pendingSoon: '',
  pendingLater: '',
  assigned: '',
  live: '',
  done: '',
};
const createdUsers: string[] = [];

async function ask(client: SupabaseClient, ...texts: string[]): Promise<Answer> {
  const messages = texts.map((text, i) => ({ sender: i % 2 === 0 ? 'user' : 'ai', text }));
  const { data, error } = await client.functions.invoke('assistant', { body: { messages } });
  if (error) throw error;
  return data as Answer;
}

async function signUpCompany(label: string): Promise<{ id: string; client: SupabaseClient }> {
  const client = anonClient();
  const { data, error } = await client.auth.signUp({
    email: uniqueEmail(label),
    password: TEST_PASSWORD,
    options: { data: { account_type: 'company' } },
  });
  if (error) throw error;
  if (!data.user || !data.session) throw new Error('sign-up returned no session');
  createdUsers.push(data.user.id);
  return { id: data.user.id, client };
}

beforeAll(async () => {
  db = await superuser();
  company = await signUpCompany('ai-company');
  const { data: row, error } = await company.client.from('companies').select('company_code').single();
  if (error) throw error;
  const code = (row as { company_code: string }).company_code;

  // Staff sign up with the company code, as the staff app does (the trigger employs them).
  const staff = await db.query<{ id: string; first_name: string }>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                             raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
            format('ai-%s-%s@test.carecover.local', $1::text, n.first), '', now(),
            '{"provider":"email","providers":["email"]}',
            jsonb_build_object('account_type', 'staff', 'first_name', n.first, 'last_name', n.last,
                               'phone', '4165550100', 'company_code', $2::text),
            now(), now()
     from (values ('Priya', 'Raman'), ('Lucas', 'Moreau'), ('Noah', 'Bergeron')) n(first, last)
     returning id, raw_user_meta_data ->> 'first_name' as first_name`,
    [run, code],
  );
  const idOf = (name: string): string => staff.rows.find((r) => r.first_name === name)!.id;
  createdUsers.push(...staff.rows.map((r) => r.id));
  await db.query(`update public.staff set push_token = 'ExponentPushToken[ai-${run}]' where id = $1`, [idOf('Priya')]);

  // The company posts five shifts under its own session (RLS and the plan limit apply).
  const now = Date.now();
  const post = async (streetNumber: string, streetName: string, startsIn: number): Promise<string> => {
    const { data, error: postError } = await company.client
      .from('shifts')
      .insert({
        staff_type: 'PSW',
        skill: 'Personal care',
        street_number: streetNumber,
        street_name: streetName,
        city: 'Toronto',
        province: 'Ontario',
        country: 'Canada',
        postal_code: 'M5H 2N2',
        starts_at: new Date(now + startsIn).toISOString(),
        ends_at: new Date(now + startsIn + 8 * HOUR).toISOString(),
      })
      .select('id')
      .single();
    if (postError) throw postError;
    return (data as { id: string }).id;
  };
  shiftIds.pendingSoon = await post('12', 'Harbour Street', 3 * HOUR);
  shiftIds.pendingLater = await post('40', 'Bay Street', 72 * HOUR);
  shiftIds.assigned = await post('77', 'Dundas Street West', 48 * HOUR);
  shiftIds.live = await post('300', 'Front Street West', 1 * HOUR);
  shiftIds.done = await post('5', 'Elm Street', 2 * HOUR);

  // Shift life, as accept / clock in / clock out would leave it (backdated by the superuser).
  await db.query(`update public.shifts set accepted_by = $2, accepted_at = now() where id = $1`, [
    shiftIds.assigned,
    idOf('Lucas'),
  ]);
  await db.query(
    `update public.shifts set starts_at = now() - interval '2 hours', ends_at = now() + interval '6 hours',
            accepted_by = $2, accepted_at = now() - interval '1 day', clocked_in_at = now() - interval '2 hours'
     where id = $1`,
    [shiftIds.live, idOf('Noah')],
  );
  await db.query('update public.staff set on_shift = true where id = $1', [idOf('Noah')]);
  await db.query(
    `update public.shifts set starts_at = now() - interval '3 days', ends_at = now() - interval '3 days' + interval '8 hours',
            accepted_by = $2, accepted_at = now() - interval '4 days', clocked_in_at = now() - interval '3 days',
            clocked_out_at = now() - interval '3 days' + interval '7 hours 30 minutes', time_done = '7.5'
     where id = $1`,
    [shiftIds.done, idOf('Priya')],
  );
});

afterAll(async () => {
  if (createdUsers.length) await db.query('delete from auth.users where id = any($1::uuid[])', [createdUsers]);
  await db.end();
});

describe('assistant function with the built-in assistant', () => {
  it('asks for a ShiftID or address (not counted), then gives the shift by id prefix and by address', async () => {
    const quick = await ask(company.client, 'Provide me details about a shift');
    expect(quick.answeredBy).toBe('builtin');
    expect(quick).toMatchObject({ kind: 'clarify', counted: false, remaining: 25 });
    expect(quick.reply).toMatch(/ShiftID or its address/);

    const prefix = shiftIds.assigned.slice(0, 8);
    const byId = await ask(company.client, 'Provide me details about a shift', quick.reply, prefix);
    expect(byId).toMatchObject({ kind: 'answer', counted: true, remaining: 24 });
    for (const fact of [prefix, '77 Dundas Street West', 'Assigned', 'Lucas Moreau'])
      expect(byId.reply).toContain(fact);

    const byAddress = await ask(company.client, 'Provide me details about a shift', quick.reply, '5 Elm St');
    for (const fact of [shiftIds.done.slice(0, 8), '5 Elm Street', 'Completed', '7.5']) {
      expect(byAddress.reply).toContain(fact);
    }
    expect(byAddress.remaining).toBe(23);
  });

  it('asks for a staff name, then gives that staff member (fuzzy), without push token', async () => {
    const quick = await ask(company.client, 'Provide me details about a staff');
    expect(quick).toMatchObject({ kind: 'clarify', counted: false });
    expect(quick.reply).toMatch(/name of the staff member/);
    const priya = await ask(company.client, 'Provide me details about a staff', quick.reply, 'priya ramen');
    expect(priya.kind).toBe('answer');
    for (const fact of ['Priya Raman', `ai-${run}-Priya@test.carecover.local`, '7.5'])
      expect(priya.reply).toContain(fact);
    expect(priya.reply).not.toContain('ExponentPushToken');
  });

  it('counts shifts by status, says who is on shift now and which shifts starting soon are pending', async () => {
    const counts = await ask(company.client, 'How many shifts do I have by status?');
    for (const fact of ['5 shifts', 'Pending: 2', 'Assigned: 1', 'In-progress: 1', 'Completed: 1']) {
      expect(counts.reply).toContain(fact);
    }
    const live = await ask(company.client, 'Who is on shift now?');
    expect(live.reply).toContain('Noah Bergeron');
    expect(live.reply).toContain('300 Front Street West');
    expect(live.reply).not.toMatch(/Priya|Lucas/);
    const soon = await ask(company.client, 'Which shifts starting in the next 24 hours are still pending?');
    expect(soon.reply).toContain('12 Harbour Street');
    expect(soon.reply).toContain(shiftIds.pendingSoon.slice(0, 8));
    expect(soon.reply).not.toContain('Bay Street');
  });

  it("adds up a staff member's hours, and says plainly what it cannot answer (not counted)", async () => {
    const hours = await ask(company.client, 'How many hours has Priya Raman worked?');
    expect(hours.reply).toContain('Priya Raman');
    expect(hours.reply).toMatch(/\b7\.5 hours\b/);
    const before = hours.remaining;
    const unknown = await ask(company.client, 'Write me a poem about the sea');
    expect(unknown).toMatchObject({ kind: 'unsupported', counted: false, remaining: before });
    expect(unknown.reply).toMatch(/can't answer/);
  });

  it('refuses the 26th question of the month on the free plan with a sentence offering Premium', async () => {
    const free = await signUpCompany('ai-quota');
    await db.query(
      `insert into public.ai_usage (company_id, month, questions)
       values ($1, date_trunc('month', now() at time zone 'America/Toronto')::date, 25)`,
      [free.id],
    );
    const { data, error } = await free.client.functions.invoke('assistant', {
      body: { messages: [{ sender: 'user', text: 'Who is on shift now?' }] },
    });
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const res = (error as FunctionsHttpError).context as Response;
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ error: { code: 'quota_exceeded', message: QUOTA_SENTENCE } });

    await db.query('update public.companies set premium = true where id = $1', [free.id]);
    const premium = await ask(free.client, 'Who is on shift now?');
    expect(premium.remaining).toBeNull();
    expect(premium.reply).toMatch(/^Nobody is on shift for your agency right now/);
  });

  it('refuses a visitor with only the anon key and bad input', async () => {
    const { error } = await anonClient().functions.invoke('assistant', {
      body: { messages: [{ sender: 'user', text: 'hi' }] },
    });
    expect(((error as FunctionsHttpError).context as Response).status).toBe(401);
    const blank = await company.client.functions.invoke('assistant', {
      body: { messages: [{ sender: 'user', text: '  ' }] },
    });
    const res = (blank.error as FunctionsHttpError).context as Response;
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 'invalid_input', message: 'messages[0].text must not be empty.' },
    });
  });
});

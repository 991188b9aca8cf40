/**
 * The `assistant` function for a large agency: 5,000 shifts and 300 employed staff.
 *
 *   answer time  the built-in assistant (AI_PROVIDER=none, as in supabase/functions/.env.example),
 *                30 calls through the gateway, end to end (quota, RLS reads of every row, answer);
 *                target: median under 150 ms
 *   prompt size  the prompt a model would get for the same company, built by the function's own
 *                prompt builder from the same redacted rows; target: never over 100k tokens
 *
 * The company signs up through the admin API and is made premium (no question, staff or shift
 * limit). Staff are auth.users rows with the staff app's sign-up metadata, so the database's own
 * trigger employs them; shifts are inserted in one statement with session_replication_role =
 * replica, because the posting triggers would notify 300 staff per shift (1.5 million rows).
 * Everything is deleted again afterwards.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import { ANON_KEY, apiUrl, dbUrl, SERVICE_ROLE_KEY } from '../stack/src/config.ts';
import { clientOptions } from '../tests/support/clients.ts';
import { buildConversation, conversationChars } from '../supabase/functions/assistant/model/conversation.ts';
import type { ChatMessage } from '../supabase/functions/assistant/types.ts';
import { summarise, type Summary } from './stats.ts';

const SHIFTS = 5000;
const STAFF = 300;
const CALLS = 30;

const QUESTIONS = [
  'How many shifts do I have by status?',
  'Who is on shift now?',
  'Which shifts starting in the next 24 hours are still pending?',
  'How many hours has Bench 17 worked?',
  'Provide me details about a staff',
];

export interface AssistantBench {
  shifts: number;
  staff: number;
  answer: Summary;
  answeredBy: string;
  promptTokens: number;
  setupMs: number;
}

async function invoke(token: string, text: string): Promise<{ answeredBy: string }> {
  const res = await fetch(`${apiUrl}/functions/v1/assistant`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ messages: [{ sender: 'user', text }] }),
  });
  const body = (await res.json()) as { answeredBy?: string; reply?: string; error?: unknown };
  if (res.status !== 200 || typeof body.reply !== 'string') {
    throw new Error(`assistant answered ${res.status}: ${JSON.stringify(body)}`);
  }
  return { answeredBy: body.answeredBy ?? '?' };
}

export async function benchAssistant(): Promise<AssistantBench> {
  const run = randomUUID().slice(0, 8);
  const emailPattern = `bench-ai-${run}-%@bench.carecover.local`;
  const admin = createClient(apiUrl, SERVICE_ROLE_KEY, clientOptions);
  const db = new pg.Client({ connectionString: dbUrl() });
  await db.connect();
  let companyId: string | null = null;
  try {
    const setupStarted = performance.now();
    const email = `bench-ai-${run}-company@bench.carecover.local`;
    const password = `Bench!${run}`;
    const created = await admin.auth.admin.createUser({
      email,
      password,
      email_confirm: true,
      user_metadata: { account_type: 'company' },
    });
    if (created.error) throw created.error;
    companyId = created.data.user.id;
    const session = await createClient(apiUrl, ANON_KEY, clientOptions).auth.signInWithPassword({ email, password });
    if (session.error) throw session.error;
    const token = session.data.session.access_token;

    const company = await db.query<{ company_code: string }>(
      `update public.companies set premium = true, company_name = 'Bench Care' where id = $1 returning company_code`,
      [companyId],
    );
    const code = company.rows[0]?.company_code;
    if (!code) throw new Error('The sign-up trigger created no company row');

    await db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                               raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
              format('bench-ai-%s-%s@bench.carecover.local', $1::text, i), '', now(),
              '{"provider": "email", "providers": ["email"]}',
              jsonb_build_object('account_type', 'staff', 'first_name', 'Bench', 'last_name', i::text,
                                 'phone', '4165550100', 'company_code', $2::text),
              now(), now()
       from generate_series(1, $3::int) i`,
      [run, code, STAFF],
    );
    await db.query(`update public.staff set push_token = format('ExponentPushToken[%s]', id) where email like $1`, [
      emailPattern,
    ]);

    // Two years of history up to a month ahead: completed in the past, a few in progress now,
    // assigned or pending ahead.
    await db.query('begin');
    await db.query('set local session_replication_role = replica');
    await db.query(
      `with staff as (
         select array_agg(e.staff_id order by e.staff_id) as ids from public.employments e where e.company_id = $1
       ), timeline as (
         select i, now() - interval '730 days' + (i * interval '760 days' / $2::int) as starts_at from generate_series(1, $2::int) i
       )
       insert into public.shifts (company_id, staff_type, skill, street_number, street_name, city, province, country,
                                  postal_code, notes, starts_at, ends_at, latitude, longitude, created_at,
                                  accepted_by, accepted_at, clocked_in_at, clocked_out_at, time_done)
       select $1, 'PSW', 'Personal care', (100 + i % 400)::text, (array['Queen Street West', 'King Street East',
              'Bay Street', 'Yonge Street', 'Dundas Street West'])[1 + i % 5], 'Toronto', 'Ontario', 'Canada',
              'M5H 2N2', case when i % 3 = 0 then 'Client prefers a call before arrival; side door.' end,
              t.starts_at, t.starts_at + interval '8 hours', 43.65, -79.38, t.starts_at - interval '2 days',
              case when t.starts_at < now() or i % 2 = 0 then staff.ids[1 + i % array_length(staff.ids, 1)] end,
              case when t.starts_at < now() or i % 2 = 0 then t.starts_at - interval '1 day' end,
              case when t.starts_at < now() then t.starts_at end,
              case when t.starts_at < now() - interval '8 hours' then t.starts_at + interval '8 hours' end,
              case when t.starts_at < now() - interval '8 hours' then '8' end
       from timeline t, staff`,
      [companyId, SHIFTS],
    );
    await db.query('commit');
    const setupMs = performance.now() - setupStarted;

    const first = await invoke(token, QUESTIONS[0] as string); // warm the function's process
    const latencies: number[] = [];
    const started = performance.now();
    for (let i = 0; i < CALLS; i++) {
      const t0 = performance.now();
      await invoke(token, QUESTIONS[i % QUESTIONS.length] as string);
      latencies.push(performance.now() - t0);
    }
    const answer = summarise(latencies, performance.now() - started);

    // The model path's first request holds no agency data (the model asks the tools for it).
    const messages: ChatMessage[] = [{ sender: 'user', text: 'How many shifts do I have by status?' }];
    const conversation = buildConversation({ messages, now: new Date(), timeZone: 'America/Toronto' });
    return {
      shifts: SHIFTS,
      staff: STAFF,
      answer,
      answeredBy: first.answeredBy,
      promptTokens: Math.ceil(conversationChars(conversation) / 4),
      setupMs,
    };
  } finally {
    await db.query('rollback').catch(() => undefined);
    if (companyId) {
      await db.query('delete from public.shifts where company_id = $1', [companyId]);
      await db.query('delete from auth.users where id = $1', [companyId]);
    }
    await db.query('delete from auth.users where email like $1', [emailPattern]);
    await db.end();
  }
}

/**
 * The `assistant` function for a large agency (issue 19): one premium company with 300 employed
 * staff and its shifts over the past year and the next two months, measured at 5,000 shifts, then
 * grown to 100,000 and measured again.
 *
 *   built-in answer  8 everyday questions in rotation (one per kind of tool: unfilled this week,
 *                    pending, most accepted this month, a named staff member's hours, fill rate,
 *                    late this week, open in the next 24 hours, shifts at an address), sent through
 *                    the gateway to the deployed function with AI_PROVIDER=none (the default of
 *                    supabase/functions/.env.example): 3 warm-up calls, then 40 timed calls, end to
 *                    end (sign-in check, quota, tool reads under the company's JWT, reply);
 *                    targets: median under 50 ms at 5,000 shifts and under 150 ms at 100,000.
 *   model prompt     the same questions in-process through the function-calling loop (answerWithModel)
 *                    with the real tools (createToolRunner, supabase-js signed in as the company) and a
 *                    scripted model that asks for the calls the question needs, then answers; it
 *                    records every request's size (system instruction, turns, tool results and tool
 *                    declarations, in characters; tokens estimated as characters / 4).
 *                    Target: the largest request is the same at 100,000 shifts as at 5,000 (within
 *                    3%, see MAX_REQUEST_SPREAD) and under 32,000 characters.
 *
 * Every answer is checked, so a benchmark never times errors: each timed reply must be an answer of
 * its question's kind (an error, "I can't answer that" or a clarifying question throws), and once
 * per size each question's reply, in-process and through the gateway, must hold the facts the
 * database gives (counts, names, hours). A wrong fact is reported as a missed target, with the reply.
 *
 * The data: the company signs up through the admin API (so the sign-up trigger creates it) and is made
 * premium; its staff are auth.users rows with the staff app's sign-up metadata and its company code,
 * so the database's own trigger employs them. Shifts are inserted in one INSERT … SELECT per load with
 * session_replication_role = replica, because the posting triggers would notify 300 staff per shift.
 * Each row's values come from hashes of its number, so a run is reproducible: starts spread evenly
 * over [now - 365 days, now + 60 days) on the hour, 4 to 12 hours long; 40 addresses in 5 cities; 3
 * staff types and 6 skills. 92% of past shifts were accepted, fewer the further ahead a shift is; a
 * third of the staff are regulars who take 65% of the accepted shifts, the others share the rest (at
 * 100,000 shifts a regular has about 600); 12% of clock-ins are more than 10 minutes late; 1.5% of
 * accepted past shifts were never clocked in. VACUUM ANALYZE after each load, and a wait
 * for Realtime to decode it, so plans and timings are those of a settled database. Everything is
 * deleted again afterwards (also what an interrupted run left).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { ANON_KEY, apiUrl, dbUrl, SERVICE_ROLE_KEY } from '../stack/src/config.ts';
import { clientOptions } from '../tests/support/clients.ts';
import { answerBuiltin } from '../supabase/functions/assistant/builtin/index.ts';
import { conversationChars } from '../supabase/functions/assistant/model/conversation.ts';
import { answerWithModel } from '../supabase/functions/assistant/model/loop.ts';
import type {
  ChatModel,
  Conversation,
  ModelReply,
  ToolDeclaration,
  ToolResultEntry,
} from '../supabase/functions/assistant/model/types.ts';
import { createToolRunner, TOOLS } from '../supabase/functions/assistant/tools/registry.ts';
import type { AssistantOutcome, ToolDefinition, ToolName } from '../supabase/functions/assistant/tools/types.ts';
import { deleteBenchAccounts } from './bench-accounts.ts';
import { waitForReplication } from './replication.ts';
import { summarise, type Summary } from './stats.ts';

const SIZES = [5_000, 100_000];
const STAFF = 300;
const WARMUP = 3;
const CALLS = 40;
const TIME_ZONE = 'America/Toronto';
const EMAIL_PATTERN = 'bench-ai-%@bench.carecover.local';
const COMPANY_EMAIL = 'bench-ai-company@bench.carecover.local';
const PASSWORD = 'Bench!assistant-2026';
export const TARGET_MEDIAN_MS: Record<number, number> = { 5_000: 50, 100_000: 150 };
export const MAX_REQUEST_CHARS = 32_000;
/**
 * How far apart the largest requests at the two sizes may be. The largest requests carry a list the
 * loop cut to MAX_RESULT_CHARS; a cut list ends within one shift (about 650 characters, 2.4% of such
 * a request) of that cap, depending on which shifts it holds, and counts have more digits.
 */
export const MAX_REQUEST_SPREAD = 0.03;

// The agency's staff: 25 first names × 12 last names, paired by index (25 and 12 are coprime, so the
// 300 pairs are distinct), accents included since people type names without them.
const FIRST_NAMES = [
  'Amélie',
  'Kwame',
  'Priya',
  'Olivier',
  'Sophie',
  'Julien',
  'Noah',
  'Chloé',
  'Liam',
  'Fatima',
  'Mateo',
  'Hannah',
  'Diego',
  'Grace',
  'Arjun',
  'Isabelle',
  'Omar',
  'Nadia',
  'Ethan',
  'Mei',
  'Gabriel',
  'Zoë',
  'Samuel',
  'Leila',
  'Victor',
];
const LAST_NAMES = [
  'Côté',
  'Mensah',
  'Sharma',
  'Gagnon',
  'Tremblay',
  'Nguyen',
  'Okafor',
  'Fortin',
  'Schmidt',
  'Haddad',
  'Kowalski',
  'Lindqvist',
];
const staffName = (i: number): string => `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[i % LAST_NAMES.length]}`;
/** Staff member 0, a regular: the one the hours question names. */
const REGULAR = staffName(0);

// Where shifts are: 40 addresses. Only the first is at number 100 on a street with "Queen" and "West"
// in it, so the address question's count is exact.
const STREETS: [string, string, string, string, number, number][] = [
  ['Queen Street West', 'Toronto', 'ON', 'M5H 2M9', 43.6505, -79.3868],
  ['King Street East', 'Toronto', 'ON', 'M5C 1G8', 43.6503, -79.3716],
  ['Bloor Street West', 'Toronto', 'ON', 'M5S 1W2', 43.6677, -79.3948],
  ['Yonge Street', 'Toronto', 'ON', 'M4W 2H1', 43.6709, -79.3862],
  ['Dundas Street West', 'Toronto', 'ON', 'M6J 1W3', 43.6493, -79.4197],
  ['Avenue Road', 'Toronto', 'ON', 'M5R 2S9', 43.6741, -79.3966],
  ['Dufferin Street', 'Toronto', 'ON', 'M6H 4B6', 43.6625, -79.4354],
  ['Hurontario Street', 'Mississauga', 'ON', 'L5B 1M2', 43.5858, -79.6431],
  ['Lakeshore Road East', 'Mississauga', 'ON', 'L5G 1E2', 43.5534, -79.5835],
  ['Rideau Street', 'Ottawa', 'ON', 'K1N 5Y3', 45.4292, -75.6877],
  ['Bank Street', 'Ottawa', 'ON', 'K1S 3T5', 45.4005, -75.6867],
  ['Boulevard Saint-Joseph', 'Gatineau', 'QC', 'J8Y 3V8', 45.4436, -75.7388],
  ['Rue Principale', 'Gatineau', 'QC', 'J9H 3L2', 45.3951, -75.8382],
  ['Main Street East', 'Hamilton', 'ON', 'L8N 1G6', 43.2525, -79.8591],
];
const ADDRESSES = Array.from({ length: 40 }, (_, i) => {
  const [street, city, province, postal, lat, lng] = STREETS[i % STREETS.length] as (typeof STREETS)[number];
  return {
    number: i === 0 ? '100' : String(12 + ((i * 37) % 880) + (i * 2 + 1)),
    street,
    city,
    province,
    postal,
    lat: lat + i * 0.001,
    lng: lng - i * 0.001,
  };
});
const ADDRESS = `${ADDRESSES[0]?.number} ${ADDRESSES[0]?.street}`;

/** A number in [0, 1) from the shift's number k and a salt: reproducible, independent per salt. */
const rand = (salt: number): string => `((hashint8extended(k, ${salt}) & 1048575)::float8 / 1048576)`;

/**
 * Shifts number `first` to `last` of the company: shift k starts at the golden-ratio point k·φ of
 * the span (evenly spread whatever the count, so the first 5,000 and the first 100,000 cover the same
 * year), on the hour.
 */
const LOAD_SQL = `
  with staff as (
    select array_agg(e.staff_id order by u.email) as ids
    from public.employments e join auth.users u on u.id = e.staff_id
    where e.company_id = $1
  ),
  base as (
    select k,
           date_trunc('hour', $4::timestamptz - interval '365 days'
                              + ((k * 0.6180339887498949) - floor(k * 0.6180339887498949)) * interval '425 days')
             as starts,
           (array[4, 6, 8, 8, 8, 12])[1 + floor(${rand(1)} * 6)::int] as hours,
           interval '2 hours' + ${rand(2)} ^ 2 * interval '14 days' as lead,
           floor(${rand(3)} * 40)::int as address,
           ${rand(4)} as type_roll,
           (array['Personal care', 'Dementia care', 'Palliative care', 'Wound care', 'Companionship',
                  'Medication administration'])[1 + floor(${rand(5)} * 6)::int] as skill,
           ${rand(6)} as accept_roll,
           ${rand(7)} as accept_delay,
           case when ${rand(8)} < 0.65 then floor(${rand(14)} * ($5::int / 3))
                else $5::int / 3 + floor(${rand(14)} * ($5::int - $5::int / 3)) end::int as staff_rank,
           ${rand(9)} as no_show_roll,
           case when ${rand(10)} < 0.88 then -10 + ${rand(11)} * 18 else 11 + ${rand(11)} * 50 end as clock_in_minutes,
           -5 + ${rand(12)} * 25 as clock_out_minutes,
           ${rand(13)} as notes_roll
    from generate_series($2::bigint, $3::bigint) k
  ),
  posted as (
    select b.*, b.starts + b.hours * interval '1 hour' as ends,
           least(b.starts - b.lead, $4::timestamptz - interval '5 minutes') as created,
           case when b.starts < $4 then b.accept_roll < 0.92
                when b.starts < $4 + interval '3 days' then b.accept_roll < 0.8
                when b.starts < $4 + interval '14 days' then b.accept_roll < 0.55
                else b.accept_roll < 0.3 end as accepted
    from base b
  ),
  accepted as (
    select p.*,
           case when p.accepted then p.created + (least(p.starts, $4::timestamptz) - p.created)
                                                 * (0.01 + 0.98 * p.accept_delay ^ 3) end as accepted_at
    from posted p
  ),
  clocked_in as (
    select a.*,
           case when a.accepted and a.no_show_roll >= 0.015
                     and a.starts + a.clock_in_minutes * interval '1 minute' <= $4
                then greatest(a.accepted_at, a.starts + a.clock_in_minutes * interval '1 minute') end as clock_in
    from accepted a
  ),
  clocked as (
    select c.*,
           case when c.clock_in is not null and c.ends + c.clock_out_minutes * interval '1 minute' <= $4
                then greatest(c.ends + c.clock_out_minutes * interval '1 minute', c.clock_in + interval '1 minute')
           end as clock_out
    from clocked_in c
  ),
  done as (
    select c.*, round(extract(epoch from c.clock_out - c.clock_in) / 60)::int as minutes from clocked c
  )
  insert into public.shifts (company_id, staff_type, skill, street_number, street_name, city, province, country,
                             postal_code, notes, starts_at, ends_at, latitude, longitude, created_at,
                             accepted_by, accepted_at, clocked_in_at, clocked_out_at, time_done, time_done_minutes)
  select $1, case when d.type_roll < 0.6 then 'PSW' when d.type_roll < 0.85 then 'RPN' else 'RN' end, d.skill,
         a ->> 'number', a ->> 'street', a ->> 'city', a ->> 'province', 'Canada', a ->> 'postal',
         case when d.notes_roll < 0.15 then 'Client prefers a call before arrival; side door.'
              when d.notes_roll < 0.25 then 'Lift transfers: two-person assist. Parking in the back lane.' end,
         d.starts, d.ends, (a ->> 'lat')::float8, (a ->> 'lng')::float8, d.created,
         case when d.accepted then s.ids[1 + d.staff_rank] end, d.accepted_at, d.clock_in, d.clock_out,
         case when d.clock_out is not null
              then (d.minutes / 60) || ' hrs' || case when d.minutes % 60 > 0 then ' ' || (d.minutes % 60) || ' mins' else '' end
         end,
         d.minutes
  from done d cross join staff s cross join lateral (select $6::jsonb -> d.address as a) addr`;

// Questions ---------------------------------------------------------------------------------------

interface Periods {
  weekFrom: string;
  weekBefore: string;
  monthFrom: string;
  monthBefore: string;
}

/** What the database says the answers are, read as superuser right before the question. */
interface Truth {
  pendingWeek: number;
  pendingAll: number;
  topAccepted: { names: string[]; count: number };
  regular: { hours: number; completed: number };
  fill: { posted: number; filled: number };
  lateWeek: number;
  openSoon: number;
  atAddress: number;
}

type PlannedCall = { name: ToolName; args: Record<string, unknown> };

interface Question {
  key: string;
  text: string;
  /** A reply of the right kind for this question holds this (an error or "I can't answer" does not). */
  shape: RegExp;
  /** The facts a right reply holds. */
  facts: (t: Truth) => RegExp[];
  /** The tool calls a model makes, round by round; a round sees the results of the one before. */
  rounds: ((p: Periods, previous: ToolResultEntry[]) => PlannedCall[])[];
}

const count = (n: number, noun: string): RegExp =>
  n === 0 ? new RegExp(`\\bno ${noun}`) : new RegExp(`\\b${n} ${noun}`);
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const QUESTIONS: Question[] = [
  {
    key: 'unfilled this week',
    text: 'Which shifts are still unfilled this week?',
    shape: /unfilled shifts? this week/,
    facts: (t) => [count(t.pendingWeek, 'unfilled shift')],
    rounds: [(p) => [{ name: 'find_shifts', args: { status: 'Pending', from: p.weekFrom, before: p.weekBefore } }]],
  },
  {
    key: 'pending',
    text: 'Which shifts are pending?',
    shape: /pending shifts?/,
    facts: (t) => [count(t.pendingAll, 'pending shift')],
    rounds: [() => [{ name: 'find_shifts', args: { status: 'Pending' } }]],
  },
  {
    key: 'most accepted this month',
    text: 'Who accepted the most shifts this month?',
    shape: /accepted the most shifts this month/,
    facts: (t) => [
      new RegExp(`(${t.topAccepted.names.map(escape).join('|')}).*accepted the most shifts`),
      new RegExp(`\\b${t.topAccepted.count} shifts?\\b`),
    ],
    rounds: [
      (p) => [{ name: 'staff_ranking', args: { metric: 'most_accepted', from: p.monthFrom, before: p.monthBefore } }],
    ],
  },
  {
    key: 'hours of a staff member',
    text: `How many hours has ${REGULAR} worked?`,
    shape: new RegExp(`${escape(REGULAR)} has done [\\d.]+ hours?`),
    facts: (t) => [
      new RegExp(
        `${escape(REGULAR)} has done ${escape(String(t.regular.hours))} hours? over ${t.regular.completed} completed`,
      ),
    ],
    rounds: [
      () => [{ name: 'find_staff', args: { name: REGULAR } }],
      (_, previous) => {
        const found = previous[0]?.value as { matches?: { id: string }[] } | undefined;
        const id = found?.matches?.[0]?.id;
        if (!id) throw new Error(`find_staff found nobody named ${REGULAR}: ${JSON.stringify(found)}`);
        return [{ name: 'staff_details', args: { staff_id: id } }];
      },
    ],
  },
  {
    key: 'fill rate this month',
    text: 'What is my fill rate this month?',
    shape: /fill rate this month.* is [\d.]+%/,
    facts: (t) => [new RegExp(`\\b${t.fill.filled} of ${t.fill.posted} shifts\\b`)],
    rounds: [(p) => [{ name: 'fill_stats', args: { from: p.monthFrom, before: p.monthBefore } }]],
  },
  {
    key: 'late this week',
    text: 'Who was late this week?',
    shape: /late clock-ins?|more than 10 minutes late/,
    facts: (t) => [t.lateWeek === 0 ? /Nobody was more than 10 minutes late/ : count(t.lateWeek, 'late clock-in')],
    rounds: [(p) => [{ name: 'attendance', args: { from: p.weekFrom, before: p.weekBefore } }]],
  },
  {
    key: 'open in the next 24 hours',
    text: 'Which shifts starting in the next 24 hours are still pending?',
    shape: /starting in the next 24 hours/,
    facts: (t) => [t.openSoon === 0 ? /No shift starting/ : new RegExp(`\\b${t.openSoon} shifts? starting`)],
    rounds: [() => [{ name: 'open_shifts_starting_within', args: { hours: 24 } }]],
  },
  {
    key: 'shifts at an address',
    text: `What shifts are at ${ADDRESS}?`,
    shape: /shifts? at 100 Queen Street West/i,
    facts: (t) => [count(t.atAddress, 'shift')],
    rounds: [() => [{ name: 'find_shifts', args: { address: ADDRESS } }]],
  },
];

async function readPeriods(db: pg.Client): Promise<Periods> {
  const { rows } = await db.query<Record<keyof Periods, Date>>(
    `select date_trunc('week', now() at time zone $1) at time zone $1 as "weekFrom",
            (date_trunc('week', now() at time zone $1) + interval '7 days') at time zone $1 as "weekBefore",
            date_trunc('month', now() at time zone $1) at time zone $1 as "monthFrom",
            (date_trunc('month', now() at time zone $1) + interval '1 month') at time zone $1 as "monthBefore"`,
    [TIME_ZONE],
  );
  const row = rows[0] as Record<keyof Periods, Date>;
  return {
    weekFrom: row.weekFrom.toISOString(),
    weekBefore: row.weekBefore.toISOString(),
    monthFrom: row.monthFrom.toISOString(),
    monthBefore: row.monthBefore.toISOString(),
  };
}

async function readTruth(db: pg.Client, companyId: string, regularId: string, p: Periods): Promise<Truth> {
  const { rows } = await db.query<Record<string, string | null>>(
    `with mine as (select * from public.shifts where company_id = $1)
     select
       (select count(*) from mine where accepted_at is null and starts_at >= $2 and starts_at < $3) as pending_week,
       (select count(*) from mine where accepted_at is null) as pending_all,
       (select count(*) from mine where accepted_at is not null and starts_at >= $4 and starts_at < $5) as filled,
       (select count(*) from mine where starts_at >= $4 and starts_at < $5) as posted,
       (select count(*) from mine where clocked_in_at - starts_at > interval '10 minutes'
                                    and starts_at >= $2 and starts_at < $3) as late_week,
       (select count(*) from mine where accepted_at is null and starts_at >= now()
                                    and starts_at < now() + interval '24 hours') as open_soon,
       (select count(*) from mine where street_number = '100' and street_name = 'Queen Street West') as at_address,
       (select count(*) from mine where accepted_by = $6 and clocked_out_at is not null) as regular_completed,
       (select round((sum(extract(epoch from clocked_out_at - clocked_in_at)) / 3600)::numeric, 2)
        from mine where accepted_by = $6 and clocked_out_at is not null) as regular_hours`,
    [companyId, p.weekFrom, p.weekBefore, p.monthFrom, p.monthBefore, regularId],
  );
  const top = await db.query<{ name: string; n: string }>(
    `with counted as (
       select accepted_by, count(*) as n from public.shifts
       where company_id = $1 and accepted_by is not null and starts_at >= $2 and starts_at < $3
       group by accepted_by)
     select st.first_name || ' ' || st.last_name as name, c.n from counted c join public.staff st on st.id = c.accepted_by
     where c.n = (select max(n) from counted)`,
    [companyId, p.monthFrom, p.monthBefore],
  );
  const r = rows[0] as Record<string, string | null>;
  const n = (key: string): number => Number(r[key] ?? 0);
  return {
    pendingWeek: n('pending_week'),
    pendingAll: n('pending_all'),
    topAccepted: { names: top.rows.map((row) => row.name), count: Number(top.rows[0]?.n ?? 0) },
    regular: { hours: n('regular_hours'), completed: n('regular_completed') },
    fill: { posted: n('posted'), filled: n('filled') },
    lateWeek: n('late_week'),
    openSoon: n('open_soon'),
    atAddress: n('at_address'),
  };
}

/** The facts of `question` that `reply` lacks (none: a right answer). */
function missingFacts(question: Question, truth: Truth, reply: string): string[] {
  return question
    .facts(truth)
    .filter((fact) => !fact.test(reply))
    .map((fact) => String(fact));
}

// The model path -------------------------------------------------------------------------------------

/** A model that asks for the question's calls round by round, then answers; it measures every request. */
class ScriptedModel implements ChatModel {
  readonly requestChars: number[] = [];
  readonly sent: string[] = [];
  private round = 0;

  constructor(
    private readonly question: Question,
    private readonly periods: Periods,
  ) {}

  async chat(conversation: Conversation, tools: readonly ToolDeclaration[]): Promise<ModelReply> {
    this.requestChars.push(conversationChars(conversation) + JSON.stringify(tools).length);
    this.sent.push(JSON.stringify(conversation));
    const step = this.question.rounds[this.round];
    this.round += 1;
    if (!step) return { text: 'Here is what the tools found.', toolCalls: [] };
    const lastTool = [...conversation.turns].reverse().find((t) => t.role === 'tool');
    const previous = lastTool?.role === 'tool' ? lastTool.results : [];
    const calls = step(this.periods, previous);
    return {
      text: '',
      toolCalls: calls.map((call, i) => ({
        id: `call-${this.round}-${i}`,
        name: call.name,
        arguments: JSON.stringify(call.args),
      })),
    };
  }
}

export interface ModelRequest {
  question: string;
  /** The largest request this question sent. */
  chars: number;
  tokens: number;
  requests: number;
}

async function measureModelPath(client: SupabaseClient, companyId: string, periods: Periods): Promise<ModelRequest[]> {
  const tools = Object.values(TOOLS) as ToolDefinition[];
  const out: ModelRequest[] = [];
  for (const question of QUESTIONS) {
    const now = new Date();
    const model = new ScriptedModel(question, periods);
    const outcome = await answerWithModel({
      provider: model,
      messages: [{ sender: 'user', text: question.text }],
      tools,
      run: createToolRunner({ client, companyId, timeZone: TIME_ZONE, now }),
      context: { now, timeZone: TIME_ZONE, companyName: 'Bench Care' },
    });
    if (outcome.kind !== 'answer' || outcome.succeededCalls !== outcome.toolCalls) {
      throw new Error(
        `The model path did not answer "${question.text}": ${outcome.kind}, ${outcome.succeededCalls} of ${outcome.toolCalls} calls ran; sent: ${model.sent.at(-1)?.slice(-2000)}`,
      );
    }
    // SPEC §7: the staff's push tokens (every bench worker has one) never reach a model.
    if (model.sent.some((text) => text.includes('ExponentPushToken') || text.includes('added_at'))) {
      throw new Error(`A push token or an employment time reached the model for "${question.text}"`);
    }
    const chars = Math.max(...model.requestChars);
    // Tokens estimated as characters / 4 (about 4 characters a token in English text).
    out.push({ question: question.key, chars, tokens: Math.ceil(chars / 4), requests: model.requestChars.length });
  }
  return out;
}

// The gateway path -----------------------------------------------------------------------------------

interface GatewayReply {
  reply: string;
  answeredBy: string;
}

async function invoke(token: string, question: Question): Promise<GatewayReply> {
  const res = await fetch(`${apiUrl}/functions/v1/assistant`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ messages: [{ sender: 'user', text: question.text }] }),
  });
  const text = await res.text();
  let body: { reply?: unknown; answeredBy?: unknown; failed?: unknown; kind?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new Error(`assistant answered ${res.status} with no JSON: ${text.slice(0, 500)}`);
  }
  if (res.status !== 200 || typeof body.reply !== 'string' || body.failed === true) {
    throw new Error(`assistant answered ${res.status} to "${question.text}": ${text.slice(0, 1000)}`);
  }
  // A reply that is not this question's kind of answer ("I can't answer that", a clarifying
  // question) would time the wrong thing.
  if (body.kind !== 'answer' || body.answeredBy !== 'builtin' || !question.shape.test(body.reply)) {
    throw new Error(`assistant did not answer "${question.text}" (expected ${question.shape}): ${text.slice(0, 1000)}`);
  }
  return { reply: body.reply, answeredBy: typeof body.answeredBy === 'string' ? body.answeredBy : '?' };
}

// The run --------------------------------------------------------------------------------------------

export interface SizeResult {
  shifts: number;
  loadMs: number;
  answeredBy: string;
  /** Built-in answers through the gateway, all questions. */
  answer: Summary;
  targetMedianMs: number;
  meetsTarget: boolean;
  /** Median per question, slowest first: where the time goes. */
  byQuestion: { question: string; medianMs: number }[];
  /** Questions whose reply lacked a fact the database gives, with the reply. */
  wrong: string[];
  model: ModelRequest[];
  largestRequest: ModelRequest;
}

export interface AssistantBench {
  staff: number;
  sizes: SizeResult[];
  /** The largest model request at the largest size against the smallest. */
  requestSpread: number;
  meetsRequestTarget: boolean;
  cleanupMs: number;
}

export interface AssistantBenchOptions {
  sizes?: number[];
  calls?: number;
  log?: (line: string) => void;
}

const cleanup = (db: pg.Client): Promise<void> => deleteBenchAccounts(db, { emailLike: EMAIL_PATTERN });

async function createAgency(
  db: pg.Client,
): Promise<{ companyId: string; regularId: string; client: SupabaseClient; token: string }> {
  const admin = createClient(apiUrl, SERVICE_ROLE_KEY, clientOptions);
  const created = await admin.auth.admin.createUser({
    email: COMPANY_EMAIL,
    password: PASSWORD,
    email_confirm: true,
    user_metadata: { account_type: 'company' },
  });
  if (created.error) throw created.error;
  const companyId = created.data.user.id;
  const company = await db.query<{ company_code: string }>(
    `update public.companies set premium = true, company_name = 'Bench Care', time_zone = $2 where id = $1
     returning company_code`,
    [companyId, TIME_ZONE],
  );
  const code = company.rows[0]?.company_code;
  if (!code) throw new Error('The sign-up trigger created no company row');

  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                             raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
            format('bench-ai-staff-%s@bench.carecover.local', lpad(i::text, 3, '0')), '', now(),
            '{"provider": "email", "providers": ["email"]}',
            jsonb_build_object('account_type', 'staff', 'first_name', ($2::text[])[1 + i % array_length($2, 1)],
                               'last_name', ($3::text[])[1 + i % array_length($3, 1)],
                               'phone', (4165550000 + i)::text, 'company_code', $1::text),
            now(), now()
     from generate_series(0, $4::int - 1) i`,
    [code, FIRST_NAMES, LAST_NAMES, STAFF],
  );
  await db.query(
    `update public.staff set push_token = format('ExponentPushToken[%s]', id) where email like 'bench-ai-staff-%'`,
  );
  const employed = await db.query<{ id: string; n: string }>(
    `select min(e.staff_id::text) filter (where u.email = 'bench-ai-staff-000@bench.carecover.local') as id,
            count(*) as n
     from public.employments e join auth.users u on u.id = e.staff_id where e.company_id = $1`,
    [companyId],
  );
  if (Number(employed.rows[0]?.n) !== STAFF || !employed.rows[0]?.id) {
    throw new Error(`The company employs ${employed.rows[0]?.n} staff, not ${STAFF}`);
  }

  const client = createClient(apiUrl, ANON_KEY, clientOptions);
  const session = await client.auth.signInWithPassword({ email: COMPANY_EMAIL, password: PASSWORD });
  if (session.error) throw session.error;
  return { companyId, regularId: employed.rows[0].id, client, token: session.data.session.access_token };
}

async function loadShifts(db: pg.Client, companyId: string, anchor: Date, first: number, last: number): Promise<void> {
  await db.query('begin');
  try {
    await db.query('set local session_replication_role = replica');
    await db.query(LOAD_SQL, [companyId, first, last, anchor.toISOString(), STAFF, JSON.stringify(ADDRESSES)]);
    // Whoever is clocked in and not out is on shift (the clock-in trigger would have said so).
    await db.query(
      `update public.staff st set on_shift = exists (
         select 1 from public.shifts s
         where s.company_id = $1 and s.accepted_by = st.id and s.clocked_in_at is not null and s.clocked_out_at is null)
       where st.id in (select staff_id from public.employments where company_id = $1)`,
      [companyId],
    );
    await db.query('commit');
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
  await db.query('vacuum analyze public.shifts');
  await db.query('vacuum analyze public.staff');
  await waitForReplication(db);
}

export async function benchAssistant(options: AssistantBenchOptions = {}): Promise<AssistantBench> {
  const sizes = options.sizes ?? SIZES;
  const calls = options.calls ?? CALLS;
  const log = options.log ?? (() => {});
  const db = new pg.Client({ connectionString: dbUrl(), application_name: 'bench-assistant' });
  await db.connect();
  try {
    await cleanup(db);
    const agency = await createAgency(db);
    const anchor = new Date();
    const results: SizeResult[] = [];
    let loaded = 0;
    for (const size of sizes) {
      const t0 = performance.now();
      await loadShifts(db, agency.companyId, anchor, loaded + 1, size);
      loaded = size;
      const loadMs = Math.round(performance.now() - t0);
      log(`${size.toLocaleString('en-US')} shifts loaded in ${(loadMs / 1000).toFixed(1)} s`);

      const periods = await readPeriods(db);
      const wrong: string[] = [];
      const check = async (question: Question, how: string, answer: () => Promise<string>): Promise<void> => {
        let truth = await readTruth(db, agency.companyId, agency.regularId, periods);
        const reply = await answer();
        let missing = missingFacts(question, truth, reply);
        // The next 24 hours move while the question runs: read the truth again before calling it wrong.
        if (missing.length > 0) {
          truth = await readTruth(db, agency.companyId, agency.regularId, periods);
          missing = missingFacts(question, truth, reply);
        }
        if (missing.length > 0) {
          // The first line says the count; the list under it would only repeat the data.
          const said = reply.split('\n')[0];
          wrong.push(`${size} shifts, "${question.text}" (${how}): expected ${missing.join(', ')}; reply: ${said}`);
        }
      };

      // Each question once in-process (the built-in assistant on the real tools) and once through the
      // gateway, against the database's own counts.
      for (const question of QUESTIONS) {
        await check(question, 'in-process', async () => {
          const now = new Date();
          const outcome: AssistantOutcome = await answerBuiltin(
            [{ sender: 'user', text: question.text }],
            { timeZone: TIME_ZONE, now, companyName: 'Bench Care' },
            createToolRunner({ client: agency.client, companyId: agency.companyId, timeZone: TIME_ZONE, now }),
          );
          if (outcome.kind !== 'answer') {
            throw new Error(
              `The built-in assistant did not answer "${question.text}" (${outcome.kind}): ${outcome.reply}`,
            );
          }
          return outcome.reply;
        });
        await check(question, 'gateway', async () => (await invoke(agency.token, question)).reply);
      }

      let answeredBy = '?';
      for (let i = 0; i < WARMUP; i++)
        answeredBy = (await invoke(agency.token, QUESTIONS[i % QUESTIONS.length] as Question)).answeredBy;
      const latencies: number[] = [];
      const perQuestion = new Map<string, number[]>();
      const started = performance.now();
      for (let i = 0; i < calls; i++) {
        const question = QUESTIONS[i % QUESTIONS.length] as Question;
        const t = performance.now();
        await invoke(agency.token, question);
        const ms = performance.now() - t;
        latencies.push(ms);
        perQuestion.set(question.key, [...(perQuestion.get(question.key) ?? []), ms]);
      }
      const answer = summarise(latencies, performance.now() - started);
      const byQuestion = [...perQuestion]
        .map(([question, ms]) => ({ question, medianMs: summarise(ms, 1).medianMs }))
        .sort((a, b) => b.medianMs - a.medianMs);
      const targetMedianMs = TARGET_MEDIAN_MS[size] ?? 150;
      log(
        `built-in (${answeredBy}): median ${answer.medianMs.toFixed(1)} ms, p95 ${answer.p95Ms.toFixed(1)} ms; slowest: ${byQuestion
          .slice(0, 3)
          .map((q) => `${q.question} ${q.medianMs.toFixed(1)} ms`)
          .join(', ')}`,
      );
      for (const line of wrong) log(`WRONG: ${line}`);

      const model = await measureModelPath(agency.client, agency.companyId, periods);
      const largestRequest = model.reduce((a, b) => (b.chars > a.chars ? b : a));
      log(
        `model path: largest request ${largestRequest.chars.toLocaleString('en-US')} chars (≈ ${largestRequest.tokens.toLocaleString('en-US')} tokens, ${largestRequest.question}); ${model
          .map((m) => `${m.question} ${m.chars}`)
          .join(', ')}`,
      );
      results.push({
        shifts: size,
        loadMs,
        answeredBy,
        answer,
        targetMedianMs,
        meetsTarget: answer.medianMs < targetMedianMs,
        byQuestion,
        wrong,
        model,
        largestRequest,
      });
    }

    const t0 = performance.now();
    await cleanup(db);
    await db.query('analyze public.shifts');
    const cleanupMs = Math.round(performance.now() - t0);
    const smallest = (results[0] as SizeResult).largestRequest.chars;
    const largest = (results[results.length - 1] as SizeResult).largestRequest.chars;
    const requestSpread = Math.abs(largest - smallest) / smallest;
    return {
      staff: STAFF,
      sizes: results,
      requestSpread,
      meetsRequestTarget:
        requestSpread < MAX_REQUEST_SPREAD && results.every((r) => r.largestRequest.chars <= MAX_REQUEST_CHARS),
      cleanupMs,
    };
  } finally {
    // Also after a failure: leave no bench rows behind.
    await cleanup(db).catch(() => {});
    await db.end();
  }
}

// `node --import tsx bench/assistant.ts` runs this benchmark alone against the running stack.
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchAssistant({ log: (line) => process.stdout.write(`  ${line}\n`) });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

/**
 * The question bank (issue 19), asked of the real assistant handler (handler.ts's
 * createAssistantHandler, in this process) against the local stack: the fixed agency of fixture.sql,
 * signed in as Lakeshore through the stack's auth, every read under Lakeshore's JWT, at the
 * fixture's NOW. A Deno test because the model path needs the npm: SDKs; run it with
 * `npm run test:assistant-bank` (scripts/test-assistant-bank.ts), which passes SUPABASE_URL,
 * SUPABASE_ANON_KEY, SUPABASE_DB_URL (a superuser, to seed) and STANDINS_URL.
 *
 * 1. Built-in path (AI_PROVIDER=none): every entry, each with the question count reset first. A reply
 *    is right when its kind is the bank's, `counted` agrees with the kind and with the database,
 *    every fact is in it (judge.ts: numbers as numbers), nothing of notContains or of the other
 *    agency is, and every reference's label is in the text; else honest (a question back or an
 *    "I can't", not counted, stating nothing false) or wrong (judge.ts outcomeOf). Every section
 *    (bank.ts Section, messy included) must be at least 90% right with no wrong answer; a table of
 *    right / honest / wrong per section is printed, and every reply that is not right.
 * 2. Counting: an answer costs one question, a clarifying question or an "I can't answer" none.
 * 3. Model path (AI_PROVIDER=openai against the stand-ins' scripted model): every entry again, each
 *    with the script of scripted.ts. Right when the calls the function made are the bank's (their
 *    arguments included), the kind and the count are right as above, and the reply holds every fact
 *    the tool results carry (scripted.ts `carried`: a fact the results do not hold, such as a
 *    difference or "free", is left to a real model; the facts of a reply the script wrote itself are
 *    not judged). The same rule per section, messy excepted (see MODEL_BANK); a call that is not the
 *    bank's is wrong. A clarify entry whose call settled something is an answer here (modelKind).
 * 4. Privacy: no request the model got holds another agency's word, a payment id, a push token or
 *    an employment time, and each question's first request is exactly the conversation built from
 *    the messages, the agency's name, zone and now, and the tools' declarations: no agency data, so
 *    its size does not depend on how many shifts or staff the agency has.
 * The fixture is removed at the end only when this file seeded it (other files share it).
 * QUESTION_BANK_VERBOSE=1 prints every reply, not only the misses.
 */
import assert from 'node:assert/strict';
import pg from 'npm:pg@8.23.1';
import { userClientFactory } from '../../supabase/functions/_shared/supabase.ts';
import { createAssistantHandler } from '../../supabase/functions/assistant/handler.ts';
import { buildConversation } from '../../supabase/functions/assistant/model/conversation.ts';
import { toolDeclarations } from '../../supabase/functions/assistant/model/loop.ts';
import { toOpenAiMessages, toOpenAiTools } from '../../supabase/functions/assistant/model/openai-chat.ts';
import { TOOLS } from '../../supabase/functions/assistant/tools/registry.ts';
import type { ChatMessage } from '../../supabase/functions/assistant/types.ts';
import { BANK, type BankEntry } from './bank.ts';
import {
  ensureFixture,
  FIXTURE_PASSWORD,
  LAKESHORE,
  NOW,
  OTHER_SHIFTS,
  removeFixture,
  resetQuestionCount,
  TIME_ZONE,
} from './fixture.ts';
import {
  type AssistantReply,
  forbiddenIn,
  hasFact,
  judgeReply,
  type Miss,
  missTable,
  type Outcome,
  outcomeOf,
  replyKind,
  sectionPasses,
  sectionScores,
  sectionTable,
  statesEmptyResult,
} from './judge.ts';
import { detectLanguage } from '../../supabase/functions/assistant/language.ts';
import {
  callsMade,
  canonical,
  carried,
  exactMatch,
  expectedCalls,
  modelKind,
  type RecordedRequest,
  resultsSent,
  scriptRules,
} from './scripted.ts';

const REQUIRED = 0.9;
const VERBOSE = Deno.env.get('QUESTION_BANK_VERBOSE') === '1';
/** While working on one part: only the sections starting with this ("fr" for the French ones). */
const ONLY = Deno.env.get('QUESTION_BANK_ONLY') ?? '';

function setting(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set: run the bank with \`npm run test:assistant-bank\`.`);
  return value;
}

const SUPABASE_URL = setting('SUPABASE_URL');
const SUPABASE_ANON_KEY = setting('SUPABASE_ANON_KEY');
const DB_URL = setting('SUPABASE_DB_URL');
const MODEL_URL = `${setting('STANDINS_URL')}/openai`;
/** The stand-in keeps scripts and recorded requests per key: this run's own. */
const MODEL_KEY = 'sk-local-question-bank';
const MODEL_ID = 'carecover-scripted';

const db = new pg.Client({ connectionString: DB_URL });
await db.connect();
const seededHere = await ensureFixture(db);

async function signIn(): Promise<string> {
  const res = await fetch(`${SUPABASE_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: SUPABASE_ANON_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: LAKESHORE.email, password: FIXTURE_PASSWORD }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!res.ok || !body.access_token) throw new Error(`Signing in as Lakeshore failed: ${JSON.stringify(body)}`);
  return body.access_token;
}
const token = await signIn();

type Handler = (req: Request) => Promise<Response>;

function handlerFor(settings: Record<string, string>): Handler {
  const env = { SUPABASE_URL, SUPABASE_ANON_KEY, ...settings };
  return createAssistantHandler({ env, createUserClient: userClientFactory(env), now: () => NOW });
}

const builtin = handlerFor({ AI_PROVIDER: 'none' });
const model = handlerFor({
  AI_PROVIDER: 'openai',
  OPENAI_BASE_URL: `${MODEL_URL}/v1`,
  OPENAI_API_KEY: MODEL_KEY,
  AI_MODEL: MODEL_ID,
});

/** Questions Lakeshore has used this (real) month: the month the quota counts in. */
async function questionsUsed(): Promise<number> {
  const { rows } = (await db.query(
    `select coalesce(sum(questions), 0)::integer as used from public.ai_usage
     where company_id = $1 and month = date_trunc('month', now() at time zone $2)::date`,
    [LAKESHORE.id, TIME_ZONE],
  )) as { rows: { used: number }[] };
  return rows[0]?.used ?? 0;
}

const conversationOf = (entry: BankEntry): ChatMessage[] => [
  ...(entry.history ?? []),
  { sender: 'user', text: entry.question },
];

interface Asked {
  status: number;
  body: AssistantReply;
  /** Questions the database counted for this request. */
  counted: number;
}

async function ask(handler: Handler, messages: ChatMessage[]): Promise<Asked> {
  const before = await questionsUsed();
  const res = await handler(
    new Request(`${SUPABASE_URL}/functions/v1/assistant`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ messages }),
    }),
  );
  const body = (await res.json()) as AssistantReply;
  return { status: res.status, body, counted: (await questionsUsed()) - before };
}

/** One question with the count put back first, so the free plan never runs out. */
async function askFresh(handler: Handler, entry: BankEntry): Promise<Asked> {
  await resetQuestionCount(db);
  return await ask(handler, conversationOf(entry));
}

async function standIn(path: string, method: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${MODEL_URL}${path}`, {
    method,
    headers: { Authorization: `Bearer ${MODEL_KEY}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: unknown = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

function show(title: string, entry: BankEntry, problems: string[], body: AssistantReply): void {
  if (!VERBOSE) return;
  const reply = (body.reply ?? JSON.stringify(body)).replace(/\n/g, '\n     ');
  console.log(`${title} ${problems.length > 0 ? 'MISS' : 'ok  '} ${entry.id} [${body.kind}]\n     ${reply}`);
}

interface Judged {
  entry: BankEntry;
  outcome: Outcome;
}

/** Prints what was not right and the table of sections; the sections that fail (below 90% right or any wrong). */
function report(title: string, judged: Judged[], misses: Miss[], started: number): string[] {
  const scores = sectionScores(judged);
  console.log(`\n${missTable(title, misses)}\n${sectionTable(title, scores, REQUIRED)}in ${Date.now() - started} ms`);
  return scores.filter((score) => !sectionPasses(score, REQUIRED)).map((score) => score.section);
}

Deno.test('judge: numbers are whole numbers, kinds and counts agree, references are in the text', () => {
  assert.ok(hasFact('You have 15 staff members.', '15'));
  assert.ok(!hasFact('Shift 2026 at 9dba7005', '4'), 'a digit inside a number or an id is not a fact');
  assert.ok(!hasFact('Tue, Nov 17, 2026, 2:00 PM and 10:02 PM', '2'), 'nor a time');
  assert.ok(hasFact('Hours done 47.60.', '47.6'));
  assert.ok(!hasFact('45.95 minutes', '45.9'));
  assert.ok(hasFact('Your fill rate was 80%.', '80%') && !hasFact('80 shifts', '80%'));
  assert.ok(hasFact('AMÉLIE CÔTÉ', 'Amélie Côté') && !hasFact('Amelie Cote', 'Amélie Côté'));
  // A French reply's numbers (issue 29): a decimal comma, "80 %", and its 24-hour times are no counts.
  assert.ok(hasFact('Heures effectuées\u00a0: 47,6\u00a0h', '47.6') && !hasFact('47,65 h', '47.6'));
  assert.ok(hasFact('de 80\u00a0%\u00a0: 12 quarts', '80%') && !hasFact('80 quarts', '80%'));
  assert.ok(!hasFact('jeu. 19 nov., 14 h 00', '14') && !hasFact('jeu. 19 nov., 14 h 00', '0'));
  assert.ok(hasFact('Il y a 14 quarts, dont 3 en attente', '14') && hasFact('Il y a 14 quarts', '14'));
  assert.deepEqual(forbiddenIn('Zebediah at 8 Kingston Rd, cus_X'), ['Zebediah', 'Kingston', 'cus_']);

  const entry = BANK.find((e) => e.id === 'count-staff')!;
  const body: AssistantReply = {
    reply: 'You have 15 staff members.',
    answeredBy: 'builtin',
    remaining: 19,
    counted: true,
    references: [],
  };
  assert.deepEqual(judgeReply(entry, 200, { ...body, kind: 'answer' }, { countedInDatabase: 1 }), []);
  assert.equal(replyKind({ ...body, counted: false, reply: 'Which one?' }), 'clarify');
  assert.deepEqual(judgeReply(entry, 200, { ...body, kind: 'clarify' }, { countedInDatabase: 0 }), [
    'kind clarify, expected answer',
    'counted: true for kind clarify',
    'the database counted 0 question(s), counted: true',
  ]);
  assert.deepEqual(judgeReply(entry, 200, { ...body, references: [{ kind: 'staff', id: 'x', label: 'Grace Li' }] }), [
    'references not in the reply: Grace Li',
  ]);
  assert.deepEqual(judgeReply(entry, 200, { ...body, reply: 'You have 14 staff (Quuxley).' }), [
    'missing "15"',
    'FORBIDDEN in the reply: Quuxley',
  ]);
});

Deno.test('judge: a wrong fact is wrong whatever its kind; a question back or an "I can\'t" is honest', () => {
  const pending = BANK.find((e) => e.id === 'pending-all')!;
  const verdict = (reply: string, kind: AssistantReply['kind'], counted = kind === 'answer'): Outcome => {
    const body: AssistantReply = { reply, answeredBy: 'builtin', remaining: 19, counted, references: [], kind };
    return outcomeOf(pending, body, judgeReply(pending, 200, body, { countedInDatabase: counted ? 1 : 0 }));
  };
  assert.equal(verdict('There are 21 pending shifts.', 'answer'), 'right');
  // The two confidently wrong replies, and their kin.
  assert.equal(verdict('There are no pending shifts in wich.', 'answer'), 'wrong');
  assert.equal(verdict('There are no pending shifts in wich.', 'clarify', false), 'wrong', 'not counted, still false');
  assert.equal(verdict('There are 20 pending shifts.', 'answer'), 'wrong', 'a count that is not the data');
  assert.equal(verdict('There are 21 pending shifts at Kingston Rd.', 'answer'), 'wrong', 'another agency');
  assert.equal(verdict('Nobody has a pending shift.', 'unsupported', false), 'wrong');
  assert.equal(verdict('There are 21 pending shifts.', 'answer', false), 'wrong', 'an answer given free');
  // Honest: says what it could not do, states nothing false, costs nothing.
  assert.equal(verdict("No shift address matches 'wich'. Check the street or city.", 'clarify', false), 'honest');
  assert.equal(verdict('I could not find a staff member named ppl. Did you mean Priya?', 'clarify', false), 'honest');
  assert.equal(
    verdict("I can't answer that one. I can answer questions about shifts.", 'unsupported', false),
    'honest',
  );
  assert.ok(
    statesEmptyResult('There were no completed shifts in mnay.') && !statesEmptyResult("No shift address matches 'x'."),
  );
  assert.ok(
    statesEmptyResult('Il n’y a aucun quart en attente demain.') && statesEmptyResult('Personne n’est à l’horaire.'),
  );
  assert.ok(!statesEmptyResult('Aucune adresse de quart ne correspond à «\u00a0x\u00a0».'));

  const scores = sectionScores([
    ...Array.from({ length: 9 }, () => ({ entry: pending, outcome: 'right' as const })),
    { entry: pending, outcome: 'honest' as const },
  ]);
  assert.deepEqual(scores, [{ section: 'shifts', right: 9, honest: 1, wrong: 0 }]);
  assert.ok(sectionPasses(scores[0]!, 0.9), '90% right and nothing wrong passes');
  assert.ok(!sectionPasses({ section: 'shifts', right: 99, honest: 0, wrong: 1 }, 0.9), 'one wrong answer fails');
  assert.ok(!sectionPasses({ section: 'shifts', right: 8, honest: 2, wrong: 0 }, 0.9), 'under 90% right fails');
});

Deno.test('script: a clarify entry answered by a decisive call is an answer on the model path (loop.ts)', () => {
  const entry = BANK.find((e) => e.id === 'quick-shift-ambiguous-address')!;
  const listing = { total: 2, shifts: [{}, {}] };
  assert.equal(modelKind(entry, [{ tool: 'find_shifts', args: {} }], [listing]), 'answer');
  const ambiguous = BANK.find((e) => e.id === 'quick-staff-ambiguous')!;
  const tied = { matches: [{ score: 0.9 }, { score: 0.9 }] };
  assert.equal(modelKind(ambiguous, [{ tool: 'find_staff', args: {} }], [tied]), 'clarify');
  assert.equal(
    modelKind(
      BANK.find((e) => e.id === 'count-staff')!,
      [],
      [],
    ),
    'answer',
  );
});

Deno.test('script: a staff question follows find_staff by its first match, a question is matched whole', () => {
  const entry = BANK.find((e) => e.id === 'hours-mensah')!;
  const [rule] = scriptRules(entry);
  assert.deepEqual(rule?.calls, [{ name: 'find_staff', arguments: { name: 'Kwame Mensah' } }]);
  assert.deepEqual(rule?.then, [{ name: 'staff_details', arguments: { staff_id: '{{find_staff.matches.0.id}}' } }]);
  assert.equal(rule?.reply, undefined, 'the reply is the generic rendering');
  assert.equal(exactMatch("What's 1+1? (a/b)"), "/^What's 1\\+1\\? \\(a\\/b\\)$/i");
  assert.deepEqual(scriptRules(BANK.find((e) => e.id === 'weather')!), []);
  assert.ok(carried('80%', [{ fill_rate: 0.8 }]) && carried('Amélie Côté', [{ name: 'Amélie Côté' }]));
  assert.ok(!carried('3', [{ shift_limit: 10, shifts_used: 7 }]), 'a difference is not in the results');
  const request: RecordedRequest = {
    chars: 0,
    body: '',
    messages: [
      { role: 'user', content: 'earlier' },
      { role: 'assistant', tool_calls: [{ function: { name: 'find_shifts', arguments: '{}' } }] },
      { role: 'user', content: 'now' },
      { role: 'assistant', tool_calls: [{ function: { name: 'find_staff', arguments: '{"name":"Amel"}' } }] },
      { role: 'tool', content: '{"matches":[]}' },
    ],
  };
  assert.deepEqual(callsMade(request), [{ tool: 'find_staff', args: { name: 'Amel' } }]);
  assert.deepEqual(resultsSent(request), [{ matches: [] }]);
});

Deno.test('question bank: the built-in assistant is right on 90% of every section and never wrong', async () => {
  const started = Date.now();
  const judged: Judged[] = [];
  const misses: Miss[] = [];
  for (const entry of BANK.filter((e) => e.section.startsWith(ONLY))) {
    const { status, body, counted } = await askFresh(builtin, entry);
    const problems = judgeReply(entry, status, body, { countedInDatabase: counted });
    // Issue 29: a French question's reply is French (the stand-in model's own rendering is English).
    if (entry.expect.french && detectLanguage(body.reply ?? '') !== 'fr-CA')
      problems.push('the reply is not in French');
    if (status === 200 && body.answeredBy !== 'builtin') problems.push(`answeredBy ${body.answeredBy}`);
    show('built-in', entry, problems, body);
    const outcome = outcomeOf(entry, body, problems);
    judged.push({ entry, outcome });
    if (outcome !== 'right') misses.push({ entry, problems, reply: body.reply ?? '', outcome });
  }
  const failing = report('built-in assistant', judged, misses, started);
  assert.deepEqual(failing, [], 'every section: at least 90% right and no wrong answer');
});

Deno.test('question bank: an answer costs one question, a clarification or a refusal none', async () => {
  const byId = (id: string): BankEntry => BANK.find((e) => e.id === id)!;
  await resetQuestionCount(db);
  const steps: [BankEntry, boolean][] = [
    [byId('pending-all'), true],
    [byId('quick-shift'), false],
    [byId('delete-shifts'), false],
    [byId('count-staff'), true],
  ];
  const remaining: (number | null)[] = [];
  for (const [entry, costs] of steps) {
    const { status, body, counted } = await ask(builtin, conversationOf(entry));
    assert.equal(status, 200, entry.id);
    assert.equal(replyKind(body), entry.expect.kind, `${entry.id}: ${body.reply}`);
    assert.equal(body.counted, costs, `${entry.id}: counted`);
    assert.equal(counted, costs ? 1 : 0, `${entry.id}: questions the database counted`);
    remaining.push(body.remaining);
  }
  const [first, afterClarify, afterRefusal, afterSecond] = remaining as number[];
  assert.equal(typeof first, 'number');
  assert.equal(afterClarify, first, 'a clarifying question leaves the questions left as they were');
  assert.equal(afterRefusal, first, 'an "I cannot answer that" leaves them too');
  assert.equal(afterSecond, first! - 1, 'the next answer costs one question');
});

/**
 * The French sections ask the model one question: the stand-in replays the script whatever the
 * language, so what this path shows in French is that the model is told to answer in it.
 */
const MODEL_FRENCH = 'fr-quels-en-attente';

/** Every request the model got, by question, for the privacy test. */
const modelRequests: { entry: BankEntry; requests: RecordedRequest[] }[] = [];

/**
 * The model path asks every section but the messy one. The stand-in answers only what its script
 * says, and the script is written from the entry (the calls the bank expects, matched on the exact
 * question): for a messy question it would replay the well-typed twin's calls, which proves nothing
 * about reading typos; understanding them is the real model's job. What this path does guarantee,
 * messy or not, is checked here: the tool calls made are exactly the expected ones (no invented
 * filter), the count follows loop.ts's rule, and the facts the results carry reach the reply.
 * The messy section is judged on the built-in path.
 */
const MODEL_BANK = BANK.filter(
  (entry) =>
    entry.section.startsWith(ONLY) &&
    entry.section !== 'messy' &&
    (!entry.section.startsWith('fr ') || entry.id === MODEL_FRENCH),
);

Deno.test(
  'question bank: the scripted model calls the tools and is right on 90% of every section, never wrong',
  async () => {
    const started = Date.now();
    const judged: Judged[] = [];
    const misses: Miss[] = [];
    const leftToModel: string[] = [];
    for (const entry of MODEL_BANK) {
      const rules = scriptRules(entry);
      await standIn('/script', 'POST', { rules });
      await standIn('/requests', 'DELETE');
      const { status, body, counted } = await askFresh(model, entry);
      const requests = (await standIn('/requests', 'GET')) as RecordedRequest[];
      modelRequests.push({ entry, requests });

      const last = requests.at(-1);
      const results = last ? resultsSent(last) : [];
      const made = last ? callsMade(last) : [];
      // A reply the script wrote itself (a quick prompt's question) proves nothing about facts.
      const authored = rules.length > 0 && !rules[0]!.calls;
      const facts = authored ? [] : (entry.expect.contains ?? []).filter((fact) => carried(fact, results));
      const unjudged = (entry.expect.contains ?? []).filter((fact) => !facts.includes(fact));
      if (unjudged.length > 0) leftToModel.push(`${entry.id} ${unjudged.map((f) => JSON.stringify(f)).join(' ')}`);
      const kind = modelKind(entry, made, results);
      const problems = judgeReply(entry, status, body, { facts, countedInDatabase: counted, kind });
      if (status === 200 && body.answeredBy !== 'model') problems.push(`answeredBy ${body.answeredBy}`);
      // The model is told the question's language (conversation.ts, language.ts): the French
      // section's question and the mostly French "qui peut couvrir the quart … demain?" of cover.
      const system = String(requests[0]?.messages.find((m) => m.role === 'system')?.content ?? '');
      const language = detectLanguage(entry.question) === 'fr-CA' ? 'Canadian French' : 'English';
      if (requests.length > 0 && !system.includes(`answer in ${language}.`)) {
        problems.push(`the model was not told to answer in ${language}`);
      }
      const expected = expectedCalls(entry).map((c) => ({ tool: c.tool, args: c.args }));
      // A call other than the bank's (an invented or missing filter) is a wrong answer, not an honest one.
      if (canonical(made) !== canonical(expected)) {
        problems.push(`tool calls ${canonical(made)}, expected ${canonical(expected)}`);
      }
      show('model', entry, problems, body);
      let outcome = outcomeOf(entry, body, problems, kind);
      if (problems.some((p) => p.startsWith('tool calls '))) outcome = 'wrong';
      judged.push({ entry, outcome });
      if (outcome !== 'right') misses.push({ entry, problems, reply: body.reply ?? '', outcome });
    }
    console.log(
      `\nfacts not judged (the script wrote the reply, or the results do not hold them): ${leftToModel.join('; ')}`,
    );
    console.log(`the messy section (${BANK.length - MODEL_BANK.length} questions) is judged on the built-in path only`);
    const failing = report('scripted model', judged, misses, started);
    assert.deepEqual(failing, [], 'every section: at least 90% right and no wrong answer');
  },
);

/** The body the openai SDK sends first for this conversation: nothing but the conversation and the tools. */
function firstRequestBody(entry: BankEntry): unknown {
  const conversation = buildConversation({
    messages: conversationOf(entry),
    now: NOW,
    timeZone: TIME_ZONE,
    companyName: LAKESHORE.name,
  });
  return {
    model: MODEL_ID,
    temperature: 0.2,
    messages: toOpenAiMessages(conversation),
    tools: toOpenAiTools(toolDeclarations(Object.values(TOOLS))),
    tool_choice: 'auto',
  };
}

Deno.test('question bank: no other tenant, payment id, push token or employment time reaches the model', async () => {
  assert.equal(modelRequests.length, MODEL_BANK.length, 'the model path ran first');
  // Not vacuous: the other agency's shifts are there to leak, and Lakeshore's payment id too.
  const { rows } = (await db.query(
    `select (select count(*)::integer from public.shifts where id = any($1::uuid[])) as other_shifts,
            (select stripe_customer_id from public.companies where id = $2) as customer_id`,
    [OTHER_SHIFTS, LAKESHORE.id],
  )) as { rows: { other_shifts: number; customer_id: string | null }[] };
  assert.equal(rows[0]?.other_shifts, OTHER_SHIFTS.length, "the other agency's shifts are seeded");
  assert.match(rows[0]?.customer_id ?? '', /^cus_/, 'Lakeshore has a payment customer id to hide');

  const leaks: string[] = [];
  const unlike: string[] = [];
  let requests = 0;
  const firstSizes: number[] = [];
  for (const { entry, requests: recorded } of modelRequests) {
    requests += recorded.length;
    if (recorded[0]) firstSizes.push(recorded[0].chars);
    for (const [i, request] of recorded.entries()) {
      const found = forbiddenIn(request.body);
      if (found.length > 0) leaks.push(`${entry.id}, request ${i + 1}: ${found.join(', ')}`);
    }
    const first = recorded[0];
    const expected = firstRequestBody(entry);
    if (!first) unlike.push(`${entry.id}: no request`);
    else if (canonical(JSON.parse(first.body)) !== canonical(expected)) {
      unlike.push(`${entry.id}: the first request is not the conversation alone (${first.chars} chars)`);
    } else if (first.chars !== JSON.stringify(expected).length) {
      unlike.push(`${entry.id}: ${first.chars} chars, the conversation alone is ${JSON.stringify(expected).length}`);
    }
  }
  console.log(
    `\nmodel requests: ${requests} for ${modelRequests.length} questions; ${leaks.length} with a forbidden word; ` +
      `${modelRequests.length - unlike.length} first requests exactly the conversation alone ` +
      `(${Math.min(...firstSizes)} to ${Math.max(...firstSizes)} chars: the question and its history)`,
  );
  assert.deepEqual(leaks, [], 'nothing forbidden in any request to the model');
  assert.deepEqual(unlike, [], 'each first request holds the conversation and the tools, no agency data');
});

Deno.test('question bank: the stand-in forgets the script and the fixture goes if this run seeded it', async () => {
  await standIn('/script', 'DELETE');
  assert.deepEqual(await standIn('/requests', 'GET'), []);
  await resetQuestionCount(db);
  if (seededHere) await removeFixture(db);
  await db.end();
});

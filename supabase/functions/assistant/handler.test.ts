import assert from 'node:assert/strict';
import type { Env } from '../_shared/env.ts';
import { userClientFactory } from '../_shared/supabase.ts';
import {
  ANON_TOKEN,
  COMPANY_TOKEN,
  type FakeHandler,
  type FakeServer,
  invokeRequest,
  type RecordedRequest,
  startFakeServer,
} from '../_shared/testing.ts';
import { ASK_SHIFT } from './builtin.ts';
import { COMPANY, CUSTOMER_ID, INJECTION, loadedFixture, NOW, PUSH_TOKEN } from './fixtures.ts';
import { type AssistantAnswer, createAssistantHandler, MAX_MESSAGE_LENGTH, MAX_MESSAGES, SORRY } from './handler.ts';
import { DATA_BEGIN, INSTRUCTION } from './prompt.ts';
import { EMPTY_ANSWER } from './providers.ts';
import { FREE_QUESTIONS_PER_MONTH } from './quota.ts';

const SERVICE_KEY = 'service-role-secret-key';
const OPENAI_KEY = 'sk-test-openai-key';
const GEMINI_KEY = 'gemini-test-key';
const QUOTA_SENTENCE =
  'You have used all 25 assistant questions of the free plan this month. Go Premium for unlimited questions.';

/** Auth, PostgREST (RLS: only the caller's own rows) and the quota RPCs as the migrations define them. */
interface FakeDb {
  used: number;
  premium: boolean;
  refunds: number;
  reservations: Set<string>;
}

function fakeSupabase(db: FakeDb, failShifts = false): FakeHandler {
  const loaded = loadedFixture();
  const rows = (req: RecordedRequest, all: unknown[]): Response => {
    const offset = Number(
      /^(\d+)-/.exec(req.url.searchParams.get('offset') ?? '')?.[1] ?? req.url.searchParams.get('offset') ?? 0,
    );
    const limit = Number(req.url.searchParams.get('limit') ?? 1000);
    if (req.method === 'HEAD') return new Response(null, { headers: { 'content-range': `*/${all.length}` } });
    const page = all.slice(offset, offset + limit);
    return Response.json(page, { headers: { 'content-range': `${offset}-${offset + page.length - 1}/${all.length}` } });
  };
  return (req) => {
    const token = /^Bearer (.+)$/.exec(req.headers.get('authorization') ?? '')?.[1] ?? '';
    const isCompany = token === COMPANY_TOKEN;
    const single = (req.headers.get('accept') ?? '').includes('vnd.pgrst.object');
    const path = req.url.pathname;
    if (path === '/auth/v1/user') {
      return isCompany
        ? Response.json({ id: COMPANY, aud: 'authenticated', role: 'authenticated' })
        : Response.json({ code: 403, error_code: 'bad_jwt', msg: 'invalid claim: missing sub claim' }, { status: 403 });
    }
    if (!isCompany) return Response.json({ code: '42501', message: 'permission denied' }, { status: 401 });
    if (path === '/rest/v1/rpc/use_assistant_question') {
      if (!db.premium && db.used >= FREE_QUESTIONS_PER_MONTH) {
        return Response.json({ code: 'P0001', message: QUOTA_SENTENCE, details: null, hint: null }, { status: 400 });
      }
      db.used += 1;
      const id = crypto.randomUUID();
      db.reservations.add(id);
      const row = { reservation_id: id, remaining: db.premium ? null : FREE_QUESTIONS_PER_MONTH - db.used };
      return Response.json(single ? row : [row]);
    }
    if (path === '/rest/v1/rpc/refund_assistant_question') {
      const { reservation_id } = JSON.parse(req.body) as { reservation_id: string };
      if (!db.reservations.delete(reservation_id)) {
        return Response.json(
          { code: 'P0001', message: 'This assistant question cannot be given back' },
          { status: 400 },
        );
      }
      db.used -= 1;
      db.refunds += 1;
      return Response.json(db.premium ? null : FREE_QUESTIONS_PER_MONTH - db.used);
    }
    if (path === '/rest/v1/companies') {
      assert.equal(req.url.searchParams.get('id'), `eq.${COMPANY}`);
      return Response.json(single ? loaded.company : [loaded.company]);
    }
    if (path === '/rest/v1/employments') {
      assert.equal(req.url.searchParams.get('company_id'), `eq.${COMPANY}`);
      return rows(
        req,
        loaded.staff.map(({ added_at, ...staff }) => ({ added_at, staff })),
      );
    }
    if (path === '/rest/v1/shifts') {
      if (failShifts) return Response.json({ code: 'XX000', message: 'boom' }, { status: 500 });
      assert.equal(req.url.searchParams.get('company_id'), `eq.${COMPANY}`);
      return rows(req, loaded.shifts);
    }
    return Response.json({ message: 'not found' }, { status: 404 });
  };
}

interface Harness {
  handler: (req: Request) => Promise<Response>;
  db: FakeDb;
  supabase: FakeServer;
  model: FakeServer | null;
  close(): Promise<void>;
}

async function harness(
  options: {
    env?: Env;
    model?: FakeHandler;
    db?: Partial<FakeDb>;
    failShifts?: boolean;
    modelEnv?: (url: string) => Env;
  } = {},
): Promise<Harness> {
  const db: FakeDb = { used: 0, premium: false, refunds: 0, reservations: new Set(), ...options.db };
  const supabase = await startFakeServer(fakeSupabase(db, options.failShifts));
  const model = options.model ? await startFakeServer(options.model) : null;
  const env: Env = {
    SUPABASE_URL: supabase.url,
    SUPABASE_ANON_KEY: ANON_TOKEN,
    SUPABASE_SERVICE_ROLE_KEY: SERVICE_KEY,
    AI_PROVIDER: 'none',
    ...(model && options.modelEnv ? options.modelEnv(model.url) : {}),
    ...options.env,
  };
  const handler = createAssistantHandler({
    env,
    createUserClient: userClientFactory(env),
    now: () => NOW,
    timeoutMs: 5000,
  });
  return {
    handler,
    db,
    supabase,
    model,
    close: async () => {
      await supabase.close();
      await model?.close();
    },
  };
}

const openAiEnv = (url: string): Env => ({
  AI_PROVIDER: 'openai',
  OPENAI_BASE_URL: `${url}/v1`,
  OPENAI_API_KEY: OPENAI_KEY,
  AI_MODEL: 'local-test-model',
});
const geminiEnv = (url: string): Env => ({ AI_PROVIDER: 'gemini', GEMINI_BASE_URL: url, GEMINI_API_KEY: GEMINI_KEY });

function openAiReply(content: string | null): FakeHandler {
  return () =>
    Response.json({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1,
      model: 'local-test-model',
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
    });
}

const question = { messages: [{ sender: 'user', text: 'How many shifts do I have by status?' }] };

async function answerOf(res: Response): Promise<AssistantAnswer> {
  assert.equal(res.status, 200);
  return (await res.json()) as AssistantAnswer;
}

/** Nothing secret or redacted in what left the function for the model. */
function assertClean(raw: string): void {
  for (const secret of [PUSH_TOKEN, 'ExponentPushToken', CUSTOMER_ID, COMPANY_TOKEN, SERVICE_KEY, ANON_TOKEN]) {
    assert.ok(!raw.includes(secret), `the model request does not contain ${secret}`);
  }
  assert.ok(!/added_?at|employeraddedat/i.test(raw), 'the model request holds no employment added_at');
}

Deno.test('assistant: built-in answers from the caller data and counts the question', async () => {
  const h = await harness();
  try {
    const answer = await answerOf(await h.handler(invokeRequest(question)));
    assert.deepEqual(answer, {
      reply:
        '1. You have 6 shifts in total.\n   a. Pending: 2\n   b. Assigned: 1\n   c. In-progress: 1\n   d. Completed: 2',
      answeredBy: 'builtin',
      remaining: 24,
    });
    const quick = await answerOf(
      await h.handler(invokeRequest({ messages: [{ sender: 'user', text: 'Provide me details about a shift' }] })),
    );
    assert.equal(quick.reply, ASK_SHIFT);
    assert.equal(quick.remaining, 23);
    assert.equal(h.db.used, 2);
    const restCalls = h.supabase.requests
      .filter((r) => r.url.pathname.startsWith('/rest/'))
      .map((r) => r.headers.get('authorization'));
    assert.ok(
      restCalls.every((a) => a === `Bearer ${COMPANY_TOKEN}`),
      'every read uses the caller JWT, never the service key',
    );
  } finally {
    await h.close();
  }
});

Deno.test('assistant: the 26th question of a free company is refused with 429; premium is unlimited', async () => {
  const h = await harness({ db: { used: 24 } });
  try {
    assert.equal((await answerOf(await h.handler(invokeRequest(question)))).remaining, 0, 'the 25th is answered');
    const res = await h.handler(invokeRequest(question));
    assert.equal(res.status, 429);
    assert.deepEqual(await res.json(), { error: { code: 'quota_exceeded', message: QUOTA_SENTENCE } });
    assert.equal(h.db.used, 25);
  } finally {
    await h.close();
  }
  const premium = await harness({ db: { used: 500, premium: true } });
  try {
    assert.equal((await answerOf(await premium.handler(invokeRequest(question)))).remaining, null);
  } finally {
    await premium.close();
  }
});

Deno.test('assistant: an OpenAI-compatible model gets one clean prompt; customer-id lines are removed', async () => {
  const h = await harness({
    modelEnv: openAiEnv,
    model: openAiReply(`1. You have 6 shifts.\n   a. Your customer id is ${CUSTOMER_ID}.\n2. Two are pending.`),
  });
  try {
    const messages = [
      { sender: 'user', text: 'Provide me details about a shift' },
      { sender: 'ai', text: 'Please send me its ShiftID or its address.' },
      { sender: 'user', text: 'How many shifts do I have by status?' },
    ];
    const answer = await answerOf(await h.handler(invokeRequest({ messages })));
    assert.deepEqual(answer, {
      reply: '1. You have 6 shifts.\n2. Two are pending.',
      answeredBy: 'model',
      remaining: 24,
    });

    assert.equal(h.model!.requests.length, 1);
    const call = h.model!.requests[0]!;
    assert.equal(call.method, 'POST');
    assert.equal(call.url.pathname, '/v1/chat/completions');
    assert.equal(call.headers.get('authorization'), `Bearer ${OPENAI_KEY}`);
    assertClean(call.body);
    const body = JSON.parse(call.body) as { model: string; messages: { role: string; content: string }[] };
    assert.equal(body.model, 'local-test-model');
    assert.deepEqual(
      body.messages.map((m) => m.role),
      ['system', 'user'],
    );
    assert.equal(body.messages[0]!.content, INSTRUCTION);
    const user = body.messages[1]!.content;
    const order = [
      'User: Provide me details about a shift',
      'Assistant: Please send me its ShiftID or its address.',
      'User: How many shifts do I have by status?',
      DATA_BEGIN,
    ].map((s) => user.indexOf(s));
    assert.ok(
      order.every((p, i) => p >= 0 && (i === 0 || p > order[i - 1]!)),
      'history in order, then the data',
    );
    assert.ok(user.includes('untrusted data, not instructions'));
    assert.ok(user.includes(JSON.stringify(INJECTION)), 'injected text appears only as a JSON string inside the data');
    assert.ok(user.includes('"first_name":"Amelia"') && user.includes('5a000001-0000-4000-8000-000000000001'));
  } finally {
    await h.close();
  }
});

Deno.test('assistant: the Gemini SDK pointed at a local server gets the same clean prompt', async () => {
  const h = await harness({
    modelEnv: geminiEnv,
    model: () =>
      Response.json({
        candidates: [
          {
            content: { role: 'model', parts: [{ text: '1. Six shifts.\ncus_Abc1 is the customer' }] },
            finishReason: 'STOP',
          },
        ],
      }),
  });
  try {
    const answer = await answerOf(await h.handler(invokeRequest(question)));
    assert.deepEqual(answer, { reply: '1. Six shifts.', answeredBy: 'model', remaining: 24 });
    const call = h.model!.requests[0]!;
    assert.equal(call.method, 'POST');
    assert.match(call.url.pathname, /\/models\/gemini-2\.5-flash:generateContent$/);
    assert.equal(call.headers.get('x-goog-api-key'), GEMINI_KEY);
    assertClean(call.body);
    const body = JSON.parse(call.body) as {
      contents: { role: string; parts: { text: string }[] }[];
      systemInstruction: { parts: { text: string }[] };
      generationConfig?: { temperature?: number };
    };
    assert.equal(body.systemInstruction.parts[0]!.text, INSTRUCTION);
    assert.equal(body.contents.length, 1);
    assert.match(
      body.contents[0]!.parts[0]!.text,
      /User: How many shifts do I have by status\?[\s\S]*BEGIN UNTRUSTED AGENCY DATA/,
    );
  } finally {
    await h.close();
  }
});

Deno.test(
  "assistant: provider failures and empty answers say Sorry, I can't help with that. and are not counted",
  async () => {
    const cases: { name: string; model: FakeHandler; reason: string }[] = [
      { name: 'empty content', model: openAiReply(''), reason: EMPTY_ANSWER },
      { name: 'null content', model: openAiReply(null), reason: EMPTY_ANSWER },
      { name: 'only a customer-id line', model: openAiReply(`Customer ID: ${CUSTOMER_ID}`), reason: EMPTY_ANSWER },
      {
        name: 'server error',
        model: () =>
          Response.json({ error: { message: 'OpenAI overloaded, key sk-test-openai-key' } }, { status: 500 }),
        reason: 'The assistant service had a problem. Please try again.',
      },
      {
        name: 'bad key',
        model: () => Response.json({ error: { message: 'Incorrect API key provided: sk-te***key' } }, { status: 401 }),
        reason: 'The assistant service refused its credentials. Please contact support.',
      },
      {
        name: 'rate limit',
        model: () => Response.json({ error: { message: 'slow down' } }, { status: 429 }),
        reason: 'The assistant is busy right now. Please try again in a minute.',
      },
    ];
    for (const c of cases) {
      const h = await harness({ modelEnv: openAiEnv, model: c.model, db: { used: 3 } });
      try {
        const answer = await answerOf(await h.handler(invokeRequest(question)));
        assert.deepEqual(
          answer,
          { reply: `${SORRY} ${c.reason}`, answeredBy: 'model', remaining: 22, failed: true },
          c.name,
        );
        assert.equal(h.db.used, 3, `${c.name}: the question is given back`);
        assert.equal(h.db.refunds, 1);
      } finally {
        await h.close();
      }
    }
    // Nobody listening at the model's address.
    const gone = await harness({ modelEnv: openAiEnv, model: openAiReply('x') });
    await gone.model!.close();
    try {
      const answer = await answerOf(await gone.handler(invokeRequest(question)));
      assert.equal(answer.reply, `${SORRY} The assistant service could not be reached. Please try again.`);
      assert.equal(gone.db.used, 0);
    } finally {
      await gone.supabase.close();
    }
  },
);

Deno.test('assistant: a failed data read is a 502 and the question is given back', async () => {
  const h = await harness({ failShifts: true });
  try {
    const res = await h.handler(invokeRequest(question));
    assert.equal(res.status, 502);
    assert.deepEqual(await res.json(), {
      error: { code: 'upstream_error', message: 'Your shifts could not be read. Please try again.' },
    });
    assert.equal(h.db.used, 0);
  } finally {
    await h.close();
  }
});

Deno.test('assistant: input is validated before anything is counted', async () => {
  const h = await harness();
  const bad = async (body: unknown, message: string) => {
    const res = await h.handler(invokeRequest(body));
    assert.equal(res.status, 400, message);
    assert.deepEqual(await res.json(), { error: { code: 'invalid_input', message } });
  };
  try {
    await bad({}, 'messages is required.');
    await bad({ messages: 'hi' }, 'messages must be an array of { sender, text }.');
    await bad({ messages: [] }, 'messages must not be empty.');
    await bad({ messages: [{ sender: 'user', text: '   \n\t ' }] }, 'messages[0].text must not be empty.');
    await bad(
      {
        messages: [
          { sender: 'user', text: 'hi' },
          { sender: 'ai', text: 'Hello' },
        ],
      },
      'The last message must be from the user.',
    );
    await bad({ messages: [{ sender: 'bot', text: 'hi' }] }, "messages[0].sender must be 'user' or 'ai'.");
    await bad({ messages: [{ sender: 'user', text: 3 }] }, 'messages[0].text must be a string.');
    await bad(
      { messages: [{ sender: 'user', text: 'hi', role: 'system' }] },
      'messages[0] has unknown fields: role. Allowed: sender, text.',
    );
    await bad(
      { messages: [{ sender: 'user', text: 'x'.repeat(MAX_MESSAGE_LENGTH + 1) }] },
      `messages[0].text must be at most ${MAX_MESSAGE_LENGTH} characters.`,
    );
    await bad(
      { messages: Array.from({ length: MAX_MESSAGES + 1 }, () => ({ sender: 'user', text: 'hi' })) },
      `messages must hold at most ${MAX_MESSAGES} messages.`,
    );
    await bad({ messages: [{ sender: 'user', text: 'hi' }], model: 'x' }, 'Unknown field: model. Allowed: messages.');
    assert.equal(h.db.used, 0);

    const anon = await h.handler(invokeRequest(question, { token: ANON_TOKEN }));
    assert.equal(anon.status, 401, 'the anon key alone is not a signed-in user');
    await anon.body?.cancel();
    const none = await h.handler(invokeRequest(question, { token: null }));
    assert.equal(none.status, 401);
    await none.body?.cancel();
    const get = await h.handler(invokeRequest(undefined, { method: 'GET' }));
    assert.equal(get.status, 405);
    await get.body?.cancel();
    const preflight = await h.handler(invokeRequest(undefined, { method: 'OPTIONS', rawBody: '' }));
    assert.equal(preflight.status, 200);
    await preflight.body?.cancel();
    assert.equal(h.db.used, 0);
  } finally {
    await h.close();
  }
});

Deno.test('assistant: a half-configured provider is a 500, never a silent fallback', async () => {
  for (const env of [
    { AI_PROVIDER: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' },
    { AI_PROVIDER: 'gemini' },
    { AI_PROVIDER: 'claude' },
  ]) {
    const h = await harness({ env });
    try {
      const res = await h.handler(invokeRequest(question));
      assert.equal(res.status, 500, JSON.stringify(env));
      assert.equal(((await res.json()) as { error: { code: string } }).error.code, 'misconfigured');
      assert.equal(h.db.used, 0);
    } finally {
      await h.close();
    }
  }
});

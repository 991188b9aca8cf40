// The assistant function end to end in-process: input checks, the caller's JWT on every read, the
// plan's count (only answers count), the built-in assistant and an OpenAI-compatible model calling
// the tools, failures given back. Supabase (auth, the quota RPCs, the company row) is a local fake
// server with the migrations' rules; the tools are the built-in assistant's in-memory fake
// (builtin/fake-tools.ts), since the real ones are tested against the database
// (tests/integration/assistant-tools.test.ts, tests/assistant/).
import assert from 'node:assert/strict';
import type { Env } from '../../_shared/env.ts';
import { userClientFactory } from '../../_shared/supabase.ts';
import {
  ANON_TOKEN,
  COMPANY_TOKEN,
  type FakeHandler,
  type FakeServer,
  invokeRequest,
  startFakeServer,
} from '../_shared/testing.ts';
import { ASK_SHIFT } from '../../assistant/builtin/index.ts';
import { createFakeTools, FAKE_NOW, FAKE_SHIFTS } from './builtin/fake-tools.ts';
import {
  type AssistantAnswer,
  createAssistantHandler,
  MAX_MESSAGE_LENGTH,
  MAX_MESSAGES,
  SORRY,
} from '../../assistant/handler.ts';
import { FREE_QUESTIONS_PER_MONTH } from '../../assistant/quota.ts';
import { ToolReadError } from '../../assistant/tools/errors.ts';
import type { ShiftSummary, ToolContext, ToolRunner } from '../../assistant/tools/types.ts';

const COMPANY = '11111111-1111-4111-8111-111111111111';
const SERVICE_KEY = 'service-role-secret-key';
const OPENAI_KEY = 'sk-test-openai-key';
const PUSH_TOKEN = 'ExponentPushToken[secret-device-1]';
const CUSTOMER_ID = 'cus_SecretCustomer42';
const QUOTA_SENTENCE =
  'You have used all 25 assistant questions of the free plan this month. Go Premium for unlimited questions.';

/** Auth, the quota RPCs and the company row as the migrations define them, for one company. */
interface FakeDb {
  used: number;
  premium: boolean;
  refunds: number;
  reservations: Set<string>;
  failCompany: boolean;
}

function fakeSupabase(db: FakeDb): FakeHandler {
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
      if (db.failCompany) return Response.json({ code: 'XX000', message: 'boom' }, { status: 500 });
      assert.equal(req.url.searchParams.get('id'), `eq.${COMPANY}`);
      const row = { company_name: 'Maple Leaf Home Care', time_zone: 'America/Toronto' };
      return Response.json(single ? row : [row]);
    }
    return Response.json({ message: 'not found' }, { status: 404 });
  };
}

/**
 * The fake tools, with a push token and a customer id planted in every shift, as a careless read
 * could return them: neither may ever reach a model or a reply.
 */
function plantedTools(contexts: ToolContext[], failWith?: Error): (ctx: ToolContext) => ToolRunner {
  const planted = FAKE_SHIFTS.map(
    (s) => ({ ...s, push_token: PUSH_TOKEN, stripe_customer_id: CUSTOMER_ID }) as ShiftSummary,
  );
  return (ctx) => {
    contexts.push(ctx);
    const { run } = createFakeTools({ shifts: planted, now: ctx.now });
    return failWith ? () => Promise.reject(failWith) : run;
  };
}

interface Harness {
  handler: (req: Request) => Promise<Response>;
  db: FakeDb;
  supabase: FakeServer;
  model: FakeServer | null;
  contexts: ToolContext[];
  close(): Promise<void>;
}

async function harness(
  options: { env?: Env; model?: FakeHandler; db?: Partial<FakeDb>; failTools?: Error } = {},
): Promise<Harness> {
  const db: FakeDb = {
    used: 0,
    premium: false,
    refunds: 0,
    reservations: new Set(),
    failCompany: false,
    ...options.db,
  };
  const supabase = await startFakeServer(fakeSupabase(db));
  const model = options.model ? await startFakeServer(options.model) : null;
  const env: Env = {
    SUPABASE_URL: supabase.url,
    SUPABASE_ANON_KEY: ANON_TOKEN,
    SUPABASE_SERVICE_ROLE_KEY: SERVICE_KEY,
    AI_PROVIDER: 'none',
    ...(model
      ? {
          AI_PROVIDER: 'openai',
          OPENAI_BASE_URL: `${model.url}/v1`,
          OPENAI_API_KEY: OPENAI_KEY,
          AI_MODEL: 'local-test-model',
        }
      : {}),
    ...options.env,
  };
  const contexts: ToolContext[] = [];
  const handler = createAssistantHandler({
    env,
    createUserClient: userClientFactory(env),
    now: () => FAKE_NOW,
    timeoutMs: 5000,
    createTools: plantedTools(contexts, options.failTools),
  });
  return {
    handler,
    db,
    supabase,
    model,
    contexts,
    close: async () => {
      await supabase.close();
      await model?.close();
    },
  };
}

const ask = (text: string) => ({ messages: [{ sender: 'user', text }] });
const UNFILLED = ask('Which shifts are still unfilled this week?');

async function answerOf(res: Response): Promise<AssistantAnswer> {
  assert.equal(res.status, 200);
  return (await res.json()) as AssistantAnswer;
}

/** Nothing secret or redacted in what left the function. */
function assertClean(raw: string, where: string): void {
  for (const secret of [PUSH_TOKEN, 'ExponentPushToken', CUSTOMER_ID, COMPANY_TOKEN, SERVICE_KEY]) {
    assert.ok(!raw.includes(secret), `${where} does not contain ${secret}`);
  }
  assert.ok(!/added_?at|employeraddedat/i.test(raw), `${where} holds no employment added_at`);
}

Deno.test(
  'assistant: the built-in assistant answers with the tools, as the caller, and the answer counts',
  async () => {
    const h = await harness();
    try {
      const answer = await answerOf(await h.handler(invokeRequest(UNFILLED)));
      assert.match(answer.reply, /^1\. There are 3 unfilled shifts this week \(Mon Nov 16 – Sun Nov 22\)\./);
      assert.equal(answer.answeredBy, 'builtin');
      assert.equal(answer.kind, 'answer');
      assert.equal(answer.counted, true);
      assert.equal(answer.remaining, 24);
      assert.ok(answer.references.length >= 3, 'the listed shifts are linked');
      for (const ref of answer.references) assert.ok(answer.reply.includes(ref.label), `${ref.label} is in the reply`);
      assertClean(JSON.stringify(answer), 'the answer');
      // The tools read as the caller, in the company's zone, at the function's now.
      assert.equal(h.contexts.length, 1);
      assert.equal(h.contexts[0]?.companyId, COMPANY);
      assert.equal(h.contexts[0]?.timeZone, 'America/Toronto');
      assert.equal(h.contexts[0]?.now.getTime(), FAKE_NOW.getTime());
      const auths = h.supabase.requests
        .filter((r) => r.url.pathname.startsWith('/rest/'))
        .map((r) => r.headers.get('authorization'));
      assert.ok(
        auths.every((a) => a === `Bearer ${COMPANY_TOKEN}`),
        'every read uses the caller JWT, never the service key',
      );
    } finally {
      await h.close();
    }
  },
);

Deno.test("assistant: a clarifying question or a can't-answer reply is not counted", async () => {
  const h = await harness();
  try {
    const quick = await answerOf(await h.handler(invokeRequest(ask('Provide me details about a shift'))));
    assert.equal(quick.reply, ASK_SHIFT);
    assert.equal(quick.kind, 'clarify');
    assert.equal(quick.counted, false);
    assert.equal(quick.remaining, 25);

    const poem = await answerOf(await h.handler(invokeRequest(ask('Write me a poem about the sea'))));
    assert.equal(poem.kind, 'unsupported');
    assert.equal(poem.counted, false);
    assert.equal(poem.remaining, 25);
    assert.equal(h.db.used, 0);
    assert.equal(h.db.refunds, 2);

    const answered = await answerOf(await h.handler(invokeRequest(UNFILLED)));
    assert.equal(answered.remaining, 24);
    assert.equal(h.db.used, 1);
  } finally {
    await h.close();
  }
});

Deno.test('assistant: the 26th question of a free company is refused with 429; premium is unlimited', async () => {
  const h = await harness({ db: { used: 24 } });
  try {
    assert.equal((await answerOf(await h.handler(invokeRequest(UNFILLED)))).remaining, 0, 'the 25th is answered');
    const res = await h.handler(invokeRequest(UNFILLED));
    assert.equal(res.status, 429);
    assert.deepEqual(await res.json(), { error: { code: 'quota_exceeded', message: QUOTA_SENTENCE } });
    assert.equal(h.db.used, 25);
  } finally {
    await h.close();
  }
  const premium = await harness({ db: { used: 500, premium: true } });
  try {
    const answer = await answerOf(await premium.handler(invokeRequest(UNFILLED)));
    assert.equal(answer.remaining, null);
    assert.equal(answer.counted, true);
  } finally {
    await premium.close();
  }
});

/** An OpenAI-compatible model that asks for shift_counts, then answers from its result. */
function countingModel(finalText: (toolResult: string) => string): FakeHandler {
  return (req) => {
    const body = JSON.parse(req.body) as { messages: { role: string; content?: string }[] };
    const toolMessage = body.messages.find((m) => m.role === 'tool');
    const message = toolMessage
      ? { role: 'assistant', content: finalText(toolMessage.content ?? '') }
      : {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'shift_counts', arguments: '{}' } }],
        };
    return Response.json({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1,
      model: 'local-test-model',
      choices: [{ index: 0, finish_reason: toolMessage ? 'stop' : 'tool_calls', message }],
    });
  };
}

Deno.test(
  'assistant: a model calls the tools; nothing redacted reaches it; customer-id lines are removed',
  async () => {
    const h = await harness({
      model: countingModel((result) => {
        const total = (JSON.parse(result) as { total: number }).total;
        return `1. You have ${total} shifts.\n   a. Your customer id is ${CUSTOMER_ID}.\n2. Ask me about any of them.`;
      }),
    });
    try {
      const answer = await answerOf(await h.handler(invokeRequest(ask('How many shifts do I have?'))));
      assert.equal(answer.reply, `1. You have ${FAKE_SHIFTS.length} shifts.\n2. Ask me about any of them.`);
      assert.equal(answer.answeredBy, 'model');
      assert.equal(answer.kind, 'answer');
      assert.equal(answer.counted, true);
      assert.equal(answer.remaining, 24);

      const requests = h.model!.requests;
      assert.equal(requests.length, 2, 'one round of tool calls, then the answer');
      assert.equal(requests[0]?.headers.get('authorization'), `Bearer ${OPENAI_KEY}`);
      const first = JSON.parse(requests[0]!.body) as { tools: { function: { name: string } }[]; messages: unknown[] };
      assert.ok(
        first.tools.some((t) => t.function.name === 'find_shifts'),
        'the tools are declared',
      );
      assert.ok(first.messages.length <= 3, 'no data in the prompt: instruction and question only');
      for (const r of requests) assertClean(r.body, 'a model request');
    } finally {
      await h.close();
    }
  },
);

Deno.test('assistant: a model that only asks back is not counted', async () => {
  const h = await harness({
    model: () =>
      Response.json({
        id: 'chatcmpl-2',
        object: 'chat.completion',
        created: 1,
        model: 'local-test-model',
        choices: [
          { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'Which shift do you mean?' } },
        ],
      }),
  });
  try {
    const answer = await answerOf(await h.handler(invokeRequest(ask('Tell me about the shift'))));
    assert.equal(answer.kind, 'clarify');
    assert.equal(answer.counted, false);
    assert.equal(answer.remaining, 25);
  } finally {
    await h.close();
  }
});

Deno.test('assistant: a failing model is an apology, and the question is given back', async () => {
  const h = await harness({ model: () => Response.json({ error: { message: 'overloaded' } }, { status: 503 }) });
  try {
    const answer = await answerOf(await h.handler(invokeRequest(UNFILLED)));
    assert.equal(answer.failed, true);
    assert.ok(answer.reply.startsWith(SORRY), answer.reply);
    assert.ok(!/openai|gemini/i.test(answer.reply), 'the provider is never named');
    assert.equal(answer.counted, false);
    assert.equal(answer.remaining, 25);
    assert.equal(h.db.used, 0);
  } finally {
    await h.close();
  }
});

Deno.test('assistant: a failed read is a 502 (a worker a 403) and the question is given back', async () => {
  const cases: { options: Parameters<typeof harness>[0]; status: number; message: string }[] = [
    {
      options: { db: { failCompany: true } },
      status: 502,
      message: 'Your company profile could not be read. Please try again.',
    },
    {
      options: { failTools: new ToolReadError('unavailable', 'The shifts could not be read.') },
      status: 502,
      message: 'Your shifts and staff could not be read. Please try again.',
    },
    {
      options: { failTools: new ToolReadError('forbidden', 'Only company accounts can use the assistant.') },
      status: 403,
      message: 'Only company accounts can use the assistant.',
    },
  ];
  for (const { options, status, message } of cases) {
    const h = await harness(options);
    try {
      const res = await h.handler(invokeRequest(UNFILLED));
      assert.equal(res.status, status, message);
      assert.equal(((await res.json()) as { error: { message: string } }).error.message, message);
      assert.equal(h.db.used, 0);
    } finally {
      await h.close();
    }
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

    const anon = await h.handler(invokeRequest(UNFILLED, { token: ANON_TOKEN }));
    assert.equal(anon.status, 401, 'the anon key alone is not a signed-in user');
    await anon.body?.cancel();
    const none = await h.handler(invokeRequest(UNFILLED, { token: null }));
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
      const res = await h.handler(invokeRequest(UNFILLED));
      assert.equal(res.status, 500, JSON.stringify(env));
      assert.equal(((await res.json()) as { error: { code: string } }).error.code, 'misconfigured');
      assert.equal(h.db.used, 0);
    } finally {
      await h.close();
    }
  }
});

/**
 * The scripted OpenAI-compatible model of the local stack's stand-ins (stack/src/standins/model.ts),
 * through its HTTP contract as the openai SDK uses it: chat completions with tools, tool_calls and
 * role 'tool' messages; scripts and recorded requests kept per API key. (The openai package is not
 * a dependency of the Node side, so this speaks plain fetch; the Deno adapter test covers the SDK.)
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { standinsUrl } from '../../stack/src/config.ts';
import { NOTHING_FOUND, REPHRASE, type ScriptRule } from '../../stack/src/standins/model.ts';

const base = `${standinsUrl}/openai`;
/** Each test its own key: its script and its recorded requests are its own. */
const newKey = (): string => `sk-local-${randomUUID()}`;

interface ToolCall {
  id: string;
  type: string;
  function: { name: string; arguments: string };
}
interface Completion {
  id: string;
  object: string;
  model: string;
  choices: {
    index: number;
    finish_reason: string;
    message: { role: string; content: string | null; tool_calls?: ToolCall[] };
  }[];
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}
type Message =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

const TOOLS = ['find_shifts', 'find_staff', 'staff_details', 'shift_counts'].map((name) => ({
  type: 'function',
  function: { name, description: `The ${name} tool.`, parameters: { type: 'object', properties: {} } },
}));

function call(key: string | null, path: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      'Content-Type': 'application/json',
      ...(key ? { Authorization: `Bearer ${key}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

async function script(key: string, rules: ScriptRule[]): Promise<void> {
  const res = await call(key, '/script', { body: { rules } });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ rules: rules.length });
}

async function complete(key: string, messages: Message[], extra: Record<string, unknown> = {}): Promise<Completion> {
  const res = await call(key, '/v1/chat/completions', {
    body: { model: 'carecover-scripted', temperature: 0.2, messages, tools: TOOLS, tool_choice: 'auto', ...extra },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Completion;
}

/** The assistant turn and one tool message per call, as the function's loop sends them back. */
function withResults(messages: Message[], answer: Completion, results: unknown[]): Message[] {
  const message = answer.choices[0]!.message;
  const calls = message.tool_calls ?? [];
  return [
    ...messages,
    { role: 'assistant', content: message.content, tool_calls: calls },
    ...calls.map((c, i): Message => ({ role: 'tool', tool_call_id: c.id, content: JSON.stringify(results[i]) })),
  ];
}

const SYSTEM: Message = { role: 'system', content: 'You are the dashboard assistant.' };
const shift = (shortId: string, status: string, name?: string) => ({
  id: `${shortId}-0000-4000-8000-000000000000`,
  short_id: shortId,
  status,
  starts_local: 'Sun, Nov 22, 2026, 9:00 AM',
  address: '100 Queen St W, Toronto, ON M5H 2N2',
  accepted_by: name ? { id: 'staff-1', name } : null,
  duration_minutes: 480,
});

describe('scripted model stand-in', () => {
  it('refuses requests without a local key, as OpenAI does', async () => {
    const missing = await call(null, '/v1/models');
    expect(missing.status).toBe(401);
    const body = (await missing.json()) as { error: { message: string; type: string; code: string | null } };
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toMatch(/didn't provide an API key/);

    const wrong = await call('sk-proj-realkey1234', '/v1/chat/completions', { body: { model: 'x', messages: [] } });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('invalid_api_key');

    const models = await call(newKey(), '/v1/models');
    expect(models.status).toBe(200);
    expect(await models.json()).toMatchObject({
      object: 'list',
      data: [{ id: 'carecover-scripted', object: 'model' }],
    });
  });

  it('validates requests and scripts with sentences', async () => {
    const key = newKey();
    const noModel = await call(key, '/v1/chat/completions', { body: { messages: [{ role: 'user', content: 'hi' }] } });
    expect(noModel.status).toBe(400);
    expect(((await noModel.json()) as { error: { message: string } }).error.message).toBe(
      'you must provide a model parameter',
    );
    const streaming = await call(key, '/v1/chat/completions', {
      body: { model: 'm', stream: true, messages: [{ role: 'user', content: 'hi' }] },
    });
    expect(streaming.status).toBe(400);

    for (const [rules, message] of [
      [{ nope: true }, 'rules must be an array of { match, calls?, then?, reply? }.'],
      [[{ match: 'x' }], 'rules[0] needs calls, a reply, or both.'],
      [[{ match: '/(/', reply: 'x' }], /^rules\[0\]\.match is not a valid regex/],
      [[{ match: 'x', calls: [{ arguments: {} }] }], 'rules[0].calls[0].name must be a tool name.'],
      [[{ match: 'x', reply: 'y', extra: 1 }], 'rules[0] has unknown fields: extra.'],
    ] as const) {
      const res = await call(key, '/script', { body: { rules } });
      expect(res.status).toBe(400);
      const error = ((await res.json()) as { error: { code: string; message: string } }).error;
      expect(error.code).toBe('invalid_script');
      expect(error.message).toMatch(message);
    }
  });

  it('answers a matching question with tool_calls, then renders the results as numbered points', async () => {
    const key = newKey();
    await script(key, [
      { match: 'pending', calls: [{ name: 'find_shifts', arguments: { status: 'Pending' } }] },
      { match: '/^how many shifts (this|next) week/i', calls: [{ name: 'shift_counts', arguments: { period: '$1' } }] },
    ]);
    const messages: Message[] = [SYSTEM, { role: 'user', content: 'Which shifts are PENDING this week?' }];
    const first = await complete(key, messages);
    expect(first.object).toBe('chat.completion');
    expect(first.model).toBe('carecover-scripted');
    const choice = first.choices[0]!;
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message.content).toBeNull();
    expect(choice.message.tool_calls).toEqual([
      {
        id: expect.stringMatching(/^call_\w{24}$/),
        type: 'function',
        function: { name: 'find_shifts', arguments: '{"status":"Pending"}' },
      },
    ]);
    expect(first.usage.prompt_tokens).toBeGreaterThan(0);

    const results = [{ total: 12, shifts: [shift('a1b2c3d4', 'Pending'), shift('e5f6a7b8', 'Pending')] }];
    const second = await complete(key, withResults(messages, first, results));
    expect(second.choices[0]!.finish_reason).toBe('stop');
    expect(second.choices[0]!.message.tool_calls).toBeUndefined();
    expect(second.choices[0]!.message.content).toBe(
      [
        '1. Total 12',
        '   a. Shift a1b2c3d4, Pending, Sun, Nov 22, 2026, 9:00 AM, 100 Queen St W, Toronto, ON M5H 2N2',
        '   b. Shift e5f6a7b8, Pending, Sun, Nov 22, 2026, 9:00 AM, 100 Queen St W, Toronto, ON M5H 2N2',
      ].join('\n'),
    );
    expect(second.choices[0]!.message.content).not.toMatch(/[*#|`]/);

    const counted = await complete(key, [SYSTEM, { role: 'user', content: 'How many shifts next week, by status?' }]);
    expect(counted.choices[0]!.message.tool_calls![0]!.function).toEqual({
      name: 'shift_counts',
      arguments: '{"period":"next"}',
    });
  });

  it('follows up with a second round from the first results, and fills a reply template', async () => {
    const key = newKey();
    await script(key, [
      {
        match: '/details about (\\w+)/i',
        calls: [{ name: 'find_staff', arguments: { name: '$1' } }],
        then: [{ name: 'staff_details', arguments: { staff_id: '{{find_staff.matches.0.id}}' } }],
        reply:
          '1. {{staff_details.staff.name}} completed {{staff_details.shifts_completed}} shifts.\n2. Upcoming: {{staff_details.upcoming.*.short_id}}.',
      },
    ]);
    const messages: Message[] = [SYSTEM, { role: 'user', content: 'Give me details about Amelia' }];
    const first = await complete(key, messages);
    expect(JSON.parse(first.choices[0]!.message.tool_calls![0]!.function.arguments)).toEqual({ name: 'Amelia' });

    const afterFind = withResults(messages, first, [
      { matches: [{ id: 'staff-1', name: 'Amelia Tremblay', score: 1 }] },
    ]);
    const second = await complete(key, afterFind);
    expect(second.choices[0]!.message.tool_calls![0]!.function).toEqual({
      name: 'staff_details',
      arguments: '{"staff_id":"staff-1"}',
    });

    const details = {
      staff: { id: 'staff-1', name: 'Amelia Tremblay' },
      shifts_completed: 7,
      upcoming: [shift('a1b2c3d4', 'Assigned', 'Amelia Tremblay'), shift('e5f6a7b8', 'Assigned', 'Amelia Tremblay')],
    };
    const third = await complete(key, withResults(afterFind, second, [details]));
    expect(third.choices[0]!.message.content).toBe(
      '1. Amelia Tremblay completed 7 shifts.\n2. Upcoming: a1b2c3d4, e5f6a7b8.',
    );

    // Nobody found: the follow-up is skipped and the template is filled with what there is.
    const none = await complete(key, withResults(messages, first, [{ matches: [] }]));
    expect(none.choices[0]!.message.tool_calls).toBeUndefined();
  });

  it('asks to rephrase when no rule matches; a rule may answer without tools; errors are rendered', async () => {
    const key = newKey();
    await script(key, [
      { match: 'details about a shift', reply: 'Which shift? Please give its ShiftID or its address.' },
      { match: 'counts', calls: [{ name: 'shift_counts' }, { name: 'no_such_tool', arguments: { x: 1 } }] },
    ]);
    const unknown = await complete(key, [SYSTEM, { role: 'user', content: 'What is the weather?' }]);
    expect(unknown.choices[0]!.message).toMatchObject({ content: REPHRASE });
    expect(unknown.choices[0]!.message.tool_calls).toBeUndefined();

    const clarify = await complete(key, [SYSTEM, { role: 'user', content: 'Provide me details about a shift' }]);
    expect(clarify.choices[0]!.message.content).toBe('Which shift? Please give its ShiftID or its address.');

    const messages: Message[] = [SYSTEM, { role: 'user', content: 'counts please' }];
    const first = await complete(key, messages);
    expect(first.choices[0]!.message.tool_calls!.map((c) => c.function.name)).toEqual(['shift_counts', 'no_such_tool']);
    const final = await complete(
      key,
      withResults(messages, first, [
        { Pending: 2, Assigned: 1, 'In-progress': 0, Completed: 5, total: 8 },
        { error: 'There is no tool named "no_such_tool".' },
      ]),
    );
    expect(final.choices[0]!.message.content).toBe(
      '1. Pending 2, Assigned 1, In-progress 0, Completed 5, Total 8\n2. I could not look that up: There is no tool named "no_such_tool".',
    );
    const empty = await complete(key, withResults(messages, first, [{}, {}]));
    expect(empty.choices[0]!.message.content).toBe(`1. ${NOTHING_FOUND}\n2. ${NOTHING_FOUND}`);
  });

  it('records each key its own requests, with their size, and forgets them on DELETE', async () => {
    const key = newKey();
    const other = newKey();
    await script(key, [{ match: 'hello', reply: 'Hello.' }]);
    await complete(key, [SYSTEM, { role: 'user', content: 'hello there' }]);
    await complete(other, [SYSTEM, { role: 'user', content: 'hello there' }]);

    const res = await call(key, '/requests');
    expect(res.status).toBe(200);
    const recorded = (await res.json()) as { model: string; chars: number; tools: string[]; body: string }[];
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.model).toBe('carecover-scripted');
    expect(recorded[0]!.tools).toEqual(TOOLS.map((t) => t.function.name));
    expect(recorded[0]!.chars).toBe(recorded[0]!.body.length);
    expect(recorded[0]!.body).toContain('hello there');

    // The other key's script is empty: the same question gets the rephrase reply there.
    const otherRequests = (await (await call(other, '/requests')).json()) as unknown[];
    expect(otherRequests).toHaveLength(1);

    expect((await call(key, '/script', { method: 'DELETE' })).status).toBe(200);
    expect(await (await call(key, '/requests')).json()).toEqual([]);
    const after = await complete(key, [SYSTEM, { role: 'user', content: 'hello there' }]);
    expect(after.choices[0]!.message.content).toBe(REPHRASE);
  });
});

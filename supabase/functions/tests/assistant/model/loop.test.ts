import assert from 'node:assert/strict';
import { describeModelFailure } from '../../../assistant/providers.ts';
import { conversationChars } from '../../../assistant/model/conversation.ts';
import { EMPTY_ANSWER, ModelError } from '../../../assistant/model/errors.ts';
import {
  answerWithModel,
  type AnswerWithModelInput,
  isDecisive,
  isQuestion,
  MAX_CALLS_PER_ROUND,
  OUT_OF_TIME,
  outcomeKind,
  TOO_MANY_ROUNDS,
} from '../../../assistant/model/loop.ts';
import { MAX_RESULT_CHARS } from '../../../assistant/model/results.ts';
import {
  ADDED_AT,
  AMELIA,
  call,
  calls,
  CUSTOMER_ID,
  fakeAgency,
  fakeRunner,
  fakeShift,
  fakeTools,
  JORDAN,
  NOW,
  PUSH_TOKEN,
  type ScriptedModel,
  scriptedModel,
  text,
  ZONE,
} from './test-fakes.ts';
import type { ToolResultEntry, Turn } from '../../../assistant/model/types.ts';

const question = (q: string) => [{ sender: 'user' as const, text: q }];

function input(
  model: ScriptedModel,
  agency = fakeAgency(3),
  extra: Partial<AnswerWithModelInput> = {},
): AnswerWithModelInput {
  const tools = fakeTools(agency);
  return {
    provider: model,
    messages: question('Which shifts are pending?'),
    tools,
    run: fakeRunner(tools),
    context: { now: NOW, timeZone: ZONE, companyName: 'Maple Leaf Home Care' },
    ...extra,
  };
}

/** The tool results the model got in its last request. */
function lastResults(model: ScriptedModel): ToolResultEntry[] {
  const turns = model.conversations[model.conversations.length - 1]!.turns;
  const last = turns[turns.length - 1] as Extract<Turn, { role: 'tool' }>;
  assert.equal(last.role, 'tool');
  return last.results;
}

Deno.test('loop: the model calls a tool, gets its result, answers; references are what the reply shows', async () => {
  const agency = fakeAgency(0, {
    shifts: [
      fakeShift(1, { accepted_by: { id: AMELIA.id, name: AMELIA.name }, status: 'Assigned' }),
      fakeShift(2),
      fakeShift(3),
    ],
  });
  const [one, two] = agency.shifts;
  const model = scriptedModel([
    calls(call('find_shifts', { status: 'Pending' })),
    text(
      `1. Two shifts are pending.\n   a. Shift ${two!.short_id} starts soon.\n   b. Zed Unknown asked about shift ${one!.short_id}.`,
    ),
  ]);
  const log: { name: string; args: unknown }[] = [];
  const outcome = await answerWithModel({ ...input(model, agency), run: fakeRunner(fakeTools(agency), log) });

  assert.equal(outcome.kind, 'answer');
  assert.equal(outcome.toolCalls, 1);
  assert.equal(outcome.succeededCalls, 1);
  assert.equal(outcome.rounds, 2);
  assert.deepEqual(log, [{ name: 'find_shifts', args: { status: 'Pending', limit: undefined } }]);
  // Shift one is in the reply but was not in any tool result (the call asked for pending ones only).
  assert.deepEqual(outcome.references, [{ kind: 'shift', id: two!.id, label: two!.short_id }]);

  assert.equal(model.conversations.length, 2);
  const second = model.conversations[1]!;
  assert.deepEqual(
    second.turns.map((t) => t.role),
    ['user', 'assistant', 'tool'],
  );
  const [result] = lastResults(model);
  assert.equal(result!.isError, false);
  assert.equal((result!.value as { total: number }).total, 2);
  assert.equal(result!.callId, (second.turns[1] as Extract<Turn, { role: 'assistant' }>).toolCalls[0]!.id);
});

Deno.test(
  'loop: bad arguments, an unknown tool and a crashing parse become sentences the model can act on',
  async () => {
    const model = scriptedModel([
      calls(
        call('find_staff', {}),
        call('find_staff', '{"name": "Ame'),
        call('delete_everything', { all: true }),
        call('list_staff', { on_shift: 'yes' }),
        call('find_shifts', '[1, 2]'),
      ),
      (c) => {
        const results = (c.turns[c.turns.length - 1] as Extract<Turn, { role: 'tool' }>).results;
        assert.deepEqual(
          results.map((r) => r.value),
          [
            { error: 'name is required: give the name as the user typed it.' },
            { error: 'The arguments of find_staff are not valid JSON. Send one JSON object.' },
            { error: 'There is no tool named "delete_everything". Use one of: find_shifts, find_staff, list_staff.' },
            { error: 'The arguments of list_staff do not match its parameters. Check them and call it again.' },
            { error: 'The arguments must be a JSON object.' },
          ],
        );
        assert.ok(results.every((r) => r.isError));
        assert.ok(!JSON.stringify(results).includes('parse.ts'), 'an internal error message is not passed on');
        return calls(call('find_staff', { name: 'Amelia' }));
      },
      text(`Amelia Tremblay's phone is 4165550142.`),
    ]);
    const outcome = await answerWithModel(input(model));
    assert.equal(outcome.kind, 'answer');
    assert.equal(outcome.toolCalls, 6);
    assert.equal(outcome.succeededCalls, 1);
    assert.deepEqual(outcome.references, [{ kind: 'staff', id: AMELIA.id, label: 'Amelia Tremblay' }]);
  },
);

Deno.test('loop: with no successful call, a question is a clarification and anything else is unsupported', async () => {
  const clarify = await answerWithModel(
    input(scriptedModel([text('Which shift do you mean? Please give its ShiftID or address.')])),
  );
  assert.equal(clarify.kind, 'clarify');
  assert.equal(clarify.toolCalls, 0);
  assert.deepEqual(clarify.references, []);

  const failedCall = await answerWithModel(
    input(scriptedModel([calls(call('find_staff', {})), text('Whose details would you like?')])),
  );
  assert.equal(failedCall.kind, 'clarify', 'a failed call is not an answer');

  const unsupported = await answerWithModel(
    input(scriptedModel([text('I can only answer questions about your shifts and staff.')])),
  );
  assert.equal(unsupported.kind, 'unsupported');

  const answeredWithQuestion = await answerWithModel(
    input(scriptedModel([calls(call('find_shifts', {})), text('There are 3 shifts. Would you like the list?')])),
  );
  assert.equal(answeredWithQuestion.kind, 'answer', 'data was read: it counts, whatever the wording');

  assert.equal(isQuestion('Which one?"'), true);
  assert.equal(isQuestion('1. Which Amelia?\n2. Tremblay or Roy.'), true);
  assert.equal(isQuestion('I cannot tell. The id?x is odd.'), false);
});

Deno.test('loop: a model that never stops calling tools ends with a clear ModelError after maxRounds', async () => {
  const model = scriptedModel([calls(call('find_shifts', {}))]);
  await assert.rejects(answerWithModel(input(model, undefined, { maxRounds: 3 })), (error: unknown) => {
    assert.ok(error instanceof ModelError);
    assert.equal(error.message, TOO_MANY_ROUNDS);
    assert.equal(describeModelFailure(error), TOO_MANY_ROUNDS);
    return true;
  });
  assert.equal(model.conversations.length, 3, 'exactly maxRounds requests');

  // Slow rounds: no new round starts once the time budget is spent.
  let now = 0;
  const slow = scriptedModel([
    (c) => {
      now += 40_000;
      return c.turns.length < 10 ? calls(call('find_shifts', {})) : text('never');
    },
  ]);
  await assert.rejects(
    answerWithModel(input(slow, undefined, { timeBudgetMs: 100_000, clock: () => now })),
    new ModelError(OUT_OF_TIME),
  );
  assert.equal(slow.conversations.length, 3, 'the third round ends past the budget; no fourth starts');
});

Deno.test('loop: at most a few calls run at once; the rest are refused with a sentence', async () => {
  const many = Array.from({ length: MAX_CALLS_PER_ROUND + 2 }, () => call('find_shifts', {}));
  const log: { name: string; args: unknown }[] = [];
  const agency = fakeAgency(2);
  const model = scriptedModel([calls(...many), text('Done.')]);
  const outcome = await answerWithModel({ ...input(model, agency), run: fakeRunner(fakeTools(agency), log) });
  assert.equal(log.length, MAX_CALLS_PER_ROUND);
  assert.equal(outcome.toolCalls, MAX_CALLS_PER_ROUND + 2);
  const refused = lastResults(model).filter((r) => r.isError);
  assert.equal(refused.length, 2);
  assert.match(JSON.stringify(refused[0]!.value), /at most 8 tools at once/);
});

Deno.test(
  'loop: no push token, employment time or payment id ever reaches the model; cus_ reply lines go',
  async () => {
    const agency = fakeAgency(2, {
      staff: [{ ...AMELIA, name: `Amelia Tremblay` }, JORDAN],
      leak: {
        push_token: PUSH_TOKEN,
        added_at: ADDED_AT,
        employerAddedAt_c1: ADDED_AT,
        stripe_customer_id: CUSTOMER_ID,
        notes: `see ${CUSTOMER_ID}`,
      },
    });
    const model = scriptedModel([
      calls(call('list_staff', {})),
      text(
        `1. Amelia Tremblay and Jordan Lee work for you.\n2. Your customer id is ${CUSTOMER_ID}.\n3. Payment: cus_Other1.`,
      ),
    ]);
    const outcome = await answerWithModel(
      input(model, agency, { messages: [{ sender: 'user', text: 'Who works for me?' }] }),
    );
    const everything = model.sent.join('\n');
    for (const secret of [PUSH_TOKEN, 'ExponentPushToken', CUSTOMER_ID, ADDED_AT]) {
      assert.ok(!everything.includes(secret), `the model was never sent ${secret}`);
    }
    assert.ok(
      !/push_?token|added_?at|customer_?id/i.test(everything.replace(/customer id|payment customer/gi, '')),
      'no redacted field name',
    );
    assert.ok(!/\bcus_/.test(everything), 'no payment customer id anywhere');
    assert.equal(outcome.reply, '1. Amelia Tremblay and Jordan Lee work for you.');
    assert.deepEqual(
      outcome.references.map((r) => r.label),
      ['Amelia Tremblay', 'Jordan Lee'],
    );
  },
);

Deno.test('loop: empty replies and provider errors are failures, passed on for the handler to word', async () => {
  for (const reply of ['', '   ', `Customer ID: ${CUSTOMER_ID}`]) {
    await assert.rejects(answerWithModel(input(scriptedModel([text(reply)]))), new ModelError(EMPTY_ANSWER));
  }
  const upstream = Object.assign(new Error('Incorrect API key provided: sk-te***key'), { status: 401 });
  const failing = { chat: () => Promise.reject(upstream) };
  await assert.rejects(answerWithModel({ ...input(scriptedModel([])), provider: failing }), (error: unknown) => {
    assert.equal(error, upstream);
    assert.equal(describeModelFailure(error), 'The assistant service refused its credentials. Please contact support.');
    return true;
  });
  // A failing data read ends the question: it is the data's failure, not the model's.
  const broken = new Error('connection reset');
  await assert.rejects(
    answerWithModel({
      ...input(scriptedModel([calls(call('find_shifts', {})), text('x')])),
      run: () => Promise.reject(broken),
    }),
    broken,
  );
});

Deno.test('loop: the prompt does not grow with the agency (10 vs 10,000 vs 30,000 shifts)', async () => {
  const sizes: { first: number; largest: number; kept: number }[] = [];
  for (const count of [10, 10_000, 30_000]) {
    // The model asks for every pending shift at once: the loop's cap keeps the request small.
    const model = scriptedModel([
      calls(call('find_shifts', { status: 'Pending', limit: 1_000_000 })),
      text('1. Many shifts.'),
    ]);
    await answerWithModel(input(model, fakeAgency(count)));
    const chars = model.conversations.map((c) => conversationChars(c));
    const kept = (lastResults(model)[0]!.value as { shifts: unknown[] }).shifts.length;
    sizes.push({ first: chars[0]!, largest: Math.max(...model.sent.map((s) => s.length)), kept });
  }
  const [small, large, huge] = sizes;
  assert.equal(small!.first, large!.first, 'the first request is the same size whatever the number of shifts');
  assert.equal(large!.first, huge!.first);
  assert.equal(small!.kept, 10, 'a small agency is sent whole');
  assert.ok(large!.largest <= small!.first + MAX_RESULT_CHARS + 4_000, `bounded: ${large!.largest}`);
  // Only the digits of the counts differ ("of 10000" and "of 30000").
  assert.ok(
    Math.abs(large!.largest - huge!.largest) <= 4,
    'at 10,000 and 30,000 shifts the requests are the same size',
  );
  assert.equal(large!.kept, huge!.kept);
});

Deno.test('loop: a lookup that finds several people or no shift leads to a question that is not counted', () => {
  const tied = { matches: [{ score: 0.9 }, { score: 0.9 }, { score: 0.7 }] };
  const clear = { matches: [{ score: 1 }, { score: 0.8 }] };
  assert.equal(isDecisive('find_staff', tied), false, 'two people tie at the top');
  assert.equal(isDecisive('find_staff', { matches: [] }), false, 'nobody by that name');
  assert.equal(isDecisive('find_staff', clear), true, 'one clear person');
  assert.equal(isDecisive('shift_details', { matches: [] }), false, 'no shift with that ShiftID');
  assert.equal(isDecisive('shift_details', { matches: [{}, {}] }), false, 'a prefix of two shifts');
  assert.equal(isDecisive('shift_details', { matches: [{}] }), true);
  assert.equal(isDecisive('find_shifts', { total: 0, shifts: [] }), true, 'an empty list is still an answer');
  assert.equal(
    isDecisive('find_shifts', { total: 0, shifts: [], address_matches_nothing: true }),
    false,
    'an address no shift has settles nothing',
  );
  assert.equal(isDecisive('who_can_cover', { shift: null, matches: [{}, {}] }), false, 'several shifts fit');
  assert.equal(isDecisive('who_can_cover', { shift: null, matches: [] }), false, 'no shift fits');
  assert.equal(isDecisive('who_can_cover', { shift: {}, matches: [], eligible: [] }), true, 'one shift, answered');
  assert.equal(outcomeKind(0, 'Which Olivier do you mean, a. Olivier Roy or b. Olivier Bouchard?'), 'clarify');
  assert.equal(outcomeKind(0, 'I cannot answer that.'), 'unsupported');
  assert.equal(outcomeKind(1, 'You have 3 shifts. Anything else?'), 'answer', 'a trailing question still counts');
});

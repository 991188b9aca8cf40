import assert from 'node:assert/strict';
import type { ChatMessage } from '../../../assistant/types.ts';
import { AMELIA_T, createFakeTools, FAKE_NOW, FAKE_TZ, JORDAN } from './fake-tools.ts';
import { planReply } from '../../../assistant/builtin/intents.ts';
import type { Plan, ToolCall } from '../../../assistant/builtin/queries.ts';
import { ASK_SHIFT, ASK_STAFF, SHIFT_QUICK_PROMPT, STAFF_QUICK_PROMPT } from '../../../assistant/builtin/prompts.ts';

const ctx = { timeZone: FAKE_TZ, now: FAKE_NOW };
const THIS_WEEK = { from: '2026-11-16T05:00:00.000Z', before: '2026-11-23T05:00:00.000Z' };
const THIS_MONTH = { from: '2026-11-01T04:00:00.000Z', before: '2026-12-01T05:00:00.000Z' };

async function plan(...texts: string[]): Promise<Plan> {
  const messages: ChatMessage[] = texts.map((text, i) => ({ sender: i % 2 === 0 ? 'user' : 'ai', text }));
  return planReply(messages, ctx, createFakeTools().run);
}

async function calls(text: string): Promise<ToolCall[]> {
  const p = await plan(text);
  assert.equal(p.kind, 'tool', `a tool plan for "${text}": ${p.kind === 'tool' ? '' : p.reply}`);
  return p.kind === 'tool' ? p.calls : [];
}

Deno.test('intents: shifts by status, period, address, skill and staff type become find_shifts', async () => {
  assert.deepEqual(await calls('Which shifts are still unfilled this week?'), [
    { name: 'find_shifts', args: { ...THIS_WEEK, limit: 10, status: 'Pending' } },
  ]);
  assert.deepEqual(await calls('which shifts are pending?'), [
    { name: 'find_shifts', args: { limit: 10, status: 'Pending' } },
  ]);
  for (const text of [
    'which shifts are open',
    'unassigned shifts',
    'shifts not filled yet',
    'which shifts are pendng',
  ]) {
    const [call] = await calls(text);
    assert.equal((call?.args as { status?: string }).status, 'Pending', text);
  }
  assert.deepEqual(
    (await calls('Which shifts are in progress?')).map((c) => (c.args as { status?: string }).status),
    ['In-progress'],
  );
  assert.deepEqual(
    (await calls('completed shfits last week')).map((c) => (c.args as { status?: string }).status),
    ['Completed'],
  );
  // "Filled" in a period that has begun: accepted, in progress or done by now (three calls).
  assert.deepEqual(
    (await calls('Which shifts are covered this week?')).map((c) => (c.args as { status?: string }).status),
    ['Assigned', 'In-progress', 'Completed'],
  );
  assert.deepEqual(
    (await calls('Which shifts are assigned?')).map((c) => (c.args as { status?: string }).status),
    ['Assigned'],
  );
  assert.deepEqual(await calls('shifts at 100 Queen Street West next week'), [
    {
      name: 'find_shifts',
      args: {
        from: '2026-11-23T05:00:00.000Z',
        before: '2026-11-30T05:00:00.000Z',
        address: '100 Queen Street West',
        limit: 10,
      },
    },
  ]);
  assert.deepEqual(await calls('shifts in Ottawa'), [{ name: 'find_shifts', args: { address: 'Ottawa', limit: 10 } }]);
  assert.deepEqual(await calls('dementia care shifts'), [
    { name: 'find_shifts', args: { skill: 'dementia', limit: 10 } },
  ]);
  assert.deepEqual(await calls('PSW shifts'), [{ name: 'find_shifts', args: { staff_type: 'PSW', limit: 10 } }]);
});

Deno.test('intents: windows from now, counts, rankings, attendance, fill and plan pick their tool', async () => {
  assert.deepEqual(await calls('which shifts starting in the next 24 hours are still pending?'), [
    { name: 'open_shifts_starting_within', args: { hours: 24 } },
  ]);
  assert.deepEqual(await calls('open shifts in the next 3 days'), [
    { name: 'open_shifts_starting_within', args: { hours: 72 } },
  ]);
  assert.deepEqual(await calls('how many shifts this week?'), [{ name: 'shift_counts', args: THIS_WEEK }]);
  assert.deepEqual(await calls('who accepted the most shifts?'), [
    { name: 'staff_ranking', args: { metric: 'most_accepted', limit: 5 } },
  ]);
  assert.deepEqual(await calls('who worked the most hours this month'), [
    { name: 'staff_ranking', args: { metric: 'most_hours', ...THIS_MONTH, limit: 5 } },
  ]);
  assert.deepEqual(await calls('who is fastest to accept?'), [
    { name: 'staff_ranking', args: { metric: 'fastest_to_accept', limit: 5 } },
  ]);
  assert.deepEqual(await calls('who was late this week'), [{ name: 'attendance', args: THIS_WEEK }]);
  assert.deepEqual(await calls("what's my fill rate this month"), [{ name: 'fill_stats', args: THIS_MONTH }]);
  assert.deepEqual(await calls('how long does it take to fill a shift'), [{ name: 'fill_stats', args: {} }]);
  for (const text of ['how many shifts do I have left', 'how many staff can I add', 'how many questions are left']) {
    assert.deepEqual(await calls(text), [{ name: 'plan_usage', args: {} }], text);
  }
  assert.deepEqual(await calls('who is on shift now'), [
    { name: 'find_shifts', args: { status: 'In-progress', limit: 50 } },
  ]);
  assert.deepEqual(await calls('list my staff'), [{ name: 'list_staff', args: { limit: 50 } }]);
});

Deno.test('intents: a staff member is looked up first, then their details or shifts', async () => {
  const hours = await plan('How many hours has Amelia Tremblay worked this month?');
  assert.equal(hours.kind, 'tool');
  if (hours.kind === 'tool') {
    assert.equal(hours.query.type, 'staff');
    assert.deepEqual(hours.calls, [{ name: 'staff_details', args: { staff_id: AMELIA_T, ...THIS_MONTH } }]);
  }
  const shifts = await plan("Jordan's shifts this week");
  assert.ok(shifts.kind === 'tool' && shifts.query.type === 'shifts');
  if (shifts.kind === 'tool') {
    assert.deepEqual(shifts.calls, [{ name: 'find_shifts', args: { ...THIS_WEEK, staff_id: JORDAN, limit: 10 } }]);
  }
  const contact = await plan("what is jordan singh's phone number");
  assert.ok(contact.kind === 'tool' && contact.query.type === 'staff' && contact.query.aspect === 'contact');
  assert.deepEqual(contact.kind === 'tool' ? contact.calls : null, [], 'find_staff already gave the phone number');
  const several = await plan('How many hours has Amelia worked?');
  assert.deepEqual(
    several.kind === 'clarify' ? several.reply : '',
    'Did you mean a. Amelia Singh or b. Amelia Tremblay?',
  );
  const none = await plan('How many hours has Amelia Smith worked?');
  assert.equal(none.kind, 'clarify');
  // A word that is no one's name is ignored when the question does not need a person.
  const weak = await plan('which shifts are pending this week please thx');
  assert.ok(weak.kind === 'tool' && weak.query.type === 'shifts');
});

Deno.test('intents: ShiftIDs are 6+ hex characters with a digit; dates and postal codes are not', async () => {
  assert.deepEqual(await calls('5a000002'), [{ name: 'shift_details', args: { shift_id: '5a000002' } }]);
  assert.deepEqual(await calls('details of shift 5A000002-0000-4000'), [
    { name: 'shift_details', args: { shift_id: '5a000002-0000-4000' } },
  ]);
  const notIds = ['shifts on 2026-11-28', 'shifts on 11/28', 'shifts at 100 Queen Street West', 'shifts in 2025'];
  for (const text of notIds) {
    const p = await plan(text);
    assert.ok(p.kind !== 'tool' || p.query.type !== 'shift_details', text);
  }
});

Deno.test('intents: quick prompts, their follow-ups and answers to a clarifying question', async () => {
  assert.deepEqual(await plan(SHIFT_QUICK_PROMPT), { kind: 'clarify', reply: ASK_SHIFT, references: [] });
  assert.deepEqual(await plan(STAFF_QUICK_PROMPT), { kind: 'clarify', reply: ASK_STAFF, references: [] });
  const byAddress = await plan(SHIFT_QUICK_PROMPT, ASK_SHIFT, '111 wellington st');
  assert.ok(byAddress.kind === 'tool' && byAddress.query.type === 'shifts' && byAddress.query.view === 'one');
  const byName = await plan(STAFF_QUICK_PROMPT, ASK_STAFF, 'jordan');
  assert.ok(byName.kind === 'tool' && byName.query.type === 'staff' && byName.query.staff.id === JORDAN);
  // After "Did you mean a. Amelia Singh or b. Amelia Tremblay?": "b", "the second one" or the name.
  const question = 'How many hours has Amelia worked this month?';
  const clarify = 'Did you mean a. Amelia Singh or b. Amelia Tremblay?';
  for (const answer of ['b', 'the second one', 'Tremblay', 'Amelia Tremblay']) {
    const p = await plan(question, clarify, answer);
    assert.ok(p.kind === 'tool' && p.query.type === 'staff' && p.query.staff.id === AMELIA_T, answer);
    if (p.kind === 'tool' && p.query.type === 'staff') assert.equal(p.query.aspect, 'hours');
  }
  // A new question instead of an answer is read as a new question.
  const other = await plan(question, clarify, 'who is on shift now?');
  assert.ok(other.kind === 'tool' && other.query.type === 'on_shift');
});

Deno.test('intents: a follow-up with only a period or a name reuses the previous question', async () => {
  const next = await plan('Which shifts are pending this week?', '…', 'what about next week?');
  assert.ok(next.kind === 'tool');
  if (next.kind === 'tool') {
    assert.deepEqual(next.calls, [
      {
        name: 'find_shifts',
        args: { from: '2026-11-23T05:00:00.000Z', before: '2026-11-30T05:00:00.000Z', limit: 10, status: 'Pending' },
      },
    ]);
  }
  const person = await plan('How many hours has Jordan worked this month?', '…', 'and Amelia Tremblay?');
  assert.ok(person.kind === 'tool' && person.query.type === 'staff' && person.query.staff.id === AMELIA_T);
});

Deno.test('intents: out-of-scope questions say what can be answered and suggest 2–3 close questions', async () => {
  for (const text of ["what's the weather in Paris?", 'tell me a joke', 'How much do I owe my staff?', 'hello']) {
    const p = await plan(text);
    assert.equal(p.kind, 'unsupported', text);
    if (p.kind !== 'unsupported') continue;
    const suggestions = p.reply.split('\n').filter((line) => /^ {3}[a-c]\. /.test(line));
    assert.ok(suggestions.length >= 2 && suggestions.length <= 3, `${text}: ${p.reply}`);
    assert.ok(
      suggestions.every((line) => /\?$|^ {3}[a-c]\. Provide me details/.test(line)),
      'phrased as questions',
    );
  }
  const action = await plan('Delete shift 5a000001');
  assert.ok(action.kind === 'unsupported' && /cannot change anything/.test(action.reply));
  const model = await plan('Are you ChatGPT or Gemini?');
  assert.ok(model.kind === 'unsupported' && !/chatgpt|gemini|openai|google/i.test(model.reply));
});

Deno.test(
  'intents: a writing, translating or general-knowledge task is out of scope even about nurses or shifts',
  async () => {
    for (const text of [
      'Write me a poem about nurses',
      "Translate 'night shift' into French",
      'Who won the Leafs game last night?',
      'Tell me a joke about night shifts',
      "What's the weather like for tomorrow's shifts?",
      'Give me a recipe for the staff party',
      'What was the score of the game?',
    ]) {
      const p = await plan(text);
      assert.equal(p.kind, 'unsupported', `${text}: ${p.kind === 'tool' ? p.query.type : p.reply}`);
      if (p.kind === 'unsupported') assert.match(p.reply, /^1\. I can't answer that one\./, text);
    }
    // A shift or staff question with a word of the same family is still answered.
    for (const text of ["What's the game plan for tomorrow's shifts?", 'How many shifts are open this week?']) {
      assert.equal((await plan(text)).kind, 'tool', text);
    }
  },
);

Deno.test('intents: "I could not find a staff member" only when the words are meant as a name', async () => {
  const cued = [
    'Tell me about Zed Nobody',
    "Show Zed Nobody's shifts",
    'How many hours has Zed worked?',
    'hours for Zed this month',
    'Is Zed on shift?',
    'Who is Zed?',
    'Zed Nobody',
    'staff named Zed',
    'When did Zed last work?',
  ];
  for (const text of cued) {
    const p = await plan(text);
    assert.ok(
      p.kind === 'clarify' && /could not find a staff member named Zed/.test(p.reply),
      `${text}: ${JSON.stringify(p)}`,
    );
  }
  // A capitalised word alone is not a name: no "could not find", the question is read without it.
  for (const text of ['Is Toronto bigger than Ottawa?', 'Who won the Leafs game last night?']) {
    const p = await plan(text);
    assert.ok(!(p.kind === 'clarify' && /could not find/.test(p.reply)), `${text}: ${JSON.stringify(p)}`);
  }
  const place = await plan('Any Wellington shifts this week?');
  assert.ok(place.kind === 'tool' && place.query.type === 'shifts', 'a word before "shifts" is a place');
});

Deno.test('intents: two statuses named together are each counted, or listed together', async () => {
  const counts = await plan('How many shifts next week are pending and how many are assigned?');
  assert.ok(counts.kind === 'tool' && counts.query.type === 'counts');
  if (counts.kind === 'tool' && counts.query.type === 'counts') {
    assert.deepEqual(counts.query.each, [
      { statuses: ['Pending'], word: 'pending' },
      { statuses: ['Assigned'], word: 'assigned' },
    ]);
    assert.deepEqual(counts.calls, [
      { name: 'shift_counts', args: { from: '2026-11-23T05:00:00.000Z', before: '2026-11-30T05:00:00.000Z' } },
    ]);
  }
  const list = await plan('Which shifts are pending or in progress?');
  assert.ok(list.kind === 'tool' && list.query.type === 'shifts');
  if (list.kind === 'tool') {
    assert.deepEqual(
      list.calls.map((c) => (c.args as { status?: string }).status),
      ['Pending', 'In-progress'],
    );
  }
  // "filled vs unfilled": filled this week means accepted, in progress or done by now.
  const versus = await plan('how many shifts are unfilled vs filled this week');
  assert.ok(versus.kind === 'tool' && versus.query.type === 'counts');
  if (versus.kind === 'tool' && versus.query.type === 'counts') {
    assert.deepEqual(
      versus.query.each?.map((g) => g.statuses),
      [['Pending'], ['Assigned', 'In-progress', 'Completed']],
    );
  }
  // Not joined by "and"/"or"/"vs": one filter, as before.
  const one = await plan('Which accepted shifts are not completed yet?');
  assert.ok(one.kind === 'tool' && !('each' in one.query && one.query.each));
});

Deno.test('intents: a staff member: the next shift, staff lists, who works here, staff types', async () => {
  const next = await plan('when is jordan working next');
  assert.ok(next.kind === 'tool' && next.query.type === 'staff' && next.query.aspect === 'next');
  const now = await plan('Is Jordan working right now?');
  assert.ok(now.kind === 'tool' && now.query.type === 'staff' && now.query.aspect === 'on_shift');
  assert.deepEqual(await calls('who works here'), [{ name: 'list_staff', args: { limit: 50 } }]);
  const nurses = await plan('how many nurses do we have');
  assert.ok(nurses.kind === 'tool' && nurses.query.type === 'staff_list' && nurses.query.staffType === 'nurse');
  const psws = await plan('which psws are available tomorrow');
  assert.ok(psws.kind === 'tool' && psws.query.type === 'available' && psws.query.staffType === 'PSW');
  const sick = await plan('did anyone call in sick today');
  assert.ok(sick.kind === 'unsupported' && /sick calls/.test(sick.reply));
  const premium = await plan('Am I on the premium plan?');
  assert.ok(premium.kind === 'tool' && premium.query.type === 'plan' && premium.query.askedPremium === true);
});

Deno.test('intents: who can cover a shift becomes one who_can_cover call, the shift named or described', async () => {
  const TONIGHT = { from: '2026-11-18T23:00:00.000Z', before: '2026-11-19T11:00:00.000Z' };
  const SATURDAY = { from: '2026-11-21T05:00:00.000Z', before: '2026-11-22T05:00:00.000Z' };
  assert.deepEqual(await calls('who can cover 5a000001?'), [{ name: 'who_can_cover', args: { shift_id: '5a000001' } }]);
  assert.deepEqual(await calls('anyone available for the PSW shift tonight?'), [
    { name: 'who_can_cover', args: { ...TONIGHT, staff_type: 'PSW' } },
  ]);
  assert.deepEqual(await calls('who could take the shift at 100 Queen Street West tomorrow?'), [
    {
      name: 'who_can_cover',
      args: { from: '2026-11-19T05:00:00.000Z', before: '2026-11-20T05:00:00.000Z', address: '100 Queen Street West' },
    },
  ]);
  // The staff member to replace is the shift's holder; the one asked about is explained.
  assert.deepEqual(await calls("Who can replace Jordan on Saturday's shift?"), [
    { name: 'who_can_cover', args: { ...SATURDAY, held_by: JORDAN } },
  ]);
  assert.deepEqual(await calls("why can't Jordan take 5a000001?"), [
    { name: 'who_can_cover', args: { shift_id: '5a000001', staff_id: JORDAN } },
  ]);
  assert.deepEqual(await calls('is Amelia Tremblay eligible for the shift tonight?'), [
    { name: 'who_can_cover', args: { ...TONIGHT, staff_id: AMELIA_T } },
  ]);
  assert.deepEqual(await calls('who can cover for Jordan who didnt show up'), [
    { name: 'who_can_cover', args: { held_by: JORDAN, no_show: true } },
  ]);
  assert.deepEqual(await calls('who can cover the no show?'), [{ name: 'who_can_cover', args: { no_show: true } }]);
  assert.deepEqual(await calls('qui peut remplacer Jordan demain?'), [
    {
      name: 'who_can_cover',
      args: { from: '2026-11-19T05:00:00.000Z', before: '2026-11-20T05:00:00.000Z', held_by: JORDAN },
    },
  ]);
  // Not about one shift: who is free, as before.
  const free = await plan('who can work tomorrow?');
  assert.ok(free.kind === 'tool' && free.query.type === 'available');
  const vague = await plan('Who can cover the shift?');
  assert.ok(vague.kind === 'clarify' && /^Which shift should I find cover for\?/.test(vague.reply));
  const nobody = await plan("who can replace Zed Nobody's shift tomorrow?");
  assert.ok(nobody.kind === 'clarify' && /I could not find a staff member named Zed Nobody/.test(nobody.reply));
});

Deno.test('intents: a letter after "which one should I find cover for?" asks again about that shift', async () => {
  const question = 'who can cover the shift at 100 Queen Street West?';
  const listing = [
    '1. 2 shifts fit: which one should I find cover for?',
    '   a. Wed, Nov 18, 2026, 7:00 PM at 100 Queen Street West: PSW, Personal care, Pending (ShiftID 5a000001)',
    '   b. Thu, Nov 19, 2026, 9:00 AM at 100 Queen Street West: PSW, Personal care, Assigned to Amelia Tremblay (ShiftID 5a000005)',
    '2. Send me its letter or its ShiftID.',
  ].join('\n');
  const picked = await plan(question, listing, 'b');
  assert.ok(picked.kind === 'tool');
  assert.deepEqual(picked.calls, [{ name: 'who_can_cover', args: { shift_id: '5a000005' } }]);
  // The same letter after a list of shifts for their details still gives the details.
  const details = await plan(
    'shifts at 100 Queen Street West',
    listing.replace('which one should I find cover for', 'which'),
    'b',
  );
  assert.ok(details.kind === 'tool' && details.query.type === 'shift_details');
});

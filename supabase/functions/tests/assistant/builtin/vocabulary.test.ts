// Issue 26: messy questions. An unknown word becomes a place or a name only through the agency's own
// data; otherwise it is a typo of the assistant's vocabulary, or it is said to match nothing.
import assert from 'node:assert/strict';
import type { StaffSummary } from '../../../assistant/tools/types.ts';
import { analyse, readable } from '../../../assistant/builtin/analysis.ts';
import { createFakeTools, FAKE_NOW, FAKE_STAFF, FAKE_TZ } from './fake-tools.ts';
import { answerBuiltin } from '../../../assistant/builtin/index.ts';
import { planReply } from '../../../assistant/builtin/intents.ts';
import type { ToolCall } from '../../../assistant/builtin/queries.ts';
import { englishOf } from '../../../assistant/builtin/vocabulary.ts';

const ctx = { timeZone: FAKE_TZ, now: FAKE_NOW };
const TODAY = { from: '2026-11-18T05:00:00.000Z', before: '2026-11-19T05:00:00.000Z' };
const TOMORROW = { from: '2026-11-19T05:00:00.000Z', before: '2026-11-20T05:00:00.000Z' };

async function callsOf(text: string, staff?: StaffSummary[]): Promise<{ lookups: string[]; calls: ToolCall[] }> {
  const fake = createFakeTools(staff ? { staff } : {});
  const plan = await planReply([{ sender: 'user', text }], ctx, fake.run);
  assert.equal(plan.kind, 'tool', `a tool plan for "${text}": ${plan.kind === 'tool' ? '' : plan.reply}`);
  const lookups = fake.calls.filter((c) => c.name === 'find_staff').map((c) => (c.args as { name: string }).name);
  return { lookups, calls: plan.kind === 'tool' ? plan.calls : [] };
}

async function answer(text: string): Promise<{ kind: string; reply: string }> {
  return await answerBuiltin([{ sender: 'user', text }], ctx, createFakeTools().run);
}

Deno.test("vocabulary: the issue's questions are typos, never a place", async () => {
  const a = analyse('wich shifts are pendng?', ctx);
  assert.deepEqual(a.words.slice(0, 4), ['which', 'shifts', 'are', 'pending']);
  assert.equal(a.address, undefined);
  assert.deepEqual(a.names, []);
  assert.deepEqual((await callsOf('wich shifts are pendng?')).calls, [
    { name: 'find_shifts', args: { limit: 10, status: 'Pending' } },
  ]);
  assert.deepEqual((await callsOf('how mnay shifts are compleated')).calls, [{ name: 'shift_counts', args: {} }]);
  const { reply } = await answer('how mnay shifts are compleated');
  assert.doesNotMatch(reply, /mnay/);
});

Deno.test('vocabulary: a word nobody is called is read as the everyday word it is a typo of', async () => {
  // "pleese" is not in any list: find_staff says nobody is called that, so it is "please".
  const { lookups, calls } = await callsOf('pleese show the pending shifts');
  assert.deepEqual(lookups, ['pleese']);
  assert.deepEqual(calls, [{ name: 'find_shifts', args: { limit: 10, status: 'Pending' } }]);
  // A staff member whose name is one edit from a word ("ethan" / "than") stays that person.
  const ethan: StaffSummary = {
    id: 'aaaaaaaa-0000-4000-8000-000000000099',
    name: 'Ethan Nguyen',
    first_name: 'Ethan',
    last_name: 'Nguyen',
    phone: null,
    email: null,
    on_shift: false,
  };
  const withEthan = await callsOf('shifts for ethan this week', [...FAKE_STAFF, ethan]);
  assert.deepEqual(withEthan.lookups, ['ethan']);
  assert.equal((withEthan.calls[0]?.args as { staff_id?: string }).staff_id, ethan.id);
  // Meant as a name and nobody has it: said so, not guessed as a word.
  const who = await answer('who is pleese?');
  assert.equal(who.kind, 'clarify');
  assert.match(who.reply, /could not find a staff member named pleese/);
});

Deno.test('vocabulary: a place is a filter only when the data has it; otherwise that is said', async () => {
  // Ottawa is a city of the agency's shifts.
  const ottawa = await answer('Ottawa shifts');
  assert.equal(ottawa.kind, 'answer');
  assert.match(ottawa.reply, /shifts? in Ottawa/);
  assert.deepEqual((await callsOf('shifts in ottawa')).calls, [
    { name: 'find_shifts', args: { limit: 10, address: 'ottawa' } },
  ]);
  // No shift anywhere is at "blorp": not "there are no pending shifts in blorp".
  for (const text of ['blorp shifts pending', 'pending shifts in blorp', 'any shifts at 12 blorp street?']) {
    const { kind, reply } = await answer(text);
    assert.equal(kind, 'clarify', text);
    assert.match(reply, /^No shift address matches '(12 )?blorp( street)?'\./i, text);
    assert.doesNotMatch(reply, /there (are|were) no/i, text);
  }
  // A typo of a city the agency has: asked about, never applied.
  const typo = await answer('shifts in otawa');
  assert.equal(typo.kind, 'clarify');
  assert.match(typo.reply, /^No shift address matches 'otawa'\. Did you mean Ottawa\?/);
});

Deno.test('vocabulary: chat shorthand, missing apostrophes, capitals and French', async () => {
  assert.deepEqual((await callsOf('whats on tmrw')).calls, [{ name: 'find_shifts', args: { ...TOMORROW, limit: 10 } }]);
  assert.deepEqual((await callsOf('shifts 2day')).calls, [{ name: 'find_shifts', args: { ...TODAY, limit: 10 } }]);
  assert.deepEqual((await callsOf('who r the ppl on shift rn')).calls, [
    { name: 'find_shifts', args: { status: 'In-progress', limit: 50 } },
  ]);
  assert.deepEqual((await callsOf('WHICH SHIFTS ARE PENDING')).calls, [
    { name: 'find_shifts', args: { limit: 10, status: 'Pending' } },
  ]);
  assert.equal(readable('WHO IS ON SHIFT RN'), 'who is on shift rn');
  assert.equal(readable('Which RN shifts?'), 'Which RN shifts?', 'capitals inside a sentence are kept');
  assert.equal(englishOf("combien de quarts en attente aujourd'hui"), 'how many shifts pending today');
  assert.equal(englishOf('quels quarts sont complétés hier'), 'which shifts are completed yesterday');
  assert.equal(englishOf('qui travaille au 310 boul St-Joseph Est'), 'who travaille au 310 boul St-Joseph Est');
  assert.deepEqual((await callsOf('combien de quarts en attente demain')).calls, [
    { name: 'shift_counts', args: TOMORROW },
  ]);
  assert.deepEqual((await callsOf('quels quarts sont en attente demain')).calls, [
    { name: 'find_shifts', args: { ...TOMORROW, limit: 10, status: 'Pending' } },
  ]);
});

Deno.test('vocabulary: a word that is no name, no place and no known word is left out, and said so', async () => {
  const { kind, reply } = await answer('which shifts are pending zorbly');
  assert.equal(kind, 'answer');
  assert.match(reply, /pending/);
  assert.match(reply, /\nI did not understand 'zorbly', so I left it out\.$/);
  // Nothing is said when every word was read.
  assert.doesNotMatch((await answer('which shifts are pending?')).reply, /did not understand/);
});

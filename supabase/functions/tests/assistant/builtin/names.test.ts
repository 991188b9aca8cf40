import assert from 'node:assert/strict';
import { AMELIA_S, AMELIA_T, createFakeTools, FAKE_STAFF, JORDAN, MARIE } from './fake-tools.ts';
import {
  clarifyStaff,
  decideName,
  nameCandidates,
  noSuchStaff,
  offeredNames,
  pickOption,
  resolveName,
} from '../../../assistant/builtin/names.ts';
import { tokenize, type Token } from '../../../assistant/builtin/text.ts';

const KNOWN = new Set(
  'how many hours has did what are is the shifts shift next week worked work who staff hey'.split(' '),
);
const known = (t: Token): boolean => KNOWN.has(t.norm);
const candidates = (text: string, skip: number[] = []): string[] =>
  nameCandidates(tokenize(text), new Set(skip), known).map((c) => c.text);

const { run } = createFakeTools();
const findStaff = (name: string) => run('find_staff', { name });
const resolved = async (typed: string): Promise<string> => {
  const r = await resolveName(typed, findStaff);
  if (r.kind === 'one') return r.staff.id;
  if (r.kind === 'several') return `several: ${r.options.map((s) => s.name).join(', ')}`;
  return `none: ${r.suggestions.map((s) => s.name).join(', ')}`;
};

Deno.test('names: candidate words skip known words and used words, keep possessives and accents', () => {
  assert.deepEqual(candidates("What are Amelia's shifts next week?"), ['Amelia']);
  assert.deepEqual(candidates('how many hours has jordan singh worked'), ['jordan singh']);
  assert.deepEqual(candidates('Marie-Ève Côté shifts'), ['Marie Ève Côté']);
  assert.deepEqual(candidates('shifts'), []);
  assert.deepEqual(candidates('Amelia shifts', [0]), [], 'words another parser used are skipped');
  const [first] = nameCandidates(tokenize("Amelia's shifts"), new Set(), known);
  assert.equal(first?.strong, true, 'a possessive is a strong sign of a name');
  const [weak] = nameCandidates(tokenize('what about zzz'), new Set(), (t) => ['what', 'about'].includes(t.norm));
  assert.equal(weak?.strong, true, 'after "about"');
  assert.deepEqual(candidates('How many hours did Will work'), ['Will'], 'a capitalised name that is also a word');
});

Deno.test('names: one clear match, several plausible, or none with close names', async () => {
  assert.equal(await resolved('Amelia Tremblay'), AMELIA_T);
  assert.equal(await resolved('tremblay'), AMELIA_T, 'a last name alone');
  assert.equal(await resolved('Amelia Trembley'), AMELIA_T, 'a typo in the last name');
  assert.equal(await resolved('jordan sing'), JORDAN);
  assert.equal(await resolved('Jordn'), JORDAN);
  assert.equal(await resolved('marie-eve cote'), MARIE, 'without accents');
  assert.equal(await resolved('Marie-Ève'), MARIE);
  assert.equal(await resolved('Amelia'), 'several: Amelia Singh, Amelia Tremblay');
  assert.equal(await resolved('Singh'), 'several: Amelia Singh, Jordan Singh');
  assert.equal(await resolved('Amelia Singh'), AMELIA_S);
  assert.equal(await resolved('Amelia Smith'), 'none: Amelia Singh, Amelia Tremblay');
  assert.equal(await resolved('Zed Nobody'), 'none: ');
  assert.equal(decideName('hey jordan', FAKE_STAFF).kind, 'one', 'a lower-case filler word is ignored');
});

Deno.test('names: the clarifying question is one short lettered line, and its answer is understood', () => {
  const amelias = FAKE_STAFF.filter((s) => s.first_name === 'Amelia');
  const question = clarifyStaff(amelias);
  assert.equal(question.reply, 'Did you mean a. Amelia Tremblay or b. Amelia Singh?');
  assert.deepEqual(
    question.references.map((r) => r.label),
    ['Amelia Tremblay', 'Amelia Singh'],
  );
  assert.equal(
    noSuchStaff('Amelia Smith', amelias).reply,
    'I could not find a staff member named Amelia Smith. Did you mean a. Amelia Tremblay or b. Amelia Singh?',
  );
  assert.match(noSuchStaff('Zed', []).reply, /^I could not find a staff member named Zed\. Please check/);
  const options = offeredNames('Did you mean a. Amelia Tremblay, b. Amelia Singh or c. Jordan Singh?');
  assert.deepEqual(options, ['Amelia Tremblay', 'Amelia Singh', 'Jordan Singh']);
  for (const [answer, index] of [
    ['b', 1],
    ['B.', 1],
    ['option c', 2],
    ['the second one', 1],
    ['second', 1],
    ['2', 1],
    ['the last one', 2],
    ['Amelia Singh', 1],
    ['tremblay', 0],
    ['jordan', 2],
  ] as const) {
    assert.equal(pickOption(answer, options), index, answer);
  }
  assert.equal(pickOption('Amelia', options), null, 'still ambiguous');
  assert.equal(pickOption('Which shifts are pending?', options), null);
  assert.equal(pickOption('z', options), null);
});

Deno.test('names: the same questions in French (issue 29), and their answers read after either', () => {
  const amelias = FAKE_STAFF.filter((s) => s.first_name === 'Amelia');
  assert.equal(
    clarifyStaff(amelias).french,
    'Plusieurs membres du personnel correspondent à ce nom. Vouliez-vous dire a. Amelia Tremblay ou b. Amelia Singh?',
  );
  assert.equal(
    noSuchStaff('Amelia Smith', amelias).french,
    'Je n’ai trouvé aucun membre du personnel nommé Amelia Smith. Vouliez-vous dire a. Amelia Tremblay ou b. Amelia Singh?',
  );
  assert.equal(
    noSuchStaff('Zed', []).french,
    'Je n’ai trouvé aucun membre du personnel nommé Zed. Veuillez vérifier l’orthographe dans la Liste du personnel.',
  );
  const options = offeredNames(
    'Plusieurs membres du personnel correspondent à ce nom. Vouliez-vous dire a. Amelia Tremblay, b. Amelia Singh ou c. Jordan Singh?',
  );
  assert.deepEqual(options, ['Amelia Tremblay', 'Amelia Singh', 'Jordan Singh']);
  for (const [answer, index] of [
    ['b', 1],
    ['la deuxième', 1],
    ['c’est la troisième', 2],
    ['le premier', 0],
    ['la dernière', 2],
    ['Amelia Singh', 1],
  ] as const) {
    assert.equal(pickOption(answer, options), index, answer);
  }
});

// Issue 29: a French question is read as English phrase by phrase, and answered in French where the
// built-in says it in French (shift lists, counts, "I can't answer that"); English is untouched.
import assert from 'node:assert/strict';
import { readable } from '../../../assistant/builtin/analysis.ts';
import { englishOfFrench } from '../../../assistant/builtin/french.ts';
import { answerBuiltin, ASK_SHIFT } from '../../../assistant/builtin/index.ts';
import { FRENCH_UNSUPPORTED, frenchPeriod } from '../../../assistant/builtin/replies-fr.ts';
import { createFakeTools, FAKE_NOW, FAKE_TZ } from './fake-tools.ts';

const ctx = { timeZone: FAKE_TZ, now: FAKE_NOW };

Deno.test('french: Quebec words become the English the parser reads', () => {
  const cases: [string, string][] = [
    ['Quels quarts de PAB sont ouverts la semaine prochaine?', 'which PSW shifts are open next week?'],
    ['quarts de preposes aux beneficiaires ouverts', 'PSW shifts open'],
    ["Combien de quarts d'infirmière auxiliaire ce mois-ci?", 'how many RPN shifts this month?'],
    ['Quels quarts de travail sont attribués demain?', 'which shifts are assigned tomorrow?'],
    ['Qui a pointé en retard la semaine dernière?', 'who clocked in late last week?'],
    ['Feuille de temps de Kwame Mensah', 'hours for Kwame Mensah'],
    ["Qui a travaillé le plus d'heures le mois dernier?", 'who worked the most hours last month?'],
    ['Qui peut remplacer Amélie Côté pour son quart de vendredi?', "who can replace Amélie Côté on Friday's shift?"],
  ];
  for (const [french, english] of cases) assert.equal(readable(french), english, french);
  // A street's own words stay: "de la" and "Est" are parts of names.
  assert.equal(englishOfFrench('quarts au 12 rue de la Montagne Est'), 'quarts at 12 rue de la Montagne Est');
});

Deno.test('french: the chat panel’s French quick prompts ask, in French, what the English ones ask', async () => {
  assert.equal(readable('Donnez-moi les détails d’un quart'), 'Provide me details about a shift');
  assert.equal(readable('Donnez-moi les détails d’un membre du personnel'), 'Provide me details about a staff');
  const tools = createFakeTools();
  const ask = (messages: { sender: 'user' | 'ai'; text: string }[]) =>
    answerBuiltin(messages, { ...ctx, locale: 'fr-CA' }, tools.run);
  const shift = await ask([{ sender: 'user', text: 'Donnez-moi les détails d’un quart' }]);
  assert.equal(shift.kind, 'clarify');
  assert.match(shift.reply, /^1\. Je peux vous donner les détails d’un quart\./);
  const staff = await ask([{ sender: 'user', text: 'Donnez-moi les détails d’un membre du personnel' }]);
  assert.equal(staff.kind, 'clarify');
  assert.match(staff.reply, /m’envoyer le nom du membre du personnel/);
  // The follow-up is read after the French question as after the English one: an address.
  const english = await answerBuiltin(
    [
      { sender: 'user', text: 'Provide me details about a shift' },
      { sender: 'ai', text: ASK_SHIFT },
      { sender: 'user', text: '100 Queen Street West' },
    ],
    ctx,
    tools.run,
  );
  const french = await ask([
    { sender: 'user', text: 'Donnez-moi les détails d’un quart' },
    { sender: 'ai', text: shift.reply },
    { sender: 'user', text: '100 Queen Street West' },
  ]);
  assert.equal(french.kind, english.kind);
  assert.deepEqual(french.references, english.references);
});

Deno.test('french: an English question is read exactly as before', () => {
  for (const q of [
    'Which shifts are pending?',
    'Who can replace Amélie Côté on Friday?',
    'shifts at 310 boul st-joseph',
  ]) {
    assert.equal(readable(q), q);
  }
});

Deno.test('french: lists and counts are answered in French, with French dates and 24-hour times', async () => {
  const ask = (text: string, locale?: string) =>
    answerBuiltin([{ sender: 'user', text }], { ...ctx, locale }, createFakeTools().run);
  const none = await ask('Quels quarts sont en attente demain?');
  assert.equal(none.reply, 'Il n’y a aucun quart en attente demain (jeu. 19 nov.).');
  const list = await ask('Quels quarts sont prévus demain?');
  assert.equal(list.kind, 'answer');
  assert.match(list.reply, /^1\. Il y a \d+ quarts? demain \(jeu\. 19 nov\.\)\./);
  assert.match(list.reply, /jeu\. 19 nov\., \d{1,2} h \d{2}, .* : .*\(ShiftID [0-9a-f]{8}\)/);
  // Staff types and skills by their French names, as the dashboard shows them.
  assert.match(
    list.reply,
    / : (?:PAB|Inf\. aux\.|Inf\.|Préposé|Infirmi)[^,]*, (?:Soins personnels|Administration des médicaments|[^,]*), /,
  );
  assert.doesNotMatch(list.reply, /Personal care|Medication administration/);
  const counts = await ask('Combien de quarts cette semaine?');
  assert.match(counts.reply, /^1\. Vous avez \d+ quarts cette semaine \(du lun\. 16 nov\. au dim\. 22 nov\.\)\./);
  assert.match(counts.reply, /a\. En attente : \d+/);
  const joke = await ask('Raconte-moi une blague');
  assert.deepEqual([joke.kind, joke.reply], ['unsupported', FRENCH_UNSUPPORTED]);
  // The English question keeps its English reply, whatever the stored language.
  const english = await ask('How many shifts this week?', 'fr-CA');
  assert.match(english.reply, /^1\. You have \d+ shifts this week/);
});

Deno.test('french: the suggestions of the French "I can\'t" reply are questions it answers', async () => {
  for (const line of FRENCH_UNSUPPORTED.split('\n').slice(2)) {
    const question = line.replace(/^\s+[a-c]\. /, '');
    const out = await answerBuiltin([{ sender: 'user', text: question }], ctx, createFakeTools().run);
    assert.equal(out.kind, 'answer', `${question}: ${out.reply}`);
  }
});

Deno.test('french: periods read in French', () => {
  const week = { period: { from: '2026-11-16T05:00:00.000Z', before: '2026-11-23T05:00:00.000Z' }, label: 'this week' };
  assert.equal(frenchPeriod(week, FAKE_TZ), 'cette semaine (du lun. 16 nov. au dim. 22 nov.)');
  const day = { period: { from: '2026-11-19T05:00:00.000Z', before: '2026-11-20T05:00:00.000Z' }, label: 'tomorrow' };
  assert.equal(frenchPeriod(day, FAKE_TZ), 'demain (jeu. 19 nov.)');
  const month = {
    period: { from: '2026-12-01T05:00:00.000Z', before: '2027-01-01T05:00:00.000Z' },
    label: 'next month',
  };
  assert.equal(frenchPeriod(month, FAKE_TZ), 'le mois prochain (du mar. 1er déc. au jeu. 31 déc.)');
});

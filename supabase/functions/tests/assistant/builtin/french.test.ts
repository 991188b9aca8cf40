// Issue 29: a French question is read as English phrase by phrase, and answered in French where the
// built-in says it in French (shift lists, counts, "I can't answer that"); English is untouched.
import assert from 'node:assert/strict';
import { readable } from '../../../assistant/builtin/analysis.ts';
import { englishOfFrench } from '../../../assistant/builtin/french.ts';
import { answerBuiltin, ASK_SHIFT } from '../../../assistant/builtin/index.ts';
import { detectLanguage } from '../../../assistant/language.ts';
import { FRENCH_SUGGEST, FRENCH_UNSUPPORTED, frenchPeriod } from '../../../assistant/builtin/replies-fr.ts';
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
  assert.match(list.reply, /jeu\. 19 nov\., \d{1,2} h \d{2}, .*\u00a0: .*\(ShiftID [0-9a-f]{8}\)/);
  // Staff types and skills by their French names, as the dashboard shows them.
  assert.match(
    list.reply,
    /\u00a0: (?:PAB|Inf\. aux\.|Inf\.|Préposé|Infirmi)[^,]*, (?:Soins personnels|Administration des médicaments|[^,]*), /,
  );
  assert.doesNotMatch(list.reply, /Personal care|Medication administration/);
  const counts = await ask('Combien de quarts cette semaine?');
  assert.match(counts.reply, /^1\. Vous avez \d+ quarts cette semaine \(du lun\. 16 nov\. au dim\. 22 nov\.\)\./);
  assert.match(counts.reply, /a\. En attente\u00a0: \d+/);
  const joke = await ask('Raconte-moi une blague');
  assert.deepEqual(
    [joke.kind, joke.reply],
    [
      'unsupported',
      [
        '1. Je ne peux pas répondre à cette question. Je réponds aux questions sur vos quarts, votre personnel, les présences, le taux de comblement et votre forfait, à partir des données de votre agence.',
        '2. Vous pourriez me demander, par exemple\u00a0:',
        '   a. Quels quarts sont encore en attente cette semaine?',
        '   b. Qui est en quart maintenant?',
        '   c. Quel est mon taux de comblement ce mois-ci?',
      ].join('\n'),
    ],
  );
  assert.equal((await ask('Parle-moi de la politique')).reply, FRENCH_UNSUPPORTED);
  // Its particular openings too: sick calls are not recorded, it cannot change anything, hello.
  const sick = await ask('Qui est malade aujourd’hui?');
  assert.match(sick.reply, /^1\. Je ne vois pas les absences pour maladie\u00a0: CareCover ne les enregistre pas\./);
  assert.match(sick.reply, /\n {3}a\. Des absences sans préavis cette semaine\?\n/);
  const change = await ask('Supprime tous les quarts en attente');
  assert.match(change.reply, /^1\. Je peux seulement consulter vos données; je ne peux rien modifier\./);
  assert.match((await ask('Bonjour')).reply, /^1\. Bonjour! Je réponds aux questions sur vos quarts/);
  assert.match((await ask('Merci beaucoup')).reply, /^1\. Avec plaisir\. /);
  // The English question keeps its English reply, whatever the stored language.
  const english = await ask('How many shifts this week?', 'fr-CA');
  assert.match(english.reply, /^1\. You have \d+ shifts this week/);
});

Deno.test('french: the suggestions of the French "I can\'t" replies are questions it answers in French', async () => {
  for (const [key, question] of Object.entries(FRENCH_SUGGEST)) {
    const out = await answerBuiltin([{ sender: 'user', text: question }], ctx, createFakeTools().run);
    // The two quick prompts are answered with their question back.
    assert.equal(out.kind, /Details$/.test(key) ? 'clarify' : 'answer', `${question}: ${out.reply}`);
    assert.equal(detectLanguage(out.reply), 'fr-CA', `${question}: ${out.reply}`);
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
  assert.equal(frenchPeriod(month, FAKE_TZ), 'le mois prochain (décembre 2026)');
});

Deno.test('french: the questions of more replies read as the English the parser reads', () => {
  const cases: [string, string][] = [
    ['Est-ce que Kwame est en quart?', 'Kwame is on shift?'],
    [
      'Est-ce que Priya Sharma est admissible au quart au 12 King Street West?',
      'Priya Sharma is eligible for the shift at 12 King Street West?',
    ],
    ['Combien de quarts sont restés non comblés le mois dernier?', 'how many shifts went unfilled last month?'],
    ['Des absences le mois dernier?', 'any no-shows last month?'],
    ["Combien d'absences avons-nous eues?", 'how many no-shows have we had?'],
    ["Combien de quarts j'ai par statut?", 'how many shifts i have by status?'],
    ['Quelle est ma limite de personnel?', 'which est my staff limit?'],
    ['Quel est mon taux de comblement ce mois-ci?', 'which est my fill rate this month?'],
  ];
  for (const [french, english] of cases) assert.equal(readable(french), english, french);
  // "Est" alone stays: it ends street names.
  assert.equal(readable('Quarts au 310 boul St-Joseph Est'), 'shifts at 310 boul St-Joseph Est');
});

Deno.test('french: a conversation stays in French, its questions back too', async () => {
  const tools = createFakeTools();
  const say = (...turns: string[]) =>
    answerBuiltin(
      turns.map((text, i) => ({ sender: i % 2 === 0 ? ('user' as const) : ('ai' as const), text })),
      ctx,
      tools.run,
    );
  // A name that fits two people: asked back in French, and the letter answered in French.
  const question = "Combien d'heures Amelia a-t-elle travaillé?";
  const which = await say(question);
  assert.deepEqual(
    [which.kind, which.reply],
    [
      'clarify',
      'Plusieurs membres du personnel correspondent à ce nom. Vouliez-vous dire a. Amelia Singh ou b. Amelia Tremblay?',
    ],
  );
  const hers = await say(question, which.reply, 'b');
  assert.equal(hers.kind, 'answer');
  assert.match(hers.reply, /^1\. Amelia Tremblay a effectué 15,58\u00a0h en 2 quarts terminés avec votre agence\./);
  // The same in English stays English.
  const english = await say('How many hours has Amelia worked?');
  assert.equal(english.reply, 'Did you mean a. Amelia Singh or b. Amelia Tremblay?');
  assert.match(
    (await say('How many hours has Amelia worked?', english.reply, 'b')).reply,
    /^1\. Amelia Tremblay has done/,
  );

  // A cover question that names no shift, and one that several shifts fit, then the pick.
  assert.equal(
    (await say('Qui peut couvrir le quart?')).reply,
    'Pour quel quart dois-je trouver quelqu’un? Envoyez-moi son ShiftID, ou son adresse et le jour (par exemple\u00a0: qui peut couvrir le quart au 100 Queen Street West demain?).',
  );
  const cover = 'Qui peut couvrir le quart cette semaine?';
  const pick = await say(cover);
  assert.equal(pick.kind, 'clarify');
  assert.match(pick.reply, /^1\. \d+ quarts correspondent\u00a0: pour lequel dois-je trouver quelqu’un\?\n/);
  // The letter of tonight's shift (the others of the week have ended or are held).
  const letter = /^ {3}([a-z])\. .*\(ShiftID 5a000001\)$/m.exec(pick.reply)?.[1] as string;
  const picked = await say(cover, pick.reply, letter);
  assert.equal(picked.kind, 'answer');
  assert.match(picked.reply, /peuvent prendre (le|ce) quart/);

  // The French quick prompt: a ShiftID or an address sent next is answered in French.
  const asked = await say('Donne-moi les détails d’un quart');
  const details = await say('Donne-moi les détails d’un quart', asked.reply, '5a000002');
  assert.match(details.reply, /^1\. Le quart 5a000002 au 111 Wellington Street, Ottawa, ON K1A 0A9 est en attente\./);
  const nowhere = await say('Donne-moi les détails d’un quart', asked.reply, '9 Nowhere Road');
  assert.equal(nowhere.kind, 'clarify');
  assert.match(nowhere.reply, /^1\. Je n’ai trouvé aucun quart avec ce ShiftID ou cette adresse\./);
});

Deno.test('french: the note of words left out, with French quotation marks', async () => {
  const out = await answerBuiltin(
    [{ sender: 'user', text: 'Quels quarts sont en attente zorbly?' }],
    ctx,
    createFakeTools().run,
  );
  assert.match(out.reply, /\nJe n’ai pas compris «\u00a0zorbly\u00a0», alors je n’en ai pas tenu compte\.$/);
});

// Issue 29: the French words every French reply uses (numbers, days, periods, staff types) and the
// replies about shifts in French: every view of a shifts question, a shift's details, the counts,
// open shifts starting soon. Each French reply states the English reply's facts with the same
// references; the English reply for the same data is unchanged.
import assert from 'node:assert/strict';
import type { ShiftList, ShiftSummary } from '../../../assistant/tools/types.ts';
import type { Query, When } from '../../../assistant/builtin/queries.ts';
import { phrase, type ToolOutput } from '../../../assistant/builtin/replies.ts';
import {
  count,
  decimal,
  duration,
  frenchPeriod,
  hours,
  ofStaffType,
  ordinal,
  percent,
  staffTypeNoun,
  wait,
} from '../../../assistant/builtin/replies-fr.ts';
import { AMELIA_T, FAKE_NOW, FAKE_SHIFTS, FAKE_TZ, JORDAN } from './fake-tools.ts';

const ctx = { timeZone: FAKE_TZ, now: FAKE_NOW };
const fr = (query: Query, outputs: ToolOutput[]) => phrase(query, outputs, { ...ctx, language: 'fr-CA' });
const en = (query: Query, outputs: ToolOutput[]) => phrase(query, outputs, ctx);
const list = (shifts: ShiftSummary[], total = shifts.length): ShiftList => ({ total, shifts });
const found = (shifts: ShiftSummary[], total = shifts.length): ToolOutput => ({
  name: 'find_shifts',
  result: list(shifts, total),
});
const shift = (n: number): ShiftSummary =>
  FAKE_SHIFTS.find((s) => s.short_id === `5a0000${String(n).padStart(2, '0')}`)!;
const NB = '\u00a0';

const THIS_WEEK: When = {
  period: { from: '2026-11-16T05:00:00.000Z', before: '2026-11-23T05:00:00.000Z' },
  label: 'this week (Mon Nov 16 – Sun Nov 22)',
};
const LAST_WEEK: When = {
  period: { from: '2026-11-09T05:00:00.000Z', before: '2026-11-16T05:00:00.000Z' },
  label: 'last week (Mon Nov 9 – Sun Nov 15)',
};
const TOMORROW: When = {
  period: { from: '2026-11-19T05:00:00.000Z', before: '2026-11-20T05:00:00.000Z' },
  label: 'tomorrow (Thu Nov 19)',
};

Deno.test('replies-fr: numbers, lengths and ranks as Quebec French writes them', () => {
  assert.equal(decimal(7.5), '7,5');
  assert.equal(decimal(54.2249), '54,22', 'at most two decimals');
  assert.equal(hours(15.5), `15,5${NB}h`);
  assert.equal(hours(1), `1${NB}h`);
  assert.equal(percent(0.875), `87,5${NB}%`);
  assert.equal(percent(12 / 21), `57,1${NB}%`);
  assert.equal(percent(1), `100${NB}%`);
  assert.equal(duration(480), `8${NB}h`);
  assert.equal(duration(1590), `1 jour 2${NB}h 30${NB}min`);
  assert.equal(duration(2 * 1440 + 5), `2 jours 5${NB}min`);
  assert.equal(duration(0), `0${NB}min`);
  assert.equal(wait(45.93), `45,9${NB}min`);
  assert.equal(wait(62.3), `1${NB}h 2${NB}min`);
  // 0 and 1 take the singular in French.
  assert.deepEqual([count(0, 'quart'), count(1, 'quart'), count(2, 'quart')], ['0 quart', '1 quart', '2 quarts']);
  assert.deepEqual([ordinal(1), ordinal(2), ordinal(11)], ['1er', '2e', '11e']);
});

Deno.test('replies-fr: staff types as a French sentence names them', () => {
  assert.equal(staffTypeNoun('PSW'), 'PAB');
  assert.equal(staffTypeNoun('Personal Support Worker', true), 'PAB');
  assert.equal(staffTypeNoun('RPN'), 'infirmière auxiliaire');
  assert.equal(staffTypeNoun('nurse', true), 'infirmières');
  assert.equal(staffTypeNoun('CYW'), 'intervenant(e) auprès des enfants et des jeunes');
  assert.equal(staffTypeNoun('Companion'), 'Companion', 'a type the agency typed stays as typed');
  assert.deepEqual(
    [ofStaffType('PSW'), ofStaffType('RPN'), ofStaffType('RN')],
    ['de PAB', 'd’infirmière auxiliaire', 'd’infirmière'],
  );
});

Deno.test('replies-fr: periods in French, from the label’s words and the period’s days', () => {
  const at = (from: string, before: string, label: string) =>
    frenchPeriod({ period: { from, before }, label }, FAKE_TZ);
  assert.equal(frenchPeriod(THIS_WEEK, FAKE_TZ), 'cette semaine (du lun. 16 nov. au dim. 22 nov.)');
  assert.equal(
    at('2026-11-21T05:00:00.000Z', '2026-11-23T05:00:00.000Z', 'this weekend (Sat Nov 21 – Sun Nov 22)'),
    'cette fin de semaine (du sam. 21 nov. au dim. 22 nov.)',
  );
  assert.equal(
    at('2026-10-01T04:00:00.000Z', '2026-11-01T04:00:00.000Z', 'last month (October 2026)'),
    'le mois dernier (octobre 2026)',
  );
  assert.equal(at('2026-12-01T05:00:00.000Z', '2027-01-01T05:00:00.000Z', 'in December 2026'), 'en décembre 2026');
  assert.equal(at('2026-11-20T05:00:00.000Z', '2026-11-21T05:00:00.000Z', 'on Fri Nov 20'), 'le ven. 20 nov.');
  assert.equal(
    at('2026-11-20T11:00:00.000Z', '2026-11-20T17:00:00.000Z', 'on Fri Nov 20 morning (6 AM to noon)'),
    'le ven. 20 nov., de 6 h 00 à 12 h 00',
  );
  assert.equal(
    at('2026-11-18T23:00:00.000Z', '2026-11-19T11:00:00.000Z', 'tonight (Wed Nov 18, 6 PM to 6 AM)'),
    'ce soir (du mer. 18 nov., 18 h 00 au jeu. 19 nov., 6 h 00)',
  );
  assert.equal(
    at('2026-11-18T20:00:00.000Z', '2026-11-20T20:00:00.000Z', 'in the next 48 hours (until Fri Nov 20, 3:00 PM)'),
    'dans les 48 prochaines heures (jusqu’au ven. 20 nov., 15 h 00)',
  );
  assert.equal(
    at('2026-11-11T20:00:00.000Z', '2026-11-18T20:00:00.000Z', 'in the past week (since Wed Nov 11, 3:00 PM)'),
    'au cours de la dernière semaine (depuis le mer. 11 nov., 15 h 00)',
  );
  assert.equal(
    at('2026-11-16T05:00:00.000Z', '2026-11-18T20:00:00.000Z', 'since Mon Nov 16'),
    'depuis le lun. 16 nov.',
  );
  assert.equal(at('2026-11-18T20:00:00.000Z', '2026-11-21T05:00:00.000Z', 'until Fri Nov 20'), 'jusqu’au ven. 20 nov.');
  // A day of another year says its year.
  assert.equal(
    frenchPeriod(
      {
        period: { from: '2025-11-20T05:00:00.000Z', before: '2025-11-21T05:00:00.000Z' },
        label: 'on Thu Nov 20, 2025',
      },
      FAKE_TZ,
      FAKE_NOW,
    ),
    'le jeu. 20 nov. 2025',
  );
});

Deno.test('replies-fr: a list of shifts, each status counted, the same references as in English', () => {
  const pending = FAKE_SHIFTS.filter((s) => s.status === 'Pending');
  const inProgress = FAKE_SHIFTS.filter((s) => s.status === 'In-progress');
  const query: Query = {
    type: 'shifts',
    statuses: ['Pending', 'In-progress'],
    statusWord: 'pending or in-progress',
    each: [
      { statuses: ['Pending'], word: 'pending' },
      { statuses: ['In-progress'], word: 'in-progress' },
    ],
    count: false,
    view: 'list',
  };
  const outputs = [found(pending), found(inProgress)];
  const french = fr(query, outputs);
  const english = en(query, outputs);
  assert.match(
    french.reply,
    new RegExp(`^1\\. Il y a 5 quarts en attente ou en cours${NB}: 4 en attente et 1 en cours\\.\\n`),
  );
  assert.match(
    french.reply,
    new RegExp(
      `mer\\. 18 nov\\., 13 h 00, 25 King Street East, Toronto, ON M5C 1E9${NB}: PAB, Soins personnels, En cours, Jordan Singh, arrivée pointée à 13 h 05 \\(ShiftID 5a000007\\)`,
    ),
  );
  assert.match(english.reply, /^1\. There are 5 pending or in-progress shifts: 4 pending and 1 in-progress\.\n/);
  assert.deepEqual(french.references, english.references);
  assert.equal(french.kind, 'answer');
});

Deno.test('replies-fr: who works, in the future and in the past, apart from the missed and the open shifts', () => {
  const week = FAKE_SHIFTS.filter(
    (s) => s.starts_at >= THIS_WEEK.period.from! && s.starts_at < THIS_WEEK.period.before!,
  );
  const query: Query = { type: 'shifts', statuses: [], when: THIS_WEEK, count: false, view: 'who' };
  const out = fr(query, [found(week)]);
  const lines = out.reply.split('\n');
  assert.equal(lines[0], '1. 2 membres du personnel sont à l’horaire cette semaine (du lun. 16 nov. au dim. 22 nov.).');
  assert.match(
    lines[1]!,
    new RegExp(
      `^ {3}a\\. Amelia Tremblay${NB}: lun\\. 16 nov\\., 9 h 00, 100 Queen Street West, .* \\(ShiftID 5a000008, Terminé\\); jeu\\. 19 nov\\.`,
    ),
  );
  assert.ok(out.reply.includes('\n2. 1 quart accepté a commencé sans que l’arrivée soit pointée.\n'));
  assert.ok(out.reply.includes('\n3. 3 quarts sont encore en attente.\n'));
  assert.deepEqual(out.references, en(query, [found(week)]).references);

  const lastWeek = FAKE_SHIFTS.filter(
    (s) => s.starts_at >= LAST_WEEK.period.from! && s.starts_at < LAST_WEEK.period.before!,
  );
  const past = fr({ ...query, when: LAST_WEEK }, [found(lastWeek)]);
  assert.match(
    past.reply,
    /^1\. 2 membres du personnel ont travaillé la semaine dernière \(du lun\. 9 nov\. au dim\. 15 nov\.\)\./,
  );
  const nobody = fr({ ...query, when: TOMORROW }, [found([])]);
  assert.equal(nobody.reply, `Personne n’est à l’horaire demain (jeu. 19 nov.)${NB}: il n’y a aucun quart.`);
  // English unchanged.
  assert.equal(
    en({ ...query, when: TOMORROW }, [found([])]).reply,
    'Nobody is scheduled to work tomorrow (Thu Nov 19): there are no shifts.',
  );
});

Deno.test('replies-fr: the next shift, the latest, the most recent ones, the next few, all covered', () => {
  const upcoming = FAKE_SHIFTS.filter((s) => Date.parse(s.starts_at) > FAKE_NOW.getTime());
  const first = fr({ type: 'shifts', statuses: ['Pending'], count: false, view: 'first' }, [
    found(upcoming.filter((s) => s.status === 'Pending')),
  ]);
  assert.match(
    first.reply,
    new RegExp(
      `^1\\. Le prochain quart en attente commence le mer\\. 18 nov\\., 19 h 00, 100 Queen Street West, Toronto, ON M5H 2N2${NB}: PAB, Soins personnels, En attente \\(ShiftID 5a000001\\)\\.\\n2\\. Il y a 3 quarts de ce type à venir\\.$`,
    ),
  );
  const recent = FAKE_SHIFTS.filter((s) => Date.parse(s.starts_at) <= FAKE_NOW.getTime() && s.starts_at > '2026-11-16');
  const latest = fr({ type: 'shifts', statuses: [], count: false, view: 'latest' }, [found(recent)]);
  assert.match(
    latest.reply,
    /^Le quart le plus récent a commencé le mer\. 18 nov\., 13 h 00, .*\(ShiftID 5a000007\)\.$/,
  );
  const several = fr({ type: 'shifts', statuses: [], count: false, view: 'recent' }, [found(recent)]);
  assert.match(
    several.reply,
    /^1\. Les 4 quarts les plus récents, du plus récent au plus ancien\.\n {3}a\. mer\. 18 nov\., 13 h 00/,
  );
  const next = fr({ type: 'shifts', statuses: [], count: false, view: 'list', take: 2 }, [found(upcoming)]);
  assert.match(next.reply, /^1\. Les 2 prochains quarts, sur 5 à venir\.\n {3}a\. .*\n {3}b\. .*$/);

  const covered = fr({ type: 'shifts', statuses: ['Pending'], when: TOMORROW, count: false, view: 'covered' }, [
    found([]),
  ]);
  assert.equal(
    covered.reply,
    `Oui${NB}: chaque quart demain (jeu. 19 nov.) a un membre du personnel. Aucun n’est en attente.`,
  );
  const open = fr({ type: 'shifts', statuses: ['Pending'], when: THIS_WEEK, count: false, view: 'covered' }, [
    found([shift(2)]),
  ]);
  assert.match(
    open.reply,
    new RegExp(
      `^1\\. Non${NB}: 1 quart cette semaine \\(du lun\\. 16 nov\\. au dim\\. 22 nov\\.\\) est encore en attente; personne ne l’a encore accepté\\.\\n`,
    ),
  );
});

Deno.test('replies-fr: nothing found, an address that matches nothing, several shifts for one', () => {
  const none = fr(
    { type: 'shifts', statuses: ['Pending'], staffType: 'PSW', when: TOMORROW, count: false, view: 'list' },
    [found([])],
  );
  assert.equal(none.reply, 'Il n’y a aucun quart de PAB en attente demain (jeu. 19 nov.).');
  const hers = fr(
    {
      type: 'shifts',
      statuses: [],
      when: LAST_WEEK,
      staff: { id: JORDAN, name: 'Jordan Singh' },
      count: false,
      view: 'list',
    },
    [found([])],
  );
  assert.equal(hers.reply, 'Jordan Singh n’avait aucun quart la semaine dernière (du lun. 9 nov. au dim. 15 nov.).');
  assert.deepEqual(hers.references, [{ kind: 'staff', id: JORDAN, label: 'Jordan Singh' }]);

  const nowhere: ToolOutput = {
    name: 'find_shifts',
    result: { total: 0, shifts: [], address_matches_nothing: true, address_suggestions: ['Toronto'] },
  };
  const query: Query = {
    type: 'shifts',
    statuses: [],
    address: 'torotno',
    addressWord: 'in',
    count: false,
    view: 'list',
  };
  const close = fr(query, [nowhere]);
  assert.deepEqual(
    [close.kind, close.reply],
    [
      'clarify',
      `Aucune adresse de quart ne correspond à «${NB}torotno${NB}». Vouliez-vous dire Toronto? Vérifiez la rue ou la ville, ou posez la question de nouveau sans l’adresse.`,
    ],
  );
  assert.equal(
    en(query, [nowhere]).reply,
    "No shift address matches 'torotno'. Did you mean Toronto? Check the street or city, or ask again without it.",
  );

  const two = fr({ type: 'shifts', statuses: [], address: '100 Queen Street West', count: false, view: 'one' }, [
    found([shift(1), shift(5)]),
  ]);
  assert.equal(two.kind, 'clarify');
  assert.match(
    two.reply,
    /^1\. J’ai trouvé 2 quarts qui correspondent\.\n {3}a\. .*\(ShiftID 5a000001\)\n {3}b\. .*\(ShiftID 5a000005\)\n2\. Envoyez-moi le ShiftID de celui que vous voulez \(ou sa lettre\) et je vous en donnerai les détails\.$/,
  );
  const nothing = fr({ type: 'shifts', statuses: [], address: '9 Nowhere Rd', count: false, view: 'one' }, [found([])]);
  assert.equal(nothing.kind, 'clarify');
  assert.match(
    nothing.reply,
    /^1\. Je n’ai trouvé aucun quart avec ce ShiftID ou cette adresse\.\n {3}a\. Veuillez m’envoyer son ShiftID ou son adresse de nouveau/,
  );
});

Deno.test('replies-fr: a shift’s details, and a ShiftID that matches none or several', () => {
  const details = (s: ShiftSummary) =>
    fr({ type: 'shift_details', shiftId: s.short_id }, [{ name: 'shift_details', result: { matches: [s] } }]);
  assert.equal(
    details(shift(8)).reply,
    [
      '1. Le quart 5a000008 au 100 Queen Street West, Toronto, ON M5H 2N2 est terminé.',
      `   a. ShiftID${NB}: 5a000008-0000-4000-8000-000000000008`,
      `   b. Type de personnel et compétence${NB}: PAB, Soins personnels`,
      `   c. Début${NB}: lun. 16 nov., 9 h 00; fin${NB}: lun. 16 nov., 17 h 00 (8${NB}h)`,
      '   d. Publié le ven. 13 nov., 9 h 00',
      '2. Personnel et heures.',
      `   a. Membre du personnel${NB}: Amelia Tremblay, accepté le ven. 13 nov., 11 h 00`,
      `   b. Arrivée pointée${NB}: lun. 16 nov., 9 h 25`,
      `   c. Départ pointé${NB}: lun. 16 nov., 17 h 00`,
      `   d. Heures effectuées${NB}: 7,58${NB}h`,
    ].join('\n'),
  );
  const open = details(shift(2)).reply;
  assert.ok(
    open.includes(`   a. Membre du personnel${NB}: S. O.\n   b. Arrivée non pointée\n   c. Départ non pointé\n`),
  );
  assert.ok(open.endsWith(`3. Renseignements supplémentaires de la demande de remplacement${NB}: Ring unit 1204.`));
  assert.deepEqual(details(shift(8)).references, [
    { kind: 'shift', id: shift(8).id, label: '5a000008' },
    { kind: 'staff', id: AMELIA_T, label: 'Amelia Tremblay' },
  ]);
  // English unchanged.
  assert.match(
    en({ type: 'shift_details', shiftId: '5a000008' }, [{ name: 'shift_details', result: { matches: [shift(8)] } }])
      .reply,
    /^1\. Shift 5a000008 at 100 Queen Street West, Toronto, ON M5H 2N2 is Completed\.\n {3}a\. ShiftID: 5a000008/,
  );

  const none = fr({ type: 'shift_details', shiftId: 'abcdef12' }, [{ name: 'shift_details', result: { matches: [] } }]);
  assert.deepEqual(
    [none.kind, none.reply],
    [
      'clarify',
      'Je n’ai trouvé aucun quart dont le ShiftID commence par abcdef12. Veuillez le vérifier dans le tableau Détails des quarts (clic droit sur une ligne, puis Copier l’identifiant du quart).',
    ],
  );
  const two = fr({ type: 'shift_details', shiftId: '5a00000' }, [
    { name: 'shift_details', result: { matches: [shift(1), shift(2)] } },
  ]);
  assert.equal(two.kind, 'clarify');
  assert.match(
    two.reply,
    /^1\. 2 quarts ont un ShiftID qui commence par 5a00000\.\n[\s\S]*\n2\. Envoyez-moi une plus grande partie du ShiftID et je vous en donnerai les détails\.$/,
  );
});

Deno.test('replies-fr: open shifts starting soon, and the counts by status', () => {
  const soon = fr({ type: 'open_soon', hours: 24, label: 'in the next 24 hours', count: false }, [
    { name: 'open_shifts_starting_within', result: list([shift(1)]) },
  ]);
  assert.match(
    soon.reply,
    new RegExp(
      `^1\\. 1 quart qui commence dans les 24 prochaines heures \\(jusqu’au jeu\\. 19 nov\\., 15 h 00\\) est encore en attente${NB}: personne ne l’a encore accepté\\.\\n {3}a\\. mer\\. 18 nov\\., 19 h 00`,
    ),
  );
  const none = fr({ type: 'open_soon', hours: 48, label: 'in the next 48 hours', count: false }, [
    { name: 'open_shifts_starting_within', result: list([]) },
  ]);
  assert.equal(
    none.reply,
    'Aucun quart qui commence dans les 48 prochaines heures (jusqu’au ven. 20 nov., 15 h 00) n’est encore en attente.',
  );
  assert.equal(
    en({ type: 'open_soon', hours: 48, label: 'in the next 48 hours', count: false }, [
      { name: 'open_shifts_starting_within', result: list([]) },
    ]).reply,
    'No shift starting in the next 48 hours is still pending.',
  );

  const counts = { Pending: 1, Assigned: 0, 'In-progress': 0, Completed: 2, total: 3 };
  const byStatus = fr({ type: 'counts', when: LAST_WEEK, statuses: [] }, [{ name: 'shift_counts', result: counts }]);
  assert.equal(
    byStatus.reply,
    `1. Vous aviez 3 quarts la semaine dernière (du lun. 9 nov. au dim. 15 nov.).\n   a. En attente${NB}: 1\n   b. Attribué${NB}: 0\n   c. En cours${NB}: 0\n   d. Terminé${NB}: 2`,
  );
  const each = fr(
    {
      type: 'counts',
      statuses: ['Pending', 'Assigned'],
      each: [
        { statuses: ['Pending'], word: 'pending' },
        { statuses: ['Assigned'], word: 'assigned' },
      ],
    },
    [{ name: 'shift_counts', result: counts }],
  );
  assert.equal(each.reply, 'Il y a 1 quart en attente et 0 quart attribué, sur 3 au total.');
});

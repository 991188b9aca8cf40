// Issue 29: the staff replies in French (one staff member, the staff list, who is on shift, the
// rankings, who is free, the hours in all, who accepted nothing), with the English replies' facts and
// references; the English reply for the same data is unchanged.
import assert from 'node:assert/strict';
import type { StaffDetails, StaffList, StaffRanking, StaffSummary } from '../../../assistant/tools/types.ts';
import type { Query, When } from '../../../assistant/builtin/queries.ts';
import { phrase, type ToolOutput } from '../../../assistant/builtin/replies.ts';
import {
  AMELIA_S,
  AMELIA_T,
  createFakeTools,
  FAKE_NOW,
  FAKE_SHIFTS,
  FAKE_STAFF,
  FAKE_TZ,
  JORDAN,
  NOAH,
} from './fake-tools.ts';

const ctx = { timeZone: FAKE_TZ, now: FAKE_NOW };
const fr = (query: Query, outputs: ToolOutput[]) => phrase(query, outputs, { ...ctx, language: 'fr-CA' });
const en = (query: Query, outputs: ToolOutput[]) => phrase(query, outputs, ctx);
const NB = '\u00a0';
const person = (id: string): StaffSummary => FAKE_STAFF.find((s) => s.id === id)!;
const details = (id: string, period: { from?: string; before?: string } = {}): Promise<StaffDetails> =>
  createFakeTools().run('staff_details', { staff_id: id, ...period });

const LAST_MONTH: When = {
  period: { from: '2026-10-01T04:00:00.000Z', before: '2026-11-01T04:00:00.000Z' },
  label: 'last month (October 2026)',
};
const TOMORROW: When = {
  period: { from: '2026-11-19T05:00:00.000Z', before: '2026-11-20T05:00:00.000Z' },
  label: 'tomorrow (Thu Nov 19)',
};

Deno.test('replies-fr-staff: one staff member, every aspect', async () => {
  const amelia = person(AMELIA_T);
  const staff = (aspect: Extract<Query, { type: 'staff' }>['aspect'], d: StaffDetails | undefined, when?: When) =>
    fr({ type: 'staff', staff: d?.staff ?? amelia, aspect, when }, d ? [{ name: 'staff_details', result: d }] : []);
  const contact = staff('contact', undefined);
  assert.equal(
    contact.reply,
    `1. Voici les coordonnées d’Amelia Tremblay.\n   a. Téléphone${NB}: 4165550142\n   b. Courriel${NB}: amelia.tremblay@example.com`,
  );
  assert.deepEqual(contact.references, [{ kind: 'staff', id: AMELIA_T, label: 'Amelia Tremblay' }]);

  const hers = await details(AMELIA_T);
  const hours = staff('hours', hers);
  assert.match(
    hours.reply,
    new RegExp(
      `^1\\. Amelia Tremblay a effectué 15,58${NB}h en 2 quarts terminés avec votre agence\\.\\n {3}a\\. lun\\. 16 nov\\., 9 h 00, 100 Queen Street West, Toronto, ON M5H 2N2${NB}: 7,58${NB}h \\(ShiftID 5a000008\\)`,
    ),
  );
  assert.match(
    en({ type: 'staff', staff: amelia, aspect: 'hours' }, [{ name: 'staff_details', result: hers }]).reply,
    /^1\. Amelia Tremblay has done 15\.58 hours over 2 completed shifts with your agency\./,
  );
  const noah = await details(NOAH);
  assert.equal(
    staff('hours', noah).reply,
    'Noah Williams n’a terminé aucun quart avec votre agence jusqu’ici, donc aucune heure n’a été effectuée.',
  );
  assert.equal(staff('last', noah).reply, 'Noah Williams n’a encore travaillé aucun quart pour votre agence.');
  assert.equal(staff('next', noah).reply, 'Noah Williams n’a aucun quart à venir avec votre agence.');

  const jordan = await details(JORDAN);
  assert.equal(
    staff('last', jordan).reply,
    'Le dernier quart de Jordan Singh a commencé le mer. 18 nov., 13 h 00, au 25 King Street East, Toronto, ON M5C 1E9 (ShiftID 5a000007, En cours).',
  );
  assert.equal(
    staff('next', jordan).reply,
    'Le prochain quart de Jordan Singh est le sam. 21 nov., 8 h 00, au 25 King Street East, Toronto, ON M5C 1E9 (ShiftID 5a000006).',
  );
  assert.equal(
    staff('on_shift', jordan).reply,
    `Oui, Jordan Singh est en quart présentement${NB}: arrivée pointée le mer. 18 nov., 13 h 05, au 25 King Street East, Toronto, ON M5C 1E9 (ShiftID 5a000007).`,
  );
  assert.equal(
    staff('on_shift', hers).reply,
    'Non, Amelia Tremblay n’est pas en quart pour votre agence présentement. Son prochain quart est le jeu. 19 nov., 9 h 00, au 100 Queen Street West, Toronto, ON M5H 2N2 (ShiftID 5a000005).',
  );
  assert.match(
    staff('shifts', jordan).reply,
    new RegExp(
      `^1\\. Jordan Singh a accepté 3 quarts avec votre agence${NB}: 1 à venir, 1 terminé \\(6${NB}h\\)\\.\\n`,
    ),
  );
  assert.equal(staff('count', noah).reply, 'Noah Williams n’a accepté aucun quart avec votre agence.');
  const lastMonth = await details(JORDAN, LAST_MONTH.period);
  assert.match(
    staff('count', lastMonth, LAST_MONTH).reply,
    new RegExp(
      `^1\\. Jordan Singh a accepté 1 quart le mois dernier \\(octobre 2026\\) et en a terminé 1 \\(6${NB}h\\)\\.`,
    ),
  );
  const overview = staff('overview', jordan);
  assert.equal(
    overview.reply,
    [
      '1. Jordan Singh travaille pour votre agence.',
      `   a. Courriel${NB}: jordan.singh@example.com`,
      `   b. Téléphone${NB}: 6475550178`,
      `   c. En quart présentement${NB}: Oui`,
      `2. 3 quarts acceptés, 1 terminé, 6${NB}h effectuées.`,
      `   a. En quart présentement${NB}: 5a000007, au 25 King Street East, Toronto, ON M5C 1E9, arrivée pointée le mer. 18 nov., 13 h 05`,
      `   b. Prochain quart${NB}: sam. 21 nov., 8 h 00, 25 King Street East, Toronto, ON M5C 1E9 (ShiftID 5a000006)`,
    ].join('\n'),
  );
  const english = en({ type: 'staff', staff: jordan.staff, aspect: 'overview' }, [
    { name: 'staff_details', result: jordan },
  ]);
  assert.deepEqual(overview.references, english.references);
  assert.match(english.reply, /^1\. Jordan Singh works for your agency\.\n {3}a\. Email: jordan\.singh@example\.com/);
});

Deno.test('replies-fr-staff: the staff list, of a staff type too, and who is on shift now', () => {
  const all: StaffList = { total: FAKE_STAFF.length, staff: FAKE_STAFF };
  const listed = fr({ type: 'staff_list', count: false }, [{ name: 'list_staff', result: all }]);
  assert.match(
    listed.reply,
    /^1\. Vous avez 5 membres du personnel\.\n {3}a\. Amelia Tremblay, 4165550142, amelia\.tremblay@example\.com\n/,
  );
  assert.ok(listed.reply.includes('Jordan Singh, 6475550178, jordan.singh@example.com (en quart présentement)'));
  assert.equal(
    fr({ type: 'staff_list', count: false }, [{ name: 'list_staff', result: { total: 0, staff: [] } }]).reply,
    'Vous n’avez encore aucun membre du personnel. Le personnel se joint à votre agence dans l’application CareCover Personnel avec votre code d’entreprise.',
  );
  const nurses = fr({ type: 'staff_list', count: true, staffType: 'nurse' }, [
    { name: 'list_staff', result: { total: 2, staff: FAKE_STAFF.slice(0, 2), employed: 5, without_staff_type: 1 } },
  ]);
  assert.match(
    nurses.reply,
    new RegExp(
      `^1\\. 2 de vos 5 membres du personnel sont inscrits comme infirmières\\.\\n[\\s\\S]*\\n2\\. 1 membre du personnel n’a aucun type de personnel inscrit et n’est donc pas compté${NB}: inscrivez-le sur sa page, dans la Liste du personnel\\.$`,
    ),
  );
  assert.equal(
    fr({ type: 'staff_list', count: true, staffType: 'RN' }, [
      { name: 'list_staff', result: { total: 0, staff: [], employed: 5, without_staff_type: 0 } },
    ]).reply,
    'Aucun de vos 5 membres du personnel n’est inscrit comme infirmière.',
  );
  assert.equal(
    fr({ type: 'staff_list', count: true, staffType: 'PSW' }, [
      { name: 'list_staff', result: { total: 0, staff: [], employed: 5, without_staff_type: 5 } },
    ]).reply,
    `Je ne peux pas savoir lesquels de vos 5 membres du personnel sont des PAB${NB}: aucun n’a encore de type de personnel inscrit. Inscrivez-le sur la page de chaque membre du personnel, dans la Liste du personnel.`,
  );

  const inProgress = FAKE_SHIFTS.filter((s) => s.status === 'In-progress');
  const on = fr({ type: 'on_shift' }, [{ name: 'find_shifts', result: { total: 1, shifts: inProgress } }]);
  assert.equal(
    on.reply,
    '1. 1 membre du personnel est en quart présentement.\n   a. Jordan Singh, arrivée pointée le mer. 18 nov., 13 h 05, au 25 King Street East, Toronto, ON M5C 1E9 (ShiftID 5a000007)',
  );
  assert.equal(
    fr({ type: 'on_shift' }, [{ name: 'find_shifts', result: { total: 0, shifts: [] } }]).reply,
    `Personne n’est en quart pour votre agence présentement${NB}: aucun quart n’est en cours (arrivée pointée, départ pas encore pointé).`,
  );
});

Deno.test('replies-fr-staff: rankings, top and bottom, ties, nothing to rank', () => {
  const ranking: StaffRanking = {
    metric: 'most_accepted',
    rows: [
      { staff: { id: AMELIA_T, name: 'Amelia Tremblay' }, value: 4, shifts: 4 },
      { staff: { id: AMELIA_S, name: 'Amelia Singh' }, value: 2, shifts: 2 },
    ],
  };
  const rank = (query: Extract<Query, { type: 'ranking' }>, r: StaffRanking, staff?: StaffList) =>
    fr(query, [
      { name: 'staff_ranking', result: r },
      ...(staff ? [{ name: 'list_staff', result: staff } as ToolOutput] : []),
    ]);
  const top = rank({ type: 'ranking', metric: 'most_accepted', limit: 5, order: 'top' }, ranking);
  assert.equal(
    top.reply,
    `1. Amelia Tremblay a accepté le plus de quarts${NB}: 4 quarts.\n   a. Amelia Tremblay${NB}: 4 quarts\n   b. Amelia Singh${NB}: 2 quarts`,
  );
  // The English, unchanged.
  assert.equal(
    en({ type: 'ranking', metric: 'most_accepted', limit: 5, order: 'top' }, [
      { name: 'staff_ranking', result: ranking },
    ]).reply,
    '1. Amelia Tremblay accepted the most shifts: 4 shifts.\n   a. Amelia Tremblay: 4 shifts\n   b. Amelia Singh: 2 shifts',
  );
  const tied = rank(
    { type: 'ranking', metric: 'most_hours', when: LAST_MONTH, limit: 5, order: 'top' },
    {
      metric: 'most_hours',
      rows: [
        { staff: { id: AMELIA_T, name: 'Amelia Tremblay' }, value: 7.5, shifts: 1 },
        { staff: { id: AMELIA_S, name: 'Amelia Singh' }, value: 7.5, shifts: 1 },
      ],
    },
  );
  assert.match(
    tied.reply,
    new RegExp(
      `^1\\. Amelia Tremblay et Amelia Singh ont effectué le plus d’heures le mois dernier \\(octobre 2026\\), avec 7,5${NB}h en 1 quart chacun\\.`,
    ),
  );
  const fastest = rank(
    { type: 'ranking', metric: 'fastest_to_accept', limit: 5, order: 'top' },
    {
      metric: 'fastest_to_accept',
      rows: [{ staff: { id: AMELIA_S, name: 'Amelia Singh' }, value: 7.5, shifts: 2 }],
    },
  );
  assert.equal(
    fastest.reply,
    `Amelia Singh est la personne la plus rapide à accepter les quarts${NB}: une médiane de 7,5${NB}min pour accepter, sur 2 quarts.`,
  );
  const bottom = rank({ type: 'ranking', metric: 'most_accepted', limit: 5, order: 'bottom' }, ranking, {
    total: 3,
    staff: [person(AMELIA_T), person(AMELIA_S), person(NOAH)],
  });
  assert.match(
    bottom.reply,
    new RegExp(
      `^1\\. Noah Williams a accepté le moins de quarts\\.\\n {3}a\\. Noah Williams${NB}: 0 quart\\n {3}b\\. Amelia Singh${NB}: 2 quarts`,
    ),
  );
  assert.equal(
    rank(
      { type: 'ranking', metric: 'most_hours', when: LAST_MONTH, limit: 5, order: 'top' },
      { metric: 'most_hours', rows: [] },
    ).reply,
    'Aucun quart n’a été terminé le mois dernier (octobre 2026), donc personne n’a encore d’heures.',
  );
  const completed = rank(
    { type: 'ranking', metric: 'most_hours', limit: 5, order: 'top', byShifts: true },
    {
      metric: 'most_hours',
      rows: [
        { staff: { id: AMELIA_T, name: 'Amelia Tremblay' }, value: 15.58, shifts: 2 },
        { staff: { id: JORDAN, name: 'Jordan Singh' }, value: 6, shifts: 1 },
      ],
    },
  );
  assert.equal(
    completed.reply,
    `1. Amelia Tremblay a terminé le plus de quarts${NB}: 2 quarts.\n   a. Amelia Tremblay${NB}: 2 quarts terminés (15,58${NB}h)\n   b. Jordan Singh${NB}: 1 quart terminé (6${NB}h)`,
  );
});

Deno.test('replies-fr-staff: who is free, the hours in all, who accepted nothing', () => {
  const tomorrow = FAKE_SHIFTS.filter(
    (s) => s.starts_at >= TOMORROW.period.from! && s.starts_at < TOMORROW.period.before!,
  );
  const free = fr({ type: 'available', when: TOMORROW }, [
    { name: 'list_staff', result: { total: FAKE_STAFF.length, staff: FAKE_STAFF } },
    { name: 'find_shifts', result: { total: tomorrow.length, shifts: tomorrow } },
  ]);
  assert.match(
    free.reply,
    /^1\. 4 membres du personnel n’ont aucun quart avec votre agence demain \(jeu\. 19 nov\.\)\.\n {3}a\. Amelia Singh, 4165550199\n/,
  );
  assert.ok(!free.reply.includes('Amelia Tremblay'), 'she works tomorrow');
  const psw = fr({ type: 'available', when: TOMORROW, staffType: 'PSW' }, [
    { name: 'list_staff', result: { total: 1, staff: [person(JORDAN)], employed: 5, without_staff_type: 2 } },
    { name: 'find_shifts', result: { total: 0, shifts: [] } },
  ]);
  assert.match(
    psw.reply,
    /^1\. 1 PAB n’a aucun quart avec votre agence demain \(jeu\. 19 nov\.\)\.\n {3}a\. Jordan Singh, 6475550178\n2\. 2 membres du personnel n’ont aucun type de personnel inscrit/,
  );
  const busy = fr({ type: 'available', when: TOMORROW, staffType: 'RN' }, [
    { name: 'list_staff', result: { total: 1, staff: [person(AMELIA_T)], employed: 5, without_staff_type: 0 } },
    { name: 'find_shifts', result: { total: tomorrow.length, shifts: tomorrow } },
  ]);
  assert.equal(busy.reply, '1. Chaque membre du personnel inscrit comme infirmière a un quart demain (jeu. 19 nov.).');

  const hours: StaffRanking = {
    metric: 'most_hours',
    rows: [
      { staff: { id: JORDAN, name: 'Jordan Singh' }, value: 6, shifts: 1 },
      { staff: { id: AMELIA_T, name: 'Amelia Tremblay' }, value: 7.58, shifts: 1 },
    ],
  };
  assert.equal(
    fr({ type: 'hours_total', when: LAST_MONTH }, [{ name: 'staff_ranking', result: hours }]).reply,
    `1. Votre personnel a effectué 13,58${NB}h en 2 quarts terminés le mois dernier (octobre 2026).\n   a. Jordan Singh${NB}: 6${NB}h (1 quart)\n   b. Amelia Tremblay${NB}: 7,58${NB}h (1 quart)`,
  );
  assert.equal(
    fr({ type: 'hours_total' }, [{ name: 'staff_ranking', result: { metric: 'most_hours', rows: [] } }]).reply,
    `Aucune heure n’a été effectuée${NB}: aucun quart n’a été terminé.`,
  );
  assert.equal(
    en({ type: 'hours_total' }, [{ name: 'staff_ranking', result: { metric: 'most_hours', rows: [] } }]).reply,
    'No hours were done: no shift was completed.',
  );
  const idle = fr({ type: 'inactive', when: LAST_MONTH }, [
    { name: 'list_staff', result: { total: FAKE_STAFF.length, staff: FAKE_STAFF } },
    {
      name: 'staff_ranking',
      result: { metric: 'most_accepted', rows: [{ staff: { id: JORDAN, name: 'Jordan Singh' }, value: 1, shifts: 1 }] },
    },
  ]);
  assert.match(
    idle.reply,
    /^1\. 4 membres du personnel n’ont accepté aucun quart le mois dernier \(octobre 2026\)\.\n {3}a\. Amelia Tremblay\n/,
  );
  assert.equal(
    fr({ type: 'inactive' }, [
      { name: 'list_staff', result: { total: 1, staff: [person(JORDAN)] } },
      {
        name: 'staff_ranking',
        result: {
          metric: 'most_accepted',
          rows: [{ staff: { id: JORDAN, name: 'Jordan Singh' }, value: 1, shifts: 1 }],
        },
      },
    ]).reply,
    'Chaque membre du personnel a accepté au moins un quart.',
  );
});

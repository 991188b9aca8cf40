// Issue 29: who can cover a shift, in French. The database's reasons are said again in French from
// their codes and values (a sentence not known stays as written); the English reply is unchanged.
import assert from 'node:assert/strict';
import type { CoverAnswer, StaffSummary } from '../../../assistant/tools/types.ts';
import type { Query, When } from '../../../assistant/builtin/queries.ts';
import { phrase } from '../../../assistant/builtin/replies.ts';
import { frenchReason } from '../../../assistant/builtin/replies-fr-cover.ts';
import { AMELIA_S, AMELIA_T, FAKE_NOW, FAKE_SHIFTS, FAKE_STAFF, FAKE_TZ, JORDAN } from './fake-tools.ts';

const ctx = { timeZone: FAKE_TZ, now: FAKE_NOW };
const NB = '\u00a0';
const shift = FAKE_SHIFTS.find((s) => s.short_id === '5a000001')!;
const ref = (s: StaffSummary) => ({ id: s.id, name: s.name });
const [amelia, singh, jordan] = [AMELIA_T, AMELIA_S, JORDAN].map((id) => FAKE_STAFF.find((s) => s.id === id)!) as [
  StaffSummary,
  StaffSummary,
  StaffSummary,
];
const query: Query = { type: 'cover', args: { shift_id: '5a000001' }, label: 'a shift' };
const fr = (a: CoverAnswer, q: Query = query) =>
  phrase(q, [{ name: 'who_can_cover', result: a }], { ...ctx, language: 'fr-CA' });
const en = (a: CoverAnswer, q: Query = query) => phrase(q, [{ name: 'who_can_cover', result: a }], ctx);

const answer: CoverAnswer = {
  shift,
  matches: [],
  matches_total: 1,
  no_show: false,
  eligible_total: 2,
  eligible: [
    { staff: ref(amelia), rank: 1, worked_here: true, distance_km: 0, week_hours: 8, flags: [] },
    { staff: ref(singh), rank: 2, worked_here: false, distance_km: 3.4, week_hours: 40, flags: ['overtime'] },
  ],
  ineligible_total: 3,
  near_misses: [
    {
      staff: ref(jordan),
      reason_codes: ['overlapping_shift', 'credential'],
      reasons: ['Already has another shift at this time', 'CPR/First aid expired Nov 15'],
    },
  ],
  near_miss_total: 1,
  near_miss_reasons: 2,
  reason_counts: [
    { code: 'credential', workers: 2, example: 'CPR/First aid expired Nov 15' },
    { code: 'overlapping_shift', workers: 1, example: 'Already has another shift at this time' },
    { code: 'staff_type', workers: 1, example: 'Is not recorded as a PSW' },
  ],
  asked: null,
};

Deno.test('replies-fr-cover: every reason the database writes, in French', () => {
  const cases: [string, string, string][] = [
    ['not_employed', 'Does not work for this agency', 'Ne travaille pas pour cette agence'],
    ['no_show', 'Was a no-show on this shift', 'Ne s’est pas présenté(e) à ce quart'],
    ['overlapping_shift', 'Already has another shift at this time', 'A déjà un autre quart à ce moment-là'],
    ['time_off', 'Has time off at this time', 'Est en congé à ce moment-là'],
    ['time_off', 'Has time off on Nov 19', 'Est en congé le 19 nov.'],
    ['time_off', 'Has time off Nov 26 to Dec 1', 'Est en congé du 26 nov. au 1er déc.'],
    ['staff_type', 'Is not recorded as a PSW', 'N’est pas inscrit(e) comme PAB'],
    [
      'skill',
      'Is not recorded as skilled in personal care',
      `N’a pas la compétence «${NB}Soins personnels${NB}» à son dossier`,
    ],
    [
      'credential',
      'CPR/First aid expired Nov 15',
      `Titre de compétence «${NB}RCR/Premiers soins${NB}» expiré le 15 nov.`,
    ],
    [
      'credential',
      'Police check expires Nov 20, 2027, before this shift',
      `Titre de compétence «${NB}Police check${NB}» qui expire le 20 nov. 2027, avant ce quart`,
    ],
    ['credential', 'CPR/First aid is not verified', `Titre de compétence «${NB}RCR/Premiers soins${NB}» non vérifié`],
    ['credential', 'Has no Police check on record', `Aucun titre de compétence «${NB}Police check${NB}» à son dossier`],
    [
      'credential',
      'Has no verified, valid CPR/First aid, Police check',
      `Aucun titre de compétence valide et vérifié${NB}: RCR/Premiers soins, Police check`,
    ],
    [
      'over_hours',
      'Would work 16.0 hours that week, over 12.0',
      `Ferait 16,0${NB}h cette semaine-là, au-delà de 12,0${NB}h`,
    ],
    // A sentence this reply does not know (a rule added later) stays as the database wrote it.
    ['weekly_rest', 'Needs 8 hours of rest between shifts', 'Needs 8 hours of rest between shifts'],
  ];
  for (const [code, english, french] of cases) assert.equal(frenchReason(code, english, shift), french, english);
});

Deno.test('replies-fr-cover: ranked with the facts of each rank, the near misses, what stops the others', () => {
  const ranked = fr(answer);
  assert.equal(ranked.kind, 'answer');
  assert.equal(
    ranked.reply,
    [
      `1. 2 membres du personnel peuvent prendre le quart 5a000001 (mer. 18 nov., 19 h 00, 100 Queen Street West, Toronto, ON M5H 2N2, PAB, Soins personnels), par ordre de priorité${NB}:`,
      `   a. Amelia Tremblay${NB}: a déjà travaillé à cette adresse, 8${NB}h cette semaine`,
      `   b. Amelia Singh${NB}: a travaillé la dernière fois à 3,4${NB}km d’ici, 40${NB}h cette semaine, ferait des heures supplémentaires, ce que ce quart permet`,
      `2. Presque admissibles${NB}:`,
      `   a. Jordan Singh${NB}: A déjà un autre quart à ce moment-là; Titre de compétence «${NB}RCR/Premiers soins${NB}» expiré le 15 nov.`,
      `3. En tout, 3 membres du personnel ne peuvent pas le prendre${NB}: 2 personnes n’ont pas de titre de compétence valide et vérifié exigé pour ce quart; 1 personne a déjà un autre quart à ce moment-là; 1 personne n’est pas inscrite comme PAB.`,
    ].join('\n'),
  );
  const english = en(answer);
  assert.deepEqual(ranked.references, english.references);
  assert.match(
    english.reply,
    /^1\. 2 staff members can cover shift 5a000001 \(Wed, Nov 18, 2026, 7:00 PM at 100 Queen/,
  );

  const nobody = fr({ ...answer, eligible_total: 0, eligible: [], ineligible_total: 5 });
  assert.match(
    nobody.reply,
    new RegExp(
      `^1\\. Personne n’est admissible au quart 5a000001 \\(.*\\)${NB}: 2 personnes n’ont pas de titre de compétence valide et vérifié exigé pour ce quart; 1 personne a déjà un autre quart à ce moment-là; 1 personne n’est pas inscrite comme PAB\\.\\n2\\. Presque admissibles${NB}:\\n`,
    ),
  );
  const more = fr({ ...answer, near_miss_total: 4, near_miss_reasons: 1 });
  assert.ok(more.reply.endsWith('\n   b. et 3 autres avec une seule raison'), more.reply);
});

Deno.test('replies-fr-cover: the one asked about, a no-show, a shift ended or clocked in to', () => {
  const asked = fr(
    { ...answer, asked: { ...answer.near_misses[0]!, eligible: false, rank: null, holds_shift: false, flags: [] } },
    { ...query, asked: ref(jordan) },
  );
  assert.match(
    asked.reply,
    new RegExp(
      `^1\\. Jordan Singh ne peut pas prendre le quart 5a000001 \\(.*\\)${NB}: A déjà un autre quart à ce moment-là; Titre de compétence «${NB}RCR/Premiers soins${NB}» expiré le 15 nov\\.\\n2\\. 2 membres du personnel peuvent prendre ce quart, par ordre de priorité${NB}:`,
    ),
  );
  const yes = fr(
    {
      ...answer,
      asked: {
        staff: ref(singh),
        reason_codes: [],
        reasons: [],
        eligible: true,
        rank: 2,
        holds_shift: false,
        flags: [],
      },
    },
    { ...query, asked: ref(singh) },
  );
  assert.match(
    yes.reply,
    new RegExp(
      `^1\\. Oui, Amelia Singh peut prendre le quart 5a000001 \\(.*\\)${NB}: au 2e rang sur 2 personnes admissibles\\.`,
    ),
  );

  const started = new Date(Date.parse(shift.starts_at) - 3600_000).toISOString();
  const noShow = fr({
    ...answer,
    no_show: true,
    shift: { ...shift, starts_at: started, status: 'Assigned', accepted_by: ref(amelia), accepted_at: started },
  });
  assert.match(
    noShow.reply,
    new RegExp(
      `^1\\. Amelia Tremblay a accepté le quart 5a000001 \\(.*\\) et n’a pas pointé son arrivée${NB}: il a commencé à 18 h 00\\.\\n2\\. 2 membres du personnel peuvent prendre ce quart`,
    ),
  );
  const ended = fr({
    ...answer,
    no_show: true,
    shift: { ...shift, ends_at: '2026-11-18T17:00:00.000Z', accepted_by: ref(amelia) },
  });
  assert.match(
    ended.reply,
    new RegExp(
      `s’est terminé le mer\\. 18 nov\\., 12 h 00${NB}: il n’y a plus rien à couvrir\\. Amelia Tremblay n’a pas pointé son arrivée à ce quart\\.$`,
    ),
  );
  const clockedIn = fr({
    ...answer,
    shift: { ...shift, accepted_by: ref(amelia), clocked_in_at: '2026-11-19T00:02:00.000Z', status: 'In-progress' },
  });
  assert.match(
    clockedIn.reply,
    new RegExp(
      `^Amelia Tremblay a pointé son arrivée au quart 5a000001 \\(.*\\) à 19 h 02${NB}: il n’a pas besoin d’être remplacé\\.$`,
    ),
  );
});

Deno.test('replies-fr-cover: no shift or several fit the question', () => {
  const none: CoverAnswer = {
    ...answer,
    shift: null,
    matches: [],
    matches_total: 0,
    eligible_total: 0,
    eligible: [],
    ineligible_total: 0,
    near_misses: [],
    near_miss_total: 0,
    near_miss_reasons: null,
    reason_counts: [],
  };
  const tomorrow: When = {
    period: { from: '2026-11-19T05:00:00.000Z', before: '2026-11-20T05:00:00.000Z' },
    label: 'tomorrow (Thu Nov 19)',
  };
  const described: Query = {
    type: 'cover',
    args: { staff_type: 'PSW', address: '9 Nowhere Rd', ...tomorrow.period },
    label: 'a PSW shift at 9 Nowhere Rd tomorrow (Thu Nov 19)',
    when: tomorrow,
  };
  assert.deepEqual(fr(none, described), {
    kind: 'clarify',
    reply:
      'Je n’ai trouvé aucun quart de PAB au 9 Nowhere Rd demain (jeu. 19 nov.) à couvrir. Envoyez-moi son ShiftID, ou son adresse et le jour.',
    references: [],
  });
  assert.equal(
    en(none, described).reply,
    'I could not find a PSW shift at 9 Nowhere Rd tomorrow (Thu Nov 19) to cover. Send me its ShiftID, or its address and day.',
  );
  const holder = fr(none, {
    type: 'cover',
    args: { held_by: JORDAN, no_show: true },
    label: 'a shift held by Jordan Singh that started without a clock-in',
    replacing: ref(jordan),
  });
  assert.equal(
    holder.reply,
    'Je n’ai trouvé aucun quart occupé par Jordan Singh commencé sans arrivée pointée à couvrir. Envoyez-moi son ShiftID, ou son adresse et le jour.',
  );
  assert.match(fr(none, { ...query, args: { shift_id: 'abcdef12' } }).reply, /ShiftID commence par abcdef12/);
  const two = FAKE_SHIFTS.filter((s) => s.address.startsWith('100 Queen')).slice(0, 2);
  const several = fr({ ...none, matches: two, matches_total: 2 });
  assert.equal(several.kind, 'clarify');
  assert.match(
    several.reply,
    new RegExp(
      `^1\\. 2 quarts correspondent${NB}: pour lequel dois-je trouver quelqu’un\\?\\n {3}a\\. .*\\(ShiftID \\w{8}\\)\\n {3}b\\. .*\\n2\\. Envoyez-moi sa lettre ou son ShiftID\\.$`,
    ),
  );
});

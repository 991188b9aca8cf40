// Issue 29: attendance, fill and plan replies in French, with the English replies' facts and
// references; the English reply for the same data is unchanged.
import assert from 'node:assert/strict';
import type { Attendance, FillStats, PlanUsage } from '../../../assistant/tools/types.ts';
import type { Query, When } from '../../../assistant/builtin/queries.ts';
import { phrase, type ToolOutput } from '../../../assistant/builtin/replies.ts';
import { AMELIA_S, AMELIA_T, createFakeTools, FAKE_NOW, FAKE_TZ } from './fake-tools.ts';

const ctx = { timeZone: FAKE_TZ, now: FAKE_NOW };
const fr = (query: Query, outputs: ToolOutput[]) => phrase(query, outputs, { ...ctx, language: 'fr-CA' });
const en = (query: Query, outputs: ToolOutput[]) => phrase(query, outputs, ctx);
const NB = '\u00a0';

const THIS_WEEK: When = {
  period: { from: '2026-11-16T05:00:00.000Z', before: '2026-11-23T05:00:00.000Z' },
  label: 'this week (Mon Nov 16 – Sun Nov 22)',
};
const LAST_MONTH: When = {
  period: { from: '2026-10-01T04:00:00.000Z', before: '2026-11-01T04:00:00.000Z' },
  label: 'last month (October 2026)',
};

Deno.test('replies-fr-insights: late clock-ins and no-shows, with who comes first', async () => {
  const attendance = await createFakeTools().run('attendance', {});
  const out = (query: Extract<Query, { type: 'attendance' }>, a: Attendance = attendance) =>
    fr(query, [{ name: 'attendance', result: a }]);
  const both = out({ type: 'attendance', aspect: 'both', rank: true });
  assert.equal(
    both.reply,
    [
      `1. Amelia Singh a été en retard ou absent(e) le plus souvent${NB}: 2 fois.`,
      `2. 2 arrivées pointées en retard${NB}: plus de 10 minutes après le début du quart.`,
      '   a. Amelia Singh, 12\u00a0min de retard le dim. 15 nov., 8 h 00, au 88 Queens Quay West, Toronto, ON M5J 0B8 (ShiftID 5a000010)',
      '   b. Amelia Tremblay, 25\u00a0min de retard le lun. 16 nov., 9 h 00, au 100 Queen Street West, Toronto, ON M5H 2N2 (ShiftID 5a000008)',
      `3. 1 absence sans préavis${NB}: quart accepté et commencé, sans arrivée pointée.`,
      '   a. Amelia Singh, mar. 17 nov., 18 h 00, 100 Queen Street West, Toronto, ON M5H 2N2 (ShiftID 5a000013)',
    ].join('\n'),
  );
  assert.deepEqual(
    both.references,
    en({ type: 'attendance', aspect: 'both', rank: true }, [{ name: 'attendance', result: attendance }]).references,
  );
  assert.match(
    out({ type: 'attendance', aspect: 'late', rank: true }).reply,
    new RegExp(
      `^1\\. Amelia Singh et Amelia Tremblay ont été en retard le plus souvent${NB}: une fois chacun\\.\\n2\\. `,
    ),
  );
  const none: Attendance = { late: [], no_shows: [], late_total: 0, no_show_total: 0, by_staff: [] };
  assert.equal(
    out({ type: 'attendance', aspect: 'both', when: THIS_WEEK }, none).reply,
    '1. Personne n’a pointé son arrivée plus de 10 minutes en retard cette semaine (du lun. 16 nov. au dim. 22 nov.).\n2. Il n’y a eu aucune absence sans préavis cette semaine (du lun. 16 nov. au dim. 22 nov.).',
  );
  // The English, unchanged.
  assert.equal(
    en({ type: 'attendance', aspect: 'both', when: THIS_WEEK }, [{ name: 'attendance', result: none }]).reply,
    '1. Nobody was more than 10 minutes late to clock in this week (Mon Nov 16 – Sun Nov 22).\n2. There were no no-shows this week (Mon Nov 16 – Sun Nov 22).',
  );
  const hers = await createFakeTools().run('attendance', { staff_id: AMELIA_T });
  const late = out({ type: 'attendance', aspect: 'late', staff: { id: AMELIA_T, name: 'Amelia Tremblay' } }, hers);
  assert.match(
    late.reply,
    new RegExp(
      `^1\\. Amelia Tremblay a pointé son arrivée en retard une fois${NB}: plus de 10 minutes après le début du quart\\.\\n {3}a\\. 25${NB}min de retard le lun\\. 16 nov\\.`,
    ),
  );
  const singh = await createFakeTools().run('attendance', { staff_id: AMELIA_S, ...LAST_MONTH.period });
  assert.equal(
    out(
      { type: 'attendance', aspect: 'no_show', when: LAST_MONTH, staff: { id: AMELIA_S, name: 'Amelia Singh' } },
      singh,
    ).reply,
    'Amelia Singh n’a eu aucune absence sans préavis le mois dernier (octobre 2026).',
  );
});

Deno.test('replies-fr-insights: the fill rate, the time to fill, the shifts gone unfilled', () => {
  const stats: FillStats = {
    posted: 64,
    filled: 43,
    fill_rate: 43 / 64,
    median_minutes_to_fill: 30,
    average_minutes_to_fill: 45.93,
    expired_unfilled: 7,
  };
  const fill = (query: Extract<Query, { type: 'fill' }>, s: FillStats = stats) =>
    fr(query, [{ name: 'fill_stats', result: s }]);
  assert.equal(
    fill({ type: 'fill', aspect: 'rate', when: LAST_MONTH }).reply,
    [
      `1. Votre taux de comblement le mois dernier (octobre 2026) était de 67,2${NB}%${NB}: 43 quarts sur 64 ont été acceptés par un membre du personnel.`,
      `   a. 7 quarts sont restés non comblés le mois dernier (octobre 2026)${NB}: ils ont commencé sans que personne les accepte, sur 64 publiés.`,
    ].join('\n'),
  );
  assert.equal(
    fill({ type: 'fill', aspect: 'time' }).reply,
    `Il faut une médiane de 30${NB}min entre la publication d’un quart et son acceptation par un membre du personnel (moyenne de 45,9${NB}min), sur 43 quarts comblés.`,
  );
  assert.equal(
    en({ type: 'fill', aspect: 'time' }, [{ name: 'fill_stats', result: stats }]).reply,
    'It takes a median of 30 mins from posting a shift to a staff member accepting it (average 45.9 mins), over 43 filled shifts.',
  );
  assert.equal(
    fill({ type: 'fill', aspect: 'unfilled', when: THIS_WEEK }, { ...stats, expired_unfilled: 1 }).reply,
    `1 quart est resté non comblé cette semaine (du lun. 16 nov. au dim. 22 nov.)${NB}: il a commencé sans que personne l’accepte, sur 64 publiés.`,
  );
  const empty: FillStats = {
    posted: 0,
    filled: 0,
    fill_rate: null,
    median_minutes_to_fill: null,
    average_minutes_to_fill: null,
    expired_unfilled: 0,
  };
  assert.equal(
    fill({ type: 'fill', aspect: 'all' }, empty).reply,
    [
      '1. Aucun quart n’a été publié, donc il n’y a pas encore de taux de comblement.',
      '2. Aucun quart n’a été comblé, donc il n’y a pas encore de délai de comblement.',
      `3. Aucun quart n’est resté non comblé${NB}: aucun n’a commencé sans qu’un membre du personnel l’accepte.`,
    ].join('\n'),
  );
  assert.match(
    fill({ type: 'fill', aspect: 'rate' }, { ...stats, posted: 1, filled: 1, fill_rate: 1, expired_unfilled: 0 }).reply,
    new RegExp(
      `^Votre taux de comblement est de 100${NB}%${NB}: 1 quart sur 1 a été accepté par un membre du personnel\\.$`,
    ),
  );
});

Deno.test('replies-fr-insights: the plan, free or Premium', () => {
  const usage: PlanUsage = {
    premium: false,
    shifts_used: 7,
    shift_limit: 10,
    staff_count: 5,
    staff_limit: 30,
    questions_left: 1,
  };
  const plan = (query: Extract<Query, { type: 'plan' }>, u: PlanUsage = usage) =>
    fr(query, [{ name: 'plan_usage', result: u }]);
  assert.equal(
    plan({ type: 'plan', aspect: 'all', askedPremium: true }).reply,
    [
      '1. Non, vous avez le forfait gratuit.',
      '   a. Vous avez utilisé 7 des 10 quarts du forfait gratuit; vous pouvez donc en publier encore 3.',
      '   b. Vous avez 5 membres du personnel sur les 30 que permet le forfait gratuit; vous pouvez donc en ajouter encore 25.',
      '   c. Il vous reste 1 question à l’assistant ce mois-ci avec le forfait gratuit.',
      '2. Le forfait Premium supprime ces limites.',
    ].join('\n'),
  );
  assert.equal(
    plan({ type: 'plan', aspect: 'shifts' }).reply,
    'Vous avez utilisé 7 des 10 quarts du forfait gratuit; vous pouvez donc en publier encore 3.',
  );
  const premium = { ...usage, premium: true, shift_limit: null, staff_limit: null, questions_left: null };
  assert.equal(
    plan({ type: 'plan', aspect: 'all', askedPremium: true }, premium).reply,
    `Oui, vous avez le forfait Premium${NB}: les quarts, le personnel et les questions à l’assistant sont illimités.`,
  );
  assert.equal(
    en({ type: 'plan', aspect: 'all', askedPremium: true }, [{ name: 'plan_usage', result: premium }]).reply,
    'Yes, you are on the Premium plan: shifts, staff and assistant questions are unlimited.',
  );
});

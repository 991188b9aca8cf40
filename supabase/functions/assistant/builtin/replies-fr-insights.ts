// Replies in Quebec French (issue 29) about attendance (late clock-ins, no-shows), the fill rate and
// time to fill, and the plan: the same facts as replies.ts's English (reply-facts.ts), with the
// dashboard's French words ("absence sans préavis", "taux de comblement", "forfait gratuit").
import type { AssistantOutcome, Attendance, FillStats, PlanUsage, ShiftSummary } from '../tools/types.ts';
import type { AttendanceQuery, FillQuery, PlanQuery } from './queries.ts';
import { attendanceLeaders, isPastPeriod, planLeft } from './reply-facts.ts';
import {
  atPlace,
  count,
  duration,
  FrenchReply,
  type FrenchReplyParts,
  frenchPeriod,
  joinFr,
  membres,
  percent,
  quarts,
  startOf,
  wait,
} from './replies-fr.ts';

const times = (n: number): string => (n === 1 ? 'une fois' : `${n} fois`);

/** Late clock-ins and no-shows, as replies.ts's attendanceReply. */
export function frenchAttendanceReply(
  parts: FrenchReplyParts,
  query: AttendanceQuery,
  attendance: Attendance,
): AssistantOutcome {
  const r = new FrenchReply(parts);
  const period = frenchPeriod(query.when, parts.ctx.timeZone, parts.ctx.now);
  const during = period ? ` ${period}` : '';
  // The lists are the most recent 25 of each; the totals and by_staff count the whole period.
  const { late, no_shows: noShows, late_total: lateTotal, no_show_total: noShowTotal } = attendance;
  const who = query.staff ? r.staff(query.staff) : undefined;
  const whose = (s: ShiftSummary): string => (s.accepted_by && !who ? `${r.staff(s.accepted_by)}, ` : '');
  const lateLine = (l: Attendance['late'][number]): string =>
    `${whose(l.shift)}${duration(l.minutes_late)} de retard le ${startOf(l.shift, parts)}, ${atPlace(l.shift.address)} (ShiftID ${r.shift(l.shift)})`;
  const noShowLine = (s: ShiftSummary): string =>
    `${whose(s)}${startOf(s, parts)}, ${s.address} (ShiftID ${r.shift(s)})`;
  const lateSummary = (): void => {
    if (lateTotal === 0) {
      r.main(
        `${who ? `${who} n’a jamais pointé son arrivée` : 'Personne n’a pointé son arrivée'} plus de 10 minutes en retard${during}.`,
      );
      return;
    }
    r.main(
      who
        ? `${who} a pointé son arrivée en retard ${times(lateTotal)}${during}\u00a0: plus de 10 minutes après le début du quart.`
        : `${count(lateTotal, 'arrivée pointée', 'arrivées pointées')} en retard${during}\u00a0: plus de 10 minutes après le début du quart.`,
    );
    r.sub(late, lateLine, lateTotal);
  };
  const noShowSummary = (): void => {
    if (noShowTotal === 0) {
      r.main(
        `${who ? `${who} n’a eu aucune absence sans préavis` : 'Il n’y a eu aucune absence sans préavis'}${during}.`,
      );
      return;
    }
    const what =
      noShowTotal === 1
        ? 'quart accepté et commencé, sans arrivée pointée'
        : 'quarts acceptés et commencés, sans arrivée pointée';
    r.main(
      `${count(noShowTotal, 'absence sans préavis', 'absences sans préavis')}${who ? ` pour ${who}` : ''}${during}\u00a0: ${what}.`,
    );
    r.sub(noShows, noShowLine, noShowTotal);
  };
  const leaders = query.rank && !who ? attendanceLeaders(query, attendance) : null;
  if (leaders) {
    const tied = leaders.staff.map((s) => r.staff(s));
    const one = tied.length === 1;
    const what =
      query.aspect === 'late'
        ? 'en retard'
        : query.aspect === 'no_show'
          ? `absent(e)${one ? '' : 's'} sans préavis`
          : `en retard ou absent(e)${one ? '' : 's'}`;
    r.main(
      `${joinFr(tied)} ${one ? 'a' : 'ont'} été ${what} le plus souvent${during}\u00a0: ${times(leaders.times)}${one ? '' : ' chacun'}.`,
    );
  }
  if (query.aspect === 'late') lateSummary();
  else if (query.aspect === 'no_show') noShowSummary();
  else {
    lateSummary();
    noShowSummary();
  }
  return r.doneOrSentence();
}

/** The fill rate, time to fill and shifts gone unfilled, as replies.ts's fillReply. */
export function frenchFillReply(parts: FrenchReplyParts, query: FillQuery, stats: FillStats): AssistantOutcome {
  const r = new FrenchReply(parts);
  const period = frenchPeriod(query.when, parts.ctx.timeZone, parts.ctx.now);
  const during = period ? ` ${period}` : '';
  const past = isPastPeriod(query.when, parts.ctx.now);
  const rate = (): string => {
    if (stats.fill_rate === null || stats.posted === 0) {
      return `Aucun quart n’a été publié${during}, donc il n’y a pas encore de taux de comblement.`;
    }
    const accepted = stats.filled < 2 ? 'a été accepté' : 'ont été acceptés';
    return `Votre taux de comblement${during} ${past ? 'était' : 'est'} de ${percent(stats.fill_rate)}\u00a0: ${stats.filled} ${stats.filled < 2 ? 'quart' : 'quarts'} sur ${stats.posted} ${accepted} par un membre du personnel.`;
  };
  const time = (): string =>
    stats.median_minutes_to_fill === null
      ? `Aucun quart n’a été comblé${during}, donc il n’y a pas encore de délai de comblement.`
      : `Il faut une médiane de ${wait(stats.median_minutes_to_fill)} entre la publication d’un quart et son acceptation par un membre du personnel${stats.average_minutes_to_fill === null ? '' : ` (moyenne de ${wait(stats.average_minutes_to_fill)})`}, sur ${count(stats.filled, 'quart comblé', 'quarts comblés')}${during}.`;
  const unfilled = (): string => {
    const n = stats.expired_unfilled;
    if (n === 0) {
      return `Aucun quart n’est resté non comblé${during}\u00a0: aucun n’a commencé sans qu’un membre du personnel l’accepte.`;
    }
    return n === 1
      ? `1 quart est resté non comblé${during}\u00a0: il a commencé sans que personne l’accepte, sur ${stats.posted} publiés.`
      : `${n} quarts sont restés non comblés${during}\u00a0: ils ont commencé sans que personne les accepte, sur ${stats.posted} publiés.`;
  };
  if (query.aspect === 'rate') {
    r.main(rate());
    if (stats.expired_unfilled > 0) r.sub([unfilled()], (s) => s);
  } else if (query.aspect === 'time') {
    return r.sentence(time());
  } else if (query.aspect === 'unfilled') {
    return r.sentence(unfilled());
  } else {
    r.main(rate());
    r.main(time());
    r.main(unfilled());
  }
  return r.doneOrSentence();
}

/** The plan and what it still allows, as replies.ts's planReply. */
export function frenchPlanReply(parts: FrenchReplyParts, query: PlanQuery, usage: PlanUsage): AssistantOutcome {
  const r = new FrenchReply(parts);
  if (usage.premium) {
    const yes = query.askedPremium ? 'Oui, vous avez' : 'Vous avez';
    return r.sentence(
      `${yes} le forfait Premium\u00a0: les quarts, le personnel et les questions à l’assistant sont illimités.`,
    );
  }
  const left = planLeft(usage);
  const shifts = `Vous avez utilisé ${usage.shifts_used} des ${quarts(usage.shift_limit ?? 0)} du forfait gratuit; vous pouvez donc en publier encore ${left.shifts}.`;
  const staff = `Vous avez ${membres(usage.staff_count)} sur les ${usage.staff_limit} que permet le forfait gratuit; vous pouvez donc en ajouter encore ${left.staff}.`;
  const questions = `Il vous reste ${count(usage.questions_left ?? 0, 'question', 'questions')} à l’assistant ce mois-ci avec le forfait gratuit.`;
  if (query.aspect === 'shifts') return r.sentence(shifts);
  if (query.aspect === 'staff') return r.sentence(staff);
  if (query.aspect === 'questions') return r.sentence(questions);
  r.main(query.askedPremium ? 'Non, vous avez le forfait gratuit.' : 'Vous avez le forfait gratuit.');
  r.sub([shifts, staff, questions], (s) => s);
  r.main('Le forfait Premium supprime ces limites.');
  return r.done();
}

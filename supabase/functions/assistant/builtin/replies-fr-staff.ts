// Replies in Quebec French (issue 29) about the staff: one staff member's details, hours, shifts and
// contact; the staff list (of a staff type too); who is on shift now; the rankings; who is free; the
// hours done in all; who accepted nothing. The same facts as replies.ts's English (reply-facts.ts),
// in French words (replies-fr.ts).
import type {
  AssistantOutcome,
  ShiftList,
  ShiftSummary,
  StaffDetails,
  StaffList,
  StaffRanking,
} from '../tools/types.ts';
import type { AvailableQuery, InactiveQuery, RankingQuery, StaffListQuery, StaffQuery, When } from './queries.ts';
import {
  availability,
  bottomRows,
  completedNewestFirst,
  currentShift,
  everyShift,
  hoursTotals,
  idleStaff,
  LIST_LIMIT,
  listsStaff,
  peopleOnShift,
  type RankingRow,
  rankingRows,
  tiedFirst,
} from './reply-facts.ts';
import {
  count,
  dayTime,
  FrenchReply,
  type FrenchReplyParts,
  frenchPeriod,
  frenchShiftLine,
  hours,
  joinFr,
  membres,
  ofName,
  quarts,
  roleName,
  startOf,
  STATUS_TITLE,
  staffTypeNoun,
  wait,
  withPeriod,
  atPlace,
} from './replies-fr.ts';

const periodOf = (parts: FrenchReplyParts, when: When | undefined): string =>
  frenchPeriod(when, parts.ctx.timeZone, parts.ctx.now);

/** "(ShiftID 5a000001)" with the shift's reference. */
const idOf = (r: FrenchReply, shift: ShiftSummary): string => `ShiftID ${r.shift(shift)}`;

// One staff member ------------------------------------------------------------------------------------

/** One staff member's details, hours, shifts or contact, as replies.ts's staffReply. */
export function frenchStaffReply(
  parts: FrenchReplyParts,
  query: StaffQuery,
  details: StaffDetails | undefined,
): AssistantOutcome {
  const r = new FrenchReply(parts);
  const { staff } = query;
  const name = r.staff(staff);
  if (query.aspect === 'contact' || !details) {
    r.main(`Voici les coordonnées ${ofName(name)}.`);
    r.lines.push(`   a. Téléphone\u00a0: ${staff.phone || '-'}`, `   b. Courriel\u00a0: ${staff.email || '-'}`);
    return r.done();
  }
  const { timeZone, now } = parts.ctx;
  const period = periodOf(parts, query.when);
  const withYou = period || 'avec votre agence';
  switch (query.aspect) {
    case 'hours': {
      if (details.shifts_completed === 0) {
        return r.sentence(
          `${name} n’a terminé aucun quart ${period || 'avec votre agence jusqu’ici'}, donc aucune heure n’a été effectuée.`,
        );
      }
      r.main(
        `${name} a effectué ${hours(details.hours_done)} en ${count(details.shifts_completed, 'quart terminé', 'quarts terminés')} ${withYou}.`,
      );
      r.sub(
        completedNewestFirst(details),
        (s) =>
          `${startOf(s, parts)}, ${s.address}\u00a0: ${s.hours_done === null ? 'heures non enregistrées' : hours(s.hours_done)} (${idOf(r, s)})`,
        details.shifts_completed,
        (n) => `et ${count(n, 'quart plus ancien', 'quarts plus anciens')}`,
      );
      return r.done();
    }
    case 'last': {
      const last = details.last_shift;
      if (!last) return r.sentence(`${name} n’a encore travaillé aucun quart pour votre agence.`);
      const done = last.hours_done === null ? '' : `, ${hours(last.hours_done)}`;
      const verb = last.status === 'In-progress' ? 'a commencé' : 'a eu lieu';
      return r.sentence(
        `Le dernier quart ${ofName(name)} ${verb} le ${startOf(last, parts)}, ${atPlace(last.address)} (${idOf(r, last)}, ${STATUS_TITLE[last.status]}${done}).`,
      );
    }
    case 'next': {
      if (details.upcoming.length === 0) return r.sentence(`${name} n’a aucun quart à venir avec votre agence.`);
      if (details.upcoming.length === 1) {
        const next = details.upcoming[0] as ShiftSummary;
        return r.sentence(
          `Le prochain quart ${ofName(name)} est le ${startOf(next, parts)}, ${atPlace(next.address)} (${idOf(r, next)}).`,
        );
      }
      r.main(`${name} a ${count(details.upcoming.length, 'quart', 'quarts')} à venir.`);
      r.sub(
        details.upcoming,
        (s) =>
          `${startOf(s, parts)}, ${s.address}\u00a0: ${roleName(s.staff_type)}, ${roleName(s.skill)} (${idOf(r, s)})`,
      );
      return r.done();
    }
    case 'on_shift': {
      const current = currentShift(details);
      if (current) {
        return r.sentence(
          `Oui, ${name} est en quart présentement\u00a0: arrivée pointée le ${dayTime(current.clocked_in_at, timeZone, now)}, ${atPlace(current.address)} (${idOf(r, current)}).`,
        );
      }
      const next = details.upcoming[0];
      const after = next
        ? ` Son prochain quart est le ${startOf(next, parts)}, ${atPlace(next.address)} (${idOf(r, next)}).`
        : '';
      return r.sentence(`Non, ${name} n’est pas en quart pour votre agence présentement.${after}`);
    }
    case 'count': {
      if (details.shifts_accepted === 0) return r.sentence(`${name} n’a accepté aucun quart ${withYou}.`);
      r.main(
        `${name} a accepté ${quarts(details.shifts_accepted)} ${withYou} et en a terminé ${details.shifts_completed} (${hours(details.hours_done)}).`,
      );
      r.sub(details.shifts, (s) => frenchShiftLine(parts, s, false), details.shifts_accepted);
      return r.done();
    }
    case 'shifts': {
      const shifts = everyShift(details);
      if (shifts.length === 0) return r.sentence(`${name} n’a encore aucun quart avec votre agence.`);
      r.main(
        `${name} a accepté ${quarts(details.shifts_accepted)} avec votre agence\u00a0: ${details.upcoming.length} à venir, ${count(details.shifts_completed, 'terminé', 'terminés')} (${hours(details.hours_done)}).`,
      );
      r.sub(shifts, (s) => frenchShiftLine(parts, s, false), details.shifts_accepted);
      return r.done();
    }
    default: {
      const current = currentShift(details);
      r.main(`${name} travaille pour votre agence.`);
      r.lines.push(
        `   a. Courriel\u00a0: ${staff.email || '-'}`,
        `   b. Téléphone\u00a0: ${staff.phone || '-'}`,
        `   c. En quart présentement\u00a0: ${current ? 'Oui' : 'Non'}`,
      );
      r.main(
        `${withPeriod(count(details.shifts_accepted, 'quart accepté', 'quarts acceptés'), period)}, ${count(details.shifts_completed, 'terminé', 'terminés')}, ${hours(details.hours_done)} effectuées.`,
      );
      const subs: string[] = [];
      if (current) {
        subs.push(
          `En quart présentement\u00a0: ${r.shift(current)}, ${atPlace(current.address)}, arrivée pointée le ${dayTime(current.clocked_in_at, timeZone, now)}`,
        );
      } else if (details.last_shift) {
        const last = details.last_shift;
        subs.push(
          `Dernier quart\u00a0: ${startOf(last, parts)}, ${last.address} (${idOf(r, last)}, ${STATUS_TITLE[last.status]})`,
        );
      }
      const next = details.upcoming[0];
      if (next) subs.push(`Prochain quart\u00a0: ${startOf(next, parts)}, ${next.address} (${idOf(r, next)})`);
      if (details.upcoming.length > 1) {
        subs.push(`${count(details.upcoming.length - 1, 'autre quart', 'autres quarts')} à venir ensuite`);
      }
      r.sub(subs, (s) => s);
      return r.done();
    }
  }
}

// Staff lists ---------------------------------------------------------------------------------------

const yours = (employed: number): string =>
  employed === 1 ? 'votre seul membre du personnel' : `vos ${membres(employed)}`;

/** "2 de vos 5 membres du personnel sont inscrits comme infirmières", "Aucun de vos 5 … n’est inscrit comme PAB". */
function ofType(n: number, employed: number, staffType: string): string {
  const one = staffTypeNoun(staffType);
  if (employed === 1) {
    return n === 0
      ? `Votre seul membre du personnel n’est pas inscrit comme ${one}`
      : `Votre seul membre du personnel est inscrit comme ${one}`;
  }
  if (n === 0) return `Aucun de ${yours(employed)} n’est inscrit comme ${one}`;
  if (n === 1) return `1 de ${yours(employed)} est inscrit comme ${one}`;
  return `${n} de ${yours(employed)} sont inscrits comme ${staffTypeNoun(staffType, true)}`;
}

/** Staff types are recorded per worker (Staff List, the worker's page); say who is not counted. */
function unrecordedNote(unrecorded: number): string {
  return unrecorded === 1
    ? '1 membre du personnel n’a aucun type de personnel inscrit et n’est donc pas compté\u00a0: inscrivez-le sur sa page, dans la Liste du personnel.'
    : `${membres(unrecorded)} n’ont aucun type de personnel inscrit et ne sont donc pas comptés\u00a0: inscrivez-le sur leur page, dans la Liste du personnel.`;
}

function noStaffTypes(staffType: string, employed: number): string {
  return `Je ne peux pas savoir lesquels de ${yours(employed)} sont des ${staffTypeNoun(staffType, true)}\u00a0: aucun n’a encore de type de personnel inscrit. Inscrivez-le sur la page de chaque membre du personnel, dans la Liste du personnel.`;
}

/** The staff list, of a staff type when asked, as replies.ts's staffListReply. */
export function frenchStaffListReply(
  parts: FrenchReplyParts,
  query: StaffListQuery,
  list: StaffList,
): AssistantOutcome {
  const r = new FrenchReply(parts);
  const employed = list.employed ?? list.total;
  if (employed === 0) {
    return r.sentence(
      'Vous n’avez encore aucun membre du personnel. Le personnel se joint à votre agence dans l’application CareCover Personnel avec votre code d’entreprise.',
    );
  }
  const line = (s: StaffList['staff'][number]): string =>
    `${r.staff(s)}${s.phone ? `, ${s.phone}` : ''}${s.email ? `, ${s.email}` : ''}${s.on_shift ? ' (en quart présentement)' : ''}`;
  if (!query.staffType) {
    r.main(`Vous avez ${membres(list.total)}.`);
    if (listsStaff(query.count, list.total, LIST_LIMIT)) r.staffSub(list.staff, line, list.total);
    return r.done();
  }
  const unrecorded = list.without_staff_type ?? 0;
  if (unrecorded === employed) return r.sentence(noStaffTypes(query.staffType, employed));
  if (list.total === 0 && unrecorded === 0) return r.sentence(`${ofType(0, employed, query.staffType)}.`);
  r.main(`${ofType(list.total, employed, query.staffType)}.`);
  if (list.total > 0 && listsStaff(query.count, list.total, LIST_LIMIT)) r.staffSub(list.staff, line, list.total);
  if (unrecorded > 0) r.main(unrecordedNote(unrecorded));
  return r.done();
}

/** Who is on shift now (the agency's in-progress shifts), as replies.ts's onShiftReply. */
export function frenchOnShiftReply(parts: FrenchReplyParts, list: ShiftList): AssistantOutcome {
  const r = new FrenchReply(parts);
  if (list.total === 0) {
    return r.sentence(
      'Personne n’est en quart pour votre agence présentement\u00a0: aucun quart n’est en cours (arrivée pointée, départ pas encore pointé).',
    );
  }
  const people = peopleOnShift(list);
  r.main(`${membres(people)} ${people === 1 ? 'est' : 'sont'} en quart présentement.`);
  r.sub(
    list.shifts,
    (s) =>
      `${s.accepted_by ? r.staff(s.accepted_by) : 'S. O.'}, arrivée pointée le ${dayTime(s.clocked_in_at, parts.ctx.timeZone, parts.ctx.now)}, ${atPlace(s.address)} (${idOf(r, s)})`,
    list.total,
    (n) => `et ${count(n, 'autre quart en cours', 'autres quarts en cours')}`,
  );
  return r.done();
}

// Rankings ---------------------------------------------------------------------------------------------

function rankingValue(metric: RankingQuery['metric'], row: RankingRow): string {
  if (metric === 'most_hours') return `${hours(row.value)} en ${quarts(row.shifts)}`;
  if (metric === 'fastest_to_accept')
    return `une médiane de ${wait(row.value)} pour accepter, sur ${quarts(row.shifts)}`;
  return quarts(row.value);
}

/** The staff ranked (most accepted, most hours, fastest to accept; or the bottom), as replies.ts's rankingReply. */
export function frenchRankingReply(
  parts: FrenchReplyParts,
  query: RankingQuery,
  ranking: StaffRanking,
  staff: StaffList | undefined,
): AssistantOutcome {
  const r = new FrenchReply(parts);
  const period = periodOf(parts, query.when);
  const during = period ? ` ${period}` : '';
  const rows = rankingRows(query, ranking);
  if (query.byShifts && query.order === 'top') return frenchCompletedMost(r, query, rows, during);
  const line = (row: RankingRow): string => `${r.staff(row.staff)}\u00a0: ${rankingValue(query.metric, row)}`;
  if (query.order === 'bottom') {
    const bottom = bottomRows(query, rows, staff);
    if (bottom.length === 0) return r.sentence(`Aucun membre du personnel n’a encore accepté de quart${during}.`);
    const names = tiedFirst(bottom)
      .slice(0, LIST_LIMIT)
      .map((row) => r.staff(row.staff));
    const one = names.length === 1;
    const lead =
      query.metric === 'fastest_to_accept'
        ? one
          ? 'est la personne la plus lente à accepter les quarts'
          : 'sont les plus lents à accepter les quarts'
        : query.metric === 'most_hours'
          ? `${one ? 'a' : 'ont'} effectué le moins d’heures`
          : `${one ? 'a' : 'ont'} accepté le moins de quarts`;
    r.main(`${joinFr(names)} ${lead}${during}.`);
    r.staffSub(bottom.slice(0, query.limit), line);
    return r.done();
  }
  if (rows.length === 0) {
    return r.sentence(
      query.metric === 'most_hours'
        ? `Aucun quart n’a été terminé${during}, donc personne n’a encore d’heures.`
        : query.metric === 'fastest_to_accept'
          ? `Aucun quart n’a été accepté${during}, donc il n’y a pas encore de délai d’acceptation.`
          : `Aucun quart n’a été accepté${during}.`,
    );
  }
  const top = tiedFirst(rows);
  const names = top.map((row) => r.staff(row.staff));
  const one = names.length === 1;
  const what =
    query.metric === 'most_hours'
      ? `${one ? 'a' : 'ont'} effectué le plus d’heures`
      : query.metric === 'fastest_to_accept'
        ? one
          ? 'est la personne la plus rapide à accepter les quarts'
          : 'sont les plus rapides à accepter les quarts'
        : `${one ? 'a' : 'ont'} accepté le plus de quarts`;
  const value = rankingValue(query.metric, top[0] as RankingRow);
  const lead = one
    ? `${names[0]} ${what}${during}\u00a0: ${value}.`
    : `${joinFr(names)} ${what}${during}, avec ${value} chacun.`;
  if (rows.length === 1) return r.sentence(lead);
  r.main(lead);
  r.staffSub(rows, line);
  return r.done();
}

/** "Who completed the most shifts?": ranked by completed shifts (most_hours rows carry them). */
function frenchCompletedMost(
  r: FrenchReply,
  query: RankingQuery,
  rows: RankingRow[],
  during: string,
): AssistantOutcome {
  if (rows.length === 0) return r.sentence(`Aucun quart n’a été terminé${during}.`);
  const top = tiedFirst(rows, 'shifts').map((row) => r.staff(row.staff));
  const best = (rows[0] as RankingRow).shifts;
  r.main(
    `${joinFr(top)} ${top.length === 1 ? 'a' : 'ont'} terminé le plus de quarts${during}\u00a0: ${quarts(best)}${top.length > 1 ? ' chacun' : ''}.`,
  );
  r.staffSub(
    rows.slice(0, query.limit),
    (row) =>
      `${r.staff(row.staff)}\u00a0: ${count(row.shifts, 'quart terminé', 'quarts terminés')} (${hours(row.value)})`,
  );
  return r.done();
}

// Who is free, hours in all, who accepted nothing ----------------------------------------------------------

/** Who has no shift in a period ("qui est libre demain?"), as replies.ts's availableReply. */
export function frenchAvailableReply(
  parts: FrenchReplyParts,
  query: AvailableQuery,
  staff: StaffList,
  list: ShiftList,
): AssistantOutcome {
  const r = new FrenchReply(parts);
  const { staffType } = query;
  const period = periodOf(parts, query.when);
  const {
    employed,
    unrecorded,
    noStaffTypes: untyped,
    noneOfType,
    free,
    pending,
  } = availability(query, staff, list, parts.ctx.now);
  if (staffType && untyped) return r.sentence(noStaffTypes(staffType, employed));
  if (staffType && noneOfType) {
    r.main(`${ofType(0, employed, staffType)}.`);
    if (unrecorded > 0) r.main(unrecordedNote(unrecorded));
    return r.done();
  }
  const who = (n: number): string => (staffType ? `${n} ${staffTypeNoun(staffType, n >= 2)}` : membres(n));
  if (free.length === 0) {
    r.main(
      withPeriod(
        staffType
          ? `Chaque membre du personnel inscrit comme ${staffTypeNoun(staffType)} a un quart`
          : 'Chaque membre du personnel a un quart',
        period,
      ) + '.',
    );
  } else {
    r.main(
      `${who(free.length)} ${free.length === 1 ? 'n’a' : 'n’ont'} ${withPeriod('aucun quart avec votre agence', period)}.`,
    );
    r.staffSub(free, (s) => `${r.staff(s)}${s.phone ? `, ${s.phone}` : ''}`);
  }
  if (pending.length > 0) {
    r.main(`${withPeriod(quarts(pending.length), period)} ${pending.length === 1 ? 'est' : 'sont'} encore en attente.`);
    r.sub(pending, (s) => frenchShiftLine(parts, s, false));
  }
  if (staffType && unrecorded > 0) r.main(unrecordedNote(unrecorded));
  return r.done();
}

/** The hours the staff did in all, as replies.ts's hoursTotalReply. */
export function frenchHoursTotalReply(
  parts: FrenchReplyParts,
  when: When | undefined,
  ranking: StaffRanking,
): AssistantOutcome {
  const r = new FrenchReply(parts);
  const period = periodOf(parts, when);
  const during = period ? ` ${period}` : '';
  if (ranking.rows.length === 0) {
    return r.sentence(`Aucune heure n’a été effectuée${during}\u00a0: aucun quart n’a été terminé.`);
  }
  const totals = hoursTotals(ranking);
  r.main(
    `Votre personnel a effectué ${hours(totals.hours)} en ${count(totals.shifts, 'quart terminé', 'quarts terminés')}${during}.`,
  );
  r.staffSub(ranking.rows, (row) => `${r.staff(row.staff)}\u00a0: ${hours(row.value)} (${quarts(row.shifts)})`);
  return r.done();
}

/** The staff who accepted no shift in a period, as replies.ts's inactiveReply. */
export function frenchInactiveReply(
  parts: FrenchReplyParts,
  query: InactiveQuery,
  staff: StaffList,
  ranking: StaffRanking,
): AssistantOutcome {
  const r = new FrenchReply(parts);
  const period = periodOf(parts, query.when);
  const during = period ? ` ${period}` : '';
  const idle = idleStaff(staff, ranking);
  if (idle.length === 0) return r.sentence(`Chaque membre du personnel a accepté au moins un quart${during}.`);
  r.main(`${membres(idle.length)} ${idle.length === 1 ? 'n’a' : 'n’ont'} accepté aucun quart${during}.`);
  r.staffSub(idle, (s) => r.staff(s));
  return r.done();
}

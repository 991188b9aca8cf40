// Who can cover a shift (issue 28), in Quebec French (issue 29): the same reply as replies.ts's
// coverReply (who holds it, who can take it best first with the facts of their rank, the near misses,
// what stops the others), in French words. The reasons are the database's English sentences
// (public.assistant_who_can_cover), each said again in French from its code and the values it
// carries ("CPR/First aid expired Nov 15" → « Titre de compétence « CPR/First aid » expiré le 15 nov. »);
// a sentence this module does not know stays as the database wrote it.
import type { AssistantOutcome, CoverAnswer, CoverCandidate, ShiftSummary } from '../tools/types.ts';
import type { CoverQuery } from './queries.ts';
import { COVER_PICK_PHRASE_FR } from './prompts.ts';
import { commonestReasons, hasEnded, inThisWeek, saysDistance } from './reply-facts.ts';
import {
  atPlace,
  clock,
  count,
  dayTime,
  decimal,
  FrenchReply,
  type FrenchReplyParts,
  frenchPeriod,
  frenchShiftIdNotFound,
  frenchShiftLine,
  hours,
  membres,
  ofStaffType,
  ordinal,
  quoted,
  roleName,
  skillName,
  staffTypeNoun,
  startOf,
} from './replies-fr.ts';

// private.cover_date's days ("Nov 15", "Nov 15, 2025") as French writes them ("15 nov.", "1er déc. 2025").
const MONTHS: Record<string, string> = {
  Jan: 'janv.',
  Feb: 'févr.',
  Mar: 'mars',
  Apr: 'avr.',
  May: 'mai',
  Jun: 'juin',
  Jul: 'juill.',
  Aug: 'août',
  Sep: 'sept.',
  Oct: 'oct.',
  Nov: 'nov.',
  Dec: 'déc.',
};
const DATE = `((?:${Object.keys(MONTHS).join('|')}) \\d{1,2}(?:, \\d{4})?)`;

function coverDate(text: string): string {
  const match = /^(\w{3}) (\d{1,2})(?:, (\d{4}))?$/.exec(text);
  const month = match ? MONTHS[match[1] as string] : undefined;
  if (!match || !month) return text;
  return `${match[2] === '1' ? '1er' : match[2]} ${month}${match[3] ? ` ${match[3]}` : ''}`;
}

/** The database's sentences for each reason code, and what they say in French. */
const REASONS: Record<string, [RegExp, (shift: ShiftSummary, ...values: string[]) => string][]> = {
  not_employed: [[/^Does not work for this agency$/, () => 'Ne travaille pas pour cette agence']],
  no_show: [[/^Was a no-show on this shift$/, () => 'Ne s’est pas présenté(e) à ce quart']],
  overlapping_shift: [[/^Already has another shift at this time$/, () => 'A déjà un autre quart à ce moment-là']],
  time_off: [
    [/^Has time off at this time$/, () => 'Est en congé à ce moment-là'],
    [new RegExp(`^Has time off on ${DATE}$`), (_s, on) => `Est en congé le ${coverDate(on as string)}`],
    [
      new RegExp(`^Has time off ${DATE} to ${DATE}$`),
      (_s, first, last) => `Est en congé du ${coverDate(first as string)} au ${coverDate(last as string)}`,
    ],
  ],
  staff_type: [
    [/^Is not recorded as an? /, (shift) => `N’est pas inscrit(e) comme ${staffTypeNoun(shift.staff_type)}`],
  ],
  skill: [
    [
      /^Is not recorded as skilled in /,
      (shift) => `N’a pas la compétence ${quoted(roleName(shift.skill))} à son dossier`,
    ],
  ],
  credential: [
    [
      /^Has no (.+) on record$/,
      (_s, type) => `Aucun titre de compétence ${quoted(roleName(type as string))} à son dossier`,
    ],
    [
      /^Has no verified, valid (.+)$/,
      (_s, types) =>
        `Aucun titre de compétence valide et vérifié\u00a0: ${(types as string).split(', ').map(roleName).join(', ')}`,
    ],
    [
      new RegExp(`^(.+) expired ${DATE}$`),
      (_s, type, on) => `Titre de compétence ${quoted(roleName(type as string))} expiré le ${coverDate(on as string)}`,
    ],
    [
      new RegExp(`^(.+) expires ${DATE}, before this shift$`),
      (_s, type, on) =>
        `Titre de compétence ${quoted(roleName(type as string))} qui expire le ${coverDate(on as string)}, avant ce quart`,
    ],
    [/^(.+) is not verified$/, (_s, type) => `Titre de compétence ${quoted(roleName(type as string))} non vérifié`],
  ],
  over_hours: [
    [
      /^Would work (\d+(?:\.\d+)?) hours that week, over (\d+(?:\.\d+)?)$/,
      (_s, total, limit) =>
        `Ferait ${(total as string).replace('.', ',')}\u00a0h cette semaine-là, au-delà de ${(limit as string).replace('.', ',')}\u00a0h`,
    ],
  ],
};

/** One of the database's reasons in French (its own sentence when this module does not know it). */
export function frenchReason(code: string | undefined, reason: string, shift: ShiftSummary): string {
  for (const [pattern, say] of REASONS[code ?? ''] ?? []) {
    const match = pattern.exec(reason);
    if (match) return say(shift, ...match.slice(1));
  }
  return reason;
}

const reasonsOf = (miss: { reason_codes: string[]; reasons: string[] }, shift: ShiftSummary): string =>
  miss.reasons.map((reason, i) => frenchReason(miss.reason_codes[i], reason, shift)).join('; ');

/** What stops `n` staff members, as "3 personnes …" (the reason codes of public.eligibility). */
function stopsPhrase(code: string, n: number, shift: ShiftSummary, example: string): string {
  const one = n === 1;
  const who = count(n, 'personne');
  switch (code) {
    case 'overlapping_shift':
      return `${who} ${one ? 'a' : 'ont'} déjà un autre quart à ce moment-là`;
    case 'time_off':
      return `${who} ${one ? 'est' : 'sont'} en congé à ce moment-là`;
    case 'staff_type':
      return `${who} ${one ? 'n’est pas inscrite' : 'ne sont pas inscrites'} comme ${staffTypeNoun(shift.staff_type)}`;
    case 'skill':
      return `${who} ${one ? 'n’a' : 'n’ont'} pas la compétence ${quoted(roleName(shift.skill))} à ${one ? 'son' : 'leur'} dossier`;
    case 'credential':
      return `${who} ${one ? 'n’a' : 'n’ont'} pas de titre de compétence valide et vérifié exigé pour ce quart`;
    case 'over_hours':
      return `${who} ${one ? 'dépasserait ses' : 'dépasseraient leurs'} heures permises cette semaine-là`;
    case 'not_employed':
      return `${who} ${one ? 'ne travaille' : 'ne travaillent'} pas pour vous`;
    case 'no_show':
      return `${who} ${one ? 'ne s’est pas présentée' : 'ne se sont pas présentées'} à ce quart`;
    default:
      // A rule this reply does not know yet: its own sentence.
      return `${who}\u00a0: ${frenchReason(code, example, shift)}`;
  }
}

/** The commonest reasons, at most three: "3 personnes ne sont pas inscrites comme PAB; 2 personnes …". */
const commonestText = (answer: CoverAnswer, shift: ShiftSummary): string =>
  commonestReasons(answer)
    .map((r) => stopsPhrase(r.code, r.workers, shift, r.example))
    .join('; ');

/** Why a candidate ranks where they do, in the cover order's words. */
function candidateFacts(candidate: CoverCandidate, thisWeek: boolean): string {
  const parts: string[] = [];
  if (candidate.worked_here) parts.push('a déjà travaillé à cette adresse');
  if (candidate.distance_km !== null && saysDistance(candidate)) {
    parts.push(
      candidate.distance_km < 0.1
        ? 'a travaillé la dernière fois tout près d’ici'
        : `a travaillé la dernière fois à ${decimal(candidate.distance_km, 1)}\u00a0km d’ici`,
    );
  }
  if (candidate.distance_km === null && !candidate.worked_here)
    parts.push('n’a encore travaillé aucun quart pour vous');
  parts.push(`${hours(candidate.week_hours)} ${thisWeek ? 'cette semaine' : 'cette semaine-là'}`);
  if (candidate.flags.includes('overtime')) parts.push('ferait des heures supplémentaires, ce que ce quart permet');
  return parts.join(', ');
}

/** How the question described the shift, for a reply that found none: "aucun quart de PAB au 220 Queen St W demain (…)". */
function coverLabel(parts: FrenchReplyParts, query: CoverQuery): string {
  const { args } = query;
  const words = ['aucun quart'];
  if (args.staff_type) words.push(ofStaffType(args.staff_type));
  if (query.skillLabel) words.push(`(${skillName(query.skillLabel)})`);
  if (args.address) words.push(atPlace(args.address, query.addressWord));
  if (query.replacing) words.push(`occupé par ${query.replacing.name}`);
  if (args.no_show) words.push('commencé sans arrivée pointée');
  const period = frenchPeriod(query.when, parts.ctx.timeZone, parts.ctx.now);
  if (period) words.push(period);
  else if (!args.no_show) words.push('qui n’est pas terminé');
  return words.join(' ');
}

/** Who can cover one shift, as replies.ts's coverReply. */
export function frenchCoverReply(parts: FrenchReplyParts, query: CoverQuery, answer: CoverAnswer): AssistantOutcome {
  const r = new FrenchReply(parts);
  const { timeZone, now } = parts.ctx;
  if (!answer.shift) {
    if (answer.matches.length === 0) {
      if (query.args.shift_id) return r.sentence(frenchShiftIdNotFound(query.args.shift_id), 'clarify');
      return r.sentence(
        `Je n’ai trouvé ${coverLabel(parts, query)} à couvrir. Envoyez-moi son ShiftID, ou son adresse et le jour.`,
        'clarify',
      );
    }
    // Several fit: one lettered question, as for a shift's details.
    r.main(`${answer.matches_total} quarts correspondent\u00a0: ${COVER_PICK_PHRASE_FR}?`);
    r.sub(answer.matches, (s) => frenchShiftLine(parts, s), answer.matches_total);
    r.main('Envoyez-moi sa lettre ou son ShiftID.');
    return r.done('clarify');
  }

  const shift = answer.shift;
  const id = r.shift(shift);
  const what = `quart ${id} (${startOf(shift, parts)}, ${shift.address}, ${roleName(shift.staff_type)}, ${roleName(shift.skill)})`;
  const holder = shift.accepted_by ? r.staff(shift.accepted_by) : null;

  if (hasEnded(shift, now)) {
    const missed = answer.no_show && holder ? ` ${holder} n’a pas pointé son arrivée à ce quart.` : '';
    return r.sentence(
      `Le ${what} s’est terminé le ${dayTime(shift.ends_at, timeZone, now)}\u00a0: il n’y a plus rien à couvrir.${missed}`,
    );
  }
  if (shift.clocked_in_at && holder) {
    return r.sentence(
      `${holder} a pointé son arrivée au ${what} à ${clock(shift.clocked_in_at, timeZone)}\u00a0: il n’a pas besoin d’être remplacé.`,
    );
  }

  const asked = answer.asked;
  if (asked) {
    const who = r.staff(asked.staff);
    if (asked.holds_shift) r.main(`${who} occupe le ${what}.`);
    else if (asked.eligible && asked.rank !== null) {
      r.main(
        `Oui, ${who} peut prendre le ${what}\u00a0: au ${ordinal(asked.rank)} rang sur ${count(answer.eligible_total, 'personne admissible', 'personnes admissibles')}.`,
      );
    } else r.main(`${who} ne peut pas prendre le ${what}\u00a0: ${reasonsOf(asked, shift)}.`);
  }
  const it = asked ? 'ce quart' : `le ${what}`;
  if (holder && answer.no_show) {
    r.main(
      `${holder} a accepté ${it} et n’a pas pointé son arrivée\u00a0: il a commencé à ${clock(shift.starts_at, timeZone)}.`,
    );
  } else if (holder && !asked) {
    r.main(`${holder} occupe ${it} présentement; voici qui d’autre pourrait le prendre.`);
  }

  const thisWeek = inThisWeek(shift.starts_at, timeZone, now);
  if (answer.eligible_total === 0) {
    const why = commonestText(answer, shift);
    r.main(`Personne n’est admissible${asked || holder ? '' : ` au ${what}`}${why ? `\u00a0: ${why}` : ''}.`);
  } else {
    const one = answer.eligible_total === 1;
    r.main(
      `${membres(answer.eligible_total)} ${one ? 'peut' : 'peuvent'} prendre ${holder || asked ? 'ce quart' : `le ${what}`}${one ? '' : ', par ordre de priorité'}\u00a0:`,
    );
    r.staffSub(
      answer.eligible,
      (c) => `${r.staff(c.staff)}\u00a0: ${candidateFacts(c, thisWeek)}`,
      answer.eligible_total,
    );
  }
  if (answer.near_misses.length > 0) {
    r.main('Presque admissibles\u00a0:');
    r.sub(
      answer.near_misses,
      (m) => `${r.staff(m.staff)}\u00a0: ${reasonsOf(m, shift)}`,
      answer.near_miss_total,
      (n) =>
        `et ${count(n, 'autre', 'autres')} avec ${answer.near_miss_reasons === 1 ? 'une seule raison' : `${answer.near_miss_reasons} raisons`}`,
    );
  }
  // The others, with more than one reason each: what stops everyone who cannot, commonest first.
  if (answer.eligible_total > 0 && answer.ineligible_total > answer.near_miss_total) {
    r.main(
      `En tout, ${membres(answer.ineligible_total)} ${answer.ineligible_total === 1 ? 'ne peut' : 'ne peuvent'} pas le prendre\u00a0: ${commonestText(answer, shift)}.`,
    );
  }
  return r.done();
}

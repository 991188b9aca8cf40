// Replies in Quebec French (issue 29) for a question asked in French: the shift lists, the counts and
// the "I can't answer that" reply. Words from docs/i18n.md's glossary ("quart", "En attente",
// "Attribué", "pointer l’arrivée"); dates and times through shared/i18n/format.ts ("mar. 24 nov.,
// 9 h 00"). The other replies are still English (docs/assistant-builtin.md, "French").
import { careRoleNameKey } from '../../../../shared/i18n/care-role-keys.ts';
import frenchCatalogue from '../../../../shared/i18n/catalogues/fr-CA.json' with { type: 'json' };
import { formatInstant, INTL_LOCALE } from '../../../../shared/i18n/format.ts';
import type { AssistantOutcome, ShiftCounts, ShiftList, ShiftStatus, ShiftSummary } from '../tools/types.ts';
import type { CountsQuery, ShiftsQuery, When } from './queries.ts';
import { letter } from './text.ts';
import { validZone } from './zone.ts';
import { ASK_SHIFT, ASK_SHIFT_FR, ASK_STAFF, ASK_STAFF_FR } from './prompts.ts';

/** What replies.ts's Reply gives a French reply: the references and the context. */
export interface FrenchReplyParts {
  readonly ctx: { timeZone: string; now: Date };
  shiftRef(shift: ShiftSummary): string;
  staffRef(staff: { id: string; name: string }): string;
  done(lines: string[], kind?: AssistantOutcome['kind']): AssistantOutcome;
}

const LIST_LIMIT = 10;

/** The statuses as the dashboard shows them in French (glossary), singular and plural. */
const STATUS: Record<ShiftStatus, [string, string]> = {
  Pending: ['en attente', 'en attente'],
  Assigned: ['attribué', 'attribués'],
  'In-progress': ['en cours', 'en cours'],
  Completed: ['terminé', 'terminés'],
};
const STATUS_TITLE: Record<ShiftStatus, string> = {
  Pending: 'En attente',
  Assigned: 'Attribué',
  'In-progress': 'En cours',
  Completed: 'Terminé',
};

const quarts = (n: number): string => `${n} ${n === 1 ? 'quart' : 'quarts'}`;

// The English period words dates.ts labels with, in French.
const PERIOD_WORDS: [RegExp, string][] = [
  [/^from now on/, 'à venir'],
  [/^this week/, 'cette semaine'],
  [/^next week/, 'la semaine prochaine'],
  [/^last week/, 'la semaine dernière'],
  [/^this month/, 'ce mois-ci'],
  [/^next month/, 'le mois prochain'],
  [/^last month/, 'le mois dernier'],
  [/^today/, 'aujourd’hui'],
  [/^tomorrow/, 'demain'],
  [/^yesterday/, 'hier'],
  [/^tonight/, 'ce soir'],
];

/** The first of the month is "1er" in French ("mar. 1er déc."), as Intl does not write it. */
const premier = (text: string): string =>
  text.replace(/(^|\s)1 (?=\p{L})/u, (_match, before: string) => `${before}1er `);

const dayFormatters = new Map<string, Intl.DateTimeFormat>();
/** "lun. 16 nov." in the agency's zone. */
function day(ms: number, timeZone: string): string {
  const zone = validZone(timeZone);
  let f = dayFormatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat(INTL_LOCALE['fr-CA'], {
      timeZone: zone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
    });
    dayFormatters.set(zone, f);
  }
  return premier(f.format(ms));
}

/** The period in French: its word when the question used one, and its days. */
export function frenchPeriod(when: When | undefined, timeZone: string): string {
  if (!when) return '';
  const { from, before } = when.period;
  const start = from === undefined ? undefined : Date.parse(from);
  const end = before === undefined ? undefined : Date.parse(before) - 1;
  let days = '';
  if (start !== undefined && end !== undefined) {
    const first = day(start, timeZone);
    const last = day(end, timeZone);
    days = first === last ? first : `du ${first} au ${last}`;
  } else if (start !== undefined) days = `depuis le ${day(start, timeZone)}`;
  else if (end !== undefined) days = `jusqu’au ${day(end, timeZone)}`;
  const word = PERIOD_WORDS.find(([english]) => english.test(when.label))?.[1];
  if (word === 'à venir') return word;
  if (word && days) return `${word} (${days})`;
  return word ?? days;
}

const withPeriod = (text: string, period: string): string => (period ? `${text} ${period}` : text);

const isPast = (when: When | undefined, now: Date): boolean =>
  when?.period.before !== undefined && Date.parse(when.period.before) <= now.getTime();

/** One shift in a list, as replies.ts's shiftLine says it in English. */
export function frenchShiftLine(parts: FrenchReplyParts, shift: ShiftSummary, withStaff = true): string {
  const { timeZone, now } = parts.ctx;
  const id = parts.shiftRef(shift);
  const started = Date.parse(shift.starts_at) <= now.getTime();
  let status = STATUS_TITLE[shift.status];
  if (shift.status === 'Pending' && started) status = 'En attente, commencé sans que personne l’accepte';
  if (withStaff && shift.accepted_by) {
    const name = parts.staffRef(shift.accepted_by);
    status =
      shift.status === 'Assigned'
        ? `Attribué à ${name}`
        : shift.status === 'Completed'
          ? `Terminé par ${name}`
          : `En cours, ${name}`;
  }
  if (shift.status === 'Assigned' && started) status += ', arrivée non pointée';
  const time = (iso: string): string => formatInstant(iso, { locale: 'fr-CA', timeZone, style: 'time' }) ?? iso;
  if (shift.clocked_in_at) status += `, arrivée pointée à ${time(shift.clocked_in_at)}`;
  if (shift.clocked_out_at) status += `, départ à ${time(shift.clocked_out_at)}`;
  const when = premier(
    formatInstant(shift.starts_at, { locale: 'fr-CA', timeZone, style: 'dayTime' }) ?? shift.starts_local,
  );
  return `${when}, ${shift.address} : ${roleName(shift.staff_type)}, ${roleName(shift.skill)}, ${status} (ShiftID ${id})`;
}

/**
 * A stored staff type or skill by its French name, the one the dashboard shows (the shared
 * catalogue's careRole.* entries, which hold no placeholders); one an agency typed stays as typed.
 */
function roleName(value: string): string {
  const key = careRoleNameKey(value);
  const name = key ? (frenchCatalogue as Record<string, string>)[key] : undefined;
  return name ?? value;
}

function subLines<T>(items: readonly T[], render: (item: T) => string, total = items.length): string[] {
  const shown = items.slice(0, LIST_LIMIT);
  const lines = shown.map((item, i) => `   ${letter(i)}. ${render(item)}`);
  if (total > shown.length) lines.push(`   ${letter(shown.length)}. et ${total - shown.length} de plus`);
  return lines;
}

/** "quarts de PSW en attente (soins palliatifs) au 100 Queen Street West": what the list holds. */
function describe(query: ShiftsQuery | CountsQuery, n: number): string {
  const plural = n === 1 ? 0 : 1;
  let text = n === 1 ? 'quart' : 'quarts';
  if (query.type === 'shifts' && query.staffType) text += ` de ${query.staffType}`;
  if (query.statuses.length > 0) {
    const words = [...new Set(query.statuses.map((st) => STATUS[st][plural]))];
    text += ` ${words.join(' ou ')}`;
  }
  if (query.type === 'shifts') {
    if (query.skillLabel) text += ` (${query.skillLabel})`;
    if (query.address) text += ` au ${query.address}`;
  }
  return text;
}

/**
 * The French list of shifts, or null when the question asks for a view this module does not say in
 * French yet (replies.ts answers it in English).
 */
export function frenchShiftsReply(
  parts: FrenchReplyParts,
  query: ShiftsQuery,
  list: ShiftList,
): AssistantOutcome | null {
  if (query.view !== 'list' || query.take || query.each || query.detailsIfOne) return null;
  const { timeZone, now } = parts.ctx;
  const past = isPast(query.when, now);
  const period = frenchPeriod(query.when, timeZone);
  const owner = query.staff ? parts.staffRef(query.staff) : undefined;
  if (list.total === 0) {
    const none = withPeriod(`aucun ${describe(query, 1)}`, period);
    const text = owner ? `${owner} ${past ? 'n’avait' : 'n’a'} ${none}.` : `Il n’y ${past ? 'avait' : 'a'} ${none}.`;
    return parts.done([text]);
  }
  const what = withPeriod(`${list.total} ${describe(query, list.total)}`, period);
  const head = owner ? `${owner} ${past ? 'avait' : 'a'} ${what}.` : `Il y ${past ? 'avait' : 'a'} ${what}.`;
  return parts.done([
    `1. ${head}`,
    ...subLines(list.shifts, (s) => frenchShiftLine(parts, s, !query.staff), list.total),
  ]);
}

const STATUS_ORDER: ShiftStatus[] = ['Pending', 'Assigned', 'In-progress', 'Completed'];

/** The French counts of shifts, by status or in all. */
export function frenchCountsReply(parts: FrenchReplyParts, query: CountsQuery, counts: ShiftCounts): AssistantOutcome {
  const { timeZone, now } = parts.ctx;
  const past = isPast(query.when, now);
  const period = frenchPeriod(query.when, timeZone);
  const there = `Il y ${past ? 'avait' : 'a'}`;
  if (query.each && query.each.length > 1) {
    const sizes = query.each.map((g) => g.statuses.reduce((sum, st) => sum + counts[st], 0));
    const each = query.each.map((g, i) => `${sizes[i]} ${describe({ ...query, statuses: g.statuses }, sizes[i] ?? 0)}`);
    const joined = each.length > 1 ? `${each.slice(0, -1).join(', ')} et ${each[each.length - 1]}` : each.join('');
    return parts.done([`${there} ${withPeriod(joined, period)}, sur ${counts.total} au total.`]);
  }
  if (query.statuses.length > 0) {
    const n = query.statuses.reduce((sum, st) => sum + counts[st], 0);
    const outOf = counts.total > n ? `, sur ${counts.total} au total` : '';
    const what = n === 0 ? `aucun ${describe(query, 1)}` : `${n} ${describe(query, n)}`;
    return parts.done([`${n === 0 ? `Il n’y ${past ? 'avait' : 'a'}` : there} ${withPeriod(what, period)}${outOf}.`]);
  }
  const you = past ? 'Vous aviez' : 'Vous avez';
  if (counts.total === 0) return parts.done([`${you} ${withPeriod('aucun quart', period)}.`]);
  return parts.done([
    `1. ${you} ${quarts(counts.total)} ${period || 'au total'}.`,
    ...STATUS_ORDER.map((st, i) => `   ${letter(i)}. ${STATUS_TITLE[st]} : ${counts[st]}`),
  ]);
}

/** The "I can't answer that" reply, with three questions the built-in assistant does answer in French. */
/** The quick prompts' questions back, in French for a French question (the follow-up reads either). */
export const FRENCH_CLARIFY: Readonly<Record<string, string>> = {
  [ASK_SHIFT]: ASK_SHIFT_FR,
  [ASK_STAFF]: ASK_STAFF_FR,
};

export const FRENCH_UNSUPPORTED = [
  '1. Je ne peux pas encore répondre à cette question. Je réponds aux questions sur vos quarts, votre personnel, les présences, le taux de remplissage et votre forfait, à partir des données de votre agence.',
  '2. Vous pourriez me demander, par exemple :',
  '   a. Quels quarts sont encore en attente cette semaine?',
  '   b. Qui est en quart maintenant?',
  '   c. Quel est mon taux de remplissage ce mois-ci?',
].join('\n');

/** The note of words left out of the answer, in French. */
export function frenchIgnoredNote(words: readonly string[]): string {
  return `Je n’ai pas compris ${words.map((w) => `« ${w} »`).join(', ')}, alors je n’en ai pas tenu compte.`;
}

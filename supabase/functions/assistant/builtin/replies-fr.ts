// Replies in Quebec French (issue 29) for a question asked in French: the French words every French
// reply uses (statuses, staff types and skills, numbers, days and periods, the lettered lists) and
// the replies about shifts: lists and their other views (who works, the next one, the latest, all
// covered?), a shift's details, the counts, open shifts starting soon, the fixed clarifying questions
// and every "I can't answer that" (its openings and suggestions; intents.ts picks them). The staff, rankings and availability replies are in
// replies-fr-staff.ts, attendance, fill and plan in replies-fr-insights.ts, who can cover in
// replies-fr-cover.ts. What a reply says comes from reply-facts.ts, as for replies.ts's English; only
// the words are French.
//
// Words from docs/i18n.md's glossary and the dashboard's own ("quart", "En attente", "Attribué",
// "pointer l’arrivée", "heures effectuées", "absence sans préavis", "taux de comblement"); dates and
// times through shared/i18n/format.ts ("mar. 24 nov., 9 h 00", "1er déc."); staff types and skills by
// the names the dashboard shows (the shared catalogue, through shared/i18n/care-role-keys.ts).
// Typography as the OQLF writes it: a no-break space before ":" and inside « », none before ? ! ;
// a decimal comma ("7,5 h"), "87 %".
import { careRoleNameKey } from '../../../../shared/i18n/care-role-keys.ts';
import frenchCatalogue from '../../../../shared/i18n/catalogues/fr-CA.json' with { type: 'json' };
import { formatInstant, INTL_LOCALE } from '../../../../shared/i18n/format.ts';
import type { AssistantOutcome, ShiftCounts, ShiftList, ShiftStatus, ShiftSummary, StaffRef } from '../tools/types.ts';
import type { CountsQuery, OpenSoonQuery, ShiftsQuery, When } from './queries.ts';
import {
  isPastPeriod,
  LIST_LIMIT,
  STAFF_LIST_LIMIT,
  startedShifts,
  statusGroupTotals,
  whoWorks,
} from './reply-facts.ts';
import { letter } from './text.ts';
import { localTime, validZone } from './zone.ts';
import {
  ASK_SHIFT,
  ASK_SHIFT_FR,
  ASK_STAFF,
  ASK_STAFF_FR,
  COVER_WHICH_SHIFT,
  COVER_WHICH_SHIFT_FR,
  SHIFT_NOT_FOUND_FR,
} from './prompts.ts';

/** What replies.ts's Reply gives a French reply: the references and the context. */
export interface FrenchReplyParts {
  readonly ctx: { timeZone: string; now: Date };
  shiftRef(shift: ShiftSummary): string;
  staffRef(staff: StaffRef): string;
  done(lines: string[], kind?: AssistantOutcome['kind']): AssistantOutcome;
}

// Typography and numbers ----------------------------------------------------------------------------

/** « text », with the no-break spaces French puts inside the quotation marks. */
export const quoted = (text: string): string => `«\u00a0${text}\u00a0»`;

/** "7,5", "54,22", "16,0": a number with a decimal comma, at most `places` decimals. */
export function decimal(value: number, places = 2): string {
  const factor = 10 ** places;
  return String(Math.round(value * factor) / factor).replace('.', ',');
}

/** A noun with its number: French keeps 0 and 1 singular ("0 quart", "1 quart", "2 quarts"). */
export const count = (n: number, singular: string, plural = `${singular}s`): string =>
  `${n} ${Math.abs(n) < 2 ? singular : plural}`;

export const quarts = (n: number): string => count(n, 'quart');
export const membres = (n: number): string => count(n, 'membre du personnel', 'membres du personnel');

/** Hours done, as the dashboard writes a length in French: "7,5 h", "54,22 h". */
export const hours = (value: number): string => `${decimal(value)}\u00a0h`;

/** "87,5 %" from a rate of 0..1. */
export const percent = (rate: number): string => `${decimal(Math.round(rate * 1000) / 10, 1)}\u00a0%`;

/** "1 jour 2 h 30 min", "8 h", "0 min" (as the shift timeline writes it in French). */
export function duration(totalMinutes: number): string {
  const minutes = Math.max(0, Math.round(totalMinutes));
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  const parts: string[] = [];
  if (d) parts.push(count(d, 'jour'));
  if (h) parts.push(`${h}\u00a0h`);
  if (m || parts.length === 0) parts.push(`${m}\u00a0min`);
  return parts.join(' ');
}

/** A time to fill or accept: under an hour to a tenth of a minute ("45,9 min"), else as a duration. */
export function wait(totalMinutes: number): string {
  const tenths = Math.round(Math.max(0, totalMinutes) * 10) / 10;
  if (tenths >= 60) return duration(totalMinutes);
  return `${decimal(tenths, 1)}\u00a0min`;
}

/** "1er", "2e", "3e": a rank. */
export const ordinal = (n: number): string => (n === 1 ? '1er' : `${n}e`);

/** "a", "a et b", "a, b et c" (or "ou"). */
export function joinFr(items: readonly string[], conjunction: 'et' | 'ou' = 'et'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1] as string}`;
}

export const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** "de Julien Gagnon", "d’Amelia Tremblay": "de" before a name, elided before a vowel. */
export const ofName = (name: string): string => (/^[aeiouyàâäéèêëîïôöûùü]/i.test(name) ? `d’${name}` : `de ${name}`);

// Days and periods ----------------------------------------------------------------------------------

/** The first of the month is "1er" in French ("mar. 1er déc."), as Intl does not write it. */
const premier = (text: string): string =>
  text.replace(/(^|\s)1 (?=\p{L})/u, (_match, before: string) => `${before}1er `);

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${zone}\u0000${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(INTL_LOCALE['fr-CA'], { timeZone: zone, ...options });
    formatters.set(key, f);
  }
  return f;
}

const yearOf = (ms: number, zone: string): number => localTime(ms, zone).y;

/** "lun. 16 nov." in the agency's zone ("lun. 16 nov. 2025" in another year than now's). */
export function day(ms: number, timeZone: string, now?: Date): string {
  const zone = validZone(timeZone);
  const withYear = now !== undefined && yearOf(ms, zone) !== yearOf(now.getTime(), zone);
  const options: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' };
  return premier(formatter(zone, withYear ? { ...options, year: 'numeric' } : options).format(ms));
}

/** "9 h 00", "22 h 00": a time of day in the agency's zone. */
export const clock = (iso: string | number, timeZone: string): string =>
  formatInstant(typeof iso === 'number' ? new Date(iso) : iso, { locale: 'fr-CA', timeZone, style: 'time' }) ??
  String(iso);

/** "mar. 24 nov., 9 h 00": a day and time, with the year when it is not now's. */
export function dayTime(iso: string | null | undefined, timeZone: string, now?: Date): string {
  if (!iso) return '-';
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return iso;
  const zone = validZone(timeZone);
  if (now !== undefined && yearOf(ms, zone) !== yearOf(now.getTime(), zone)) {
    return `${day(ms, zone, now)}, ${clock(iso, zone)}`;
  }
  return premier(formatInstant(iso, { locale: 'fr-CA', timeZone: zone, style: 'dayTime' }) ?? iso);
}

/** A shift's start as a French reply writes it ("mer. 18 nov., 19 h 00"). */
export const startOf = (shift: ShiftSummary, parts: FrenchReplyParts): string =>
  dayTime(shift.starts_at, parts.ctx.timeZone, parts.ctx.now);

const isMidnight = (ms: number, zone: string): boolean => {
  const t = localTime(ms, zone);
  return t.hour === 0 && t.minute === 0;
};

/** A span's days, and its times when it does not run from midnight to midnight; a whole month by its name. */
function spanText(start: number, end: number, zone: string, now?: Date): { text: string; oneDay: boolean } {
  const from = localTime(start, zone);
  const to = localTime(end, zone);
  const wholeMonth =
    from.d === 1 && to.d === 1 && (to.y - from.y) * 12 + to.m - from.m === 1 && isMidnight(start, zone);
  if (wholeMonth && isMidnight(end, zone)) {
    return { text: formatter(zone, { month: 'long', year: 'numeric' }).format(start), oneDay: false };
  }
  const wholeYear = from.d === 1 && from.m === 1 && to.d === 1 && to.m === 1 && to.y === from.y + 1;
  if (wholeYear && isMidnight(start, zone) && isMidnight(end, zone)) return { text: String(from.y), oneDay: false };
  if (isMidnight(start, zone) && isMidnight(end, zone)) {
    const first = day(start, zone, now);
    const last = day(end - 1, zone, now);
    return first === last ? { text: first, oneDay: true } : { text: `du ${first} au ${last}`, oneDay: false };
  }
  const endClock = isMidnight(end, zone) ? 'minuit' : clock(end, zone);
  const first = day(start, zone, now);
  const last = day(end - 1, zone, now);
  if (first === last) return { text: `${first}, de ${clock(start, zone)} à ${endClock}`, oneDay: true };
  return { text: `du ${first}, ${clock(start, zone)} au ${day(end, zone, now)}, ${clock(end, zone)}`, oneDay: false };
}

// The English period words dates.ts labels with, in French.
const PERIOD_WORDS: [RegExp, string][] = [
  [/^this weekend/, 'cette fin de semaine'],
  [/^next weekend/, 'la fin de semaine prochaine'],
  [/^last weekend/, 'la fin de semaine dernière'],
  [/^this week/, 'cette semaine'],
  [/^next week/, 'la semaine prochaine'],
  [/^last week/, 'la semaine dernière'],
  [/^this month/, 'ce mois-ci'],
  [/^next month/, 'le mois prochain'],
  [/^last month/, 'le mois dernier'],
  [/^this year/, 'cette année'],
  [/^next year/, 'l’année prochaine'],
  [/^last year/, 'l’année dernière'],
  [/^today/, 'aujourd’hui'],
  [/^tomorrow/, 'demain'],
  [/^yesterday/, 'hier'],
  [/^tonight/, 'ce soir'],
];

/** "dans les 48 prochaines heures", "au cours des 7 derniers jours": a window of `ms` from or to now. */
function windowWords(ms: number, forward: boolean): string {
  const h = Math.max(1, Math.round(ms / 3600_000));
  const days = h % 24 === 0 ? h / 24 : 0;
  if (forward) {
    if (h === 1) return 'dans la prochaine heure';
    if (days === 7) return 'dans la prochaine semaine';
    if (days > 1 && h !== 48) return `dans les ${days} prochains jours`;
    return `dans les ${h} prochaines heures`;
  }
  if (h === 1) return 'au cours de la dernière heure';
  if (days === 7) return 'au cours de la dernière semaine';
  if (days === 365) return 'au cours de la dernière année';
  if (days > 1 && h !== 48) return `au cours des ${days} derniers jours`;
  return `au cours des ${h} dernières heures`;
}

/**
 * The period in French: its word when the question used one ("cette semaine", "demain"), and its
 * days ("du lun. 16 nov. au dim. 22 nov."), as dates.ts's English label says it.
 */
export function frenchPeriod(when: When | undefined, timeZone: string, now?: Date): string {
  if (!when) return '';
  const zone = validZone(timeZone);
  const { from, before } = when.period;
  const start = from === undefined ? undefined : Date.parse(from);
  const end = before === undefined ? undefined : Date.parse(before);
  const label = when.label;
  if (label === 'from now on') return 'à venir';
  // A window from or to now: "in the next 48 hours (until Fri Nov 20, 3:00 PM)".
  if (start !== undefined && end !== undefined && /\(until [^)]*\)$/.test(label)) {
    return `${windowWords(end - start, true)} (jusqu’au ${day(end, zone, now)}, ${clock(end, zone)})`;
  }
  if (start !== undefined && end !== undefined && /\(since [^)]*\)$/.test(label)) {
    return `${windowWords(end - start, false)} (depuis le ${day(start, zone, now)}, ${clock(start, zone)})`;
  }
  // Open at one end: "since Mon Nov 16", "until Fri Nov 20", "before …", "after …".
  if (/^since /.test(label) && start !== undefined) return `depuis le ${day(start, zone, now)}`;
  if (/^after /.test(label) && start !== undefined) return `à partir du ${day(start, zone, now)}`;
  if (/^before /.test(label) && end !== undefined) return `avant le ${day(end, zone, now)}`;
  if (/^until /.test(label) && end !== undefined) return `jusqu’au ${day(end - 1, zone, now)}`;
  if (start === undefined || end === undefined) {
    if (start !== undefined) return `depuis le ${day(start, zone, now)}`;
    if (end !== undefined) return `jusqu’au ${day(end - 1, zone, now)}`;
    return '';
  }
  // "coming up this week": the rest of a period, from now.
  const rest = /, from now on$/.test(label);
  const word = PERIOD_WORDS.find(([english]) => english.test(label))?.[1];
  if (rest) return `${word ?? ''}${word ? ', ' : ''}à partir de maintenant (jusqu’au ${day(end - 1, zone, now)})`;
  const span = spanText(start, end, zone, now);
  if (/^in \d{4}$/.test(label)) return `en ${yearOf(start, zone)}`;
  if (/^in [A-Z][a-z]+ \d{4}$/.test(label)) return `en ${span.text}`;
  if (/^the week of /.test(label)) return `la semaine ${span.text}`;
  if (word) return `${word} (${span.text})`;
  return span.oneDay ? `le ${span.text}` : span.text;
}

/** Text and its period, if any. */
export const withPeriod = (text: string, period: string): string => (period ? `${text} ${period}` : text);

// Staff types, skills, statuses, places ---------------------------------------------------------------

/** The statuses as the dashboard shows them in French (glossary), singular and plural. */
export const STATUS: Record<ShiftStatus, [string, string]> = {
  Pending: ['en attente', 'en attente'],
  Assigned: ['attribué', 'attribués'],
  'In-progress': ['en cours', 'en cours'],
  Completed: ['terminé', 'terminés'],
};
export const STATUS_TITLE: Record<ShiftStatus, string> = {
  Pending: 'En attente',
  Assigned: 'Attribué',
  'In-progress': 'En cours',
  Completed: 'Terminé',
};

/**
 * A stored staff type or skill by its French name, the one the dashboard shows (the shared
 * catalogue's careRole.* entries, which hold no placeholders); one an agency typed stays as typed.
 */
export function roleName(value: string): string {
  const key = careRoleNameKey(value);
  const name = key ? (frenchCatalogue as Record<string, string>)[key] : undefined;
  return name ?? value;
}

/** A skill the question named ("dementia care") by the dashboard's French name, or as typed. */
export function skillName(label: string): string {
  const name = roleName(capitalise(label));
  return name === capitalise(label) ? label : name.charAt(0).toLowerCase() + name.slice(1);
}

// A staff type as a French sentence names the people of it (glossary), singular and plural.
const PSW: [string, string] = ['PAB', 'PAB'];
const RPN: [string, string] = ['infirmière auxiliaire', 'infirmières auxiliaires'];
const RN: [string, string] = ['infirmière', 'infirmières'];
const STAFF_TYPE_NOUNS: Record<string, [string, string]> = {
  psw: PSW,
  'personal support worker': PSW,
  rpn: RPN,
  'registered practical nurse': RPN,
  lpn: RPN,
  'licensed practical nurse': RPN,
  rn: RN,
  'registered nurse': RN,
  nurse: RN,
  dsp: ['intervenant(e) de soutien direct', 'intervenant(e)s de soutien direct'],
  'direct support professional': ['intervenant(e) de soutien direct', 'intervenant(e)s de soutien direct'],
  dsw: ['intervenant(e) en déficience intellectuelle', 'intervenant(e)s en déficience intellectuelle'],
  'developmental service worker': [
    'intervenant(e) en déficience intellectuelle',
    'intervenant(e)s en déficience intellectuelle',
  ],
  cyw: ['intervenant(e) auprès des enfants et des jeunes', 'intervenant(e)s auprès des enfants et des jeunes'],
  'child and youth worker': [
    'intervenant(e) auprès des enfants et des jeunes',
    'intervenant(e)s auprès des enfants et des jeunes',
  ],
  'youth worker': ['intervenant(e) jeunesse', 'intervenant(e)s jeunesse'],
};

/** "PAB", "infirmière auxiliaire" / "infirmières auxiliaires"; a type the agency typed stays as typed. */
export function staffTypeNoun(value: string, plural = false): string {
  const noun = STAFF_TYPE_NOUNS[value.toLowerCase()];
  if (noun) return noun[plural ? 1 : 0];
  const name = roleName(value);
  return name !== value && /^\p{Lu}\p{Ll}/u.test(name) ? name.charAt(0).toLowerCase() + name.slice(1) : value;
}

/** "de PAB", "d’infirmière auxiliaire": the staff type of a shift, after "quart". */
export function ofStaffType(value: string): string {
  const noun = staffTypeNoun(value);
  return /^[aeéèêiîoôuh]/i.test(noun) && !/^[A-Z]{2,}/.test(noun) ? `d’${noun}` : `de ${noun}`;
}

/** Where a shift is: "au 100 Queen Street West", "à Toronto", "sur Queen St W". */
export function atPlace(address: string, word?: 'at' | 'on' | 'in'): string {
  if (/^\d/.test(address)) return `au ${address}`;
  return word === 'in' ? `à ${address}` : `sur ${address}`;
}

// A reply being written ----------------------------------------------------------------------------------

/** A sentence ending on an abbreviation ("… le ven. 20 nov.") takes no second period. */
const endOnce = (line: string): string => line.replace(/\.\.$/, '.');

/** A French reply: numbered main points and lettered sub-points, as replies.ts's Reply writes English. */
export class FrenchReply {
  readonly lines: string[] = [];
  private point = 0;

  constructor(readonly parts: FrenchReplyParts) {}

  get ctx(): { timeZone: string; now: Date } {
    return this.parts.ctx;
  }

  shift(shift: ShiftSummary): string {
    return this.parts.shiftRef(shift);
  }

  staff(staff: StaffRef): string {
    return this.parts.staffRef(staff);
  }

  main(text: string): this {
    this.point += 1;
    this.lines.push(`${this.point}. ${text}`);
    return this;
  }

  /** Lettered sub-points, at most `limit`, then "et N de plus" (or `more`'s words) when `total` is larger. */
  sub<T>(
    items: readonly T[],
    render: (item: T) => string,
    total = items.length,
    more: (n: number) => string = (n) => `et ${n} de plus`,
    limit = LIST_LIMIT,
  ): this {
    const shown = items.slice(0, limit);
    shown.forEach((item, i) => this.lines.push(`   ${letter(i)}. ${render(item)}`));
    if (total > shown.length) this.lines.push(`   ${letter(shown.length)}. ${more(total - shown.length)}`);
    return this;
  }

  /** Staff members as lettered sub-points: all of them, not the first 10. */
  staffSub<T>(items: readonly T[], render: (item: T) => string, total = items.length): this {
    return this.sub(items, render, total, undefined, STAFF_LIST_LIMIT);
  }

  done(kind: AssistantOutcome['kind'] = 'answer'): AssistantOutcome {
    return this.parts.done(this.lines.map(endOnce), kind);
  }

  /** A reply of one sentence, unnumbered. */
  sentence(text: string, kind: AssistantOutcome['kind'] = 'answer'): AssistantOutcome {
    return this.parts.done([endOnce(text)], kind);
  }

  /** One main point alone is said as a sentence, as replies.ts does. */
  doneOrSentence(): AssistantOutcome {
    if (this.lines.length === 1) return this.sentence((this.lines[0] as string).replace(/^1\. /, ''));
    return this.done();
  }
}

// Shifts -------------------------------------------------------------------------------------------------

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
  if (shift.clocked_in_at) status += `, arrivée pointée à ${clock(shift.clocked_in_at, timeZone)}`;
  if (shift.clocked_out_at) status += `, départ à ${clock(shift.clocked_out_at, timeZone)}`;
  return `${startOf(shift, parts)}, ${shift.address}\u00a0: ${roleName(shift.staff_type)}, ${roleName(shift.skill)}, ${status} (ShiftID ${id})`;
}

/**
 * "quarts de PAB en attente (soins palliatifs) au 100 Queen Street West": what the list holds; with
 * `owner`, whose they are ("… de Jordan Singh"), as replies.ts's describeShifts says it.
 */
function describe(query: ShiftsQuery | CountsQuery, n: number, owner = false): string {
  const plural = n < 2 ? 0 : 1;
  let text = plural ? 'quarts' : 'quart';
  if (query.type === 'shifts' && query.staffType) text += ` ${ofStaffType(query.staffType)}`;
  if (query.statuses.length > 0) {
    const words = [...new Set(query.statuses.map((st) => STATUS[st][plural]))];
    text += ` ${words.join(' ou ')}`;
  }
  if (query.type === 'shifts') {
    if (query.skillLabel) text += ` (${skillName(query.skillLabel)})`;
    if (owner && query.staff) text += ` ${ofName(query.staff.name)}`;
    if (query.address) text += ` ${atPlace(query.address, query.addressWord)}`;
  }
  return text;
}

/** "4 en attente et 1 en cours": the statuses named together, each counted. */
function eachStatus(query: ShiftsQuery, lists: readonly ShiftList[]): string {
  const totals = statusGroupTotals(query, lists);
  if (!totals || !query.each) return '';
  const parts = query.each.map((g, i) => {
    const n = totals[i] ?? 0;
    return `${n} ${[...new Set(g.statuses.map((st) => STATUS[st][n < 2 ? 0 : 1]))].join(' ou ')}`;
  });
  return `\u00a0: ${joinFr(parts)}`;
}

/** A shift's details (shift_details, or a list of one), as replies.ts's shiftDetailsReply. */
export function frenchShiftDetails(parts: FrenchReplyParts, shift: ShiftSummary): AssistantOutcome {
  const r = new FrenchReply(parts);
  const { timeZone, now } = parts.ctx;
  const when = (iso: string | null) => dayTime(iso, timeZone, now);
  const id = r.shift(shift);
  r.main(`Le quart ${id} ${atPlace(shift.address)} est ${STATUS[shift.status][0]}.`);
  r.lines.push(
    `   a. ShiftID\u00a0: ${shift.id}`,
    `   b. Type de personnel et compétence\u00a0: ${roleName(shift.staff_type)}, ${roleName(shift.skill)}`,
    `   c. Début\u00a0: ${when(shift.starts_at)}; fin\u00a0: ${when(shift.ends_at)} (${duration(shift.duration_minutes)})`,
    `   d. Publié le ${when(shift.created_at)}`,
  );
  r.main('Personnel et heures.');
  const staff = shift.accepted_by ? r.staff(shift.accepted_by) : 'S. O.';
  r.lines.push(
    `   a. Membre du personnel\u00a0: ${staff}${shift.accepted_at ? `, accepté le ${when(shift.accepted_at)}` : ''}`,
    `   b. ${shift.clocked_in_at ? `Arrivée pointée\u00a0: ${when(shift.clocked_in_at)}` : 'Arrivée non pointée'}`,
    `   c. ${shift.clocked_out_at ? `Départ pointé\u00a0: ${when(shift.clocked_out_at)}` : 'Départ non pointé'}`,
    `   d. Heures effectuées\u00a0: ${shift.hours_done === null ? '-' : hours(shift.hours_done)}`,
  );
  if (shift.notes) {
    r.main(
      `Renseignements supplémentaires de la demande de remplacement\u00a0: ${shift.notes.replace(/\s*\n\s*/g, ' ')}`,
    );
  }
  return r.done();
}

/** No shift matches the ShiftID typed (shift_details found none). */
export const frenchShiftIdNotFound = (shiftId: string): string =>
  `Je n’ai trouvé aucun quart dont le ShiftID commence par ${shiftId}. Veuillez le vérifier dans le tableau Détails des quarts (clic droit sur une ligne, puis Copier l’identifiant du quart).`;

/** Several shifts have a ShiftID starting with what was typed: a question back. */
export function frenchShiftIdSeveral(
  parts: FrenchReplyParts,
  shiftId: string,
  matches: ShiftSummary[],
): AssistantOutcome {
  const r = new FrenchReply(parts);
  r.main(`${matches.length} quarts ont un ShiftID qui commence par ${shiftId}.`);
  r.sub(matches, (s) => frenchShiftLine(parts, s));
  r.main('Envoyez-moi une plus grande partie du ShiftID et je vous en donnerai les détails.');
  return r.done('clarify');
}

/** Who works the shifts of a list ("qui travaille demain?"), as replies.ts's whoWorksReply. */
function frenchWhoWorks(r: FrenchReply, query: ShiftsQuery, list: ShiftList, period: string): AssistantOutcome {
  const { now } = r.ctx;
  const past = isPastPeriod(query.when, now);
  const { people, notClockedIn, open } = whoWorks(list, now);
  if (people.length === 0) {
    r.main(`${capitalise(withPeriod(past ? 'personne n’a travaillé' : 'personne n’est à l’horaire', period))}.`);
  } else {
    const one = people.length === 1;
    const verb = past ? (one ? 'a travaillé' : 'ont travaillé') : one ? 'est à l’horaire' : 'sont à l’horaire';
    r.main(`${withPeriod(`${membres(people.length)} ${verb}`, period)}.`);
    r.sub(people, (shifts) => {
      const name = r.staff((shifts[0] as ShiftSummary).accepted_by as StaffRef);
      const each = shifts.map(
        (s) => `${startOf(s, r.parts)}, ${s.address} (ShiftID ${r.shift(s)}, ${STATUS_TITLE[s.status]})`,
      );
      return `${name}\u00a0: ${each.join('; ')}`;
    });
  }
  if (notClockedIn.length > 0) {
    const one = notClockedIn.length === 1;
    r.main(
      `${count(notClockedIn.length, 'quart accepté', 'quarts acceptés')} ${one ? 'a' : 'ont'} commencé sans que l’arrivée soit pointée.`,
    );
    r.sub(notClockedIn, (s) => frenchShiftLine(r.parts, s));
  }
  if (open.length > 0) {
    const one = open.length === 1;
    r.main(
      past
        ? `${quarts(open.length)} ${one ? 'n’a été accepté' : 'n’ont été acceptés'} par personne.`
        : `${quarts(open.length)} ${one ? 'est' : 'sont'} encore en attente.`,
    );
    r.sub(open, (s) => frenchShiftLine(r.parts, s, false));
  }
  if (list.total > list.shifts.length) {
    r.main(`Je n’ai regardé que les ${list.shifts.length} premiers quarts sur ${list.total}.`);
  }
  return r.done();
}

/** The French reply to a shifts question, in every view replies.ts's shiftsReply answers. */
export function frenchShiftsReply(
  parts: FrenchReplyParts,
  query: ShiftsQuery,
  list: ShiftList,
  lists: readonly ShiftList[] = [list],
): AssistantOutcome {
  const r = new FrenchReply(parts);
  const { timeZone, now } = parts.ctx;
  const past = isPastPeriod(query.when, now);
  const period = frenchPeriod(query.when, timeZone, now);
  if (query.view === 'one') {
    if (list.total === 0) return r.sentence(SHIFT_NOT_FOUND_FR, 'clarify');
    if (list.total === 1 && list.shifts[0]) return frenchShiftDetails(parts, list.shifts[0]);
    r.main(`J’ai trouvé ${list.total} quarts qui correspondent.`);
    r.sub(list.shifts, (s) => frenchShiftLine(parts, s), list.total);
    r.main('Envoyez-moi le ShiftID de celui que vous voulez (ou sa lettre) et je vous en donnerai les détails.');
    return r.done('clarify');
  }
  // The address matches no shift at all: said so, never "il n’y a aucun quart à wich" (replies.ts).
  if (query.address && lists.some((l) => l.address_matches_nothing)) {
    const close = [...new Set(lists.flatMap((l) => l.address_suggestions ?? []))];
    const guess = close.length > 0 ? ` Vouliez-vous dire ${joinFr(close, 'ou')}?` : '';
    return r.sentence(
      `Aucune adresse de quart ne correspond à ${quoted(query.address)}.${guess} Vérifiez la rue ou la ville, ou posez la question de nouveau sans l’adresse.`,
      'clarify',
    );
  }
  const where = query.address ? atPlace(query.address, query.addressWord) : '';
  if (query.view === 'covered') {
    const scope = [where, period].filter(Boolean).join(' ');
    const at = scope ? ` ${scope}` : '';
    if (list.total === 0)
      return r.sentence(`Oui\u00a0: chaque quart${at} a un membre du personnel. Aucun n’est en attente.`);
    const one = list.total === 1;
    r.main(
      `Non\u00a0: ${quarts(list.total)}${at} ${one ? 'est' : 'sont'} encore en attente; personne ne ${one ? 'l’a' : 'les a'} encore ${one ? 'accepté' : 'acceptés'}.`,
    );
    r.sub(list.shifts, (s) => frenchShiftLine(parts, s, false), list.total);
    return r.done();
  }
  const owner = query.staff ? r.staff(query.staff) : undefined;
  const none = (): AssistantOutcome => {
    const text = withPeriod(`aucun ${describe(query, 1)}`, period);
    return r.sentence(
      owner ? `${owner} ${past ? 'n’avait' : 'n’a'} ${text}.` : `Il n’y ${past ? 'avait' : 'a'} ${text}.`,
    );
  };
  if (list.total === 0) {
    if (query.view === 'who') {
      return r.sentence(
        `${capitalise(withPeriod(past ? 'personne n’a travaillé' : 'personne n’est à l’horaire', period))}\u00a0: il n’y ${past ? 'avait' : 'a'} aucun quart.`,
      );
    }
    return none();
  }
  if (query.view === 'who') return frenchWhoWorks(r, query, list, period);
  const bare = { ...query, when: undefined };
  if (query.view === 'first') {
    const first = list.shifts[0] as ShiftSummary;
    const line = `Le prochain ${describe(bare, 1, true)} commence le ${frenchShiftLine(parts, first)}.`;
    if (list.total === 1) return r.sentence(line);
    r.main(line);
    const kind = describe(bare, 1) === 'quart' ? '' : ' de ce type';
    r.main(`Il y a ${quarts(list.total)}${kind} à venir.`);
    return r.done();
  }
  if (query.view === 'recent') {
    const started = startedShifts(list, now).reverse();
    if (started.length === 0) return none();
    const n = Math.min(started.length, LIST_LIMIT);
    r.main(
      n === 1
        ? `Le ${describe(bare, 1, true)} le plus récent.`
        : `Les ${n} ${describe(bare, n, true)} les plus récents, du plus récent au plus ancien.`,
    );
    r.sub(started, (s) => frenchShiftLine(parts, s), started.length);
    return r.done();
  }
  if (query.view === 'latest') {
    const started = startedShifts(list, now);
    const latest = started[started.length - 1];
    if (!latest) return none();
    return r.sentence(`Le ${describe(bare, 1, true)} le plus récent a commencé le ${frenchShiftLine(parts, latest)}.`);
  }
  if (query.detailsIfOne && list.total === 1 && list.shifts[0]) return frenchShiftDetails(parts, list.shifts[0]);
  if (query.take) {
    const shown = list.shifts.slice(0, query.take);
    const next = shown.length === 1 ? 'Le prochain' : `Les ${shown.length} prochains`;
    r.main(`${next} ${describe(bare, shown.length, true)}, sur ${list.total} à venir.`);
    r.sub(shown, (s) => frenchShiftLine(parts, s));
    return r.done();
  }
  const what = withPeriod(`${list.total} ${describe(query, list.total)}`, period);
  const head = owner ? `${owner} ${past ? 'avait' : 'a'} ${what}` : `Il y ${past ? 'avait' : 'a'} ${what}`;
  r.main(`${head}${eachStatus(query, lists)}.`);
  // A staff member's own shifts need not repeat their name on every line.
  r.sub(list.shifts, (s) => frenchShiftLine(parts, s, !query.staff), list.total);
  return r.done();
}

/** Open shifts starting soon (open_shifts_starting_within), as replies.ts's openSoonReply. */
export function frenchOpenSoonReply(parts: FrenchReplyParts, query: OpenSoonQuery, list: ShiftList): AssistantOutcome {
  const r = new FrenchReply(parts);
  const { timeZone, now } = parts.ctx;
  const end = now.getTime() + query.hours * 3600_000;
  const soon = `${windowWords(query.hours * 3600_000, true)} (jusqu’au ${day(end, timeZone, now)}, ${clock(end, timeZone)})`;
  if (list.total === 0) return r.sentence(`Aucun quart qui commence ${soon} n’est encore en attente.`);
  const one = list.total === 1;
  r.main(
    `${count(list.total, 'quart qui commence', 'quarts qui commencent')} ${soon} ${one ? 'est' : 'sont'} encore en attente\u00a0: personne ne ${one ? 'l’a' : 'les a'} encore ${one ? 'accepté' : 'acceptés'}.`,
  );
  r.sub(list.shifts, (s) => frenchShiftLine(parts, s, false), list.total);
  return r.done();
}

const STATUS_ORDER: ShiftStatus[] = ['Pending', 'Assigned', 'In-progress', 'Completed'];

/** The French counts of shifts, by status or in all. */
export function frenchCountsReply(parts: FrenchReplyParts, query: CountsQuery, counts: ShiftCounts): AssistantOutcome {
  const r = new FrenchReply(parts);
  const { timeZone, now } = parts.ctx;
  const past = isPastPeriod(query.when, now);
  const period = frenchPeriod(query.when, timeZone, now);
  const there = `Il y ${past ? 'avait' : 'a'}`;
  if (query.each && query.each.length > 1) {
    const sizes = query.each.map((g) => g.statuses.reduce((sum, st) => sum + counts[st], 0));
    const each = query.each.map((g, i) => `${sizes[i]} ${describe({ ...query, statuses: g.statuses }, sizes[i] ?? 0)}`);
    return r.sentence(`${there} ${withPeriod(joinFr(each), period)}, sur ${counts.total} au total.`);
  }
  if (query.statuses.length > 0) {
    const n = query.statuses.reduce((sum, st) => sum + counts[st], 0);
    const outOf = counts.total > n ? `, sur ${counts.total} au total` : '';
    const what = n === 0 ? `aucun ${describe(query, 1)}` : `${n} ${describe(query, n)}`;
    return r.sentence(`${n === 0 ? `Il n’y ${past ? 'avait' : 'a'}` : there} ${withPeriod(what, period)}${outOf}.`);
  }
  const you = past ? 'Vous aviez' : 'Vous avez';
  if (counts.total === 0) return r.sentence(`${you} ${withPeriod('aucun quart', period)}.`);
  r.main(`${you} ${quarts(counts.total)} ${period || 'au total'}.`);
  r.sub(STATUS_ORDER, (st) => `${STATUS_TITLE[st]}\u00a0: ${counts[st]}`);
  return r.done();
}

// Questions back and "I can't answer that" -----------------------------------------------------------------

/** The fixed clarifying questions, in French for a French question (the follow-up reads either). */
export const FRENCH_CLARIFY: Readonly<Record<string, string>> = {
  [ASK_SHIFT]: ASK_SHIFT_FR,
  [ASK_STAFF]: ASK_STAFF_FR,
  [COVER_WHICH_SHIFT]: COVER_WHICH_SHIFT_FR,
};

/** The questions an "I can't answer that" reply suggests (intents.ts has them in English). */
export type Suggestion =
  | 'hoursMonth'
  | 'pendingWeek'
  | 'pendingSoon'
  | 'onShift'
  | 'mostAccepted'
  | 'mostHours'
  | 'fillRate'
  | 'late'
  | 'noShows'
  | 'plan'
  | 'staffDetails'
  | 'shiftDetails'
  | 'tomorrow';

/** The suggestions in French: each a question the built-in assistant answers in French. */
export const FRENCH_SUGGEST: Readonly<Record<Suggestion, string>> = {
  hoursMonth: 'Combien d’heures ont été effectuées ce mois-ci?',
  pendingWeek: 'Quels quarts sont encore en attente cette semaine?',
  pendingSoon: 'Quels quarts qui commencent dans les prochaines 24 heures sont encore en attente?',
  onShift: 'Qui est en quart maintenant?',
  mostAccepted: 'Qui a accepté le plus de quarts ce mois-ci?',
  mostHours: 'Qui a travaillé le plus d’heures le mois dernier?',
  fillRate: 'Quel est mon taux de comblement ce mois-ci?',
  late: 'Qui était en retard cette semaine?',
  noShows: 'Des absences sans préavis cette semaine?',
  plan: 'Combien de quarts il me reste sur mon forfait?',
  // The chat panel's French quick prompts (french.ts reads them as SPEC's English ones).
  staffDetails: 'Donnez-moi les détails d’un membre du personnel',
  shiftDetails: 'Donnez-moi les détails d’un quart',
  tomorrow: 'Qui travaille demain?',
};

const CAN_ANSWER =
  'Je réponds aux questions sur vos quarts, votre personnel, les présences, le taux de comblement et votre forfait, à partir des données de votre agence.';

/** The openings of intents.ts's "I can't answer that" replies, in French (the dashboard's names for its screens). */
export const FRENCH_CANT = {
  canAnswer: CAN_ANSWER,
  notYet: `Je ne peux pas encore répondre à cette question. ${CAN_ANSWER}`,
  cantAnswer: `Je ne peux pas répondre à cette question. ${CAN_ANSWER}`,
  identity: `Je suis votre assistant de planification. ${CAN_ANSWER}`,
  hello: (company?: string): string => `${company ? `Bonjour ${company}!` : 'Bonjour!'} ${CAN_ANSWER}`,
  thanks: 'Avec plaisir. Posez-moi toute autre question sur vos quarts et votre personnel.',
  otherAgencies: 'Je ne vois que les quarts et le personnel de votre agence, jamais ceux d’une autre agence.',
  action:
    'Je peux seulement consulter vos données; je ne peux rien modifier. Pour publier un quart, utilisez Demande de remplacement; pour pointer le départ d’un membre du personnel ou supprimer un quart, faites un clic droit sur le quart dans Détails des quarts.',
  howTo: {
    post: 'Pour publier un quart, ouvrez Demande de remplacement dans le menu latéral, indiquez le type de personnel, la compétence, le début, la fin et l’adresse, puis appuyez sur Soumettre. Votre personnel est avisé tout de suite.',
    add: 'Le personnel se joint lui-même à votre agence\u00a0: il s’inscrit dans l’application CareCover Personnel avec le code d’entreprise affiché quand vous avez rempli votre profil.',
    shift:
      'Dans Détails des quarts, faites un clic droit sur le quart\u00a0: le menu offre Pointer le départ, Copier l’identifiant du quart et Supprimer.',
    upgrade:
      'Pour passer au forfait Premium, appuyez sur Passer à Premium dans le menu latéral; Paiements et forfait, dans le menu du profil, gère votre facturation.',
  },
  money:
    'Je ne peux pas répondre aux questions sur la paie ou les coûts\u00a0: je ne connais pas vos taux de rémunération. Je peux vous dire les heures effectuées par votre personnel.',
  sick: 'Je ne vois pas les absences pour maladie\u00a0: CareCover ne les enregistre pas. Je peux vous parler des absences sans préavis (quarts acceptés dont l’arrivée n’a jamais été pointée) et des arrivées pointées en retard.',
} as const;

/** "I can't answer that" in French: its opening, then the suggested questions, lettered. */
export function frenchUnsupported(intro: string, suggestions: readonly Suggestion[]): string {
  return [
    `1. ${intro}`,
    '2. Vous pourriez me demander, par exemple\u00a0:',
    ...suggestions.map((q, i) => `   ${letter(i)}. ${FRENCH_SUGGEST[q]}`),
  ].join('\n');
}

/** The general "I can't answer that yet" in French, with the everyday questions. */
export const FRENCH_UNSUPPORTED = frenchUnsupported(FRENCH_CANT.notYet, ['pendingWeek', 'onShift', 'fillRate']);

/** The note of words left out of the answer, in French. */
export function frenchIgnoredNote(words: readonly string[]): string {
  return `Je n’ai pas compris ${words.map(quoted).join(', ')}, alors je n’en ai pas tenu compte.`;
}

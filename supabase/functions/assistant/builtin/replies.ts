// Tool results → the reply, in SPEC's style: plain words, no markdown, numbered main points
// ("1.") with lettered sub-points ("   a."), a one-line sentence when one sentence says it all.
// Lists of shifts show at most 10 items and then "and N more"; lists of staff members show every one
// the tool gave (a scheduler asking for the staff wants all of them); an empty result says plainly
// that nothing matched, with the period asked about. Times are the company's local times; durations use
// SPEC §9's 'day', 'hr', 'min'. Every shift shown and every staff member named is a Reference
// whose label appears verbatim in the reply.
//
// This is the English. A question asked in French (language.ts) is answered by replies-fr*.ts, with
// the same facts (reply-facts.ts shapes them for both languages) and the same references; phrase()
// chooses by the question's language.
import type {
  AssistantOutcome,
  Attendance,
  CoverAnswer,
  CoverCandidate,
  FillStats,
  PlanUsage,
  Reference,
  ShiftCounts,
  ShiftDetails,
  ShiftList,
  ShiftStatus,
  ShiftSummary,
  StaffDetails,
  StaffList,
  StaffRanking,
  StaffRef,
  ToolName,
  ToolResult,
} from '../tools/types.ts';
import type {
  AttendanceQuery,
  AvailableQuery,
  CountsQuery,
  CoverQuery,
  FillQuery,
  InactiveQuery,
  OpenSoonQuery,
  PlanQuery,
  Query,
  RankingQuery,
  ShiftsQuery,
  StaffListQuery,
  StaffQuery,
  When,
} from './queries.ts';
import { formatLocal } from '../tools/rows.ts';
import type { AssistantLanguage } from '../language.ts';
import { COVER_PICK_PHRASE, SHIFT_NOT_FOUND } from './prompts.ts';
import {
  type FrenchReplyParts,
  frenchCountsReply,
  frenchOpenSoonReply,
  frenchShiftDetails,
  frenchShiftIdNotFound,
  frenchShiftIdSeveral,
  frenchShiftsReply,
} from './replies-fr.ts';
import { frenchCoverReply } from './replies-fr-cover.ts';
import { frenchAttendanceReply, frenchFillReply, frenchPlanReply } from './replies-fr-insights.ts';
import {
  frenchAvailableReply,
  frenchHoursTotalReply,
  frenchInactiveReply,
  frenchOnShiftReply,
  frenchRankingReply,
  frenchStaffListReply,
  frenchStaffReply,
} from './replies-fr-staff.ts';
import {
  attendanceLeaders,
  availability,
  bottomRows,
  commonestReasons,
  completedNewestFirst,
  currentShift,
  everyShift,
  hasEnded,
  hasStarted,
  hoursTotals,
  idleStaff,
  inThisWeek,
  isPastPeriod,
  LIST_LIMIT,
  listsStaff,
  peopleOnShift,
  planLeft,
  rankingRows,
  saysDistance,
  STAFF_LIST_LIMIT,
  startedShifts,
  statusGroupTotals,
  tiedFirst,
  whoWorks,
} from './reply-facts.ts';
import { joinWords, letter, plural } from './text.ts';
import { validZone } from './zone.ts';

export { LIST_LIMIT, STAFF_LIST_LIMIT };

/** One tool's result, tagged with the tool's name. */
export type ToolOutput = { [N in ToolName]: { name: N; result: ToolResult<N> } }[ToolName];

export interface ReplyContext {
  timeZone: string;
  now: Date;
  /** The question's language (language.ts); English when absent. */
  language?: AssistantLanguage;
}

// Formatting ----------------------------------------------------------------------------------------

/** SPEC §9: days, hours and minutes, labels 'day', 'hr', 'min', pluralised ("1 day 2 hrs 30 mins"). */
export function formatDuration(totalMinutes: number): string {
  const minutes = Math.max(0, Math.round(totalMinutes));
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  const parts: string[] = [];
  if (d) parts.push(plural(d, 'day'));
  if (h) parts.push(plural(h, 'hr'));
  if (m || parts.length === 0) parts.push(plural(m, 'min'));
  return parts.join(' ');
}

/**
 * A time to fill or to accept a shift: under an hour to a tenth of a minute, as the tools give it
 * ("45.9 mins", "30 mins"), an hour or more as days, hours and minutes ("1 hr 2 mins").
 */
export function formatWait(totalMinutes: number): string {
  const tenths = Math.round(Math.max(0, totalMinutes) * 10) / 10;
  if (tenths >= 60) return formatDuration(totalMinutes);
  return `${tenths} ${tenths === 1 ? 'min' : 'mins'}`;
}

/** "15.5 hours", "1 hour", "7.58 hours": at most two decimals. */
export function formatHours(hours: number): string {
  const rounded = Math.round(hours * 100) / 100;
  return `${rounded} ${rounded === 1 ? 'hour' : 'hours'}`;
}

/** "75%", "66.7%" */
export function formatPercent(rate: number): string {
  return `${Math.round(rate * 1000) / 10}%`;
}

/** An instant as the company reads it: "Wed, Nov 18, 2026, 1:05 PM" (the tools' own starts_local). */
export function localWhen(iso: string | null | undefined, timeZone: string): string {
  return iso ? formatLocal(iso, validZone(timeZone)) : '-';
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>();
/** The time of day only, in the company's zone: "1:05 PM". */
export function localClock(iso: string, timeZone: string): string {
  const zone = validZone(timeZone);
  let f = clockFormatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' });
    clockFormatters.set(zone, f);
  }
  return plainSpaces(f.format(new Date(iso)));
}

/** ICU puts narrow no-break spaces before AM/PM; a plain reply uses plain spaces. */
const plainSpaces = (text: string): string => text.replace(/[\u202f\u00a0]/g, ' ');

const withLabel = (text: string, when: When | { label: string } | undefined): string =>
  when?.label ? `${text} ${when.label}` : text;

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** Collects the references of one reply, each once. */
class Refs {
  readonly list: Reference[] = [];
  private readonly seen = new Set<string>();

  shift(shift: ShiftSummary): string {
    this.add({ kind: 'shift', id: shift.id, label: shift.short_id });
    return shift.short_id;
  }

  staff(staff: StaffRef): string {
    this.add({ kind: 'staff', id: staff.id, label: staff.name });
    return staff.name;
  }

  private add(ref: Reference): void {
    const key = `${ref.kind}:${ref.id}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.list.push(ref);
  }
}

class Reply {
  readonly lines: string[] = [];
  readonly refs = new Refs();
  private point = 0;

  constructor(readonly ctx: ReplyContext) {}

  main(text: string): this {
    this.point += 1;
    this.lines.push(`${this.point}. ${text}`);
    return this;
  }

  /** Lettered sub-points, at most `limit`, then "and N more" when `total` is larger. */
  sub<T>(
    items: readonly T[],
    render: (item: T) => string,
    total = items.length,
    more = 'more',
    limit = LIST_LIMIT,
  ): this {
    const shown = items.slice(0, limit);
    shown.forEach((item, i) => this.lines.push(`   ${letter(i)}. ${render(item)}`));
    if (total > shown.length) this.lines.push(`   ${letter(shown.length)}. and ${total - shown.length} ${more}`);
    return this;
  }

  /** Staff members as lettered sub-points: all of them, not the first 10. */
  staffSub<T>(items: readonly T[], render: (item: T) => string, total = items.length): this {
    return this.sub(items, render, total, 'more', STAFF_LIST_LIMIT);
  }

  done(kind: AssistantOutcome['kind'] = 'answer'): AssistantOutcome {
    return { kind, reply: plainSpaces(this.lines.join('\n')), references: this.refs.list };
  }

  /** A reply of one sentence, unnumbered. */
  sentence(text: string, kind: AssistantOutcome['kind'] = 'answer'): AssistantOutcome {
    return { kind, reply: plainSpaces(text), references: this.refs.list };
  }

  /**
   * What a French reply (replies-fr*.ts) needs of this one: the same references. Its no-break spaces
   * (before ":", inside « ») are the French typography's, kept.
   */
  french(): FrenchReplyParts {
    return {
      ctx: this.ctx,
      shiftRef: (shift) => this.refs.shift(shift),
      staffRef: (staff) => this.refs.staff(staff),
      done: (lines, kind = 'answer') => ({ kind, reply: lines.join('\n'), references: this.refs.list }),
    };
  }

  started(shift: ShiftSummary): boolean {
    return hasStarted(shift, this.ctx.now);
  }

  /** How one shift reads in a list. */
  shiftLine(shift: ShiftSummary, withStaff = true): string {
    const id = this.refs.shift(shift);
    let status: string = shift.status;
    if (shift.status === 'Pending' && this.started(shift)) status = 'Pending, started with nobody accepting it';
    if (withStaff && shift.accepted_by) {
      const name = this.refs.staff(shift.accepted_by);
      status =
        shift.status === 'Assigned'
          ? `Assigned to ${name}`
          : shift.status === 'Completed'
            ? `Completed by ${name}`
            : `In-progress, ${name}`;
    }
    if (shift.status === 'Assigned' && this.started(shift)) status += ', not clocked in';
    const tz = this.ctx.timeZone;
    if (shift.clocked_in_at) status += `, clocked in ${localClock(shift.clocked_in_at, tz)}`;
    if (shift.clocked_out_at) status += ` and out ${localClock(shift.clocked_out_at, tz)}`;
    return `${shift.starts_local} at ${shift.address}: ${shift.staff_type}, ${shift.skill}, ${status} (ShiftID ${id})`;
  }
}

const verb = (n: number, past: boolean): string => (past ? (n === 1 ? 'was' : 'were') : n === 1 ? 'is' : 'are');

function pick<N extends ToolName>(outputs: readonly ToolOutput[], name: N): ToolResult<N>[] {
  return outputs.filter((o) => o.name === name).map((o) => o.result as ToolResult<N>);
}

function one<N extends ToolName>(outputs: readonly ToolOutput[], name: N): ToolResult<N> {
  const [result] = pick(outputs, name);
  if (result === undefined) throw new Error(`The ${name} result is missing.`);
  return result;
}

/** Several find_shifts results (one per status) as one list, soonest first. */
export function mergeShiftLists(lists: readonly ShiftList[]): ShiftList {
  const shifts = lists.flatMap((l) => l.shifts).sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
  return { total: lists.reduce((n, l) => n + l.total, 0), shifts };
}

// Shifts --------------------------------------------------------------------------------------------

function describeShifts(query: ShiftsQuery | CountsQuery, singular: boolean): string {
  const noun = singular ? 'shift' : 'shifts';
  const parts: string[] = [];
  // "open PSW shifts": the status first, then the staff type, as people say it.
  if (query.statusWord) parts.push(query.statusWord);
  if (query.type === 'shifts' && query.staffType) parts.push(query.staffType);
  parts.push(noun);
  let text = parts.join(' ');
  if (query.type === 'shifts') {
    if (query.skillLabel) text += ` needing ${query.skillLabel}`;
    if (query.staff) text += ` of ${query.staff.name}`;
    if (query.address) text += ` ${query.addressWord ?? 'at'} ${query.address}`;
  }
  return withLabel(text, query.when);
}

export function shiftDetailsReply(reply: Reply, shift: ShiftSummary): AssistantOutcome {
  const tz = reply.ctx.timeZone;
  const id = reply.refs.shift(shift);
  reply.main(`Shift ${id} at ${shift.address} is ${shift.status}.`);
  reply.lines.push(
    `   a. ShiftID: ${shift.id}`,
    `   b. Staff type and skill: ${shift.staff_type}, ${shift.skill}`,
    `   c. Starts ${shift.starts_local} and ends ${localWhen(shift.ends_at, tz)} (${formatDuration(shift.duration_minutes)})`,
    `   d. Posted ${localWhen(shift.created_at, tz)}`,
  );
  reply.main('Staff and times.');
  const staff = shift.accepted_by ? reply.refs.staff(shift.accepted_by) : 'N/A';
  reply.lines.push(
    `   a. Staff: ${staff}${shift.accepted_at ? `, accepted ${localWhen(shift.accepted_at, tz)}` : ''}`,
    `   b. Clocked in: ${shift.clocked_in_at ? localWhen(shift.clocked_in_at, tz) : 'Not Clocked In'}`,
    `   c. Clocked out: ${shift.clocked_out_at ? localWhen(shift.clocked_out_at, tz) : 'Not Clocked Out'}`,
    `   d. Hours done: ${shift.hours_done === null ? '-' : formatHours(shift.hours_done)}`,
  );
  if (shift.notes) reply.main(`Extra information from the shift call: ${shift.notes.replace(/\s*\n\s*/g, ' ')}`);
  return reply.done();
}

/** ": 4 pending and 4 assigned" when the question named statuses together (one list a status). */
function eachStatus(query: ShiftsQuery, lists: readonly ShiftList[]): string {
  const totals = statusGroupTotals(query, lists);
  if (!totals || !query.each) return '';
  const parts = query.each.map((g, i) => `${totals[i]} ${g.word}`);
  return `: ${joinWords(parts, 'and')}`;
}

function shiftsReply(
  reply: Reply,
  query: ShiftsQuery,
  list: ShiftList,
  lists: readonly ShiftList[] = [list],
): AssistantOutcome {
  const { ctx } = reply;
  const past = isPastPeriod(query.when, ctx.now);
  if (query.view === 'one') {
    if (list.total === 0) return reply.sentence(SHIFT_NOT_FOUND, 'clarify');
    if (list.total === 1 && list.shifts[0]) return shiftDetailsReply(reply, list.shifts[0]);

    reply.main(`I found ${list.total} shifts that match.`);
    reply.sub(list.shifts, (s) => reply.shiftLine(s), list.total);
    reply.main('Send me the ShiftID of the one you mean (or its letter) and I will give you its details.');
    return reply.done('clarify');
  }
  // The address matches no shift at all: say that, not "there are no pending shifts in wich" (a
  // word wrongly read as a place would otherwise become a confident empty answer). Not counted.
  if (query.address && lists.some((l) => l.address_matches_nothing)) {
    const close = lists.flatMap((l) => l.address_suggestions ?? []);
    const guess = close.length > 0 ? ` Did you mean ${joinWords([...new Set(close)], 'or')}?` : '';
    return reply.sentence(
      `No shift address matches '${query.address}'.${guess} Check the street or city, or ask again without it.`,
      'clarify',
    );
  }
  if (query.view === 'covered') {
    const where = withLabel(query.address ? `${query.addressWord ?? 'at'} ${query.address}` : '', query.when).trim();
    const scope = where ? ` ${where}` : '';
    if (list.total === 0) return reply.sentence(`Yes: every shift${scope} has a staff member. None is pending.`);
    reply.main(
      `No: ${plural(list.total, 'shift')}${scope} ${list.total === 1 ? 'is' : 'are'} still pending, with nobody accepting ${list.total === 1 ? 'it' : 'them'} yet.`,
    );
    reply.sub(list.shifts, (s) => reply.shiftLine(s, false), list.total);
    return reply.done();
  }
  if (list.total === 0) {
    const text = describeShifts(query, false);
    if (query.view === 'who')
      return reply.sentence(
        `${capitalise(withLabel('nobody is scheduled to work', query.when))}: there are no shifts.`,
      );
    if (query.staff) {
      const name = reply.refs.staff(query.staff);
      return reply.sentence(
        `${name} ${past ? 'had' : 'has'} no ${describeShifts({ ...query, staff: undefined }, false)}.`,
      );
    }
    return reply.sentence(`There ${past ? 'were' : 'are'} no ${text}.`);
  }
  if (query.view === 'who') return whoWorksReply(reply, query, list);
  if (query.view === 'first') {
    const first = list.shifts[0] as ShiftSummary;
    const what = describeShifts({ ...query, when: undefined }, true);
    const line = `The next ${what} starts ${reply.shiftLine(first)}.`;
    if (list.total === 1) return reply.sentence(line);
    reply.main(line);
    reply.main(`There ${verb(list.total, false)} ${plural(list.total, 'such shift')} from now on.`);
    return reply.done();
  }
  if (query.view === 'recent') {
    const started = startedShifts(list, ctx.now).reverse();
    if (started.length === 0)
      return reply.sentence(`There ${past ? 'were' : 'are'} no ${describeShifts(query, false)}.`);
    reply.main(
      `The ${plural(Math.min(started.length, LIST_LIMIT), `most recent ${describeShifts({ ...query, when: undefined }, true)}`, `most recent ${describeShifts({ ...query, when: undefined }, false)}`)}, latest first.`,
    );
    reply.sub(started, (s) => reply.shiftLine(s), started.length);
    return reply.done();
  }
  if (query.view === 'latest') {
    const started = startedShifts(list, ctx.now);
    const latest = started[started.length - 1];
    if (!latest) return reply.sentence(`There ${past ? 'were' : 'are'} no ${describeShifts(query, false)}.`);
    return reply.sentence(
      `The most recent ${describeShifts({ ...query, when: undefined }, true)} started ${reply.shiftLine(latest)}.`,
    );
  }
  if (query.detailsIfOne && list.total === 1 && list.shifts[0]) return shiftDetailsReply(reply, list.shifts[0]);
  if (query.take) {
    const shown = list.shifts.slice(0, query.take);
    reply.main(
      `The next ${plural(shown.length, describeShifts({ ...query, when: undefined }, true), describeShifts({ ...query, when: undefined }, false))}, out of ${list.total} from now on.`,
    );
    reply.sub(shown, (s) => reply.shiftLine(s));
    return reply.done();
  }
  const noun = describeShifts(query, list.total === 1);
  if (query.staff) {
    const name = reply.refs.staff(query.staff);
    const what = describeShifts({ ...query, staff: undefined }, list.total === 1);
    reply.main(`${name} ${past ? 'had' : 'has'} ${list.total} ${what}${eachStatus(query, lists)}.`);
  } else {
    reply.main(`There ${verb(list.total, past)} ${list.total} ${noun}${eachStatus(query, lists)}.`);
  }
  // A staff member's own shifts need not repeat their name on every line.
  reply.sub(list.shifts, (s) => reply.shiftLine(s, !query.staff), list.total);
  return reply.done();
}

function whoWorksReply(reply: Reply, query: ShiftsQuery, list: ShiftList): AssistantOutcome {
  const past = isPastPeriod(query.when, reply.ctx.now);
  // Accepted shifts that started without a clock-in are not work done: they are listed apart.
  const { people, notClockedIn, open } = whoWorks(list, reply.ctx.now);
  const work = past ? 'worked' : 'scheduled to work';
  if (people.length === 0) {
    reply.main(`${capitalise(withLabel(past ? 'nobody worked' : 'nobody is scheduled to work', query.when))}.`);
  } else {
    const be = past ? '' : people.length === 1 ? 'is ' : 'are ';
    reply.main(`${plural(people.length, 'staff member')} ${be}${withLabel(work, query.when)}.`);
    reply.sub(people, (shifts) => {
      const name = reply.refs.staff((shifts[0] as ShiftSummary).accepted_by as StaffRef);
      const each = shifts.map((s) => `${s.starts_local} at ${s.address} (ShiftID ${reply.refs.shift(s)}, ${s.status})`);
      return `${name}: ${each.join('; ')}`;
    });
  }
  if (notClockedIn.length > 0) {
    reply.main(`${plural(notClockedIn.length, 'accepted shift')} started without a clock-in.`);
    reply.sub(notClockedIn, (s) => reply.shiftLine(s));
  }
  if (open.length > 0) {
    const still = past
      ? `${plural(open.length, 'shift')} had nobody accepting ${open.length === 1 ? 'it' : 'them'}.`
      : `${plural(open.length, 'shift')} ${open.length === 1 ? 'is' : 'are'} still pending.`;
    reply.main(still);
    reply.sub(open, (s) => reply.shiftLine(s, false));
  }
  if (list.total > list.shifts.length)
    reply.main(`I looked at the first ${list.shifts.length} of ${list.total} shifts.`);
  return reply.done();
}

function openSoonReply(reply: Reply, query: OpenSoonQuery, list: ShiftList): AssistantOutcome {
  if (list.total === 0) return reply.sentence(`No shift starting ${query.label} is still pending.`);
  reply.main(
    `${plural(list.total, 'shift')} starting ${query.label} ${list.total === 1 ? 'is' : 'are'} still pending: nobody has accepted ${list.total === 1 ? 'it' : 'them'} yet.`,
  );
  reply.sub(list.shifts, (s) => reply.shiftLine(s, false), list.total);
  return reply.done();
}

const STATUS_ORDER: ShiftStatus[] = ['Pending', 'Assigned', 'In-progress', 'Completed'];

function countsReply(reply: Reply, query: CountsQuery, counts: ShiftCounts): AssistantOutcome {
  const past = isPastPeriod(query.when, reply.ctx.now);
  if (query.each && query.each.length > 1) {
    // "How many are pending and how many assigned?": each count, in the order asked.
    const sizes = query.each.map((g) => g.statuses.reduce((sum, st) => sum + counts[st], 0));
    const parts = query.each.map((g, i) => `${sizes[i]} ${g.word} ${sizes[i] === 1 ? 'shift' : 'shifts'}`);
    return reply.sentence(
      `There ${verb(sizes[0] ?? 0, past)} ${withLabel(joinWords(parts, 'and'), query.when)}, out of ${counts.total} in total.`,
    );
  }
  if (query.statuses.length > 0) {
    const n = query.statuses.reduce((sum, st) => sum + counts[st], 0);
    const what = describeShifts(query, n === 1);
    const outOf = counts.total > n ? `, out of ${counts.total} in total` : '';
    if (n === 0) return reply.sentence(`There ${past ? 'were' : 'are'} no ${describeShifts(query, false)}${outOf}.`);
    return reply.sentence(`There ${verb(n, past)} ${n} ${what}${outOf}.`);
  }
  if (counts.total === 0) return reply.sentence(`You ${past ? 'had' : 'have'} no ${withLabel('shifts', query.when)}.`);
  reply.main(
    `You ${past ? 'had' : 'have'} ${plural(counts.total, 'shift')}${query.when ? ` ${query.when.label}` : ' in total'}.`,
  );
  reply.sub(STATUS_ORDER, (st) => `${st}: ${counts[st]}`);
  return reply.done();
}

// Staff ---------------------------------------------------------------------------------------------

function staffReply(reply: Reply, query: StaffQuery, details: StaffDetails | undefined): AssistantOutcome {
  const { staff } = query;
  const name = reply.refs.staff(staff);
  if (query.aspect === 'contact' || !details) {
    reply.main(`${name}'s contact details.`);
    reply.lines.push(`   a. Phone: ${staff.phone || '-'}`, `   b. Email: ${staff.email || '-'}`);
    return reply.done();
  }
  const label = query.when?.label;
  const past = isPastPeriod(query.when, reply.ctx.now);
  switch (query.aspect) {
    case 'hours': {
      if (details.shifts_completed === 0) {
        return reply.sentence(
          `${name} has no completed shifts${label ? ` ${label}` : ' with your agency yet'}, so no hours are done.`,
        );
      }
      reply.main(
        `${name} ${past ? 'did' : 'has done'} ${formatHours(details.hours_done)} over ${plural(details.shifts_completed, 'completed shift')}${label ? ` ${label}` : ' with your agency'}.`,
      );
      reply.sub(
        completedNewestFirst(details),
        (s) =>
          `${s.starts_local} at ${s.address}: ${s.hours_done === null ? 'hours not recorded' : formatHours(s.hours_done)} (ShiftID ${reply.refs.shift(s)})`,
        details.shifts_completed,
        'earlier shifts',
      );
      return reply.done();
    }
    case 'last': {
      const last = details.last_shift;
      if (!last) return reply.sentence(`${name} has not worked a shift with your agency yet.`);
      const hours = last.hours_done === null ? '' : `, ${formatHours(last.hours_done)}`;
      return reply.sentence(
        `${name}'s last shift ${last.status === 'In-progress' ? 'started' : 'was'} ${last.starts_local} at ${last.address} (ShiftID ${reply.refs.shift(last)}, ${last.status}${hours}).`,
      );
    }
    case 'next': {
      if (details.upcoming.length === 0) return reply.sentence(`${name} has no upcoming shifts with your agency.`);
      if (details.upcoming.length === 1) {
        const next = details.upcoming[0] as ShiftSummary;
        return reply.sentence(
          `${name}'s next shift is ${next.starts_local} at ${next.address} (ShiftID ${reply.refs.shift(next)}).`,
        );
      }
      reply.main(`${name} has ${plural(details.upcoming.length, 'upcoming shift')}.`);
      reply.sub(
        details.upcoming,
        (s) => `${s.starts_local} at ${s.address}, ${s.staff_type}, ${s.skill} (ShiftID ${reply.refs.shift(s)})`,
      );
      return reply.done();
    }
    case 'on_shift': {
      const current = currentShift(details);
      if (current) {
        return reply.sentence(
          `Yes, ${name} is on shift now: clocked in ${localWhen(current.clocked_in_at, reply.ctx.timeZone)} at ${current.address} (ShiftID ${reply.refs.shift(current)}).`,
        );
      }
      const next = details.upcoming[0];
      const after = next
        ? ` Their next shift is ${next.starts_local} at ${next.address} (ShiftID ${reply.refs.shift(next)}).`
        : '';
      return reply.sentence(`No, ${name} is not on a shift with your agency right now.${after}`);
    }
    case 'count': {
      const where = label ? ` ${label}` : ' with your agency';
      if (details.shifts_accepted === 0) return reply.sentence(`${name} has not accepted any shifts${where}.`);
      reply.main(
        `${name} accepted ${plural(details.shifts_accepted, 'shift')}${where} and completed ${details.shifts_completed} of them (${formatHours(details.hours_done)}).`,
      );
      reply.sub(details.shifts, (s) => reply.shiftLine(s, false), details.shifts_accepted);
      return reply.done();
    }
    case 'shifts': {
      const shifts = everyShift(details);
      if (shifts.length === 0) return reply.sentence(`${name} has no shifts with your agency yet.`);
      reply.main(
        `${name} has accepted ${plural(details.shifts_accepted, 'shift')} with your agency: ${details.upcoming.length} upcoming, ${details.shifts_completed} completed (${formatHours(details.hours_done)}).`,
      );
      reply.sub(shifts, (s) => reply.shiftLine(s, false), details.shifts_accepted);
      return reply.done();
    }
    default: {
      const current = currentShift(details);
      reply.main(`${name} works for your agency.`);
      reply.lines.push(
        `   a. Email: ${staff.email || '-'}`,
        `   b. Phone: ${staff.phone || '-'}`,
        `   c. On shift now: ${current ? 'Yes' : 'No'}`,
      );
      reply.main(
        `${plural(details.shifts_accepted, 'shift')} accepted${label ? ` ${label}` : ''}, ${details.shifts_completed} completed, ${formatHours(details.hours_done)} done.`,
      );
      const subs: string[] = [];
      if (current)
        subs.push(
          `Now on shift ${reply.refs.shift(current)} at ${current.address}, clocked in ${localWhen(current.clocked_in_at, reply.ctx.timeZone)}`,
        );
      else if (details.last_shift) {
        const last = details.last_shift;
        subs.push(
          `Last shift: ${last.starts_local} at ${last.address} (ShiftID ${reply.refs.shift(last)}, ${last.status})`,
        );
      }
      const next = details.upcoming[0];
      if (next) subs.push(`Next shift: ${next.starts_local} at ${next.address} (ShiftID ${reply.refs.shift(next)})`);
      if (details.upcoming.length > 1)
        subs.push(`${plural(details.upcoming.length - 1, 'more upcoming shift')} after that`);
      reply.sub(subs, (s) => s);
      return reply.done();
    }
  }
}

function staffListReply(reply: Reply, query: StaffListQuery, list: StaffList): AssistantOutcome {
  const employed = list.employed ?? list.total;
  if (employed === 0) {
    return reply.sentence('You have no staff yet. Staff join your agency in the staff app with your company code.');
  }
  const line = (s: StaffList['staff'][number]): string =>
    `${reply.refs.staff(s)}${s.phone ? `, ${s.phone}` : ''}${s.email ? `, ${s.email}` : ''}${s.on_shift ? ' (on shift now)' : ''}`;
  if (!query.staffType) {
    reply.main(`You have ${plural(list.total, 'staff member')}.`);
    if (listsStaff(query.count, list.total, LIST_LIMIT)) reply.staffSub(list.staff, line, list.total);
    return reply.done();
  }
  const unrecorded = list.without_staff_type ?? 0;
  if (unrecorded === employed) return reply.sentence(noStaffTypes(query.staffType, employed));
  if (list.total === 0 && unrecorded === 0) return reply.sentence(`${ofType(0, employed, query.staffType)}.`);
  reply.main(`${ofType(list.total, employed, query.staffType)}.`);
  if (list.total > 0 && listsStaff(query.count, list.total, LIST_LIMIT)) reply.staffSub(list.staff, line, list.total);
  if (unrecorded > 0) reply.main(unrecordedNote(unrecorded));
  return reply.done();
}

function onShiftReply(reply: Reply, list: ShiftList): AssistantOutcome {
  if (list.total === 0) {
    return reply.sentence(
      'Nobody is on shift for your agency right now: no shift is in progress (clocked in and not yet clocked out).',
    );
  }
  const people = peopleOnShift(list);
  reply.main(`${plural(people, 'staff member')} ${people === 1 ? 'is' : 'are'} on shift now.`);
  reply.sub(
    list.shifts,
    (s) =>
      `${s.accepted_by ? reply.refs.staff(s.accepted_by) : 'N/A'}, clocked in ${localWhen(s.clocked_in_at, reply.ctx.timeZone)} at ${s.address} (ShiftID ${reply.refs.shift(s)})`,
    list.total,
    'shifts in progress',
  );
  return reply.done();
}

// Rankings --------------------------------------------------------------------------------------------

function rankingValue(metric: RankingQuery['metric'], row: StaffRanking['rows'][number]): string {
  if (metric === 'most_hours') return `${formatHours(row.value)} over ${plural(row.shifts, 'shift')}`;
  if (metric === 'fastest_to_accept')
    return `a median of ${formatWait(row.value)} to accept, over ${plural(row.shifts, 'shift')}`;
  return plural(row.value, 'shift');
}

const joinNames = (names: string[]): string => joinWords(names, 'and');

function rankingReply(
  reply: Reply,
  query: RankingQuery,
  ranking: StaffRanking,
  staff: StaffList | undefined,
): AssistantOutcome {
  const label = query.when?.label;
  const rows = rankingRows(query, ranking);
  if (query.byShifts && query.order === 'top') return completedMostReply(reply, query, rows);
  const what =
    query.metric === 'most_hours'
      ? 'worked the most hours'
      : query.metric === 'fastest_to_accept'
        ? 'is the fastest to accept shifts'
        : 'accepted the most shifts';
  if (query.order === 'bottom') {
    const bottom = bottomRows(query, rows, staff);
    if (bottom.length === 0)
      return reply.sentence(`No staff member has accepted a shift${label ? ` ${label}` : ''} yet.`);
    const metricWords =
      query.metric === 'most_hours'
        ? 'the fewest hours'
        : query.metric === 'fastest_to_accept'
          ? 'the slowest to accept'
          : 'the fewest shifts';
    const names = tiedFirst(bottom)
      .slice(0, LIST_LIMIT)
      .map((r) => reply.refs.staff(r.staff));
    reply.main(
      `${joinNames(names)} ${query.metric === 'fastest_to_accept' ? (names.length === 1 ? 'is' : 'are') : names.length === 1 ? 'has' : 'have'} ${metricWords}${label ? ` ${label}` : ''}.`,
    );
    reply.staffSub(
      bottom.slice(0, query.limit),
      (r) => `${reply.refs.staff(r.staff)}: ${rankingValue(query.metric, r)}`,
    );
    return reply.done();
  }
  if (rows.length === 0) {
    const none =
      query.metric === 'most_hours'
        ? `No shift was completed${label ? ` ${label}` : ''}, so nobody has hours yet.`
        : query.metric === 'fastest_to_accept'
          ? `No shift was accepted${label ? ` ${label}` : ''}, so there is no time to accept yet.`
          : `No shift was accepted${label ? ` ${label}` : ''}.`;
    return reply.sentence(none);
  }
  const top = tiedFirst(rows);
  const names = top.map((r) => reply.refs.staff(r.staff));
  const during = label ? ` ${label}` : '';
  const value = rankingValue(query.metric, top[0] as (typeof rows)[number]);
  const lead =
    top.length === 1
      ? `${names[0]} ${what}${during}: ${value}.`
      : `${joinNames(names)} ${what.replace(/^is /, 'are ')}${during}, with ${value} each.`;
  if (rows.length === 1) return reply.sentence(lead);
  reply.main(lead);
  reply.staffSub(rows, (r) => `${reply.refs.staff(r.staff)}: ${rankingValue(query.metric, r)}`);
  return reply.done();
}

function completedMostReply(reply: Reply, query: RankingQuery, rows: StaffRanking['rows']): AssistantOutcome {
  const label = query.when?.label ? ` ${query.when.label}` : '';
  if (rows.length === 0) return reply.sentence(`No shift was completed${label}.`);
  const best = (rows[0] as (typeof rows)[number]).shifts;
  const top = tiedFirst(rows, 'shifts').map((r) => reply.refs.staff(r.staff));
  const line = (r: (typeof rows)[number]): string =>
    `${reply.refs.staff(r.staff)}: ${plural(r.shifts, 'completed shift')} (${formatHours(r.value)})`;
  reply.main(
    `${joinNames(top)} completed the most shifts${label}: ${plural(best, 'shift')}${top.length > 1 ? ' each' : ''}.`,
  );
  reply.staffSub(rows.slice(0, query.limit), line);
  return reply.done();
}

/** "2 of your 5 staff members are recorded as nurses", "None of your 5 staff members is recorded as an RN". */
function ofType(n: number, employed: number, staffType: string): string {
  const of = `of your ${plural(employed, 'staff member')}`;
  if (n === 0) return `None ${of} is recorded as ${withArticle(staffType)}`;
  if (n === 1) return `1 ${of} is recorded as ${withArticle(staffType)}`;
  return `${n} ${of} are recorded as ${/s$/i.test(staffType) ? staffType : `${staffType}s`}`;
}

/** Staff types are recorded per worker (Staff List, the worker's page); say who is not counted. */
function unrecordedNote(unrecorded: number): string {
  return `${plural(unrecorded, 'staff member')} ${unrecorded === 1 ? 'has' : 'have'} no staff type recorded, so ${unrecorded === 1 ? 'is' : 'are'} not counted: record it on their page in Staff List.`;
}

function noStaffTypes(staffType: string, employed: number): string {
  const many = /s$/i.test(staffType) ? staffType : `${staffType}s`;
  return `I can't tell which of your ${plural(employed, 'staff member')} are ${many}: none has a staff type recorded yet. Record it on each worker's page in Staff List.`;
}

function availableReply(reply: Reply, query: AvailableQuery, staff: StaffList, list: ShiftList): AssistantOutcome {
  const { when, staffType } = query;
  const {
    employed,
    unrecorded,
    noStaffTypes: untyped,
    noneOfType,
    free,
    pending,
  } = availability(query, staff, list, reply.ctx.now);
  if (staffType && untyped) return reply.sentence(noStaffTypes(staffType, employed));
  if (staffType && noneOfType) {
    reply.main(`${ofType(0, employed, staffType)}.`);
    if (unrecorded > 0) reply.main(unrecordedNote(unrecorded));
    return reply.done();
  }
  const who = (n: number): string =>
    staffType ? `${n} ${n === 1 || /s$/i.test(staffType) ? staffType : `${staffType}s`}` : plural(n, 'staff member');
  if (free.length === 0) {
    reply.main(
      staffType
        ? `Every staff member recorded as ${withArticle(staffType)} has a shift ${when.label}.`
        : `Every staff member has a shift ${when.label}.`,
    );
  } else {
    reply.main(`${who(free.length)} ${free.length === 1 ? 'has' : 'have'} no shift with your agency ${when.label}.`);
    reply.staffSub(free, (s) => `${reply.refs.staff(s)}${s.phone ? `, ${s.phone}` : ''}`);
  }
  if (pending.length > 0) {
    reply.main(
      `${plural(pending.length, 'shift')} ${when.label} ${pending.length === 1 ? 'is' : 'are'} still pending.`,
    );
    reply.sub(pending, (s) => reply.shiftLine(s, false));
  }
  if (staffType && unrecorded > 0) reply.main(unrecordedNote(unrecorded));
  return reply.done();
}

function hoursTotalReply(reply: Reply, when: When | undefined, ranking: StaffRanking): AssistantOutcome {
  const label = when?.label;
  if (ranking.rows.length === 0)
    return reply.sentence(`No hours were done${label ? ` ${label}` : ''}: no shift was completed.`);
  const { hours, shifts } = hoursTotals(ranking);
  reply.main(
    `Your staff did ${formatHours(hours)} over ${plural(shifts, 'completed shift')}${label ? ` ${label}` : ''}.`,
  );
  reply.staffSub(
    ranking.rows,
    (r) => `${reply.refs.staff(r.staff)}: ${formatHours(r.value)} (${plural(r.shifts, 'shift')})`,
  );
  return reply.done();
}

function inactiveReply(reply: Reply, query: InactiveQuery, staff: StaffList, ranking: StaffRanking): AssistantOutcome {
  const label = query.when?.label;
  const idle = idleStaff(staff, ranking);
  if (idle.length === 0)
    return reply.sentence(`Every staff member accepted at least one shift${label ? ` ${label}` : ''}.`);
  reply.main(
    `${plural(idle.length, 'staff member')} ${idle.length === 1 ? 'has' : 'have'} not accepted any shift${label ? ` ${label}` : ''}.`,
  );
  reply.staffSub(idle, (s) => reply.refs.staff(s));
  return reply.done();
}

// Attendance, fill, plan ---------------------------------------------------------------------------------

function attendanceReply(reply: Reply, query: AttendanceQuery, attendance: Attendance): AssistantOutcome {
  const label = query.when?.label ? ` ${query.when.label}` : '';
  // The lists are the most recent 25 of each; the totals and by_staff count the whole period.
  const late = attendance.late;
  const noShows = attendance.no_shows;
  const lateTotal = attendance.late_total;
  const noShowTotal = attendance.no_show_total;
  const who = query.staff ? reply.refs.staff(query.staff) : undefined;
  const lateLine = (l: Attendance['late'][number]): string =>
    `${l.shift.accepted_by && !who ? `${reply.refs.staff(l.shift.accepted_by)}, ` : ''}${formatDuration(l.minutes_late)} late on ${l.shift.starts_local} at ${l.shift.address} (ShiftID ${reply.refs.shift(l.shift)})`;
  const noShowLine = (s: ShiftSummary): string =>
    `${s.accepted_by && !who ? `${reply.refs.staff(s.accepted_by)}, ` : ''}${s.starts_local} at ${s.address} (ShiftID ${reply.refs.shift(s)})`;
  const lateSummary = (): void => {
    if (lateTotal === 0) {
      reply.main(`${who ? `${who} was never` : 'Nobody was'} more than 10 minutes late to clock in${label}.`);
      return;
    }
    const times = lateTotal === 1 ? 'once' : `${lateTotal} times`;
    reply.main(
      who
        ? `${who} clocked in late ${times}${label}: more than 10 minutes after the start.`
        : `${plural(lateTotal, 'late clock-in')}${label}: more than 10 minutes after the start.`,
    );
    reply.sub(late, lateLine, lateTotal);
  };
  const noShowSummary = (): void => {
    if (noShowTotal === 0) {
      reply.main(`${who ? `${who} had no no-shows` : 'There were no no-shows'}${label}.`);
      return;
    }
    reply.main(
      `${plural(noShowTotal, 'no-show')}${who ? ` for ${who}` : ''}${label}: accepted, started and never clocked in.`,
    );
    reply.sub(noShows, noShowLine, noShowTotal);
  };
  const leaders = query.rank && !who ? attendanceLeaders(query, attendance) : null;
  if (leaders) {
    const tied = leaders.staff.map((s) => reply.refs.staff(s));
    const what = query.aspect === 'late' ? 'late' : query.aspect === 'no_show' ? 'a no-show' : 'late or a no-show';
    reply.main(
      `${joinNames(tied)} ${tied.length === 1 ? 'was' : 'were'} ${what} most often${label}: ${leaders.times === 1 ? 'once' : `${leaders.times} times`}${tied.length > 1 ? ' each' : ''}.`,
    );
  }
  if (query.aspect === 'late') lateSummary();
  else if (query.aspect === 'no_show') noShowSummary();
  else {
    lateSummary();
    noShowSummary();
  }
  if (reply.lines.length === 1) return reply.sentence((reply.lines[0] as string).replace(/^1\. /, ''));
  return reply.done();
}

function fillReply(reply: Reply, query: FillQuery, stats: FillStats): AssistantOutcome {
  const label = query.when?.label ? ` ${query.when.label}` : '';
  const past = isPastPeriod(query.when, reply.ctx.now);
  const rate = (): string =>
    stats.fill_rate === null || stats.posted === 0
      ? `No shifts were posted${label}, so there is no fill rate yet.`
      : `Your fill rate${label} ${past ? 'was' : 'is'} ${formatPercent(stats.fill_rate)}: ${stats.filled} of ${plural(stats.posted, 'shift')} ${stats.filled === 1 ? 'was' : 'were'} accepted by a staff member.`;
  const time = (): string =>
    stats.median_minutes_to_fill === null
      ? `No shift was filled${label}, so there is no time to fill yet.`
      : `It takes a median of ${formatWait(stats.median_minutes_to_fill)} from posting a shift to a staff member accepting it${stats.average_minutes_to_fill === null ? '' : ` (average ${formatWait(stats.average_minutes_to_fill)})`}, over ${plural(stats.filled, 'filled shift')}${label}.`;
  const unfilled = (): string =>
    stats.expired_unfilled === 0
      ? `No shift went unfilled${label}: none started without a staff member accepting it.`
      : `${plural(stats.expired_unfilled, 'shift')} went unfilled${label}: ${stats.expired_unfilled === 1 ? 'it' : 'they'} started with nobody accepting ${stats.expired_unfilled === 1 ? 'it' : 'them'}, out of ${stats.posted} posted.`;
  if (query.aspect === 'rate') {
    reply.main(rate());
    if (stats.expired_unfilled > 0) reply.sub([unfilled()], (s) => s);
  } else if (query.aspect === 'time') {
    return reply.sentence(time());
  } else if (query.aspect === 'unfilled') {
    return reply.sentence(unfilled());
  } else {
    reply.main(rate());
    reply.main(time());
    reply.main(unfilled());
  }
  return reply.lines.length === 1 ? reply.sentence((reply.lines[0] as string).replace(/^1\. /, '')) : reply.done();
}

function planReply(reply: Reply, query: PlanQuery, usage: PlanUsage): AssistantOutcome {
  if (usage.premium) {
    const yes = query.askedPremium ? 'Yes, you' : 'You';
    return reply.sentence(`${yes} are on the Premium plan: shifts, staff and assistant questions are unlimited.`);
  }
  const { shifts: shiftsLeft, staff: staffLeft } = planLeft(usage);
  const shifts = `You have used ${usage.shifts_used} of the ${usage.shift_limit} shifts of the free plan, so you can post ${shiftsLeft} more.`;
  const staff = `You have ${plural(usage.staff_count, 'staff member')} of the ${usage.staff_limit} the free plan allows, so you can add ${staffLeft} more.`;
  const questions = `You have ${plural(usage.questions_left ?? 0, 'assistant question')} left this month on the free plan.`;
  if (query.aspect === 'shifts') return reply.sentence(shifts);
  if (query.aspect === 'staff') return reply.sentence(staff);
  if (query.aspect === 'questions') return reply.sentence(questions);
  reply.main(query.askedPremium ? 'No, you are on the free plan.' : 'You are on the free plan.');
  reply.sub([shifts, staff, questions], (s) => s);
  reply.main('Premium removes these limits.');
  return reply.done();
}

// Who can cover -------------------------------------------------------------------------------------------

/** "an RPN", "a PSW", "a Registered Nurse" (as private.indefinite_article says it in the reasons). */
export function withArticle(noun: string): string {
  const initials = /^[A-Z0-9]{2,}$/.test(noun);
  const an = initials ? 'AEFHILMNORSX8'.includes(noun.charAt(0)) : /^[aeiou]/i.test(noun);
  return `${an ? 'an' : 'a'} ${noun}`;
}

/** What stops `n` staff members, as "3 <phrase>": the reason codes of public.eligibility. */
function stopsPhrase(code: string, n: number, shift: ShiftSummary, example: string): string {
  const one = n === 1;
  switch (code) {
    case 'overlapping_shift':
      return `${n} ${one ? 'has' : 'have'} another shift at that time`;
    case 'time_off':
      return `${n} ${one ? 'has' : 'have'} time off then`;
    case 'staff_type':
      return `${n} ${one ? 'is' : 'are'} not recorded as ${withArticle(shift.staff_type)}`;
    case 'skill':
      return `${n} ${one ? 'is' : 'are'} not recorded as skilled in ${shift.skill.toLowerCase()}`;
    case 'credential':
      return `${n} ${one ? 'lacks' : 'lack'} a verified, valid credential the shift needs`;
    case 'over_hours':
      return `${n} would go over their hours for that week`;
    case 'not_employed':
      return `${n} ${one ? 'does' : 'do'} not work for you`;
    default:
      // A rule this reply does not know yet: its own sentence.
      return `${n}: ${example}`;
  }
}

/** The commonest reasons, at most three: "3 are not recorded as a PSW; 2 have time off then". */
function commonestReasonsText(answer: CoverAnswer, shift: ShiftSummary): string {
  return commonestReasons(answer)
    .map((r) => stopsPhrase(r.code, r.workers, shift, r.example))
    .join('; ');
}

const ORDINAL_SUFFIX = (n: number): string => {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
};

/** Why a candidate ranks where they do, in the cover order's words. */
function candidateFacts(candidate: CoverCandidate, thisWeek: boolean): string {
  const parts: string[] = [];
  if (candidate.worked_here) parts.push('worked at this address before');
  if (candidate.distance_km !== null && saysDistance(candidate)) {
    parts.push(
      candidate.distance_km < 0.1 ? 'last worked right nearby' : `last worked ${candidate.distance_km} km away`,
    );
  }
  if (candidate.distance_km === null && !candidate.worked_here) parts.push('no shift worked for you yet');
  parts.push(`${formatHours(candidate.week_hours)} ${thisWeek ? 'this week' : 'that week'}`);
  if (candidate.flags.includes('overtime')) parts.push('would go into overtime, which this shift allows');
  return parts.join(', ');
}

function coverReply(reply: Reply, query: CoverQuery, answer: CoverAnswer): AssistantOutcome {
  const { ctx } = reply;
  const tz = ctx.timeZone;
  if (!answer.shift) {
    if (answer.matches.length === 0) {
      if (query.args.shift_id) {
        return reply.sentence(
          `I could not find a shift whose ShiftID starts with ${query.args.shift_id}. Please check it in the Shift Details table (right-click a row and choose Copy ShiftID).`,
          'clarify',
        );
      }
      return reply.sentence(
        `I could not find ${query.label} to cover. Send me its ShiftID, or its address and day.`,
        'clarify',
      );
    }
    // Several fit: one lettered question, as for a shift's details.
    reply.main(`${answer.matches_total} shifts fit: ${COVER_PICK_PHRASE}?`);
    reply.sub(answer.matches, (s) => reply.shiftLine(s), answer.matches_total);
    reply.main('Send me its letter or its ShiftID.');
    return reply.done('clarify');
  }

  const shift = answer.shift;
  const id = reply.refs.shift(shift);
  const what = `shift ${id} (${shift.starts_local} at ${shift.address}, ${shift.staff_type}, ${shift.skill})`;
  const holder = shift.accepted_by ? reply.refs.staff(shift.accepted_by) : null;

  if (hasEnded(shift, ctx.now)) {
    const missed = answer.no_show && holder ? ` ${holder} did not clock in to it.` : '';
    return reply.sentence(
      `${capitalise(what)} ended ${localWhen(shift.ends_at, tz)}: there is nothing left to cover.${missed}`,
    );
  }
  if (shift.clocked_in_at && holder) {
    return reply.sentence(
      `${holder} clocked in to ${what} at ${localClock(shift.clocked_in_at, tz)}: it needs no cover.`,
    );
  }

  const asked = answer.asked;
  if (asked) {
    const who = reply.refs.staff(asked.staff);
    if (asked.holds_shift) reply.main(`${who} holds ${what}.`);
    else if (asked.eligible && asked.rank !== null) {
      reply.main(
        `Yes, ${who} can take ${what}: ${ORDINAL_SUFFIX(asked.rank)} of the ${answer.eligible_total} who can.`,
      );
    } else reply.main(`${who} cannot take ${what}: ${asked.reasons.join('; ')}.`);
  }
  const it = asked ? 'it' : what;
  if (holder && answer.no_show) {
    reply.main(`${holder} accepted ${it} and has not clocked in: it started at ${localClock(shift.starts_at, tz)}.`);
  } else if (holder && !asked) {
    reply.main(`${holder} holds ${it} now; here is who else could take it.`);
  }

  const thisWeek = inThisWeek(shift.starts_at, ctx.timeZone, ctx.now);
  if (answer.eligible_total === 0) {
    const why = commonestReasonsText(answer, shift);
    reply.main(`No one is eligible${asked || holder ? '' : ` for ${what}`}${why ? `: ${why}` : ''}.`);
  } else {
    reply.main(
      `${plural(answer.eligible_total, 'staff member')} can cover ${holder || asked ? 'it' : what}, best first:`,
    );
    reply.staffSub(
      answer.eligible,
      (c) => `${reply.refs.staff(c.staff)}: ${candidateFacts(c, thisWeek)}`,
      answer.eligible_total,
    );
  }
  if (answer.near_misses.length > 0) {
    reply.main('Near misses:');
    reply.sub(
      answer.near_misses,
      (m) => `${reply.refs.staff(m.staff)}: ${m.reasons.join('; ')}`,
      answer.near_miss_total,
      answer.near_miss_reasons === 1 ? 'more with one reason' : `more with ${answer.near_miss_reasons} reasons`,
    );
  }
  // The others, with more than one reason each: what stops everyone who cannot, commonest first.
  if (answer.eligible_total > 0 && answer.ineligible_total > answer.near_miss_total) {
    reply.main(
      `In all, ${plural(answer.ineligible_total, 'staff member')} cannot take it: ${commonestReasonsText(answer, shift)}.`,
    );
  }
  return reply.done();
}

// Entry -------------------------------------------------------------------------------------------------

/**
 * The reply to a query, from the results of its tool calls (in any order): in French for a French
 * question (replies-fr*.ts, the same facts and references), else in English.
 */
export function phrase(query: Query, outputs: readonly ToolOutput[], ctx: ReplyContext): AssistantOutcome {
  const reply = new Reply(ctx);
  const fr = ctx.language === 'fr-CA' ? reply.french() : undefined;
  switch (query.type) {
    case 'shifts': {
      const lists = pick(outputs, 'find_shifts');
      const list = mergeShiftLists(lists);
      return fr ? frenchShiftsReply(fr, query, list, lists) : shiftsReply(reply, query, list, lists);
    }
    case 'open_soon': {
      const list = one(outputs, 'open_shifts_starting_within');
      return fr ? frenchOpenSoonReply(fr, query, list) : openSoonReply(reply, query, list);
    }
    case 'shift_details': {
      const { matches } = one(outputs, 'shift_details') as ShiftDetails;
      if (matches.length === 0) {
        if (fr) return fr.done([frenchShiftIdNotFound(query.shiftId)], 'clarify');
        return reply.sentence(
          `I could not find a shift whose ShiftID starts with ${query.shiftId}. Please check it in the Shift Details table (right-click a row and choose Copy ShiftID).`,
          'clarify',
        );
      }
      if (matches.length === 1) {
        const shift = matches[0] as ShiftSummary;
        return fr ? frenchShiftDetails(fr, shift) : shiftDetailsReply(reply, shift);
      }
      if (fr) return frenchShiftIdSeveral(fr, query.shiftId, matches);
      reply.main(`${matches.length} shifts have a ShiftID starting with ${query.shiftId}.`);
      reply.sub(matches, (s) => reply.shiftLine(s));
      reply.main('Send me more of the ShiftID and I will give you its details.');
      return reply.done('clarify');
    }
    case 'counts': {
      const counts = one(outputs, 'shift_counts');
      return fr ? frenchCountsReply(fr, query, counts) : countsReply(reply, query, counts);
    }
    case 'staff': {
      const details = pick(outputs, 'staff_details')[0];
      return fr ? frenchStaffReply(fr, query, details) : staffReply(reply, query, details);
    }
    case 'staff_list': {
      const list = one(outputs, 'list_staff');
      return fr ? frenchStaffListReply(fr, query, list) : staffListReply(reply, query, list);
    }
    case 'on_shift': {
      const list = mergeShiftLists(pick(outputs, 'find_shifts'));
      return fr ? frenchOnShiftReply(fr, list) : onShiftReply(reply, list);
    }
    case 'ranking': {
      const ranking = one(outputs, 'staff_ranking');
      const staff = pick(outputs, 'list_staff')[0];
      return fr ? frenchRankingReply(fr, query, ranking, staff) : rankingReply(reply, query, ranking, staff);
    }
    case 'available': {
      const staff = one(outputs, 'list_staff');
      const list = mergeShiftLists(pick(outputs, 'find_shifts'));
      return fr ? frenchAvailableReply(fr, query, staff, list) : availableReply(reply, query, staff, list);
    }
    case 'hours_total': {
      const ranking = one(outputs, 'staff_ranking');
      return fr ? frenchHoursTotalReply(fr, query.when, ranking) : hoursTotalReply(reply, query.when, ranking);
    }
    case 'inactive': {
      const staff = one(outputs, 'list_staff');
      const ranking = one(outputs, 'staff_ranking');
      return fr ? frenchInactiveReply(fr, query, staff, ranking) : inactiveReply(reply, query, staff, ranking);
    }
    case 'attendance': {
      const attendance = one(outputs, 'attendance');
      return fr ? frenchAttendanceReply(fr, query, attendance) : attendanceReply(reply, query, attendance);
    }
    case 'fill': {
      const stats = one(outputs, 'fill_stats');
      return fr ? frenchFillReply(fr, query, stats) : fillReply(reply, query, stats);
    }
    case 'plan': {
      const usage = one(outputs, 'plan_usage');
      return fr ? frenchPlanReply(fr, query, usage) : planReply(reply, query, usage);
    }
    case 'cover': {
      const answer = one(outputs, 'who_can_cover');
      return fr ? frenchCoverReply(fr, query, answer) : coverReply(reply, query, answer);
    }
  }
}

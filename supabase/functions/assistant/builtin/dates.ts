// Periods in a question ("this week", "tomorrow night", "Nov 28", "from Nov 20 to Nov 25", "in the
// next 48 hours", "last Friday", "in December") as the tools' Period: ISO instants [from, before),
// computed in the company's time zone around a given `now`, with a label for the reply
// ("this week (Mon Nov 16 – Sun Nov 22)") and the indexes of the words used, which the rest of the
// parser then ignores.
//
// Choices a scheduler would expect, all relative to the company's local calendar:
// - Weeks start on Monday; "this week" is the whole Monday–Sunday week, days already past included.
// - "Friday" or "on Friday" is the coming one (today if today is Friday); "next Friday" the first
//   after today; "last Friday" the most recent before today; "this Friday" the one of this week.
// - A date without a year ("Nov 28", "11/28", month/day as in North America) is the nearest such
//   date to today, so "Jan 5" asked in November means next January; a month alone likewise.
// - "next 3 days" / "within 2 hours" / "in the next 48 hours" run from now; "past 7 days" ends now.
//   "next week" and "last month" are calendar weeks and months.
// - Parts of a day: morning 6 AM–12 PM, afternoon 12–5 PM, evening 5–10 PM, night and "tonight"
//   6 PM–6 AM.
import type { Period } from '../tools/types.ts';
import { closestWord, numberWord, type Token, tokenize } from './text.ts';
import { DATE_SPELLINGS as SPELLINGS } from './vocabulary.ts';
import {
  addDays,
  addMonths,
  clockLabel,
  type Day,
  dayLabel,
  daysBetween,
  instantLabel,
  isValidDay,
  localTime,
  MONTH_NAMES,
  startOfDay,
  startOfWeek,
  validZone,
  weekday,
  zonedInstant,
} from './zone.ts';

export interface ParsedPeriod {
  period: Period;
  /** Words that can follow "shifts": "this week (Mon Nov 16 – Sun Nov 22)", "on Sat Nov 28". */
  label: string;
  /** Indexes of the tokens that made the period (prepositions such as "on" and "in" included). */
  consumed: number[];
  /** Set for a window that starts now ("in the next 48 hours"): its length in hours. */
  windowHours?: number;
}

interface Span {
  from?: number;
  before?: number;
  label: string;
  start: number;
  end: number;
  kind: 'day' | 'week' | 'weekend' | 'month' | 'year' | 'window' | 'open';
  /** A bare weekday ("Friday"), so "Friday next week" can pick that week's Friday. */
  weekdayIndex?: number;
  windowHours?: number;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
MONTH_NAMES.forEach((name, i) => (MONTHS[name.toLowerCase()] = i + 1));

const WEEKDAYS: Record<string, number> = {
  sun: 0,
  mon: 1,
  tue: 2,
  tues: 2,
  wed: 3,
  thu: 4,
  thur: 4,
  thurs: 4,
  fri: 5,
  sat: 6,
};
['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].forEach((name, i) => {
  WEEKDAYS[name] = i;
  WEEKDAYS[`${name}s`] = i;
});

// Full words a typo may be corrected to (never abbreviations: "sat" and "wed" are too short).
const DATE_WORDS = [
  ...MONTH_NAMES.map((m) => m.toLowerCase()),
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'today',
  'tonight',
  'tomorrow',
  'yesterday',
  'weekend',
  'between',
  'through',
  'morning',
  'afternoon',
  'evening',
];
const KNOWN = new Set([...DATE_WORDS, ...Object.keys(MONTHS), ...Object.keys(WEEKDAYS), ...Object.keys(SPELLINGS)]);

const UNIT_HOURS: Record<string, number> = {
  minutes: 1 / 60,
  hours: 1,
  days: 24,
  weeks: 168,
  months: 720,
  years: 8760,
};
const PARTS: Record<string, [number, number]> = {
  morning: [6, 12],
  afternoon: [12, 17],
  evening: [17, 22],
  night: [18, 30],
  overnight: [18, 30],
};
const LEADING = new Set(['on', 'in', 'for', 'during', 'of', 'at', 'the', 'over']);
/** Where "May" is the month and not "may I …". */
const MONTH_CONTEXT = new Set([
  'in',
  'during',
  'for',
  'of',
  'since',
  'until',
  'through',
  'from',
  'to',
  'and',
  'before',
  'after',
]);
const YEAR_CONTEXT = new Set(['in', 'during', 'for', 'of', 'since', 'year']);

class Parser {
  readonly words: string[];
  readonly today: Day;
  readonly year: number;
  readonly nowMs: number;

  constructor(
    readonly tokens: Token[],
    now: Date,
    readonly tz: string,
    readonly pastTense = false,
  ) {
    this.nowMs = now.getTime();
    this.today = localTime(this.nowMs, tz);
    this.year = this.today.y;
    this.words = tokens.map((t, i) => {
      const norm = t.norm.replace(/\./g, '');
      if (KNOWN.has(norm)) return SPELLINGS[norm] ?? norm;
      // A capitalised word inside the sentence is more likely a name than a misspelt date word.
      const named = i > 0 && /^\p{Lu}/u.test(t.raw);
      const fixed = named || !/^[a-z]+$/.test(norm) ? null : closestWord(norm, DATE_WORDS);
      return fixed ?? norm;
    });
  }

  w(i: number): string {
    return this.words[i] ?? '';
  }

  day(day: Day): string {
    return dayLabel(day, this.year);
  }

  at(instant: number): string {
    return instantLabel(instant, this.tz, this.year);
  }

  /** Whole days [first, last], both included. */
  days(first: Day, last: Day, label: string, start: number, end: number): Span {
    return {
      from: startOfDay(this.tz, first),
      before: startOfDay(this.tz, addDays(last, 1)),
      label,
      start,
      end,
      kind: 'day',
    };
  }

  oneDay(day: Day, start: number, end: number, label = `on ${this.day(day)}`): Span {
    return this.days(day, day, label, start, end);
  }

  /**
   * "tomorrow morning", "Friday night": narrows a one-day span to part of the day. `relative` is the
   * word said ("tomorrow"), which the label keeps; without it the label names the day.
   */
  withPart(span: Span, day: Day, relative?: string): Span {
    const part = PARTS[this.w(span.end)];
    if (!part) return span;
    const [fromHour, toHour] = part;
    const from = zonedInstant(this.tz, day, fromHour);
    const before =
      toHour > 24 ? zonedInstant(this.tz, addDays(day, 1), toHour - 24) : zonedInstant(this.tz, day, toHour);
    const name = this.w(span.end);
    const hours = `${clockLabel(fromHour, 0).replace(':00', '')} to ${clockLabel(toHour % 24, 0).replace(':00', '')}`;
    return {
      from,
      before,
      label: relative
        ? `${relative} ${name} (${this.day(day)}, ${hours})`
        : `on ${this.day(day)} ${name === 'overnight' ? 'night' : name} (${hours})`,
      start: span.start,
      end: span.end + 1,
      kind: 'day',
    };
  }

  month(first: Day, label: string, start: number, end: number): Span {
    return {
      from: startOfDay(this.tz, first),
      before: startOfDay(this.tz, addMonths(first, 1)),
      label,
      start,
      end,
      kind: 'month',
    };
  }

  monthName(day: Day): string {
    return `${MONTH_NAMES[day.m - 1] as string} ${day.y}`;
  }

  week(first: Day, label: string, start: number, end: number): Span {
    return {
      ...this.days(
        first,
        addDays(first, 6),
        `${label} (${this.day(first)} – ${this.day(addDays(first, 6))})`,
        start,
        end,
      ),
      kind: 'week',
    };
  }

  weekend(saturday: Day, label: string, start: number, end: number): Span {
    return {
      ...this.days(
        saturday,
        addDays(saturday, 1),
        `${label} (${this.day(saturday)} – ${this.day(addDays(saturday, 1))})`,
        start,
        end,
      ),
      kind: 'weekend',
    };
  }

  yearSpan(y: number, label: string, start: number, end: number): Span {
    return {
      from: startOfDay(this.tz, { y, m: 1, d: 1 }),
      before: startOfDay(this.tz, { y: y + 1, m: 1, d: 1 }),
      label,
      start,
      end,
      kind: 'year',
    };
  }

  window(hours: number, forward: boolean, phrase: string, start: number, end: number): Span {
    const ms = hours * 3600_000;
    if (forward) {
      return {
        from: this.nowMs,
        before: this.nowMs + ms,
        label: `${phrase} (until ${this.at(this.nowMs + ms)})`,
        start,
        end,
        kind: 'window',
        windowHours: hours,
      };
    }
    return {
      from: this.nowMs - ms,
      before: this.nowMs,
      label: `${phrase} (since ${this.at(this.nowMs - ms)})`,
      start,
      end,
      kind: 'window',
    };
  }

  /** A day of the month without a year: the nearest such date to today. */
  nearestDate(m: number, d: number): Day | null {
    let best: Day | null = null;
    for (const y of [this.year, this.year + 1, this.year - 1]) {
      if (!isValidDay(y, m, d)) continue;
      const candidate = { y, m, d };
      if (!best || Math.abs(daysBetween(this.today, candidate)) < Math.abs(daysBetween(this.today, best))) {
        best = candidate;
      }
    }
    return best;
  }

  nearestMonth(m: number): Day {
    const diff = (m - this.today.m + 12) % 12;
    // Up to 6 months ahead reads as coming; further reads as past ("in March" asked in November).
    return addMonths({ ...this.today, d: 1 }, diff <= 6 ? diff : diff - 12);
  }

  monthAt(i: number): number | null {
    const word = this.w(i);
    const m = MONTHS[word];
    if (m === undefined) return null;
    if (word === 'may' || word === 'mar') {
      const after = this.w(i + 1);
      const nextIsNumber = /^\d/.test(after);
      if (!nextIsNumber && !MONTH_CONTEXT.has(this.w(i - 1))) return null;
    }
    return m;
  }

  dayNumberAt(i: number): number | null {
    const match = /^(\d{1,2})(st|nd|rd|th)?$/.exec(this.w(i));
    if (!match) return null;
    const d = Number(match[1]);
    return d >= 1 && d <= 31 ? d : null;
  }

  yearAt(i: number): number | null {
    const word = this.w(i);
    if (!/^\d{4}$/.test(word)) return null;
    const y = Number(word);
    return y >= 1990 && y <= 2100 ? y : null;
  }

  /** An explicit date at i: "Nov 28", "28th of November 2026", "2026-11-28", "11/28", "the 28th". */
  dateAt(i: number): { day: Day; end: number; rangeTo?: Day } | null {
    const word = this.w(i);
    const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(word);
    if (iso) {
      const [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
      return isValidDay(y, m, d) ? { day: { y, m, d }, end: i + 1 } : null;
    }
    const slash = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?$/.exec(word);
    if (slash) {
      let [m, d] = [Number(slash[1]), Number(slash[2])];
      if (m > 12 && d <= 12) [m, d] = [d, m];
      const y = slash[3] ? (slash[3].length === 2 ? 2000 + Number(slash[3]) : Number(slash[3])) : null;
      if (y !== null) return isValidDay(y, m, d) ? { day: { y, m, d }, end: i + 1 } : null;
      const day = this.nearestDate(m, d);
      return day ? { day, end: i + 1 } : null;
    }
    const withYear = (m: number, d: number, next: number): { day: Day; end: number } | null => {
      const y = this.yearAt(next);
      if (y !== null) return isValidDay(y, m, d) ? { day: { y, m, d }, end: next + 1 } : null;
      const day = this.nearestDate(m, d);
      return day ? { day, end: next } : null;
    };
    const m = this.monthAt(i);
    if (m !== null) {
      const rangeMatch = /^(\d{1,2})-(\d{1,2})$/.exec(this.w(i + 1));
      if (rangeMatch) {
        const first = this.nearestDate(m, Number(rangeMatch[1]));
        const last =
          first && isValidDay(first.y, m, Number(rangeMatch[2])) ? { y: first.y, m, d: Number(rangeMatch[2]) } : null;
        if (first && last) return { day: first, end: i + 2, rangeTo: last };
      }
      const d = this.dayNumberAt(i + 1);
      if (d !== null) return withYear(m, d, i + 2);
      return null;
    }
    const d = this.dayNumberAt(i);
    if (d !== null) {
      const ofMonth = this.w(i + 1) === 'of' ? i + 2 : i + 1;
      const month = MONTHS[this.w(ofMonth)];
      if (month !== undefined) return withYear(month, d, ofMonth + 1);
      if (this.w(i - 1) === 'the' && /(st|nd|rd|th)$/.test(word)) {
        const day = this.nearestDate(this.today.m, d);
        return day ? { day, end: i + 1 } : null;
      }
    }
    return null;
  }

  /** A time of day at i: "5pm", "5:30 pm", "17:00", "noon", "midnight". */
  clockAt(i: number): { hour: number; minute: number; end: number } | null {
    const word = this.w(i);
    if (word === 'noon' || word === 'midday') return { hour: 12, minute: 0, end: i + 1 };
    if (word === 'midnight') return { hour: 0, minute: 0, end: i + 1 };
    const match = /^(\d{1,2})(?::(\d{2}))?(am|pm)?$/.exec(word);
    if (!match) return null;
    let suffix = match[3];
    let end = i + 1;
    const next = this.w(i + 1).replace(/\./g, '');
    if (!suffix && (next === 'am' || next === 'pm')) {
      suffix = next;
      end += 1;
    }
    if (!suffix && match[2] === undefined) return null;
    let hour = Number(match[1]);
    const minute = Number(match[2] ?? 0);
    if (hour > 23 || minute > 59 || (suffix && (hour < 1 || hour > 12))) return null;
    if (suffix === 'pm' && hour < 12) hour += 12;
    if (suffix === 'am' && hour === 12) hour = 0;
    return { hour, minute, end };
  }

  /** The coming `wd` (today included), or the first strictly after today. */
  comingWeekday(wd: number, strictlyAfter: boolean): Day {
    let diff = (wd - weekday(this.today) + 7) % 7;
    if (diff === 0 && strictlyAfter) diff = 7;
    return addDays(this.today, diff);
  }

  relativeDay(word: string): { day: Day; label: string } | null {
    if (word === 'today') return { day: this.today, label: 'today' };
    if (word === 'tomorrow') return { day: addDays(this.today, 1), label: 'tomorrow' };
    if (word === 'yesterday') return { day: addDays(this.today, -1), label: 'yesterday' };
    return null;
  }

  /** A number and a unit at i ("48 hours", "a week", "few days"): hours, and the end index. */
  amountAt(i: number): { hours: number; count: number; unit: string; end: number } | null {
    let j = i;
    if (this.w(j) === 'couple' && this.w(j + 1) === 'of') j += 1;
    let count = numberWord(this.w(i));
    if (count === null) return null;
    j += 1;
    if (this.w(j) === 'of') j += 1;
    const unit = SPELLINGS[this.w(j)] ?? this.w(j);
    const hours = UNIT_HOURS[unit];
    if (hours === undefined) return null;
    if (this.w(i) === 'a' || this.w(i) === 'an') count = 1;
    return { hours: count * hours, count, unit, end: j + 1 };
  }

  /** "48 hours", "a week" (or "week" without the article: "in the next week"). */
  describeAmount(count: number, unit: string, article = true): string {
    if (count !== 1) return `${count} ${unit}`;
    const one = unit.replace(/s$/, '');
    if (!article) return one;
    return unit === 'hours' ? 'an hour' : `a ${one}`;
  }

  /** One period expression starting exactly at token i, or null. */
  spanAt(i: number): Span | null {
    const word = this.w(i);
    const next = this.w(i + 1);

    const relative = this.relativeDay(word);
    if (relative) {
      const span = this.oneDay(relative.day, i, i + 1, `${relative.label} (${this.day(relative.day)})`);
      return this.withPart(span, relative.day, relative.label);
    }
    if (word === 'day' && next === 'after' && this.w(i + 2) === 'tomorrow') {
      return this.oneDay(addDays(this.today, 2), i, i + 3);
    }
    if (word === 'tonight' || (word === 'this' && (next === 'evening' || next === 'night'))) {
      if (word === 'this' && next === 'evening') {
        return this.withPart(this.oneDay(this.today, i, i + 1), this.today, 'this');
      }
      return {
        from: zonedInstant(this.tz, this.today, 18),
        before: zonedInstant(this.tz, addDays(this.today, 1), 6),
        label: `tonight (${this.day(this.today)}, 6 PM to 6 AM)`,
        start: i,
        end: word === 'tonight' ? i + 1 : i + 2,
        kind: 'day',
      };
    }
    if (word === 'this' && (next === 'morning' || next === 'afternoon')) {
      return this.withPart(this.oneDay(this.today, i, i + 1), this.today, 'this');
    }

    const isAmount =
      this.amountAt(i + 1) !== null ||
      UNIT_HOURS[next] !== undefined ||
      next === 'weekend' ||
      WEEKDAYS[next] !== undefined;
    if ((word === 'upcoming' && !isAmount) || (word === 'coming' && next === 'up') || word === 'future') {
      return { from: this.nowMs, label: 'from now on', start: i, end: word === 'coming' ? i + 2 : i + 1, kind: 'open' };
    }
    // "my week", "our month": this one.
    const when = (word === 'my' || word === 'our') && UNIT_HOURS[next] !== undefined ? 'this' : word;
    if (
      ['this', 'next', 'last', 'past', 'previous', 'prior', 'coming', 'upcoming', 'following', 'current'].includes(when)
    ) {
      const after = next;
      const amount = this.amountAt(i + 1);
      if (amount && this.w(i + 1) !== 'a') {
        const forward = ['next', 'coming', 'upcoming', 'following'].includes(when);
        if (forward || ['last', 'past', 'previous', 'prior'].includes(when)) {
          const phrase = `${forward ? 'in the next' : 'in the past'} ${this.describeAmount(amount.count, amount.unit, false)}`;
          return this.window(amount.hours, forward, phrase, i, amount.end);
        }
      }
      const unit = SPELLINGS[after] ?? after;
      const shift =
        when === 'next' || when === 'following'
          ? 1
          : when === 'last' || when === 'previous' || when === 'prior'
            ? -1
            : 0;
      if (unit === 'weeks') {
        if (when === 'past') return this.window(168, false, 'in the past week', i, i + 2);
        if (when === 'coming' || when === 'upcoming') return this.window(168, true, 'in the coming week', i, i + 2);
        const first = addDays(startOfWeek(this.today), 7 * shift);
        const name = shift === 1 ? 'next week' : shift === -1 ? 'last week' : 'this week';
        return this.week(first, name, i, i + 2);
      }
      if (after === 'weekend') {
        const saturday = addDays(startOfWeek(this.today), 5 + 7 * shift);
        const name = shift === 1 ? 'next weekend' : shift === -1 ? 'last weekend' : 'this weekend';
        return this.weekend(saturday, name, i, i + 2);
      }
      if (unit === 'months') {
        if (when === 'past') return this.window(720, false, 'in the past 30 days', i, i + 2);
        if (when === 'coming' || when === 'upcoming') return this.window(720, true, 'in the next 30 days', i, i + 2);
        const first = addMonths(this.today, shift);
        const name = shift === 1 ? 'next month' : shift === -1 ? 'last month' : 'this month';
        return this.month(first, `${name} (${this.monthName(first)})`, i, i + 2);
      }
      if (unit === 'years') {
        if (when === 'past') return this.window(8760, false, 'in the past year', i, i + 2);
        const y = this.year + shift;
        const name = shift === 1 ? 'next year' : shift === -1 ? 'last year' : 'this year';
        return this.yearSpan(y, `${name} (${y})`, i, i + 2);
      }
      if (unit === 'hours' && (when === 'next' || when === 'coming' || when === 'past' || when === 'last')) {
        const forward = when === 'next' || when === 'coming';
        return this.window(1, forward, forward ? 'in the next hour' : 'in the past hour', i, i + 2);
      }
      if (unit === 'days' && (when === 'next' || when === 'coming' || when === 'past' || when === 'last')) {
        const forward = when === 'next' || when === 'coming';
        return this.window(24, forward, forward ? 'in the next day' : 'in the past day', i, i + 2);
      }
      const wd = WEEKDAYS[after];
      if (wd !== undefined) {
        let day: Day;
        if (when === 'this' || when === 'current') day = addDays(startOfWeek(this.today), (wd + 6) % 7);
        else if (shift === -1 || when === 'past') day = addDays(this.comingWeekday(wd, false), -7);
        else day = this.comingWeekday(wd, true);
        if (shift === -1 && daysBetween(this.today, day) === 0) day = addDays(day, -7);
        if (shift === -1 && daysBetween(day, this.today) > 7) day = addDays(day, 7);
        const span = this.oneDay(day, i, i + 2);
        return this.withPart(span, day);
      }
      const month = this.monthAt(i + 1) ?? MONTHS[after];
      if (month !== undefined && month !== null && when !== 'past') {
        let first = this.nearestMonth(month);
        if (shift === 1 && daysBetween(this.today, first) < 0) first = addMonths(first, 12);
        if (shift === -1 && daysBetween(this.today, first) > 0) first = addMonths(first, -12);
        return this.month(first, `in ${this.monthName(first)}`, i, i + 2);
      }
      return null;
    }

    // "within 2 hours", "in 3 days", "in the next 48 hours" (the "next" form is above), "2 days ago".
    if (word === 'within' || word === 'in') {
      const j = this.w(i + 1) === 'the' ? i + 2 : i + 1;
      if (word === 'within' && this.w(j) === 'hours') return this.window(1, true, 'within the hour', i, j + 1);
      const amount = this.amountAt(j);
      if (amount) {
        return this.window(
          amount.hours,
          true,
          `within ${this.describeAmount(amount.count, amount.unit)}`,
          i,
          amount.end,
        );
      }
    }
    const amount = this.amountAt(i);
    if (amount) {
      if (this.w(amount.end) === 'from' && this.w(amount.end + 1) === 'now') {
        return this.window(
          amount.hours,
          true,
          `within ${this.describeAmount(amount.count, amount.unit)}`,
          i,
          amount.end + 2,
        );
      }
      if (this.w(amount.end) === 'ago') {
        const days = Math.max(1, Math.round(amount.hours / 24));
        const day = addDays(this.today, -days);
        if (amount.unit === 'weeks')
          return this.week(startOfWeek(day), `the week of ${this.day(startOfWeek(day))}`, i, amount.end + 1);
        return this.oneDay(day, i, amount.end + 1);
      }
    }

    const wd = WEEKDAYS[word];
    if (wd !== undefined) {
      // "Friday Nov 20": the date says which Friday.
      const date = this.dateAt(i + 1);
      if (date) return { ...this.oneDay(date.day, i, date.end), weekdayIndex: undefined };
      // "Did Jordan work on Monday?": in a question about the past, the Monday just gone.
      const day = this.pastTense ? addDays(this.comingWeekday(wd, true), -7) : this.comingWeekday(wd, false);
      const span = this.withPart(this.oneDay(day, i, i + 1), day);
      return { ...span, weekdayIndex: wd };
    }

    const date = this.dateAt(i);
    if (date) {
      if (date.rangeTo) {
        return this.days(
          date.day,
          date.rangeTo,
          `from ${this.day(date.day)} to ${this.day(date.rangeTo)}`,
          i,
          date.end,
        );
      }
      return this.withPart(this.oneDay(date.day, i, date.end), date.day);
    }

    const month = this.monthAt(i);
    if (month !== null && (MONTH_CONTEXT.has(this.w(i - 1)) || this.yearAt(i + 1) !== null || i === 0)) {
      const y = this.yearAt(i + 1);
      const first = y !== null ? { y, m: month, d: 1 } : this.nearestMonth(month);
      return this.month(first, `in ${this.monthName(first)}`, i, y !== null ? i + 2 : i + 1);
    }
    const y = this.yearAt(i);
    if (y !== null && YEAR_CONTEXT.has(this.w(i - 1))) return this.yearSpan(y, `in ${y}`, i, i + 1);

    if (word === 'weekend') {
      return this.weekend(addDays(startOfWeek(this.today), 5), 'this weekend', i, i + 1);
    }
    if (word === 'week' || word === 'weeks') {
      // "the week of Nov 23"
      if (this.w(i + 1) === 'of') {
        const inner = this.spanAt(i + 2);
        if (inner?.from !== undefined) {
          const day = localTime(inner.from, this.tz);
          const first = startOfWeek(day);
          return this.week(first, `the week of ${this.day(first)}`, i, inner.end);
        }
      }
    }
    return null;
  }
}

const RANGE_WORDS = new Set(['to', 'until', 'through', '-', 'and']);

function combine(parser: Parser, spans: Span[]): Span | null {
  if (spans.length === 0) return null;
  if (spans.length === 1) return spans[0] as Span;
  // "coming up this week": the rest of the week.
  const fromNow = spans.find((s) => s.kind === 'open' && s.from === parser.nowMs && s.before === undefined);
  const bounded = spans.find((s) => s !== fromNow && s.before !== undefined && s.before > parser.nowMs);
  if (fromNow && bounded && spans.length === 2) {
    return {
      ...bounded,
      from: Math.max(parser.nowMs, bounded.from ?? parser.nowMs),
      label: `${bounded.label}, from now on`,
      start: Math.min(fromNow.start, bounded.start),
      end: Math.max(fromNow.end, bounded.end),
    };
  }
  const week = spans.find((s) => s.kind === 'week');
  const named = spans.find((s) => s.weekdayIndex !== undefined);
  if (week && named && week.from !== undefined && named.weekdayIndex !== undefined) {
    const monday = localTime(week.from, parser.tz);
    const day = addDays(monday, (named.weekdayIndex + 6) % 7);
    return parser.oneDay(day, Math.min(week.start, named.start), Math.max(week.end, named.end));
  }
  // Otherwise the narrowest reading that all of them allow; failing that, the first one said.
  const from = Math.max(...spans.map((s) => s.from ?? -Infinity));
  const before = Math.min(...spans.map((s) => s.before ?? Infinity));
  const narrowest = [...spans].sort(
    (a, b) => (a.before ?? Infinity) - (a.from ?? -Infinity) - ((b.before ?? Infinity) - (b.from ?? -Infinity)),
  )[0] as Span;
  if (from < before && narrowest.from === from && narrowest.before === before) return narrowest;
  return spans[0] as Span;
}

/**
 * The period a question names, or null when it names none. `pastTense` (the question asks about
 * the past: "did", "was") makes a bare weekday the one just gone instead of the coming one.
 */
export function parsePeriod(
  input: string | Token[],
  now: Date,
  timeZone: string,
  options: { pastTense?: boolean } = {},
): ParsedPeriod | null {
  const tokens = typeof input === 'string' ? tokenize(input) : input;
  const parser = new Parser(tokens, now, validZone(timeZone), options.pastTense ?? false);
  const spans: Span[] = [];
  const consumed = new Set<number>();
  const times: { how: string; hour: number; minute: number }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    let j = i;
    const lead = parser.w(i);
    // "after 5pm", "before 9:30 am", "at noon": a time of day, applied to the day at the end.
    const clock = TIME_WORDS.has(lead) ? parser.clockAt(i + 1) : null;
    if (clock) {
      times.push({ how: lead, hour: clock.hour, minute: clock.minute });
      for (let k = i; k < clock.end; k++) consumed.add(k);
      i = clock.end - 1;
      continue;
    }
    // "starting tomorrow" is left alone: "shifts starting tomorrow" means those that start then.
    const modifier = ['from', 'between', 'since', 'after', 'before', 'until', 'through', 'by'].includes(lead)
      ? lead
      : null;
    if (modifier) j += 1;
    let first = parser.spanAt(j);
    if (!first) continue;
    if (
      (modifier === 'since' || modifier === 'after') &&
      first.weekdayIndex !== undefined &&
      first.from! > parser.nowMs
    ) {
      // "since Monday" is the Monday just past.
      const day = addDays(localTime(first.from!, parser.tz), -7);
      first = { ...parser.oneDay(day, first.start, first.end), weekdayIndex: first.weekdayIndex };
    }
    let span = first;
    const link = parser.w(first.end);
    if ((modifier === null || modifier === 'from' || modifier === 'between') && RANGE_WORDS.has(link)) {
      if (link !== 'and' || modifier === 'between') {
        let second = parser.spanAt(first.end + 1);
        // "Nov 20 to 25": a bare day number takes the first date's month.
        const bare = parser.dayNumberAt(first.end + 1);
        if (!second && bare !== null && first.kind === 'day' && first.from !== undefined) {
          const d1 = localTime(first.from, parser.tz);
          if (isValidDay(d1.y, d1.m, bare))
            second = parser.oneDay({ y: d1.y, m: d1.m, d: bare }, first.end + 1, first.end + 2);
        }
        if (second && first.weekdayIndex !== undefined && second.weekdayIndex !== undefined) {
          // "from Monday to Friday": that stretch of this week, or of next week once it is over.
          let monday = startOfWeek(parser.today);
          const offset = (wd: number): number => (wd + 6) % 7;
          const [a, b] = [offset(first.weekdayIndex), offset(second.weekdayIndex)];
          if (daysBetween(parser.today, addDays(monday, b < a ? b + 7 : b)) < 0) monday = addDays(monday, 7);
          const range = parser.days(
            addDays(monday, a),
            addDays(monday, b < a ? b + 7 : b),
            '',
            first.start,
            second.end,
          );
          first = { ...range, start: first.start, end: first.end };
          second = { ...range, start: second.start, end: second.end };
        }
        if (second && first.from !== undefined && second.before !== undefined && second.before > first.from) {
          const fromDay = localTime(first.from, parser.tz);
          const lastDay = localTime(second.before - 1, parser.tz);
          const dayBased = first.kind !== 'window' && second.kind !== 'window';
          span = {
            from: first.from,
            before: second.before,
            label: dayBased
              ? `from ${parser.day(fromDay)} to ${parser.day(lastDay)}`
              : `from ${parser.at(first.from)} to ${parser.at(second.before)}`,
            start: first.start,
            end: second.end,
            kind: 'day',
          };
        }
      }
    } else if (modifier === 'since') {
      span = { ...first, before: parser.nowMs, label: `since ${labelDay(parser, first)}`, kind: 'open' };
    } else if (modifier === 'after' && first.before !== undefined) {
      span = {
        ...first,
        from: first.before,
        before: undefined,
        label: `after ${labelDay(parser, first, true)}`,
        kind: 'open',
      };
    } else if (modifier === 'before' && first.from !== undefined) {
      const from = first.from > parser.nowMs ? parser.nowMs : undefined;
      span = { ...first, from, before: first.from, label: `before ${labelDay(parser, first)}`, kind: 'open' };
    } else if ((modifier === 'until' || modifier === 'through' || modifier === 'by') && first.before !== undefined) {
      const from = first.before > parser.nowMs ? parser.nowMs : undefined;
      span = { ...first, from, label: `until ${labelDay(parser, first, true)}`, kind: 'open' };
    }
    const start = modifier && span !== first ? i : span.start;
    for (let k = start; k < span.end; k++) consumed.add(k);
    if (modifier && span === first && modifier !== 'from' && modifier !== 'between') consumed.delete(i);
    if (modifier === 'from' || modifier === 'between') consumed.add(i);
    if (LEADING.has(parser.w(start - 1)) && !consumed.has(start - 1)) consumed.add(start - 1);
    spans.push({ ...span, start });
    i = span.end - 1;
  }
  const chosen = withTimes(parser, combine(parser, spans), times);
  if (!chosen) return null;
  const period: Period = {};
  if (chosen.from !== undefined) period.from = new Date(chosen.from).toISOString();
  if (chosen.before !== undefined) period.before = new Date(chosen.before).toISOString();
  const result: ParsedPeriod = { period, label: chosen.label, consumed: [...consumed].sort((a, b) => a - b) };
  if (chosen.windowHours !== undefined && spans.length === 1) result.windowHours = chosen.windowHours;
  return result;
}

const TIME_WORDS = new Set(['after', 'before', 'from', 'until', 'at', 'by', 'since']);

/** "today after 5pm", "tomorrow before noon", "at 3pm": narrows one day (today when none is named). */
function withTimes(
  parser: Parser,
  span: Span | null,
  times: { how: string; hour: number; minute: number }[],
): Span | null {
  if (times.length === 0) return span;
  const oneDay = span && span.kind === 'day' && span.from !== undefined && span.before !== undefined;
  if (span && !oneDay) return span;
  const day = span?.from !== undefined ? localTime(span.from, parser.tz) : parser.today;
  const base = span?.label ?? `today (${parser.day(day)})`;
  let from = span?.from ?? startOfDay(parser.tz, day);
  let before = span?.before ?? startOfDay(parser.tz, addDays(day, 1));
  const words: string[] = [];
  for (const t of times) {
    const at = zonedInstant(parser.tz, day, t.hour, t.minute);
    const clock = clockLabel(t.hour, t.minute);
    if (t.how === 'at') {
      from = at;
      before = at + 3600_000;
      words.push(`at ${clock}`);
    } else if (t.how === 'before' || t.how === 'until' || t.how === 'by') {
      before = at;
      words.push(`before ${clock}`);
    } else {
      from = at;
      words.push(`after ${clock}`);
    }
  }
  return {
    from,
    before,
    label: `${base} ${words.join(' and ')}`,
    start: span?.start ?? 0,
    end: span?.end ?? 0,
    kind: 'day',
  };
}

/** "Mon Nov 16" for a day-based span, its own label otherwise. */
function labelDay(parser: Parser, span: Span, last = false): string {
  if (span.kind === 'window' || span.from === undefined) return span.label;
  const at = last && span.before !== undefined ? span.before - 1 : span.from;
  return parser.day(localTime(at, parser.tz));
}

/** True when the whole period lies before `now`. */
export function isPast(period: Period, now: Date): boolean {
  return period.before !== undefined && Date.parse(period.before) <= now.getTime();
}

/** True when the period starts at or after `now`. */
export function isFuture(period: Period, now: Date): boolean {
  return period.from !== undefined && Date.parse(period.from) >= now.getTime() - 60_000;
}

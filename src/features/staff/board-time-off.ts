/**
 * Who is off in the days the Shift Details board looks ahead to: the agency's current employees'
 * time off that meets the next 7 days, as public.time_off_between answers it (the database decides
 * which periods and which repeat of a weekly one meet the days; 20261130110000_board_attention.sql).
 * This groups the answer per worker for the board's strip.
 */
import { formatInstant } from '@shared/i18n/format.ts';
import type { Locale } from '@shared/i18n/locale.ts';
import type { Translate } from '@shared/i18n/use-t.ts';
import type { TimeOffPeriod } from '@shared/lib/time-off.ts';
import type { DashboardKey } from '../../i18n/catalogues.ts';

/** How far ahead the board looks for time off. */
export const BOARD_TIME_OFF_DAYS = 7;
const DAY_MS = 24 * 3_600_000;

export interface BoardTimeOffPeriod extends TimeOffPeriod {
  staff_id: string;
  first_name: string;
  last_name: string;
  /** The repeat that meets the days looked at (a one-off period: itself). */
  next_starts_at: string;
  next_ends_at: string;
}

export interface WorkerTimeOff {
  staffId: string;
  name: string;
  /** Soonest first. */
  periods: BoardTimeOffPeriod[];
  /** One of the periods (or its repeat) is under way at `now`. */
  isOffNow: boolean;
}

/** The instants the board asks about: from now, 7 days. */
export function boardTimeOffWindow(now: number): { from: string; to: string } {
  return { from: new Date(now).toISOString(), to: new Date(now + BOARD_TIME_OFF_DAYS * DAY_MS).toISOString() };
}

/** A worker's name as the board shows it; an empty one reads as such rather than as nothing. */
export function workerName(
  period: Pick<BoardTimeOffPeriod, 'first_name' | 'last_name'>,
  t: Translate<DashboardKey>,
): string {
  return `${period.first_name} ${period.last_name}`.trim() || t('worker.timeOff.board.unnamed');
}

/** One entry per worker, the worker whose time off comes first first; periods soonest first. */
export function timeOffByWorker(
  periods: readonly BoardTimeOffPeriod[],
  now: number,
  t: Translate<DashboardKey>,
): WorkerTimeOff[] {
  const sorted = [...periods].sort(
    (a, b) => Date.parse(a.next_starts_at) - Date.parse(b.next_starts_at) || (a.id < b.id ? -1 : 1),
  );
  const byWorker = new Map<string, WorkerTimeOff>();
  for (const period of sorted) {
    let entry = byWorker.get(period.staff_id);
    if (!entry) {
      entry = { staffId: period.staff_id, name: workerName(period, t), periods: [], isOffNow: false };
      byWorker.set(period.staff_id, entry);
    }
    entry.periods.push(period);
    if (Date.parse(period.next_starts_at) <= now && Date.parse(period.next_ends_at) > now) entry.isOffNow = true;
  }
  return [...byWorker.values()];
}

/**
 * One period as the board shows it, in the company's zone like the shifts and in the person's
 * language: the repeat that meets the days looked at, from–to, and for a weekly period that it
 * repeats ('Fri, Nov 27, 9:00 AM – 5:00 PM, weekly until Mar 31, 2027'; 'ven. 27 nov., 9 h 00 –
 * 17 h 00, chaque semaine jusqu’au 31 mars 2027'). repeat_until is the first instant it no longer repeats.
 */
export function describeBoardPeriod(
  period: BoardTimeOffPeriod,
  timeZone: string,
  t: Translate<DashboardKey>,
  locale: Locale,
): string {
  const format = (instant: string, style: 'date' | 'dayTime' | 'time') =>
    formatInstant(instant, { locale, timeZone, style }) ?? '';
  const sameDay = format(period.next_starts_at, 'date') === format(period.next_ends_at, 'date');
  const range = `${format(period.next_starts_at, 'dayTime')} – ${format(period.next_ends_at, sameDay ? 'time' : 'dayTime')}`;
  if (!period.repeats_weekly) return range;
  if (!period.repeat_until) return t('worker.timeOff.board.weekly', { range });
  const lastDay = new Date(Date.parse(period.repeat_until) - 1).toISOString();
  return t('worker.timeOff.board.weeklyUntil', { range, date: format(lastDay, 'date') });
}

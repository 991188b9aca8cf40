import { formatNumber } from '@shared/i18n/format.ts';
import type { Locale } from '@shared/i18n/locale.ts';
import type { Translate } from '@shared/i18n/use-t.ts';
import type { DashboardKey } from '../../i18n/catalogues.ts';

/**
 * A worker's reliability at the agency, as public.staff_reliability gives it
 * (20261129160100_worker_reliability.sql): counts at this agency only, and a 0..1 score in which a
 * completed shift counts 1 (0.5 if the clock-in was late), a no-show or a cancellation within 24 h
 * of the start 0, and every worker starts at 0.8 (two imaginary shifts) until their record says more.
 * How it is explained to the agency: 'worker.reliability.explained'.
 */
export interface StaffReliability {
  staff_id: string;
  accepted: number;
  completed: number;
  late: number;
  no_shows: number;
  late_cancellations: number;
  score: number;
}

/** Shifts whose outcome is known: what the score is made of. */
export function settledShifts(r: Pick<StaffReliability, 'completed' | 'no_shows' | 'late_cancellations'>): number {
  return r.completed + r.no_shows + r.late_cancellations;
}

/**
 * '92%' ('92 %' in French), or 'No record yet' while no shift of theirs has an outcome (the score
 * is only the 80% start); '-' while unknown.
 */
export function reliabilityLabel(r: StaffReliability | undefined, t: Translate<DashboardKey>, locale: Locale): string {
  if (!r) return '-';
  if (settledShifts(r) === 0) return t('worker.reliability.noRecord');
  return formatNumber(Math.round(r.score * 100) / 100, locale, { style: 'percent' });
}

/** '6 accepted · 3 completed · 1 late · 1 no-show · 1 cancelled within 24 h', for a phone card. */
export function reliabilitySummary(r: StaffReliability, t: Translate<DashboardKey>): string {
  return t('worker.reliability.summary', {
    accepted: r.accepted,
    completed: r.completed,
    late: r.late,
    noShows: r.no_shows,
    lateCancellations: r.late_cancellations,
  });
}

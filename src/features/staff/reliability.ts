/**
 * A worker's reliability at the agency, as public.staff_reliability gives it
 * (20261129160100_worker_reliability.sql): counts at this agency only, and a 0..1 score in which a
 * completed shift counts 1 (0.5 if the clock-in was late), a no-show or a cancellation within 24 h
 * of the start 0, and every worker starts at 0.8 (two imaginary shifts) until their record says more.
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

/** '92%', or 'No record yet' while no shift of theirs has an outcome (the score is only the 80% start). */
export function reliabilityLabel(r: StaffReliability | undefined): string {
  if (!r) return '-';
  if (settledShifts(r) === 0) return 'No record yet';
  return `${Math.round(r.score * 100)}%`;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** '6 accepted · 3 completed · 1 late · 1 no-show · 1 cancelled within 24 h', for a phone card. */
export function reliabilitySummary(r: StaffReliability): string {
  return [
    `${r.accepted} accepted`,
    `${r.completed} completed`,
    `${r.late} late`,
    count(r.no_shows, 'no-show', 'no-shows'),
    `${r.late_cancellations} cancelled within 24 h`,
  ].join(' · ');
}

export const RELIABILITY_EXPLAINED =
  'Completed shifts count fully, late ones half; no-shows and cancellations within 24 h of the start count ' +
  'against. Everyone starts at 80% until their shifts say more. Counted at your agency only.';

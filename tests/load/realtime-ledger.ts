/**
 * Realtime bookkeeping for the soak: every postgres_changes event a subscriber receives, and the
 * comparison with what the database says each subscriber was owed.
 *
 * A shift changes only through single-column steps, each its own transaction: posted (INSERT),
 * accepted, clocked in, clocked out (one UPDATE each). So an event is identified by
 * (shift id, step), where the step is read from the row the event carries: an UPDATE whose row is
 * Assigned can only be the acceptance, In-progress the clock-in, Completed the clock-out. The
 * database's final rows then give, per subscriber, the exact set of events it must have received:
 * - the company (subscribed with the dashboard's `company_id=eq.` filter): every step of each of
 *   its shifts;
 * - a worker (subscribed as the staff app is, to its agencies' shifts, then RLS decides): the
 *   posting of each shift of its employer, and the steps of the shifts it accepted itself (once
 *   someone else accepts a shift, the row is no longer visible to the worker, so that UPDATE must
 *   not reach it).
 * Anything received twice is a duplicate, anything owed and not received is lost, anything received
 * and not owed leaked past RLS or the filter.
 */

export type Step = 'posted' | 'accepted' | 'clocked_in' | 'clocked_out';

export interface ShiftRowLike {
  id: string;
  company_id: string;
  accepted_by: string | null;
  accepted_at: string | null;
  clocked_in_at: string | null;
  clocked_out_at: string | null;
}

export interface Subscriber {
  /** A label for reports, e.g. `company 3` or `worker 3.1`. */
  label: string;
  kind: 'company' | 'worker';
  userId: string;
  companyId: string;
}

export interface ReceivedEvent {
  shiftId: string;
  companyId: string;
  /** null for an event that is none of the four steps (a DELETE, or a row in an impossible state). */
  step: Step | null;
  eventType: string;
  /** Commit to callback, from the event's commit_timestamp. */
  latencyMs: number;
}

export interface LedgerReport {
  subscribers: number;
  expected: number;
  received: number;
  lost: string[];
  duplicated: string[];
  unexpected: string[];
}

/** The step an event stands for, from its type and the row it carries. */
export function stepOf(eventType: string, row: Partial<ShiftRowLike> | undefined): Step | null {
  if (!row) return null;
  if (eventType === 'INSERT') return row.accepted_at == null ? 'posted' : null;
  if (eventType !== 'UPDATE') return null;
  if (row.accepted_at == null) return null;
  if (row.clocked_in_at == null) return 'accepted';
  if (row.clocked_out_at == null) return 'clocked_in';
  return 'clocked_out';
}

/** The steps a shift has gone through, from its final row. */
export function stepsOf(shift: ShiftRowLike): Step[] {
  const steps: Step[] = ['posted'];
  if (shift.accepted_at) steps.push('accepted');
  if (shift.clocked_in_at) steps.push('clocked_in');
  if (shift.clocked_out_at) steps.push('clocked_out');
  return steps;
}

/** `shiftId:step` keys the subscriber must receive, given every shift the soak created. */
export function owedTo(subscriber: Subscriber, shifts: ShiftRowLike[]): Set<string> {
  const owed = new Set<string>();
  for (const shift of shifts) {
    if (shift.company_id !== subscriber.companyId) continue;
    if (subscriber.kind === 'company' || shift.accepted_by === subscriber.userId) {
      for (const step of stepsOf(shift)) owed.add(`${shift.id}:${step}`);
    } else {
      owed.add(`${shift.id}:posted`);
    }
  }
  return owed;
}

/** Compares what each subscriber received with what it was owed; lists are `label: shift:step`. */
export function compareLedger(
  subscribers: Subscriber[],
  received: Map<string, ReceivedEvent[]>,
  shifts: ShiftRowLike[],
): LedgerReport {
  const report: LedgerReport = {
    subscribers: subscribers.length,
    expected: 0,
    received: 0,
    lost: [],
    duplicated: [],
    unexpected: [],
  };
  for (const subscriber of subscribers) {
    const owed = owedTo(subscriber, shifts);
    const events = received.get(subscriber.label) ?? [];
    report.expected += owed.size;
    report.received += events.length;
    const seen = new Map<string, number>();
    for (const event of events) {
      const key = `${event.shiftId}:${event.step ?? event.eventType}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    for (const [key, count] of seen) {
      if (!owed.has(key)) report.unexpected.push(`${subscriber.label}: ${key}`);
      else if (count > 1) report.duplicated.push(`${subscriber.label}: ${key} ×${count}`);
    }
    for (const key of owed) if (!seen.has(key)) report.lost.push(`${subscriber.label}: ${key}`);
  }
  return report;
}

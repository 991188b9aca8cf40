/**
 * The state the soak leaves behind, read as the superuser and checked against the product's rules:
 * each shift in a valid state (SPEC §4's derivation, accepted_by set iff accepted_at, clock-out
 * after clock-in, time done iff clocked out, accepted by one of the company's own staff), each
 * worker's on_shift flag equal to "has a shift in progress", free agencies never past 10 shifts
 * (and exactly at 10 once refused), one notification per worker the post's waves reached (the
 * database chooses them by the eligibility rules: a worker already holding an overlapping shift is
 * not offered another), none to anyone the company does not employ, and one history entry per step
 * of SPEC's life of each shift.
 */
import type pg from 'pg';
import { stepsOf, type ShiftRowLike } from './realtime-ledger.ts';
import type { SoakAccounts } from './soak-accounts.ts';

export interface ShiftRow extends ShiftRowLike {
  status: string;
  time_done: string | null;
  notifications: number;
  /** Workers the post's waves reached (shift_wave_recipients). */
  recipients: number;
  /** Post notifications of the shift to workers the company does not employ. */
  strangers_notified: number;
  history: string[];
}

/** SPEC's steps; dispatch's own (waves, unfilled, late alerts, no-shows) are checked elsewhere. */
const LIFE_STEPS = new Set(['posted', 'accepted', 'clocked_in', 'clocked_out', 'deleted']);

export interface ConsistencyReport {
  shifts: ShiftRow[];
  problems: string[];
}

export const FREE_SHIFT_LIMIT = 10;

/** The in-app notifications of a post's waves (20261129110000_dispatch_waves.sql). */
const POST_MESSAGES = [
  'Your employer just posted a new shift. View in home page',
  'Your employer still needs someone for a shift. View in home page',
];

export function derivedStatus(shift: ShiftRowLike): string {
  if (!shift.accepted_at) return 'Pending';
  if (!shift.clocked_in_at) return 'Assigned';
  if (!shift.clocked_out_at) return 'In-progress';
  return 'Completed';
}

/** What is wrong with one shift row (empty when nothing), given the company's staff. */
export function shiftProblems(shift: ShiftRow, staffIds: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const at = (t: string | null): number => (t ? Date.parse(t) : Number.NaN);
  if ((shift.accepted_by === null) !== (shift.accepted_at === null))
    problems.push('accepted_by set without accepted_at');
  if (shift.clocked_in_at && !shift.accepted_at) problems.push('clocked in but never accepted');
  if (shift.clocked_out_at && !shift.clocked_in_at) problems.push('clocked out but never clocked in');
  if ((shift.time_done === null) !== (shift.clocked_out_at === null)) problems.push('time done and clock-out disagree');
  if (shift.status !== derivedStatus(shift)) problems.push(`status ${shift.status}, rules say ${derivedStatus(shift)}`);
  if (shift.accepted_by && !staffIds.has(shift.accepted_by))
    problems.push('accepted by someone the company does not employ');
  if (at(shift.clocked_in_at) < at(shift.accepted_at)) problems.push('clocked in before it was accepted');
  if (at(shift.clocked_out_at) < at(shift.clocked_in_at)) problems.push('clocked out before clocking in');
  if (shift.notifications !== shift.recipients) {
    problems.push(`${shift.notifications} notifications for ${shift.recipients} workers the post reached`);
  }
  if (shift.recipients > staffIds.size) problems.push(`${shift.recipients} reached of ${staffIds.size} employed staff`);
  if (shift.strangers_notified > 0) problems.push(`${shift.strangers_notified} notified who are not employed`);
  const history = shift.history
    .filter((step) => LIFE_STEPS.has(step))
    .sort()
    .join(',');
  const steps = stepsOf(shift).sort().join(',');
  if (history !== steps) problems.push(`history [${history}] for steps [${steps}]`);
  return problems;
}

export async function checkConsistency(
  db: pg.Client,
  accounts: SoakAccounts,
  freeShiftsUsedAtStart: number,
  planRefusals: ReadonlyMap<number, number>,
): Promise<ConsistencyReport> {
  const companyIds = accounts.companies.map((c) => c.id);
  const { rows: shifts } = await db.query<ShiftRow>(
    `select s.id, s.company_id, s.accepted_by, s.accepted_at::text, s.clocked_in_at::text, s.clocked_out_at::text,
            s.time_done, s.status,
            (select count(*)::int from public.notifications n where n.shift_id = s.id and n.message = any($2::text[]))
              as notifications,
            (select count(*)::int from public.shift_wave_recipients r where r.shift_id = s.id) as recipients,
            (select count(*)::int from public.notifications n
              where n.shift_id = s.id and n.message = any($2::text[])
                and not exists (select 1 from public.employments e
                                where e.company_id = s.company_id and e.staff_id = n.staff_id)) as strangers_notified,
            -- By company too: that is how shift_events is indexed (company, shift, time).
            coalesce((select array_agg(e.event::text) from public.shift_events e
                       where e.company_id = s.company_id and e.shift_id = s.id),
                     '{}') as history
       from public.shifts_with_status s
      where s.company_id = any($1::uuid[])`,
    [companyIds, POST_MESSAGES],
  );
  const problems: string[] = [];
  const byCompany = new Map(accounts.companies.map((c) => [c.id, c]));
  for (const shift of shifts) {
    const company = byCompany.get(shift.company_id);
    if (!company) continue;
    for (const problem of shiftProblems(shift, new Set(company.staffIds))) {
      problems.push(`shift ${shift.id} of company ${company.index}: ${problem}`);
    }
  }

  const { rows: staff } = await db.query<{ id: string; email: string; on_shift: boolean; in_progress: number }>(
    `select st.id, st.email, st.on_shift,
            (select count(*)::int from public.shifts s
              where s.accepted_by = st.id and s.clocked_in_at is not null and s.clocked_out_at is null) as in_progress
       from public.staff st where st.id = any($1::uuid[])`,
    [accounts.workers.map((w) => w.id)],
  );
  for (const worker of staff) {
    if (worker.on_shift !== worker.in_progress > 0) {
      problems.push(`${worker.email}: on_shift is ${worker.on_shift} with ${worker.in_progress} shifts in progress`);
    }
  }

  const { rows: plans } = await db.query<{ id: string; premium: boolean; free_shifts_used: number }>(
    'select id, premium, free_shifts_used from public.companies where id = any($1::uuid[])',
    [companyIds],
  );
  const posted = new Map<string, number>();
  for (const shift of shifts) posted.set(shift.company_id, (posted.get(shift.company_id) ?? 0) + 1);
  for (const plan of plans) {
    const company = byCompany.get(plan.id);
    if (!company || plan.premium) continue;
    const count = posted.get(plan.id) ?? 0;
    const label = `free company ${company.index}`;
    if (plan.free_shifts_used > FREE_SHIFT_LIMIT) problems.push(`${label}: ${plan.free_shifts_used} free shifts used`);
    if (plan.free_shifts_used !== freeShiftsUsedAtStart + count) {
      problems.push(`${label}: counter ${plan.free_shifts_used}, but ${freeShiftsUsedAtStart} + ${count} posted`);
    }
    if ((planRefusals.get(company.index) ?? 0) > 0 && plan.free_shifts_used !== FREE_SHIFT_LIMIT) {
      problems.push(`${label}: refused at ${plan.free_shifts_used} of ${FREE_SHIFT_LIMIT} shifts`);
    }
  }
  return { shifts, problems };
}

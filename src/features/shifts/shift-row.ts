/**
 * The rows the shift tables hold and how Realtime changes are applied to them: in place, by id,
 * so an update re-renders one row and nothing else moves.
 */
import type { Tables } from '@shared/types/database.types.ts';
import { deriveShiftStatus, toShiftStatus, type ShiftStatus } from './shift-status.ts';

export const SHIFT_COLUMNS =
  'id, company_id, created_at, staff_type, skill, street_number, street_name, city, province, country, postal_code, ' +
  'starts_at, ends_at, accepted_by, accepted_at, clocked_in_at, clocked_out_at, time_done, time_done_minutes, unfilled_at, late_alerted_at, waves_exhausted_at';

type ShiftColumns = Pick<
  Tables<'shifts'>,
  | 'id'
  | 'company_id'
  | 'created_at'
  | 'staff_type'
  | 'skill'
  | 'street_number'
  | 'street_name'
  | 'city'
  | 'province'
  | 'country'
  | 'postal_code'
  | 'starts_at'
  | 'ends_at'
  | 'accepted_by'
  | 'accepted_at'
  | 'clocked_in_at'
  | 'clocked_out_at'
  | 'time_done'
  | 'time_done_minutes'
  | 'unfilled_at'
  | 'late_alerted_at'
  | 'waves_exhausted_at'
>;

export interface ShiftRow extends ShiftColumns {
  status: ShiftStatus;
}

/** A row of shifts_with_status (status from the database) or of the shifts table (status derived). */
export function toShiftRow(
  record: Omit<ShiftColumns, 'late_alerted_at' | 'waves_exhausted_at'> & {
    late_alerted_at?: string | null;
    waves_exhausted_at?: string | null;
    status?: string | null;
  },
): ShiftRow {
  return {
    id: record.id,
    company_id: record.company_id,
    created_at: record.created_at,
    staff_type: record.staff_type,
    skill: record.skill,
    street_number: record.street_number,
    street_name: record.street_name,
    city: record.city,
    province: record.province,
    country: record.country,
    postal_code: record.postal_code,
    starts_at: record.starts_at,
    ends_at: record.ends_at,
    accepted_by: record.accepted_by,
    accepted_at: record.accepted_at,
    clocked_in_at: record.clocked_in_at,
    clocked_out_at: record.clocked_out_at,
    time_done: record.time_done,
    time_done_minutes: record.time_done_minutes,
    // Rows written before the flag existed (an offline copy, say) have none.
    unfilled_at: record.unfilled_at ?? null,
    // Optional on the way in: rows built by hand (tests, a clocked-out RPC answer typed without it).
    late_alerted_at: record.late_alerted_at ?? null,
    waves_exhausted_at: record.waves_exhausted_at ?? null,
    status:
      'status' in record && record.status !== undefined ? toShiftStatus(record.status) : deriveShiftStatus(record),
  };
}

export type ShiftChange = { type: 'upsert'; row: ShiftRow } | { type: 'delete'; id: string };

/** Newest first (SPEC §9), ties by id so the order never flickers between fetches. */
export function compareNewestFirst(a: ShiftRow, b: ShiftRow): number {
  // Compared as instants: PostgREST and Realtime spell timestamps differently.
  const at = Date.parse(a.created_at);
  const bt = Date.parse(b.created_at);
  if (at !== bt) return at < bt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * Applies one change and returns a new array only when something changed. An update keeps the
 * row's place; an insert goes where newest-first puts it; a delete of an unknown id is a no-op.
 */
export function applyShiftChange(rows: ShiftRow[], change: ShiftChange): ShiftRow[] {
  if (change.type === 'delete') {
    const index = rows.findIndex((r) => r.id === change.id);
    return index < 0 ? rows : [...rows.slice(0, index), ...rows.slice(index + 1)];
  }
  const { row } = change;
  const index = rows.findIndex((r) => r.id === row.id);
  if (index >= 0) {
    const next = rows.slice();
    next[index] = row;
    return next;
  }
  let at = 0;
  while (at < rows.length && compareNewestFirst(rows[at] as ShiftRow, row) < 0) at += 1;
  return [...rows.slice(0, at), row, ...rows.slice(at)];
}

/** A fetched snapshot with the changes that arrived while it was loading applied on top. */
export function mergeSnapshot(snapshot: ShiftRow[], changesDuringFetch: ShiftChange[]): ShiftRow[] {
  return changesDuringFetch.reduce(applyShiftChange, snapshot);
}

function sameRow(a: ShiftRow, b: ShiftRow): boolean {
  for (const key of Object.keys(b) as (keyof ShiftRow)[]) if (a[key] !== b[key]) return false;
  return true;
}

/** `next`, reusing the objects of `previous` for unchanged rows so a refetch re-renders nothing that did not change. */
export function reconcileRows(previous: ShiftRow[], next: ShiftRow[]): ShiftRow[] {
  if (previous.length === 0) return next;
  const byId = new Map(previous.map((r) => [r.id, r]));
  let isSame = previous.length === next.length;
  const out = next.map((row, i) => {
    const old = byId.get(row.id);
    const kept = old && sameRow(old, row) ? old : row;
    if (kept !== previous[i]) isSame = false;
    return kept;
  });
  return isSame ? previous : out;
}

import { loadSupabase } from '@shared/lib/supabase.ts';
import { SHIFT_COLUMNS, toShiftRow, type ShiftRow } from '../shift-row.ts';

/** PostgREST answers at most this many rows per request (supabase/config.toml max_rows). */
const PAGE = 1000;

export interface ListShiftsOptions {
  /** Only the shifts this worker accepted (View Staff Shift). */
  acceptedBy?: string;
}

/**
 * Every shift of the company with its status from shifts_with_status, newest first (SPEC §9).
 * The first request also counts the rows; the rest are fetched in parallel, so 5,000 shifts take
 * two round trips.
 */
export async function listShifts(companyId: string, options: ListShiftsOptions = {}): Promise<ShiftRow[]> {
  const supabase = await loadSupabase();
  const query = (from: number, withCount: boolean) => {
    let q = supabase
      .from('shifts_with_status')
      .select(`${SHIFT_COLUMNS}, status`, withCount ? { count: 'exact' } : undefined)
      .eq('company_id', companyId);
    if (options.acceptedBy) q = q.eq('accepted_by', options.acceptedBy);
    return q
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .range(from, from + PAGE - 1);
  };
  const first = await query(0, true);
  if (first.error) throw first.error;
  const rows = [...(first.data ?? [])];
  const total = first.count ?? rows.length;
  const rest = [];
  for (let from = PAGE; from < total; from += PAGE) rest.push(query(from, false));
  for (const page of await Promise.all(rest)) {
    if (page.error) throw page.error;
    rows.push(...(page.data ?? []));
  }
  // Rows posted between the requests can appear twice at a page boundary; Realtime brings the rest.
  const seen = new Set<string>();
  return rows.flatMap((r) => {
    const row = r as unknown as Parameters<typeof toShiftRow>[0];
    if (seen.has(row.id)) return [];
    seen.add(row.id);
    return [toShiftRow(row)];
  });
}

// Reads what the assistant may answer from, with the caller's own JWT so row-level security bounds
// it exactly as on the dashboard: the company's own row, the staff it employs (with the
// employment's added_at, removed again by redaction) and its shifts with their status (SPEC §4).
import { HttpError } from '../_shared/http.ts';
import type { SupabaseClient } from '../_shared/supabase.ts';
import { redact } from './privacy.ts';
import type { AgencyData, CompanyRecord, ShiftRecord, StaffRecord } from './types.ts';

/** PostgREST's max_rows in config.toml: larger lists are read page by page. */
const PAGE_SIZE = 1000;

/** What was read, before redaction (staff rows still hold push_token and added_at). */
export interface LoadedData {
  company: Record<string, unknown>;
  staff: Record<string, unknown>[];
  shifts: Record<string, unknown>[];
}

function readFailed(what: string, error: unknown): never {
  console.error(`Reading ${what} failed`, error);
  throw new HttpError(502, 'upstream_error', `Your ${what} could not be read. Please try again.`);
}

type Page = { data: unknown[] | null; error: unknown };
type Count = { count: number | null; error: unknown };

/**
 * Every row of a list. The row count (a cheap head request) and the first page are asked at once;
 * the other pages follow together as soon as the count is known.
 */
async function readAll(
  what: string,
  count: () => PromiseLike<Count>,
  page: (from: number, to: number) => PromiseLike<Page>,
): Promise<unknown[]> {
  const firstPage = Promise.resolve(page(0, PAGE_SIZE - 1));
  const counted = await count();
  if (counted.error) readFailed(what, counted.error);
  const total = counted.count ?? 0;
  const pages: Promise<Page>[] = [firstPage];
  for (let from = PAGE_SIZE; from < total; from += PAGE_SIZE) {
    pages.push(Promise.resolve(page(from, from + PAGE_SIZE - 1)));
  }
  const rows: unknown[] = [];
  for (const result of await Promise.all(pages)) {
    if (result.error) readFailed(what, result.error);
    rows.push(...(result.data ?? []));
  }
  return rows;
}

/** The shift columns an answer can use (not the owner id or the coordinates). */
const SHIFT_COLUMNS =
  'id, staff_type, skill, street_number, street_name, city, province, country, postal_code, notes, starts_at, ' +
  'ends_at, created_at, accepted_by, accepted_at, clocked_in_at, clocked_out_at, time_done';

/**
 * SPEC §4's status rule, as public.shift_status states it. Derived here rather than read from the
 * shifts_with_status view: the view calls that function once per row (it is not inlined because it
 * pins search_path), which is most of the database time for a company with thousands of shifts.
 */
export function shiftStatus(shift: {
  accepted_at?: unknown;
  clocked_in_at?: unknown;
  clocked_out_at?: unknown;
}): ShiftRecord['status'] {
  if (shift.accepted_at == null) return 'Pending';
  if (shift.clocked_in_at == null) return 'Assigned';
  if (shift.clocked_out_at == null) return 'In-progress';
  return 'Completed';
}

function withStatus(row: Record<string, unknown>): Record<string, unknown> {
  const minutes = (Date.parse(String(row.ends_at)) - Date.parse(String(row.starts_at))) / 60_000;
  return { ...row, status: shiftStatus(row), duration_minutes: Number.isFinite(minutes) ? Math.round(minutes) : null };
}

export async function loadAgencyData(client: SupabaseClient, companyId: string): Promise<LoadedData> {
  const companyRead = client.from('companies').select('*').eq('id', companyId).maybeSingle();
  const staffRead = readAll(
    'staff list',
    () => client.from('employments').select('staff_id', { count: 'exact', head: true }).eq('company_id', companyId),
    (from, to) =>
      client
        .from('employments')
        .select('added_at, staff(*)')
        .eq('company_id', companyId)
        .order('staff_id')
        .range(from, to),
  );
  const shiftsRead = readAll(
    'shifts',
    () => client.from('shifts').select('id', { count: 'exact', head: true }).eq('company_id', companyId),
    (from, to) =>
      client
        .from('shifts')
        .select(SHIFT_COLUMNS)
        .eq('company_id', companyId)
        .order('created_at', { ascending: false })
        .order('id')
        .range(from, to),
  );
  const [company, staffRows, shifts] = await Promise.all([companyRead, staffRead, shiftsRead]);
  if (company.error) readFailed('company profile', company.error);
  if (!company.data) throw new HttpError(403, 'forbidden', 'Only company accounts can use the assistant.');

  const staff = (staffRows as { added_at?: unknown; staff?: Record<string, unknown> | null }[])
    .filter((row) => row.staff)
    .map((row) => ({ ...row.staff, added_at: row.added_at }));
  return {
    company: company.data as Record<string, unknown>,
    staff,
    shifts: (shifts as Record<string, unknown>[]).map(withStatus),
  };
}

/** The data with push tokens, employment times and payment ids removed at any depth. */
export function redactAgencyData(loaded: LoadedData): AgencyData {
  return {
    company: redact(loaded.company) as CompanyRecord,
    staff: redact(loaded.staff) as StaffRecord[],
    shifts: redact(loaded.shifts) as ShiftRecord[],
  };
}

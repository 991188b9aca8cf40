// One row shape for shifts, whether PostgREST lists them or an assistant_* function returns them
// (public.assistant_shift_json builds the same object), and its conversion to what tools return.
import { ToolArgumentError, ToolReadError } from './errors.ts';
import type { ShiftStatus, ShiftSummary, StaffRef, StaffSummary } from './types.ts';

/** The shift columns a tool may show (never the owner id or the coordinates) and the accepting staff
 *  member's name, which RLS leaves null for someone the company no longer employs. */
export const SHIFT_SELECT =
  'id, staff_type, skill, street_number, street_name, city, province, postal_code, country, notes, starts_at, ' +
  'ends_at, created_at, accepted_by, accepted_at, clocked_in_at, clocked_out_at, ' +
  'staff:staff!shifts_accepted_by_fkey(id, first_name, last_name)';

export interface ShiftRow {
  id: string;
  staff_type: string;
  skill: string;
  street_number: string;
  street_name: string;
  city: string;
  province: string;
  postal_code: string;
  country?: string;
  notes: string | null;
  starts_at: string;
  ends_at: string;
  created_at: string;
  accepted_by: string | null;
  accepted_at: string | null;
  clocked_in_at: string | null;
  clocked_out_at: string | null;
  staff: { id: string; first_name: string; last_name: string } | null;
}

export interface StaffRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  on_shift: boolean | null;
}

/** The employed staff's columns a tool may show: never the push token or the employment time. */
export const STAFF_SELECT = 'id, first_name, last_name, email, phone, on_shift';

export const FORMER_STAFF = 'Former staff member';

/** SPEC §4's status rule (public.shift_status). */
export function shiftStatus(row: Pick<ShiftRow, 'accepted_at' | 'clocked_in_at' | 'clocked_out_at'>): ShiftStatus {
  if (row.accepted_at == null) return 'Pending';
  if (row.clocked_in_at == null) return 'Assigned';
  if (row.clocked_out_at == null) return 'In-progress';
  return 'Completed';
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** "Wed, Nov 18, 2026, 9:00 AM" in the agency's zone, the same in Node and Deno. */
export function formatLocal(iso: string, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  // Newer ICU versions put a narrow no-break space before AM/PM; replies and tests want a plain one.
  return format.format(new Date(iso)).replace(/[\u202f\u00a0\u2009]/g, ' ');
}

const iso = (value: string): string => new Date(value).toISOString();
const isoOrNull = (value: string | null): string | null => (value == null ? null : iso(value));

export function personName(first: string, last: string): string {
  return `${first} ${last}`.trim();
}

export function shiftSummary(row: ShiftRow, timeZone: string): ShiftSummary {
  const starts = Date.parse(row.starts_at);
  const ends = Date.parse(row.ends_at);
  let acceptedBy: StaffRef | null = null;
  if (row.accepted_by) {
    const name = row.staff ? personName(row.staff.first_name, row.staff.last_name) : '';
    acceptedBy = { id: row.accepted_by, name: name || FORMER_STAFF };
  }
  const completed = row.clocked_in_at != null && row.clocked_out_at != null;
  return {
    id: row.id,
    short_id: row.id.slice(0, 8),
    status: shiftStatus(row),
    staff_type: row.staff_type,
    skill: row.skill,
    address: `${row.street_number} ${row.street_name}, ${row.city}, ${row.province} ${row.postal_code}`,
    city: row.city,
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    starts_local: formatLocal(row.starts_at, timeZone),
    duration_minutes: Math.round((ends - starts) / 60_000),
    created_at: iso(row.created_at),
    notes: row.notes ?? null,
    accepted_by: acceptedBy,
    accepted_at: isoOrNull(row.accepted_at),
    clocked_in_at: isoOrNull(row.clocked_in_at),
    clocked_out_at: isoOrNull(row.clocked_out_at),
    hours_done: completed
      ? roundTo((Date.parse(row.clocked_out_at as string) - Date.parse(row.clocked_in_at as string)) / 3_600_000, 2)
      : null,
  };
}

export function staffSummary(row: StaffRow): StaffSummary {
  return {
    id: row.id,
    name: personName(row.first_name, row.last_name),
    first_name: row.first_name,
    last_name: row.last_name,
    phone: row.phone ?? null,
    email: row.email ?? null,
    on_shift: row.on_shift === true,
  };
}

export function roundTo(value: number, places: number): number {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
}

/** A numeric column (PostgREST may send numerics as numbers or strings) or null. */
export function numberOrNull(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

interface PostgrestErrorLike {
  code?: string;
  message?: string;
}

/**
 * A failed read as the tool's error. The database's own sentences about arguments (raised as
 * P0001 by the assistant_* functions) go back as argument errors; a worker's or a stranger's token
 * is `forbidden`; anything else is logged and reported as unavailable.
 */
export function readFailed(what: string, error: unknown): never {
  const e = (error ?? {}) as PostgrestErrorLike;
  if (e.code === 'P0001' && e.message) throw new ToolArgumentError(`${e.message}.`);
  if (e.code === '42501') throw new ToolReadError('forbidden', 'Only company accounts can use the assistant.');
  console.error(`Reading ${what} failed`, error);
  throw new ToolReadError('unavailable', `Your ${what} could not be read. Please try again.`);
}

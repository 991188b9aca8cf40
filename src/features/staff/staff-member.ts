import { formatInZone } from '@shared/lib/zoned-format.ts';

/** A row of the Staff List (SPEC §2): the company_staff view's worker with the time they joined. */
export interface StaffMember {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  added_at: string;
}

export const STAFF_COLUMNS = 'id, first_name, last_name, email, phone, added_at';

// Shared with the board's late alerts, which show the worker's number too.
export { formatPhone } from '@shared/lib/phone.ts';

export function orMissing(value: string | null | undefined): string {
  return value != null && value.trim() !== '' ? value : '-';
}

/** When the worker joined the company: 'Nov 21, 2026' in the company's time zone, '-' when unknown. */
export function formatJoined(addedAt: string | null | undefined, timeZone?: string): string {
  return formatInZone(addedAt, timeZone, 'date') ?? '-';
}

export const REMOVE_FAILED = 'Failed to remove staff member';

/**
 * The toast text when Remove staff fails: the database's own sentence when it refused for a reason
 * the company can act on (P0001, e.g. the worker is clocked in), the plain failure text otherwise.
 */
export function removeStaffError(error: unknown): { title?: string; message: string } {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === 'P0001' && typeof message === 'string' && message.trim() !== '') {
    return { title: REMOVE_FAILED, message };
  }
  return { message: REMOVE_FAILED };
}

import { formatInstant } from '@shared/i18n/format.ts';
import type { Locale } from '@shared/i18n/locale.ts';
import type { Translate } from '@shared/i18n/use-t.ts';
import type { DashboardKey } from '../../i18n/catalogues.ts';

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

/**
 * When the worker joined the company, in the company's time zone and the person's language:
 * 'Nov 21, 2026' / '21 nov. 2026'; '-' when unknown.
 */
export function formatJoined(addedAt: string | null | undefined, timeZone?: string, locale: Locale = 'en'): string {
  return formatInstant(addedAt, { locale, timeZone, style: 'date' }) ?? '-';
}

/**
 * The toast text when Remove staff fails: the database's own sentence (as it wrote it) under the
 * failure title when it refused for a reason the company can act on (P0001, e.g. the worker is
 * clocked in), the plain failure text otherwise.
 */
export function removeStaffError(
  error: unknown,
  t: Translate<DashboardKey>,
  databaseText: (error: unknown) => string | null,
): { title?: string; message: string } {
  const failed = t('staffList.remove.failed');
  const refusal = databaseText(error);
  if (refusal) return { title: failed, message: refusal };
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === 'P0001' && typeof message === 'string' && message.trim() !== '') {
    return { title: failed, message };
  }
  return { message: failed };
}

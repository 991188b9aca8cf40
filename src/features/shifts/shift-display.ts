/**
 * What the shift tables show for each value (SPEC §8 display fallbacks): '-' for a missing value,
 * 'Not Clocked In' / 'Not Clocked Out' for missing clock times, 'Loading...' while the accepting
 * worker's name loads and 'N/A' when there is none, each in the person's language (SPEC's English
 * being the English entries). Times are shown in the company's time zone, written the person's way.
 */
import { durationText } from '@shared/i18n/duration-text.ts';
import { formatInstant } from '@shared/i18n/format.ts';
import { SHIFT_STATUS_NAME_KEYS } from '@shared/i18n/shift-status-names.ts';
import { durationParts } from '@shared/lib/duration.ts';
import type { ShiftRow } from './shift-row.ts';
import type { ShiftStatus } from './shift-status.ts';
import type { ShiftText } from './shift-text.ts';

export const MISSING = '-';

/** 'Nov 21, 2026, 9:30 AM' ('21 nov. 2026, 9 h 30') in the company's zone; null for a missing or unreadable instant. */
export function formatZonedTime(instant: string | null | undefined, text: ShiftText): string | null {
  return formatInstant(instant, { locale: text.locale, timeZone: text.timeZone, style: 'dateTime' });
}

/** A time of day in the company's zone ('9:30 AM', '9 h 30'); '' for a missing instant. */
export function zonedTimeOfDay(instant: string | null | undefined, text: ShiftText): string {
  return formatInstant(instant, { locale: text.locale, timeZone: text.timeZone, style: 'time' }) ?? '';
}

/**
 * When the shift runs, in the company's zone: 'Tue, Nov 24, 9:00 AM – 5:00 PM', with the end's day
 * when it ends on another day.
 */
export function shiftWhenLabel(shift: Pick<ShiftRow, 'starts_at' | 'ends_at'>, text: ShiftText): string {
  const at = (instant: string, style: 'dayTime' | 'date' | 'time') =>
    formatInstant(instant, { locale: text.locale, timeZone: text.timeZone, style });
  const start = at(shift.starts_at, 'dayTime');
  if (!start) return MISSING;
  const sameDay = at(shift.starts_at, 'date') === at(shift.ends_at, 'date');
  const end = at(shift.ends_at, sameDay ? 'time' : 'dayTime');
  return end ? `${start} – ${end}` : start;
}

export function orMissing(value: string | null | undefined): string {
  return value != null && value.trim() !== '' ? value : MISSING;
}

/** A stored staff type or skill, named in the person's language; '-' when there is none. */
export function roleOrMissing(value: string | null | undefined, text: ShiftText): string {
  return value != null && value.trim() !== '' ? text.roleName(value) : MISSING;
}

export function timeOrMissing(instant: string | null | undefined, text: ShiftText): string {
  return formatZonedTime(instant, text) ?? MISSING;
}

export function clockedInLabel(shift: Pick<ShiftRow, 'clocked_in_at'>, text: ShiftText): string {
  return formatZonedTime(shift.clocked_in_at, text) ?? text.t('shifts.notClockedIn');
}

export function clockedOutLabel(shift: Pick<ShiftRow, 'clocked_out_at'>, text: ShiftText): string {
  return formatZonedTime(shift.clocked_out_at, text) ?? text.t('shifts.notClockedOut');
}

/**
 * The accepting worker's name: 'N/A' with no worker, 'Loading...' until `names` knows the id,
 * then the name, or 'N/A' when it could not be read (a worker who no longer works for the company).
 */
export function staffNameLabel(
  acceptedBy: string | null,
  names: ReadonlyMap<string, string | null>,
  text: Pick<ShiftText, 't'>,
): string {
  if (!acceptedBy) return text.t('shifts.noName');
  if (!names.has(acceptedBy)) return text.t('shifts.nameLoading');
  return names.get(acceptedBy)?.trim() || text.t('shifts.noName');
}

/**
 * The accepting worker's name in a sentence: 'the staff member' rather than 'N/A' or 'Loading...'
 * ('The staff member' where it starts the sentence).
 */
export function staffNameInSentence(
  acceptedBy: string | null,
  names: ReadonlyMap<string, string | null>,
  text: Pick<ShiftText, 't'>,
  { start = false }: { start?: boolean } = {},
): string {
  const name = acceptedBy ? names.get(acceptedBy)?.trim() : undefined;
  return name || text.t(start ? 'shifts.theStaffMemberStart' : 'shifts.theStaffMember');
}

/** '12 King St W, Toronto, ON M5H 1A1'; missing parts are left out. */
export function shiftLocation(
  shift: Pick<ShiftRow, 'street_number' | 'street_name' | 'city' | 'province' | 'postal_code'>,
): string {
  const street = [shift.street_number, shift.street_name].filter((p) => p?.trim()).join(' ');
  const region = [shift.province, shift.postal_code].filter((p) => p?.trim()).join(' ');
  return orMissing([street, shift.city, region].filter((p) => p?.trim()).join(', '));
}

/** '1 day 2 hrs 30 mins' ('1 jour 2 h 30 min'), from start to end; '-' when the end is not after the start. */
export function shiftDurationLabel(shift: Pick<ShiftRow, 'starts_at' | 'ends_at'>, text: Pick<ShiftText, 't'>): string {
  const parts = durationParts(shift.starts_at, shift.ends_at);
  return parts ? durationText(parts, text.t) : MISSING;
}

/**
 * Hours done as the scheduler or the worker wrote them ('8 hrs'). In French, the hours the database
 * read from that text ('8 h'), as the staff app shows them; the text itself when it could not be read.
 */
export function hoursDoneLabel(shift: Pick<ShiftRow, 'time_done' | 'time_done_minutes'>, text: ShiftText): string {
  if (text.locale !== 'en' && shift.time_done_minutes != null) {
    const minutes = shift.time_done_minutes;
    return durationText({ days: 0, hours: Math.floor(minutes / 60), minutes: minutes % 60 }, text.t);
  }
  return orMissing(shift.time_done);
}

/** A status named in the person's language (SPEC §4's four, and 'Unknown'). */
export function statusName(status: ShiftStatus, text: Pick<ShiftText, 't'>): string {
  return status === 'Unknown' ? text.t('shifts.status.unknown') : text.t(SHIFT_STATUS_NAME_KEYS[status]);
}

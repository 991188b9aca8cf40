/**
 * The agency's no-show settings (companies.no_show_repost_after_minutes, auto_repost_no_shows): the
 * same range the database's check constraint holds, said before sending.
 */
export const REPOST_AFTER_MIN = 10;
export const REPOST_AFTER_MAX = 240;

export function validateRepostAfter(value: number | string | null | undefined): string | null {
  const minutes = typeof value === 'string' ? Number(value.trim()) : value;
  if (minutes == null || (typeof value === 'string' && value.trim() === '') || !Number.isFinite(minutes)) {
    return 'Enter a number of minutes';
  }
  if (!Number.isInteger(minutes)) return 'Enter whole minutes';
  if (minutes < REPOST_AFTER_MIN || minutes > REPOST_AFTER_MAX) {
    return `Choose between ${REPOST_AFTER_MIN} and ${REPOST_AFTER_MAX} minutes`;
  }
  return null;
}

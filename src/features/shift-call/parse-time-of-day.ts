/**
 * The Start and End time fields read what people actually type: "9", "900", "0900", "9:00",
 * "9am", "9:00 pm", "21:00", "2130". Mantine's segmented time spinners filled digits in from the
 * right ("0900" became 02:09) and kept a retyped minute's old digit, so the whole text is parsed
 * at once instead.
 */

/** A time of day on the 24-hour clock. */
export interface TimeOfDay {
  hours: number;
  minutes: number;
}

export const TIME_FORMAT_MESSAGE = 'Enter a time such as 9:00 AM, 9am or 21:30';

const MINUTES_PER_DAY = 24 * 60;
// Hours, then optionally minutes after ':', '.' or 'h', then optionally am/pm ("a", "p.m." too).
const SEPARATED = /^(\d{1,2})(?:[:.h](\d{2}))?\s*([ap])?\.?\s*(?:m\.?)?$/;
// Three or four digits with no separator: the last two are the minutes ("900", "0900", "2130").
const RUN_TOGETHER = /^(\d{1,2})(\d{2})\s*([ap])?\.?\s*(?:m\.?)?$/;

/** The time a typed text means, or null when it is not a time (including "25:00" and "9:75"). */
export function parseTimeOfDay(text: string): TimeOfDay | null {
  const typed = text.trim().toLowerCase();
  const match = SEPARATED.exec(typed) ?? RUN_TOGETHER.exec(typed);
  if (!match) return null;
  const hour = Number(match[1]);
  const minutes = match[2] === undefined ? 0 : Number(match[2]);
  const meridiem = match[3];
  if (minutes > 59) return null;
  if (meridiem === undefined) return hour <= 23 ? { hours: hour, minutes } : null;
  // On the 12-hour clock hours run 1–12: 12 am is midnight and 12 pm is noon.
  if (hour < 1 || hour > 12) return null;
  return { hours: (hour % 12) + (meridiem === 'p' ? 12 : 0), minutes };
}

/** "9:00 AM", as the field shows a time once it has been read. */
export function formatTimeOfDay({ hours, minutes }: TimeOfDay): string {
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "09:00", the time part of the form's 'YYYY-MM-DD HH:mm:ss' value. */
export function toClockText({ hours, minutes }: TimeOfDay): string {
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/**
 * The next (direction 1) or previous (-1) quarter hour: 9:07 steps up to 9:15 and down to 9:00,
 * 9:15 to 9:30 and 9:00. It wraps around midnight, since the date is a field of its own.
 */
export function stepTimeOfDay(time: TimeOfDay, direction: 1 | -1, step = 15): TimeOfDay {
  const now = time.hours * 60 + time.minutes;
  const next = direction === 1 ? Math.floor(now / step) * step + step : Math.ceil(now / step) * step - step;
  const wrapped = ((next % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return { hours: Math.floor(wrapped / 60), minutes: wrapped % 60 };
}

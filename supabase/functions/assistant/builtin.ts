// The built-in assistant: answers without any model, from the same redacted data a model would get,
// in the same plain style (numbered points, lettered sub-points, no markdown). It understands the
// two quick prompts of SPEC §9 and their follow-ups, counts by status, who is on shift now, pending
// shifts starting within 24 hours and a staff member's hours; anything else gets a plain "I did not
// understand" with examples.
import type { AgencyData, ChatMessage, ShiftRecord, StaffRecord } from './types.ts';

export const SHIFT_QUICK_PROMPT = 'Provide me details about a shift';
export const STAFF_QUICK_PROMPT = 'Provide me details about a staff';

// The follow-up of a quick prompt is recognised by these phrases in the previous reply.
const ASK_SHIFT_PHRASE = 'send me its ShiftID or its address';
const ASK_STAFF_PHRASE = 'send me the name of the staff member';

export const ASK_SHIFT = [
  '1. I can give you the details of one shift.',
  `   a. Please ${ASK_SHIFT_PHRASE}, for example 1a2b3c4d or 100 Queen Street West.`,
  '   b. You can copy a ShiftID from the Shift Details table: right-click a row and choose Copy ShiftID.',
].join('\n');

export const ASK_STAFF = [
  '1. I can give you the details of one staff member.',
  `   a. Please ${ASK_STAFF_PHRASE}, for example their first and last name as shown in the Staff List.`,
].join('\n');

const DAY_MS = 24 * 3600 * 1000;
const LIST_LIMIT = 10;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

const letter = (i: number): string => LETTERS[i] ?? String(i + 1);

/** Lower case, accents removed, only letters, digits and spaces. */
export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const ABBREVIATIONS: Record<string, string> = {
  street: 'st',
  avenue: 'ave',
  av: 'ave',
  road: 'rd',
  drive: 'dr',
  boulevard: 'blvd',
  west: 'w',
  east: 'e',
  north: 'n',
  south: 's',
  crescent: 'cres',
  court: 'ct',
  place: 'pl',
  lane: 'ln',
};
const GENERIC_ADDRESS_WORDS = new Set(['st', 'ave', 'rd', 'dr', 'blvd', 'w', 'e', 'n', 's', 'cres', 'ct', 'pl', 'ln']);

const STOP_WORDS = new Set(
  (
    'a an the of for on at in to me my about please provide give show tell details detail info information ' +
    'shift shifts staff worker workers employee member members caregiver is are was were what who whose how ' +
    'many much hours hour hrs worked work working done did has have had total id shiftid address and or with ' +
    'by from this that it its their his her i you your we our can could would like know find look up'
  ).split(' '),
);

function words(text: string): string[] {
  return normalise(text).split(' ').filter(Boolean);
}

function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > 2) return 3;
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0] as number;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j] as number;
      prev[j] = Math.min(up + 1, (prev[j - 1] as number) + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length] as number;
}

/** Close enough for a typed name: one typo in 4+ letters, two in 7+. */
function similar(typed: string, name: string): boolean {
  if (typed.length < 4 || name.length < 4) return false;
  return levenshtein(typed, name) <= (name.length >= 7 ? 2 : 1);
}

// Formatting ----------------------------------------------------------------------------------------
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone,
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      });
    } catch {
      f = formatter('America/Toronto');
    }
    formatters.set(timeZone, f);
  }
  return f;
}

export const shortId = (shift: ShiftRecord): string => shift.id.slice(0, 8);
export const fullName = (s: StaffRecord): string => `${s.first_name} ${s.last_name}`.trim() || 'N/A';
export const addressOf = (s: ShiftRecord): string =>
  `${s.street_number} ${s.street_name}, ${s.city}, ${s.province} ${s.postal_code}, ${s.country}`;
const shortAddress = (s: ShiftRecord): string => `${s.street_number} ${s.street_name}, ${s.city}`;

function formatHours(hours: number): string {
  const rounded = Math.round(hours * 100) / 100;
  return `${rounded} ${rounded === 1 ? 'hour' : 'hours'}`;
}

function formatDuration(minutes: number): string {
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = Math.round(minutes % 60);
  const parts: string[] = [];
  if (d) parts.push(`${d} ${d === 1 ? 'day' : 'days'}`);
  if (h) parts.push(`${h} ${h === 1 ? 'hr' : 'hrs'}`);
  if (m || parts.length === 0) parts.push(`${m} ${m === 1 ? 'min' : 'mins'}`);
  return parts.join(' ');
}

/**
 * Hours in SPEC's free-text "time done" ("8", "7.5 hours", "7h 30m", "7:30", "1 day 2 hr"), or
 * null when it holds no number.
 */
export function parseHours(text: string | null | undefined): number | null {
  if (!text) return null;
  const clock = /^\s*(\d+):(\d{2})\s*$/.exec(text);
  if (clock) return Number(clock[1]) + Number(clock[2]) / 60;
  const unit = /(\d+(?:[.,]\d+)?)\s*(days?|d\b|hours?|hrs?|h\b|minutes?|mins?|m\b)?/gi;
  let total = 0;
  let found = false;
  for (const match of text.matchAll(unit)) {
    const value = Number((match[1] ?? '0').replace(',', '.'));
    const u = (match[2] ?? 'h').toLowerCase();
    found = true;
    if (u.startsWith('d')) total += value * 24;
    else if (u.startsWith('m')) total += value / 60;
    else total += value;
  }
  return found ? total : null;
}

/** Hours done on one shift: the time done entered at clock-out, else the clocked duration. */
export function shiftHours(shift: ShiftRecord): number | null {
  const entered = parseHours(shift.time_done);
  if (entered !== null) return entered;
  if (shift.clocked_in_at && shift.clocked_out_at) {
    return Math.max(0, Date.parse(shift.clocked_out_at) - Date.parse(shift.clocked_in_at)) / 3600_000;
  }
  return null;
}

// Matching ------------------------------------------------------------------------------------------
/** Shifts whose id starts with a hex token of 6+ characters in the text. */
export function shiftsById(text: string, shifts: readonly ShiftRecord[]): ShiftRecord[] {
  // Digits alone are more likely a postal code or street number, so they need 8 characters.
  const tokens = (text.toLowerCase().match(/\b[0-9a-f][0-9a-f-]{5,35}\b/g) ?? [])
    .map((t) => t.replace(/-+$/, ''))
    .filter((t) => t.length >= 6 && (/[a-f]/.test(t) || t.replace(/-/g, '').length >= 8));
  if (tokens.length === 0) return [];
  return shifts.filter((s) => tokens.some((t) => s.id.toLowerCase().startsWith(t)));
}

const addressWord = (w: string): string => ABBREVIATIONS[w] ?? w;

/** Shifts whose address best matches the words of the text (street name needed; number must agree). */
export function shiftsByAddress(text: string, shifts: readonly ShiftRecord[]): ShiftRecord[] {
  const typed = words(text)
    .map(addressWord)
    .filter((w) => !STOP_WORDS.has(w) || GENERIC_ADDRESS_WORDS.has(w));
  if (typed.length === 0) return [];
  const numbers = typed.filter((w) => /^\d+$/.test(w));
  let best = 0;
  let matches: ShiftRecord[] = [];
  for (const shift of shifts) {
    const street = words(shift.street_name).map(addressWord);
    const place = words(`${shift.city} ${shift.province} ${shift.postal_code} ${shift.country}`);
    const postal = normalise(shift.postal_code).replace(/ /g, '');
    if (numbers.length > 0 && !numbers.includes(normalise(shift.street_number))) continue;
    let streetHits = 0;
    let score = numbers.length > 0 ? 1 : 0;
    for (const w of typed) {
      if (/^\d+$/.test(w)) continue;
      if (street.includes(w)) {
        score += 1;
        if (!GENERIC_ADDRESS_WORDS.has(w)) streetHits += 1;
      } else if (place.includes(w) || (w.length >= 3 && postal.includes(w))) {
        score += 0.5;
      }
    }
    if (streetHits === 0) continue;
    if (score > best) {
      best = score;
      matches = [shift];
    } else if (score === best) {
      matches.push(shift);
    }
  }
  return matches.sort((a, b) => Date.parse(b.starts_at) - Date.parse(a.starts_at));
}

/** Staff whose name best matches the text: full name, first or last name, or a close spelling. */
export function staffByName(text: string, staff: readonly StaffRecord[]): StaffRecord[] {
  const typed = words(text).filter((w) => !STOP_WORDS.has(w));
  if (typed.length === 0) return [];
  const joined = ` ${typed.join(' ')} `;
  let best = 0;
  let matches: StaffRecord[] = [];
  for (const s of staff) {
    const first = normalise(s.first_name);
    const last = normalise(s.last_name);
    let score = 0;
    if (first && last && joined.includes(` ${first} ${last} `)) score += 10;
    for (const w of typed) {
      if (w === first || w === last) score += 3;
      else if (similar(w, first) || similar(w, last)) score += 1;
    }
    if (score === 0) continue;
    if (score > best) {
      best = score;
      matches = [s];
    } else if (score === best) {
      matches.push(s);
    }
  }
  return matches;
}

// Answers -------------------------------------------------------------------------------------------
interface Context {
  data: AgencyData;
  now: Date;
  when: (iso: string | null | undefined) => string;
  staffById: Map<string, StaffRecord>;
}

function staffName(ctx: Context, id: string | null | undefined): string {
  if (!id) return 'N/A';
  const s = ctx.staffById.get(id);
  return s ? fullName(s) : 'a former staff member';
}

export function shiftDetails(ctx: Context, shift: ShiftRecord): string {
  const minutes = shift.duration_minutes ?? (Date.parse(shift.ends_at) - Date.parse(shift.starts_at)) / 60_000;
  const hours = shiftHours(shift);
  const lines = [
    `1. Shift ${shortId(shift)} at ${addressOf(shift)} is ${shift.status}.`,
    `   a. ShiftID: ${shift.id}`,
    `   b. Staff type and skill: ${shift.staff_type}, ${shift.skill}`,
    `   c. Starts ${ctx.when(shift.starts_at)} and ends ${ctx.when(shift.ends_at)} (${formatDuration(minutes)})`,
    `   d. Posted ${ctx.when(shift.created_at)}`,
    `2. Staff and times.`,
    `   a. Staff: ${staffName(ctx, shift.accepted_by)}${shift.accepted_at ? `, accepted ${ctx.when(shift.accepted_at)}` : ''}`,
    `   b. Clocked in: ${shift.clocked_in_at ? ctx.when(shift.clocked_in_at) : 'Not Clocked In'}`,
    `   c. Clocked out: ${shift.clocked_out_at ? ctx.when(shift.clocked_out_at) : 'Not Clocked Out'}`,
    `   d. Hours done: ${shift.time_done ? shift.time_done : hours !== null ? formatHours(hours) : '-'}`,
  ];
  if (shift.notes) lines.push(`3. Extra information from the shift call: ${shift.notes.replace(/\s*\n\s*/g, ' ')}`);
  return lines.join('\n');
}

function shiftList(ctx: Context, shifts: readonly ShiftRecord[], intro: string): string {
  const lines = [`1. ${intro}`];
  shifts.slice(0, LIST_LIMIT).forEach((s, i) => {
    lines.push(
      `   ${letter(i)}. ShiftID ${shortId(s)}, ${shortAddress(s)}, starts ${ctx.when(s.starts_at)}, ${s.status}`,
    );
  });
  if (shifts.length > LIST_LIMIT) lines.push(`   ${letter(LIST_LIMIT)}. and ${shifts.length - LIST_LIMIT} more`);
  lines.push('2. Send me the ShiftID of the one you mean and I will give you its details.');
  return lines.join('\n');
}

function answerShift(ctx: Context, text: string, askIfMissing: boolean): string | null {
  const byId = shiftsById(text, ctx.data.shifts);
  const found = byId.length > 0 ? byId : shiftsByAddress(text, ctx.data.shifts);
  if (found.length === 1) return shiftDetails(ctx, found[0] as ShiftRecord);
  if (found.length > 1) return shiftList(ctx, found, `I found ${found.length} shifts that match.`);
  if (!askIfMissing) return null;
  return [
    '1. I could not find a shift with that ShiftID or address.',
    `   a. Please ${ASK_SHIFT_PHRASE} again, for example 1a2b3c4d or 100 Queen Street West.`,
    '   b. You can copy a ShiftID from the Shift Details table: right-click a row and choose Copy ShiftID.',
  ].join('\n');
}

function staffShifts(ctx: Context, s: StaffRecord): ShiftRecord[] {
  return ctx.data.shifts.filter((shift) => shift.accepted_by === s.id);
}

function hoursOf(ctx: Context, s: StaffRecord): { hours: number; counted: ShiftRecord[] } {
  const counted = staffShifts(ctx, s).filter((shift) => shift.status === 'Completed');
  return { hours: counted.reduce((n, shift) => n + (shiftHours(shift) ?? 0), 0), counted };
}

export function staffDetails(ctx: Context, s: StaffRecord): string {
  const shifts = staffShifts(ctx, s);
  const { hours, counted } = hoursOf(ctx, s);
  const byStatus = countByStatus(shifts);
  const nowMs = ctx.now.getTime();
  const next = shifts
    .filter((shift) => shift.status === 'Assigned' && Date.parse(shift.starts_at) >= nowMs)
    .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at))[0];
  const current = shifts.find((shift) => shift.status === 'In-progress');
  const lines = [
    `1. ${fullName(s)} works for your agency.`,
    `   a. Email: ${s.email || '-'}`,
    `   b. Phone: ${s.phone || '-'}`,
    `   c. On shift now: ${current || s.on_shift ? 'Yes' : 'No'}`,
    `2. ${shifts.length === 0 ? 'No shifts with your agency yet.' : `${shifts.length} ${shifts.length === 1 ? 'shift' : 'shifts'} with your agency.`}`,
  ];
  let i = 0;
  if (shifts.length > 0) {
    lines.push(
      `   ${letter(i++)}. ${STATUSES.filter((st) => st !== 'Pending')
        .map((st) => `${st}: ${byStatus[st] ?? 0}`)
        .join(', ')}`,
    );
    lines.push(
      `   ${letter(i++)}. Hours done: ${formatHours(hours)} over ${counted.length} completed ${counted.length === 1 ? 'shift' : 'shifts'}`,
    );
  }
  if (current) {
    lines.push(
      `   ${letter(i++)}. Now on shift ${shortId(current)} at ${shortAddress(current)}, clocked in ${ctx.when(current.clocked_in_at)}`,
    );
  }
  if (next)
    lines.push(
      `   ${letter(i++)}. Next shift: ${shortId(next)} at ${shortAddress(next)}, starts ${ctx.when(next.starts_at)}`,
    );
  return lines.join('\n');
}

function staffChoice(matches: readonly StaffRecord[]): string {
  const lines = [`1. ${matches.length} staff members match that name.`];
  matches.slice(0, LIST_LIMIT).forEach((s, i) => lines.push(`   ${letter(i)}. ${fullName(s)}`));
  lines.push('2. Please send me the full name of the one you mean.');
  return lines.join('\n');
}

function answerStaff(ctx: Context, text: string, askIfMissing: boolean): string | null {
  const found = staffByName(text, ctx.data.staff);
  if (found.length === 1) return staffDetails(ctx, found[0] as StaffRecord);
  if (found.length > 1) return staffChoice(found);
  if (!askIfMissing) return null;
  return [
    '1. I could not find a staff member with that name among the staff you employ.',
    `   a. Please ${ASK_STAFF_PHRASE} again, as shown in the Staff List.`,
  ].join('\n');
}

function answerHours(ctx: Context, text: string): string {
  const found = staffByName(text, ctx.data.staff);
  if (found.length === 0) {
    return [
      '1. I can add up the hours of one staff member.',
      `   a. Please ${ASK_STAFF_PHRASE}, for example: How many hours has ${exampleName(ctx)} worked?`,
    ].join('\n');
  }
  if (found.length > 1) return staffChoice(found);
  const s = found[0] as StaffRecord;
  const { hours, counted } = hoursOf(ctx, s);
  if (counted.length === 0) {
    return `1. ${fullName(s)} has no completed shifts with your agency yet, so no hours are done.`;
  }
  const lines = [
    `1. ${fullName(s)} has ${formatHours(hours)} done over ${counted.length} completed ${counted.length === 1 ? 'shift' : 'shifts'} with your agency.`,
  ];
  const recent = [...counted].sort((a, b) => Date.parse(b.starts_at) - Date.parse(a.starts_at));
  recent.slice(0, LIST_LIMIT).forEach((shift, i) => {
    const h = shiftHours(shift);
    lines.push(
      `   ${letter(i)}. ${ctx.when(shift.starts_at)}, ${shortAddress(shift)}: ${h === null ? 'hours not recorded' : formatHours(h)} (ShiftID ${shortId(shift)})`,
    );
  });
  if (recent.length > LIST_LIMIT)
    lines.push(`   ${letter(LIST_LIMIT)}. and ${recent.length - LIST_LIMIT} earlier shifts`);
  lines.push('2. Hours come from the time done entered at clock-out, or from the clock-in and clock-out times.');
  return lines.join('\n');
}

const STATUSES = ['Pending', 'Assigned', 'In-progress', 'Completed'] as const;

function countByStatus(shifts: readonly ShiftRecord[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const s of shifts) counts[s.status] = (counts[s.status] ?? 0) + 1;
  return counts;
}

function answerCounts(ctx: Context): string {
  const shifts = ctx.data.shifts;
  if (shifts.length === 0) {
    return '1. You have no shifts yet.\n   a. Shifts you post from Shift Call are counted here.';
  }
  const counts = countByStatus(shifts);
  const lines = [`1. You have ${shifts.length} ${shifts.length === 1 ? 'shift' : 'shifts'} in total.`];
  STATUSES.forEach((st, i) => lines.push(`   ${letter(i)}. ${st}: ${counts[st] ?? 0}`));
  return lines.join('\n');
}

function answerOnShift(ctx: Context): string {
  const live = ctx.data.shifts
    .filter((s) => s.status === 'In-progress')
    .sort((a, b) => Date.parse(a.clocked_in_at ?? a.starts_at) - Date.parse(b.clocked_in_at ?? b.starts_at));
  if (live.length === 0) {
    return '1. Nobody is on shift for your agency right now.\n   a. No shift is in progress (clocked in and not yet clocked out).';
  }
  const people = new Set(live.map((s) => s.accepted_by));
  const lines = [`1. ${people.size} ${people.size === 1 ? 'staff member is' : 'staff members are'} on shift now.`];
  live.slice(0, LIST_LIMIT).forEach((s, i) => {
    lines.push(
      `   ${letter(i)}. ${staffName(ctx, s.accepted_by)}, clocked in ${ctx.when(s.clocked_in_at)} at ${shortAddress(s)} (ShiftID ${shortId(s)})`,
    );
  });
  if (live.length > LIST_LIMIT)
    lines.push(`   ${letter(LIST_LIMIT)}. and ${live.length - LIST_LIMIT} more shifts in progress`);
  return lines.join('\n');
}

function answerPendingSoon(ctx: Context): string {
  const from = ctx.now.getTime();
  const to = from + DAY_MS;
  const soon = ctx.data.shifts
    .filter((s) => s.status === 'Pending' && Date.parse(s.starts_at) >= from && Date.parse(s.starts_at) < to)
    .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
  if (soon.length === 0) {
    return '1. No shift starting in the next 24 hours is still pending.\n   a. Every shift starting in that time has been accepted, or none is scheduled.';
  }
  const lines = [
    `1. ${soon.length} ${soon.length === 1 ? 'shift starts' : 'shifts start'} in the next 24 hours and nobody has accepted ${soon.length === 1 ? 'it' : 'them'} yet.`,
  ];
  soon.slice(0, LIST_LIMIT).forEach((s, i) => {
    lines.push(
      `   ${letter(i)}. Starts ${ctx.when(s.starts_at)} at ${shortAddress(s)}, ${s.staff_type}, ${s.skill} (ShiftID ${shortId(s)})`,
    );
  });
  if (soon.length > LIST_LIMIT) lines.push(`   ${letter(LIST_LIMIT)}. and ${soon.length - LIST_LIMIT} more`);
  return lines.join('\n');
}

function exampleName(ctx: Context): string {
  const s = ctx.data.staff[0];
  return s ? fullName(s) : 'Amelia Tremblay';
}

export function notUnderstood(ctx: Context): string {
  return [
    '1. I did not understand that question. I am the built-in assistant, so I answer a few kinds of questions about your shifts and staff.',
    '2. You can ask me, for example:',
    `   a. ${SHIFT_QUICK_PROMPT}`,
    `   b. ${STAFF_QUICK_PROMPT}`,
    '   c. How many shifts do I have by status?',
    '   d. Who is on shift now?',
    '   e. Which shifts starting in the next 24 hours are still pending?',
    `   f. How many hours has ${exampleName(ctx)} worked?`,
  ].join('\n');
}

const ASKS_SHIFT_DETAILS = /\b(details?|info|information|tell me about|look up|find)\b.*\bshifts?\b|^shift details$/;
const ASKS_STAFF_DETAILS =
  /\b(details?|info|information|tell me about|look up|find)\b.*\b(staff|worker|employee|caregiver|member)\b/;
const ASKS_HOURS = /\bhours?\b|\bhrs\b/;
const ASKS_ON_SHIFT =
  /\b(on shift|on a shift|working (right )?now|working today|clocked in|in progress|who is working|currently working)\b/;
const ASKS_PENDING = /\b(pending|unfilled|uncovered|not (yet )?accepted|nobody accepted|no one accepted)\b/;
const ASKS_SOON = /\b(next|24|soon|today|tomorrow|tonight|upcoming|starting|start|starts)\b/;
const ASKS_COUNTS = /\b(how many|count|number of|by status|statuses|status|summary|overview|total)\b/;

/** The built-in assistant's reply to the last user message of the conversation. */
export function answerBuiltin(data: AgencyData, messages: readonly ChatMessage[], now: Date): string {
  const timeZone = data.company.time_zone || 'America/Toronto';
  const staffById = new Map(data.staff.map((s) => [s.id, s]));
  const ctx: Context = { data, now, staffById, when: (iso) => (iso ? formatter(timeZone).format(new Date(iso)) : '-') };

  const last = messages[messages.length - 1];
  const text = last?.text ?? '';
  const n = normalise(text);
  const previous = [...messages.slice(0, -1)].reverse().find((m) => m.sender === 'ai')?.text ?? '';

  if (ASKS_SHIFT_DETAILS.test(n) && !ASKS_HOURS.test(n)) return answerShift(ctx, text, false) ?? ASK_SHIFT;
  if (ASKS_STAFF_DETAILS.test(n) && !ASKS_HOURS.test(n)) return answerStaff(ctx, text, false) ?? ASK_STAFF;
  if (ASKS_HOURS.test(n) && !ASKS_PENDING.test(n)) return answerHours(ctx, text);
  if (shiftsById(text, data.shifts).length > 0) return answerShift(ctx, text, false) as string;
  if (ASKS_ON_SHIFT.test(n)) return answerOnShift(ctx);
  if (ASKS_PENDING.test(n) && ASKS_SOON.test(n)) return answerPendingSoon(ctx);
  if (ASKS_COUNTS.test(n) && /\bshifts?\b|\bstatus/.test(n)) return answerCounts(ctx);

  // A reply to one of the quick prompts' questions.
  if (previous.includes(ASK_SHIFT_PHRASE)) return answerShift(ctx, text, true) as string;
  if (previous.includes(ASK_STAFF_PHRASE)) {
    return previous.includes('add up the hours') ? answerHours(ctx, text) : (answerStaff(ctx, text, true) as string);
  }

  // A bare ShiftID, address or staff name.
  return answerShift(ctx, text, false) ?? answerStaff(ctx, text, false) ?? notUnderstood(ctx);
}

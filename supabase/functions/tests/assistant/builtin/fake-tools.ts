// For tests only: the assistant tools' contract (tools/types.ts) implemented over a small agency in
// memory, so questions can be answered end to end without a database. "Now" is Wednesday
// Nov 18 2026, 3 PM in Toronto; the shifts sit around it (today, tomorrow, this weekend, next week,
// last week, last month), with a late clock-in, a no-show, an expired pending shift, two Amelias and
// two Singhs.
import type {
  Attendance,
  CoverAnswer,
  FillStats,
  PlanUsage,
  ShiftCounts,
  ShiftList,
  ShiftStatus,
  ShiftSummary,
  StaffDetails,
  StaffMatches,
  StaffRanking,
  StaffSummary,
  ToolArgs,
  ToolName,
  ToolResult,
  ToolRunner,
} from '../../../assistant/tools/types.ts';
import { formatLocal } from '../../../assistant/tools/rows.ts';
import { phraseMatches } from '../../../assistant/tools/text.ts';
import { editDistance, normalise, typoBudget } from '../../../assistant/builtin/text.ts';

export const FAKE_NOW = new Date('2026-11-18T15:00:00-05:00');
export const FAKE_TZ = 'America/Toronto';

export const AMELIA_T = 'aaaaaaaa-0000-4000-8000-000000000001';
export const AMELIA_S = 'aaaaaaaa-0000-4000-8000-000000000002';
export const JORDAN = 'aaaaaaaa-0000-4000-8000-000000000003';
export const MARIE = 'aaaaaaaa-0000-4000-8000-000000000004';
export const NOAH = 'aaaaaaaa-0000-4000-8000-000000000005';

const person = (id: string, first: string, last: string, phone: string, onShift = false): StaffSummary => ({
  id,
  name: `${first} ${last}`,
  first_name: first,
  last_name: last,
  phone,
  email: `${normalise(first).replace(/ /g, '')}.${normalise(last)}@example.com`,
  on_shift: onShift,
});

export const FAKE_STAFF: StaffSummary[] = [
  person(AMELIA_T, 'Amelia', 'Tremblay', '4165550142'),
  person(AMELIA_S, 'Amelia', 'Singh', '4165550199'),
  person(JORDAN, 'Jordan', 'Singh', '6475550178', true),
  person(MARIE, 'Marie-Ève', 'Côté', '9055550113'),
  person(NOAH, 'Noah', 'Williams', '4375550100'),
];

/** The staff types the agency recorded on each worker's page; Amelia Singh and Noah have none. */
export const FAKE_STAFF_TYPES: Record<string, string[]> = {
  [AMELIA_T]: ['Registered Nurse'],
  [JORDAN]: ['Personal Support Worker'],
  [MARIE]: ['Registered Practical Nurse', 'Personal Support Worker'],
};

interface Row {
  n: number;
  staffType: string;
  skill: string;
  address: [string, string];
  starts: string;
  hours: number;
  created: string;
  staff?: string;
  accepted?: string;
  clockIn?: string;
  clockOut?: string;
  notes?: string;
}

const ADDRESSES: Record<string, [string, string]> = {
  queen: ['100 Queen Street West', 'Toronto, ON M5H 2N2'],
  wellington: ['111 Wellington Street', 'Ottawa, ON K1A 0A9'],
  quay: ['88 Queens Quay West', 'Toronto, ON M5J 0B8'],
  yonge: ['250 Yonge Street', 'Toronto, ON M5B 2L7'],
  king: ['25 King Street East', 'Toronto, ON M5C 1E9'],
  kitchener: ['55 King Street West', 'Kitchener, ON N2G 4W1'],
};

// Local Toronto times (UTC−5 all November; October dates are UTC−4).
const ROWS: Row[] = [
  // Pending tonight, pending Friday, pending next week, and one that started yesterday unfilled.
  {
    n: 1,
    staffType: 'PSW',
    skill: 'Personal care',
    address: ADDRESSES.queen!,
    starts: '2026-11-18T19:00:00-05:00',
    hours: 8,
    created: '2026-11-17T09:00:00-05:00',
  },
  {
    n: 2,
    staffType: 'RPN',
    skill: 'Medication administration',
    address: ADDRESSES.wellington!,
    starts: '2026-11-20T09:00:00-05:00',
    hours: 6,
    created: '2026-11-16T12:00:00-05:00',
    notes: 'Ring unit 1204.',
  },
  {
    n: 3,
    staffType: 'PSW',
    skill: 'Dementia care',
    address: ADDRESSES.quay!,
    starts: '2026-11-23T09:00:00-05:00',
    hours: 8,
    created: '2026-11-18T10:00:00-05:00',
  },
  {
    n: 4,
    staffType: 'PSW',
    skill: 'Companionship',
    address: ADDRESSES.yonge!,
    starts: '2026-11-17T09:00:00-05:00',
    hours: 4,
    created: '2026-11-15T09:00:00-05:00',
  },
  // Assigned: tomorrow (Amelia T), Saturday (Jordan).
  {
    n: 5,
    staffType: 'PSW',
    skill: 'Personal care',
    address: ADDRESSES.queen!,
    starts: '2026-11-19T09:00:00-05:00',
    hours: 8,
    created: '2026-11-17T09:00:00-05:00',
    staff: AMELIA_T,
    accepted: '2026-11-17T10:00:00-05:00',
  },
  {
    n: 6,
    staffType: 'RN',
    skill: 'Wound care',
    address: ADDRESSES.king!,
    starts: '2026-11-21T08:00:00-05:00',
    hours: 8,
    created: '2026-11-16T08:00:00-05:00',
    staff: JORDAN,
    accepted: '2026-11-16T08:30:00-05:00',
  },
  // In progress now: Jordan since 1:05 PM.
  {
    n: 7,
    staffType: 'PSW',
    skill: 'Personal care',
    address: ADDRESSES.king!,
    starts: '2026-11-18T13:00:00-05:00',
    hours: 8,
    created: '2026-11-14T09:00:00-05:00',
    staff: JORDAN,
    accepted: '2026-11-14T09:20:00-05:00',
    clockIn: '2026-11-18T13:05:00-05:00',
  },
  // Completed this week (Amelia T, 25 minutes late) and last week (Amelia T, Amelia S 12 minutes late).
  {
    n: 8,
    staffType: 'PSW',
    skill: 'Personal care',
    address: ADDRESSES.queen!,
    starts: '2026-11-16T09:00:00-05:00',
    hours: 8,
    created: '2026-11-13T09:00:00-05:00',
    staff: AMELIA_T,
    accepted: '2026-11-13T11:00:00-05:00',
    clockIn: '2026-11-16T09:25:00-05:00',
    clockOut: '2026-11-16T17:00:00-05:00',
  },
  {
    n: 9,
    staffType: 'PSW',
    skill: 'Personal care',
    address: ADDRESSES.queen!,
    starts: '2026-11-11T09:00:00-05:00',
    hours: 8,
    created: '2026-11-10T09:00:00-05:00',
    staff: AMELIA_T,
    accepted: '2026-11-10T09:30:00-05:00',
    clockIn: '2026-11-11T09:00:00-05:00',
    clockOut: '2026-11-11T17:00:00-05:00',
  },
  {
    n: 10,
    staffType: 'PSW',
    skill: 'Dementia care',
    address: ADDRESSES.quay!,
    starts: '2026-11-15T08:00:00-05:00',
    hours: 8,
    created: '2026-11-12T08:00:00-05:00',
    staff: AMELIA_S,
    accepted: '2026-11-12T08:10:00-05:00',
    clockIn: '2026-11-15T08:12:00-05:00',
    clockOut: '2026-11-15T16:00:00-05:00',
  },
  // Last month: Marie-Ève 12 hours, Jordan 6 hours.
  {
    n: 11,
    staffType: 'RPN',
    skill: 'Palliative care',
    address: ADDRESSES.kitchener!,
    starts: '2026-10-20T08:00:00-04:00',
    hours: 12,
    created: '2026-10-18T08:00:00-04:00',
    staff: MARIE,
    accepted: '2026-10-18T12:00:00-04:00',
    clockIn: '2026-10-20T08:00:00-04:00',
    clockOut: '2026-10-20T20:00:00-04:00',
  },
  {
    n: 12,
    staffType: 'PSW',
    skill: 'Companionship',
    address: ADDRESSES.yonge!,
    starts: '2026-10-28T09:00:00-04:00',
    hours: 6,
    created: '2026-10-27T09:00:00-04:00',
    staff: JORDAN,
    accepted: '2026-10-27T09:45:00-04:00',
    clockIn: '2026-10-28T09:00:00-04:00',
    clockOut: '2026-10-28T15:00:00-04:00',
  },
  // A no-show yesterday evening: Amelia S accepted and never clocked in.
  {
    n: 13,
    staffType: 'PSW',
    skill: 'Personal care',
    address: ADDRESSES.queen!,
    starts: '2026-11-17T18:00:00-05:00',
    hours: 6,
    created: '2026-11-16T09:00:00-05:00',
    staff: AMELIA_S,
    accepted: '2026-11-16T09:05:00-05:00',
  },
];

const iso = (text: string | undefined): string | null => (text ? new Date(text).toISOString() : null);
const hex = (n: number): string => String(n).padStart(2, '0');

function toSummary(row: Row): ShiftSummary {
  const id = `5a0000${hex(row.n)}-0000-4000-8000-0000000000${hex(row.n)}`;
  const startsMs = Date.parse(row.starts);
  const staff = FAKE_STAFF.find((s) => s.id === row.staff);
  const status: ShiftStatus = !row.staff
    ? 'Pending'
    : !row.clockIn
      ? 'Assigned'
      : !row.clockOut
        ? 'In-progress'
        : 'Completed';
  const hoursDone =
    row.clockIn && row.clockOut
      ? Math.round(((Date.parse(row.clockOut) - Date.parse(row.clockIn)) / 3600_000) * 100) / 100
      : null;
  return {
    id,
    short_id: id.slice(0, 8),
    status,
    staff_type: row.staffType,
    skill: row.skill,
    address: `${row.address[0]}, ${row.address[1]}`,
    city: row.address[1].split(',')[0] as string,
    starts_at: new Date(startsMs).toISOString(),
    ends_at: new Date(startsMs + row.hours * 3600_000).toISOString(),
    starts_local: formatLocal(new Date(startsMs).toISOString(), FAKE_TZ),
    duration_minutes: row.hours * 60,
    created_at: iso(row.created) as string,
    notes: row.notes ?? null,
    accepted_by: staff ? { id: staff.id, name: staff.name } : null,
    accepted_at: iso(row.accepted),
    clocked_in_at: iso(row.clockIn),
    clocked_out_at: iso(row.clockOut),
    hours_done: hoursDone,
  };
}

export const FAKE_SHIFTS: ShiftSummary[] = ROWS.map(toSummary).sort(
  (a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at),
);

const ABBREVIATIONS: Record<string, string> = {
  street: 'st',
  avenue: 'ave',
  road: 'rd',
  drive: 'dr',
  boulevard: 'blvd',
  west: 'w',
  east: 'e',
  north: 'n',
  south: 's',
};
const addressWords = (text: string): string =>
  ` ${normalise(text)
    .split(' ')
    .map((w) => ABBREVIATIONS[w] ?? w)
    .join(' ')} `;

function inPeriod(iso: string, args: { from?: string; before?: string }): boolean {
  const t = Date.parse(iso);
  return (!args.from || t >= Date.parse(args.from)) && (!args.before || t < Date.parse(args.before));
}

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

function nameScore(typed: string, staff: StaffSummary): { score: number; exact: boolean } {
  const words = normalise(typed).split(' ').filter(Boolean);
  const parts = normalise(`${staff.first_name} ${staff.last_name}`).split(' ');
  if (words.length === 0) return { score: 0, exact: false };
  let total = 0;
  let exact = true;
  for (const w of words) {
    let best = 0;
    for (const p of parts) {
      if (w === p) best = 1;
      else if (editDistance(w, p, typoBudget(p.length)) <= typoBudget(p.length)) best = Math.max(best, 0.7);
      else if (w.length >= 3 && p.startsWith(w)) best = Math.max(best, 0.5);
    }
    if (best < 1) exact = false;
    total += best;
  }
  return { score: Math.round((total / words.length) * 100) / 100, exact };
}

export interface FakeTools {
  run: ToolRunner;
  /** Every call made, in order. */
  calls: { name: ToolName; args: unknown }[];
}

export interface FakeOptions {
  shifts?: ShiftSummary[];
  staff?: StaffSummary[];
  plan?: PlanUsage;
  now?: Date;
}

export const FREE_PLAN: PlanUsage = {
  premium: false,
  shifts_used: 7,
  shift_limit: 10,
  staff_count: 5,
  staff_limit: 30,
  questions_left: 12,
};

/** The tools over the fake agency (or the given rows). */
export function createFakeTools(options: FakeOptions = {}): FakeTools {
  const shifts = options.shifts ?? FAKE_SHIFTS;
  const staff = options.staff ?? FAKE_STAFF;
  const now = (options.now ?? FAKE_NOW).getTime();
  const calls: FakeTools['calls'] = [];
  const byStart = (list: ShiftSummary[]): ShiftSummary[] =>
    [...list].sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
  const page = (list: ShiftSummary[], limit = 25): ShiftList => ({
    total: list.length,
    shifts: byStart(list).slice(0, Math.min(limit, 50)),
  });
  const minutesToAccept = (s: ShiftSummary): number =>
    (Date.parse(s.accepted_at as string) - Date.parse(s.created_at)) / 60_000;

  const tools: { [N in ToolName]: (args: ToolArgs<N>) => ToolResult<N> } = {
    find_shifts: (args) => {
      const atAddress = (s: ShiftSummary): boolean =>
        !args.address || addressWords(s.address).includes(addressWords(args.address));
      const list = page(
        shifts.filter(
          (s) =>
            inPeriod(s.starts_at, args) &&
            (!args.status || s.status === args.status) &&
            (!args.staff_id || s.accepted_by?.id === args.staff_id) &&
            atAddress(s) &&
            (!args.skill || normalise(s.skill).includes(normalise(args.skill))) &&
            (!args.staff_type || normalise(s.staff_type).includes(normalise(args.staff_type))),
        ),
        args.limit,
      );
      // As the tool: an address no shift has at all is said so.
      if (list.total === 0 && args.address && !shifts.some(atAddress)) {
        list.address_matches_nothing = true;
        // As the tool: the stored cities a typed word is one or two edits from.
        const typed = addressWords(args.address).split(' ');
        const cities = [...new Set(shifts.map((s) => s.city))].filter((city) =>
          typed.some((w) => {
            const budget = typoBudget(w.length);
            return budget > 0 && w !== normalise(city) && editDistance(w, normalise(city), budget) <= budget;
          }),
        );
        if (cities.length > 0) list.address_suggestions = cities.slice(0, 3);
      }
      return list;
    },
    open_shifts_starting_within: (args) => {
      const hours = Math.min(args.hours ?? 24, 24 * 31);
      return page(
        shifts.filter(
          (s) =>
            s.status === 'Pending' &&
            Date.parse(s.starts_at) >= now &&
            Date.parse(s.starts_at) < now + hours * 3600_000,
        ),
      );
    },
    shift_details: (args) => ({
      matches: shifts.filter((s) => s.id.toLowerCase().startsWith(args.shift_id.toLowerCase())),
    }),
    shift_counts: (args) => {
      const counts: ShiftCounts = { Pending: 0, Assigned: 0, 'In-progress': 0, Completed: 0, total: 0 };
      for (const s of shifts.filter((x) => inPeriod(x.starts_at, args))) {
        counts[s.status] += 1;
        counts.total += 1;
      }
      return counts;
    },
    find_staff: (args): StaffMatches => ({
      matches: staff
        .map((s) => ({ ...s, ...nameScore(args.name, s) }))
        .filter((s) => s.score >= 0.5)
        .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name)),
    }),
    list_staff: (args) => {
      const types = args.staff_types;
      const list = staff
        .filter((s) => args.on_shift === undefined || s.on_shift === args.on_shift)
        .filter((s) => !types || (FAKE_STAFF_TYPES[s.id] ?? []).some((t) => types.some((a) => phraseMatches(a, t))))
        .sort((a, b) => a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name));
      const result = { total: list.length, staff: list.slice(0, args.limit ?? 50) };
      if (!types) return result;
      const without = staff.filter((s) => (FAKE_STAFF_TYPES[s.id] ?? []).length === 0).length;
      return { ...result, without_staff_type: without, employed: staff.length };
    },
    staff_details: (args): StaffDetails => {
      const member = staff.find((s) => s.id === args.staff_id);
      if (!member) throw new Error('No staff member with that id.');
      const theirs = byStart(shifts.filter((s) => s.accepted_by?.id === member.id));
      const inRange = theirs.filter((s) => inPeriod(s.starts_at, args));
      const completed = inRange.filter((s) => s.status === 'Completed');
      const started = theirs.filter((s) => Date.parse(s.starts_at) < now && s.clocked_in_at);
      const hasPeriod = args.from !== undefined || args.before !== undefined;
      return {
        staff: member,
        shifts_accepted: inRange.length,
        shifts_completed: completed.length,
        hours_done: Math.round(completed.reduce((sum, s) => sum + (s.hours_done ?? 0), 0) * 100) / 100,
        last_shift: started[started.length - 1] ?? null,
        upcoming: theirs.filter((s) => Date.parse(s.starts_at) > now).slice(0, 10),
        shifts: hasPeriod ? inRange : theirs.slice(-10),
      };
    },
    staff_ranking: (args): StaffRanking => {
      const rows = staff
        .map((member) => {
          const theirs = shifts.filter((s) => s.accepted_by?.id === member.id && inPeriod(s.starts_at, args));
          const ref = { id: member.id, name: member.name };
          if (args.metric === 'most_hours') {
            const done = theirs.filter((s) => s.status === 'Completed');
            const hours = done.reduce((sum, s) => sum + (s.hours_done ?? 0), 0);
            return { staff: ref, value: Math.round(hours * 100) / 100, shifts: done.length };
          }
          if (args.metric === 'fastest_to_accept') {
            return { staff: ref, value: median(theirs.map(minutesToAccept)) ?? -1, shifts: theirs.length };
          }
          return { staff: ref, value: theirs.length, shifts: theirs.length };
        })
        .filter((r) => r.shifts > 0 && r.value >= 0)
        .sort((a, b) => (args.metric === 'fastest_to_accept' ? a.value - b.value : b.value - a.value));
      return { metric: args.metric, rows: rows.slice(0, args.limit ?? 5) };
    },
    attendance: (args): Attendance => {
      const inRange = byStart(
        shifts.filter((s) => inPeriod(s.starts_at, args) && (!args.staff_id || s.accepted_by?.id === args.staff_id)),
      );
      const late = inRange
        .filter((s) => s.clocked_in_at && Date.parse(s.clocked_in_at) - Date.parse(s.starts_at) > 10 * 60_000)
        .map((s) => ({
          shift: s,
          minutes_late: Math.round((Date.parse(s.clocked_in_at as string) - Date.parse(s.starts_at)) / 60_000),
        }));
      const noShows = inRange.filter((s) => s.accepted_by && !s.clocked_in_at && Date.parse(s.starts_at) < now);
      const counts = new Map<string, Attendance['by_staff'][number]>();
      const tally = (s: ShiftSummary, key: 'late' | 'no_shows') => {
        if (!s.accepted_by) return;
        const entry = counts.get(s.accepted_by.id) ?? { staff: s.accepted_by, late: 0, no_shows: 0 };
        entry[key] += 1;
        counts.set(s.accepted_by.id, entry);
      };
      late.forEach((l) => tally(l.shift, 'late'));
      noShows.forEach((s) => tally(s, 'no_shows'));
      const byStaff = [...counts.values()].sort(
        (a, b) => b.late + b.no_shows - (a.late + a.no_shows) || a.staff.name.localeCompare(b.staff.name),
      );
      return {
        late: late.slice(0, 25),
        no_shows: noShows.slice(0, 25),
        late_total: late.length,
        no_show_total: noShows.length,
        by_staff: byStaff.slice(0, 10),
      };
    },
    fill_stats: (args): FillStats => {
      const posted = shifts.filter((s) => inPeriod(s.starts_at, args));
      const filled = posted.filter((s) => s.accepted_at);
      const minutes = filled.map(minutesToAccept);
      return {
        posted: posted.length,
        filled: filled.length,
        fill_rate: posted.length ? filled.length / posted.length : null,
        median_minutes_to_fill: median(minutes),
        average_minutes_to_fill: minutes.length ? minutes.reduce((a, b) => a + b, 0) / minutes.length : null,
        expired_unfilled: posted.filter((s) => s.status === 'Pending' && Date.parse(s.starts_at) < now).length,
      };
    },
    plan_usage: () => options.plan ?? FREE_PLAN,
    // As the tool, with the two rules every agency has in spirit: a staff member holding an
    // overlapping shift cannot take it; the others can, ranked by name (the fake knows no addresses
    // worked or hours).
    who_can_cover: (args): CoverAnswer => {
      const none: CoverAnswer = {
        shift: null,
        matches: [],
        matches_total: 0,
        no_show: false,
        eligible_total: 0,
        eligible: [],
        ineligible_total: 0,
        near_misses: [],
        near_miss_total: 0,
        near_miss_reasons: null,
        reason_counts: [],
        asked: null,
      };
      const fits = args.shift_id
        ? shifts.filter((s) => s.id.startsWith(args.shift_id as string))
        : byStart(
            shifts.filter(
              (s) =>
                inPeriod(s.starts_at, args) &&
                (args.from || args.before || args.no_show || Date.parse(s.ends_at) > now) &&
                (!args.held_by || s.accepted_by?.id === args.held_by) &&
                (!args.no_show || (s.accepted_by && !s.clocked_in_at && Date.parse(s.starts_at) < now)) &&
                (!args.address || addressWords(s.address).includes(addressWords(args.address))) &&
                (!args.staff_type || normalise(s.staff_type).includes(normalise(args.staff_type))) &&
                (!args.skill || normalise(s.skill).includes(normalise(args.skill))),
            ),
          );
      if (fits.length !== 1) return { ...none, matches: fits.slice(0, 10), matches_total: fits.length };
      const shift = fits[0] as ShiftSummary;
      const overlaps = (id: string): boolean =>
        shifts.some(
          (s) =>
            s.id !== shift.id &&
            s.accepted_by?.id === id &&
            !s.clocked_out_at &&
            Date.parse(s.starts_at) < Date.parse(shift.ends_at) &&
            Date.parse(s.ends_at) > Date.parse(shift.starts_at),
        );
      const candidates = [...staff]
        .filter((m) => m.id !== shift.accepted_by?.id)
        .sort((a, b) => a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name));
      const ref = (m: StaffSummary) => ({ id: m.id, name: m.name });
      const eligible = candidates.filter((m) => !overlaps(m.id));
      const busy = candidates.filter((m) => overlaps(m.id));
      const REASON = 'Already has another shift at this time';
      const misses = busy.map((m) => ({ staff: ref(m), reason_codes: ['overlapping_shift'], reasons: [REASON] }));
      const asked = args.staff_id ? staff.find((m) => m.id === args.staff_id) : undefined;
      return {
        ...none,
        shift,
        matches_total: 1,
        no_show: Boolean(shift.accepted_by) && !shift.clocked_in_at && Date.parse(shift.starts_at) < now,
        eligible_total: eligible.length,
        eligible: eligible.slice(0, args.limit ?? 10).map((m, i) => ({
          staff: ref(m),
          rank: i + 1,
          worked_here: false,
          distance_km: null,
          week_hours: 0,
          flags: [],
        })),
        ineligible_total: busy.length,
        near_misses: misses.slice(0, 5),
        near_miss_total: misses.length,
        near_miss_reasons: misses.length > 0 ? 1 : null,
        reason_counts:
          misses.length > 0 ? [{ code: 'overlapping_shift', workers: misses.length, example: REASON }] : [],
        asked: asked
          ? {
              staff: ref(asked),
              holds_shift: asked.id === shift.accepted_by?.id,
              eligible: eligible.some((m) => m.id === asked.id),
              rank: eligible.findIndex((m) => m.id === asked.id) + 1 || null,
              reason_codes: overlaps(asked.id) ? ['overlapping_shift'] : [],
              reasons: overlaps(asked.id) ? [REASON] : [],
              flags: [],
            }
          : null,
      };
    },
  };

  const run: ToolRunner = (name, args) => {
    calls.push({ name, args });
    const tool = tools[name] as (a: typeof args) => ToolResult<typeof name>;
    try {
      return Promise.resolve(structuredClone(tool(args)));
    } catch (error) {
      return Promise.reject(error);
    }
  };
  return { run, calls };
}

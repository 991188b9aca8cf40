/**
 * The assistant's question bank (issue 19): questions a scheduler asks, with what a correct answer
 * holds on the fixed agency of fixture.sql (Lakeshore Home Care at NOW = Wed Nov 18, 2026, 3:00 PM,
 * America/Toronto). Each entry says:
 *   kind      'answer' (counts against the plan), 'clarify' (one short question back: an ambiguous
 *             name or address, or a quick prompt) or 'unsupported' (outside what the data answers);
 *   contains  facts the reply must include, compared without case (names with their accents as
 *             stored, counts, 8-character ShiftIDs, hours with up to 2 decimals, dates as
 *             "Nov 19", times as "2:00 PM", percentages as "80%");
 *   notContains  what it must not include; every entry also implicitly excludes OTHER_AGENCY_WORDS;
 *   tool/args the call a correct assistant makes for the answer, periods as absolute ISO instants
 *             in Toronto time; `calls` lists every call in order when one is not enough (a staff
 *             member's id comes from find_staff first), ending with tool/args.
 * Conventions for relative dates: a week runs Monday to Sunday ("this week" = Nov 16-22); "last
 * month" is October 2026; periods are [from, before).
 *
 * The facts were counted by hand from fixture.sql and are checked against the tools by
 * tests/integration/assistant-bank-facts.test.ts.
 */
import {
  ASK_SHIFT,
  ASK_SHIFT_FR,
  ASK_STAFF,
  COVER_PICK_PHRASE,
  SHIFT_QUICK_PROMPT,
  STAFF_QUICK_PROMPT,
} from '../../supabase/functions/assistant/builtin/prompts.ts';
import type { ToolName } from '../../supabase/functions/assistant/tools/types.ts';
import type { ChatMessage } from '../../supabase/functions/assistant/types.ts';
import { shortId, STAFF } from './fixture.ts';

export interface ToolCall {
  tool: ToolName;
  args: Record<string, unknown>;
}

/**
 * The bank's groups, as the runner reports them; `messy` asks again what the others ask, typed badly;
 * `fr …` asks it in Quebec French (issue 29), one French section per kind.
 */
export type Section = CoreSection | 'messy' | `fr ${CoreSection}`;

type CoreSection =
  | 'shifts'
  | 'open soon'
  | 'one shift'
  | 'counts'
  | 'staff'
  | 'staff list'
  | 'rankings'
  | 'attendance'
  | 'fill'
  | 'plan'
  | 'out of scope'
  | 'cover';

export interface BankEntry {
  id: string;
  section: Section;
  /** A messy entry's well-typed twin: the same facts, so the same derived facts (the integration test). */
  like?: string;
  question: string;
  history?: ChatMessage[];
  expect: {
    kind: 'answer' | 'clarify' | 'unsupported';
    contains?: string[];
    notContains?: string[];
    tool?: ToolName;
    args?: Record<string, unknown>;
    calls?: ToolCall[];
    /** The reply must be in French (language.ts's rules): every French entry's, the built-in answers them all in French. */
    french?: boolean;
  };
}

/** Periods around NOW, in the agency's zone (EDT until Nov 1, EST after). */
export const PERIODS = {
  today: { from: '2026-11-18T00:00:00-05:00', before: '2026-11-19T00:00:00-05:00' },
  tomorrow: { from: '2026-11-19T00:00:00-05:00', before: '2026-11-20T00:00:00-05:00' },
  yesterday: { from: '2026-11-17T00:00:00-05:00', before: '2026-11-18T00:00:00-05:00' },
  thisWeek: { from: '2026-11-16T00:00:00-05:00', before: '2026-11-23T00:00:00-05:00' },
  nextWeek: { from: '2026-11-23T00:00:00-05:00', before: '2026-11-30T00:00:00-05:00' },
  lastWeek: { from: '2026-11-09T00:00:00-05:00', before: '2026-11-16T00:00:00-05:00' },
  thisMonth: { from: '2026-11-01T00:00:00-04:00', before: '2026-12-01T00:00:00-05:00' },
  lastMonth: { from: '2026-10-01T00:00:00-04:00', before: '2026-11-01T00:00:00-04:00' },
  nextMonth: { from: '2026-12-01T00:00:00-05:00', before: '2027-01-01T00:00:00-05:00' },
  nov28: { from: '2026-11-28T00:00:00-05:00', before: '2026-11-29T00:00:00-05:00' },
  tonight: { from: '2026-11-18T18:00:00-05:00', before: '2026-11-19T06:00:00-05:00' },
  friday: { from: '2026-11-20T00:00:00-05:00', before: '2026-11-21T00:00:00-05:00' },
  nextMonday: { from: '2026-11-23T00:00:00-05:00', before: '2026-11-24T00:00:00-05:00' },
} as const;
const P = PERIODS;

const askShift: ChatMessage[] = [
  { sender: 'user', text: SHIFT_QUICK_PROMPT },
  { sender: 'ai', text: ASK_SHIFT },
];
const askStaff: ChatMessage[] = [
  { sender: 'user', text: STAFF_QUICK_PROMPT },
  { sender: 'ai', text: ASK_STAFF },
];

/** find_staff with what was typed, then staff_details on the one it finds. */
function staffCalls(typed: string, id: string, period: { from?: string; before?: string } = {}): BankEntry['expect'] {
  const args = { staff_id: id, ...period };
  return {
    kind: 'answer',
    tool: 'staff_details',
    args,
    calls: [
      { tool: 'find_staff', args: { name: typed } },
      { tool: 'staff_details', args },
    ],
  };
}

/** find_staff with what was typed, then find_shifts for that staff member. */
function staffShiftCalls(typed: string, args: Record<string, unknown>): BankEntry['expect'] {
  return {
    kind: 'answer',
    tool: 'find_shifts',
    args,
    calls: [
      { tool: 'find_staff', args: { name: typed } },
      { tool: 'find_shifts', args },
    ],
  };
}

/** find_staff with what was typed, then who_can_cover with the one it finds (held_by or staff_id in `args`). */
function coverCalls(typed: string, args: Record<string, unknown>): BankEntry['expect'] {
  return {
    kind: 'answer',
    tool: 'who_can_cover',
    args,
    calls: [
      { tool: 'find_staff', args: { name: typed } },
      { tool: 'who_can_cover', args },
    ],
  };
}

type Question = Omit<BankEntry, 'section'>;

const section = (name: Section, entries: Question[]): BankEntry[] => entries.map((e) => ({ ...e, section: name }));

const CORE: BankEntry[] = [
  // Shifts by status, date, staff, address, skill and staff type (find_shifts)
  ...section('shifts', [
    {
      id: 'pending-all',
      question: 'Which shifts are pending?',
      expect: { kind: 'answer', contains: ['21'], tool: 'find_shifts', args: { status: 'Pending' } },
    },
    {
      id: 'unfilled-this-week',
      question: 'which shifts are still unfilled this week?',
      expect: {
        kind: 'answer',
        contains: ['9', shortId('w10'), shortId('w19')],
        tool: 'find_shifts',
        args: { status: 'Pending', ...P.thisWeek },
      },
    },
    {
      id: 'open-this-week',
      question: 'What shifts are open this week',
      expect: { kind: 'answer', contains: ['9'], tool: 'find_shifts', args: { status: 'Pending', ...P.thisWeek } },
    },
    {
      id: 'pending-follow-up-next-week',
      question: 'And next week?',
      history: [
        { sender: 'user', text: 'Which shifts are pending this week?' },
        { sender: 'ai', text: '1. 9 shifts this week are pending.' },
      ],
      expect: {
        kind: 'answer',
        contains: ['4', shortId('nw01'), shortId('nw08')],
        tool: 'find_shifts',
        args: { status: 'Pending', ...P.nextWeek },
      },
    },
    {
      id: 'assigned-next-week',
      question: 'Which shifts are assigned next week?',
      expect: {
        kind: 'answer',
        contains: ['4', 'Priya Sharma', 'Julien Gagnon', 'Amélie Côté'],
        tool: 'find_shifts',
        args: { status: 'Assigned', ...P.nextWeek },
      },
    },
    {
      id: 'filled-next-week',
      question: 'Show me the filled shifts for next week',
      expect: { kind: 'answer', contains: ['4'], tool: 'find_shifts', args: { status: 'Assigned', ...P.nextWeek } },
    },
    {
      id: 'in-progress',
      question: 'Which shifts are in progress right now?',
      expect: {
        kind: 'answer',
        contains: ['Kwame Mensah', 'Amelia Tremblay', shortId('w08'), shortId('w09')],
        tool: 'find_shifts',
        args: { status: 'In-progress' },
      },
    },
    {
      id: 'completed-yesterday',
      question: 'Which shifts were completed yesterday?',
      expect: {
        kind: 'answer',
        contains: ['2', 'Amélie Côté', 'Julien Gagnon'],
        tool: 'find_shifts',
        args: { status: 'Completed', ...P.yesterday },
      },
    },
    {
      id: 'done-last-week',
      question: 'What shifts were done last week?',
      expect: {
        kind: 'answer',
        contains: ['5', 'Isabelle Bélanger', 'Mohammed Haddad'],
        tool: 'find_shifts',
        args: { status: 'Completed', ...P.lastWeek },
      },
    },
    {
      id: 'today',
      question: 'What shifts are there today?',
      expect: {
        kind: 'answer',
        contains: ['5', 'Chloé Lefebvre', 'Kwame Mensah', 'Amelia Tremblay', 'Sophie Gagné', shortId('w10')],
        tool: 'find_shifts',
        args: { ...P.today },
      },
    },
    {
      id: 'tomorrow-all',
      question: "What's on the schedule tomorrow?",
      expect: { kind: 'answer', contains: ['4', 'Julien Gagnon'], tool: 'find_shifts', args: { ...P.tomorrow } },
    },
    {
      id: 'tomorrow-open',
      question: 'Which shifts are open tomorrow?',
      expect: {
        kind: 'answer',
        contains: ['3', shortId('w11'), shortId('w12'), shortId('w14')],
        tool: 'find_shifts',
        args: { status: 'Pending', ...P.tomorrow },
      },
    },
    {
      id: 'nov-28',
      question: 'What shifts are on Nov 28?',
      expect: {
        kind: 'answer',
        contains: ['2', 'Amélie Côté', shortId('nw07'), shortId('nw08')],
        tool: 'find_shifts',
        args: { ...P.nov28 },
      },
    },
    {
      id: 'nov-28-open',
      question: 'Is anything still open on November 28th?',
      expect: {
        kind: 'answer',
        contains: [shortId('nw08'), '6:00 PM'],
        tool: 'find_shifts',
        args: { status: 'Pending', ...P.nov28 },
      },
    },
    {
      id: 'next-month',
      question: 'What shifts are scheduled next month?',
      expect: {
        kind: 'answer',
        contains: ['5', 'Dec 2', 'Olivier Bouchard', 'Priya Sharma'],
        tool: 'find_shifts',
        args: { ...P.nextMonth },
      },
    },
    {
      id: 'cote-next-week',
      question: 'What shifts does Amélie Côté have next week?',
      expect: {
        ...staffShiftCalls('Amélie Côté', { staff_id: STAFF.cote.id, ...P.nextWeek }),
        contains: ['2', 'Nov 26', 'Nov 28'],
      },
    },
    {
      id: 'mensah-completed-last-month',
      question: 'Which shifts did Kwame Mensah complete last month?',
      expect: {
        ...staffShiftCalls('Kwame Mensah', { staff_id: STAFF.mensah.id, status: 'Completed', ...P.lastMonth }),
        contains: ['4', 'Oct 7', 'Oct 16'],
      },
    },
    {
      id: 'address-100-queen',
      question: 'Shifts at 100 Queen Street West',
      expect: {
        kind: 'answer',
        contains: ['2', shortId('o01'), shortId('nw01')],
        tool: 'find_shifts',
        args: { address: '100 Queen Street West' },
      },
    },
    {
      id: 'address-queen-st-w',
      question: 'Any shifts on Queen St W?',
      expect: {
        kind: 'answer',
        contains: ['3', shortId('w12'), '220 Queen St W'],
        tool: 'find_shifts',
        args: { address: 'Queen St W' },
      },
    },
    {
      id: 'address-queen-east',
      question: 'Show the shifts on Queen Street East',
      expect: {
        kind: 'answer',
        contains: [shortId('o09'), '1001 Queen Street East'],
        tool: 'find_shifts',
        args: { address: 'Queen Street East' },
      },
    },
    {
      id: 'address-avenue-rd',
      question: 'What shifts are at 45 Avenue Rd?',
      expect: {
        kind: 'answer',
        contains: ['4', shortId('nw05')],
        tool: 'find_shifts',
        args: { address: '45 Avenue Rd' },
      },
    },
    {
      id: 'address-st-joseph',
      question: 'shifts at 310 boul st-joseph in gatineau',
      expect: {
        kind: 'answer',
        contains: ['2', shortId('o16'), shortId('d04')],
        tool: 'find_shifts',
        args: { address: '310 boul st-joseph gatineau' },
      },
    },
    {
      id: 'address-eglise',
      question: "Is there a shift at rue de l'eglise?",
      expect: {
        kind: 'answer',
        contains: [shortId('nw03'), 'Nov 24'],
        tool: 'find_shifts',
        args: { address: "rue de l'eglise" },
      },
    },
    {
      id: 'address-dufferin-count',
      question: 'How many shifts have we had at 3401 Dufferin Street?',
      expect: { kind: 'answer', contains: ['11'], tool: 'find_shifts', args: { address: '3401 Dufferin Street' } },
    },
    {
      id: 'dementia-pending',
      question: 'Which dementia care shifts are pending?',
      expect: {
        kind: 'answer',
        contains: ['3', shortId('w12')],
        tool: 'find_shifts',
        args: { skill: 'dementia care', status: 'Pending' },
      },
    },
    {
      id: 'wound-care',
      question: 'List the wound care shifts',
      expect: { kind: 'answer', contains: ['5'], tool: 'find_shifts', args: { skill: 'wound care' } },
    },
    {
      id: 'rpn-this-month',
      question: 'How many RPN shifts are there this month?',
      expect: { kind: 'answer', contains: ['5'], tool: 'find_shifts', args: { staff_type: 'RPN', ...P.thisMonth } },
    },
    {
      id: 'psw-open-next-week',
      question: 'Which PSW shifts are open next week?',
      expect: {
        kind: 'answer',
        contains: ['3', shortId('nw01'), shortId('nw03'), shortId('nw08')],
        tool: 'find_shifts',
        args: { staff_type: 'PSW', status: 'Pending', ...P.nextWeek },
      },
    },
  ]),
  // Open shifts starting soon (open_shifts_starting_within)
  ...section('open soon', [
    {
      id: 'open-24h',
      question: 'Which shifts starting in the next 24 hours are still pending?',
      expect: {
        kind: 'answer',
        contains: ['3', shortId('w10'), shortId('w11'), shortId('w12')],
        tool: 'open_shifts_starting_within',
        args: { hours: 24 },
      },
    },
    {
      id: 'open-48h',
      question: "What's unfilled in the next 48 hours?",
      expect: {
        kind: 'answer',
        contains: ['5', shortId('w14'), shortId('w15')],
        tool: 'open_shifts_starting_within',
        args: { hours: 48 },
      },
    },
    {
      id: 'open-6h',
      question: 'Anything open in the next 6 hours?',
      expect: {
        kind: 'answer',
        contains: [shortId('w10'), '7:00 PM'],
        tool: 'open_shifts_starting_within',
        args: { hours: 6 },
      },
    },
    {
      id: 'open-tonight',
      question: 'Do I have any unfilled shifts starting in the next 2 days?',
      expect: { kind: 'answer', contains: ['5'], tool: 'open_shifts_starting_within', args: { hours: 48 } },
    },
  ]),
  // One shift (shift_details) and the shift quick prompt
  ...section('one shift', [
    {
      id: 'shift-by-id',
      question: `Give me the details of shift ${shortId('w12')}`,
      expect: {
        kind: 'answer',
        contains: ['220 Queen St W', 'Pending', 'Dementia care', 'Nov 19'],
        tool: 'shift_details',
        args: { shift_id: shortId('w12') },
      },
    },
    {
      id: 'shift-by-full-id',
      question: 'Details for shift dbe1d220-0000-4000-8000-f10000000035',
      expect: {
        kind: 'answer',
        contains: ['Amélie Côté', '45 Avenue Road', 'Completed'],
        tool: 'shift_details',
        args: { shift_id: 'dbe1d220-0000-4000-8000-f10000000035' },
      },
    },
    {
      id: 'shift-former-staff',
      question: `Who worked shift ${shortId('o13')}?`,
      expect: {
        kind: 'answer',
        contains: ['Former staff member', '3401 Dufferin Street'],
        tool: 'shift_details',
        args: { shift_id: shortId('o13') },
      },
    },
    {
      id: 'shift-unknown-id',
      question: 'Tell me about shift abcdef12',
      // No such ShiftID: the reply asks the user to check it, which is not counted (either path).
      expect: { kind: 'clarify', contains: ['abcdef12'], tool: 'shift_details', args: { shift_id: 'abcdef12' } },
    },
    {
      id: 'quick-shift',
      question: SHIFT_QUICK_PROMPT,
      expect: { kind: 'clarify', contains: ['ShiftID', 'address'] },
    },
    {
      id: 'quick-shift-by-id',
      question: shortId('w09'),
      history: askShift,
      expect: {
        kind: 'answer',
        contains: ['Amelia Tremblay', 'In-progress', '600 University Ave'],
        tool: 'shift_details',
        args: { shift_id: shortId('w09') },
      },
    },
    {
      id: 'quick-shift-by-address',
      question: '220 Queen St W',
      history: askShift,
      expect: {
        kind: 'answer',
        contains: [shortId('w12'), 'Dementia care', 'Nov 19'],
        tool: 'find_shifts',
        args: { address: '220 Queen St W' },
      },
    },
    {
      id: 'quick-shift-ambiguous-address',
      question: '100 Queen Street West',
      history: askShift,
      expect: {
        kind: 'clarify',
        contains: [shortId('o01'), shortId('nw01')],
        tool: 'find_shifts',
        args: { address: '100 Queen Street West' },
      },
    },
  ]),
  // Counts by status (shift_counts)
  ...section('counts', [
    {
      id: 'counts-all',
      question: 'How many shifts do I have by status?',
      expect: { kind: 'answer', contains: ['21', '13', '2', '29', '65'], tool: 'shift_counts', args: {} },
    },
    {
      id: 'counts-this-week',
      question: 'How many shifts this week?',
      expect: { kind: 'answer', contains: ['21'], tool: 'shift_counts', args: { ...P.thisWeek } },
    },
    {
      id: 'completed-last-month-count',
      question: 'How many shifts were completed last month?',
      expect: { kind: 'answer', contains: ['15'], tool: 'shift_counts', args: { ...P.lastMonth } },
    },
    {
      id: 'counts-this-month',
      question: 'How many shifts did we have this month?',
      expect: { kind: 'answer', contains: ['40'], tool: 'shift_counts', args: { ...P.thisMonth } },
    },
    {
      id: 'counts-next-week',
      question: 'How many shifts next week are pending and how many are assigned?',
      expect: { kind: 'answer', contains: ['4'], tool: 'shift_counts', args: { ...P.nextWeek } },
    },
    {
      id: 'count-in-progress',
      question: 'How many shifts are in progress?',
      expect: { kind: 'answer', contains: ['2'], tool: 'shift_counts', args: {} },
    },
  ]),
  // Staff by name (find_staff, staff_details) and the staff quick prompt
  ...section('staff', [
    {
      id: 'quick-staff',
      question: STAFF_QUICK_PROMPT,
      expect: { kind: 'clarify', contains: ['name'] },
    },
    {
      id: 'quick-staff-no-accents',
      question: 'amelie cote',
      history: askStaff,
      expect: { ...staffCalls('amelie cote', STAFF.cote.id), contains: ['Amélie Côté', '4165550101', '9', '47.6'] },
    },
    {
      id: 'quick-staff-misspelled',
      question: 'Amelia Tremblai',
      history: askStaff,
      expect: { ...staffCalls('Amelia Tremblai', STAFF.tremblay.id), contains: ['Amelia Tremblay', '6.05'] },
    },
    {
      id: 'quick-staff-ambiguous',
      question: 'Olivier',
      history: askStaff,
      expect: {
        kind: 'clarify',
        contains: ['Olivier Roy', 'Olivier Bouchard'],
        tool: 'find_staff',
        args: { name: 'Olivier' },
      },
    },
    {
      id: 'staff-misspelled',
      question: 'Tell me about Amelia Tremblai',
      expect: { ...staffCalls('Amelia Tremblai', STAFF.tremblay.id), contains: ['Amelia Tremblay', '6.05'] },
    },
    {
      id: 'staff-ambiguous-first-name',
      question: 'How many hours has Olivier worked?',
      expect: {
        kind: 'clarify',
        contains: ['Olivier Roy', 'Olivier Bouchard'],
        tool: 'find_staff',
        args: { name: 'Olivier' },
      },
    },
    {
      id: 'staff-ambiguous-prefix',
      question: 'Show me Amel',
      expect: {
        kind: 'clarify',
        contains: ['Amélie Côté', 'Amelia Tremblay'],
        tool: 'find_staff',
        args: { name: 'Amel' },
      },
    },
    {
      id: 'hours-mensah',
      question: 'How many hours has Kwame Mensah worked?',
      expect: { ...staffCalls('Kwame Mensah', STAFF.mensah.id), contains: ['54.22'] },
    },
    {
      id: 'hours-mensah-typo-last-month',
      question: 'hours worked by kwame mensha last month',
      expect: { ...staffCalls('kwame mensha', STAFF.mensah.id, P.lastMonth), contains: ['Kwame Mensah', '32.1'] },
    },
    {
      id: 'last-shift-gagnon',
      question: "When was Julien Gagnon's last shift?",
      expect: { ...staffCalls('Julien Gagnon', STAFF.gagnon.id), contains: ['Nov 17', '2:00 PM'] },
    },
    {
      id: 'upcoming-gagnon',
      question: "Show me Gagnon's upcoming shifts",
      expect: { ...staffCalls('Gagnon', STAFF.gagnon.id), contains: ['Nov 19', 'Nov 25'] },
    },
    {
      id: 'upcoming-sharma',
      question: "What's coming up for Priya Sharma?",
      expect: {
        ...staffCalls('Priya Sharma', STAFF.sharma.id),
        contains: ['Nov 23', 'Dec 4'],
        // Her Nov 28 shift is for the other agency.
        notContains: ['Nov 28'],
      },
    },
    {
      id: 'cote-completed-this-month',
      question: 'How many shifts has Amélie Côté completed this month?',
      expect: { ...staffCalls('Amélie Côté', STAFF.cote.id, P.thisMonth), contains: ['3', '23.63'] },
    },
    {
      id: 'fortin-last-worked',
      question: 'When did Noah Fortin last work?',
      expect: { ...staffCalls('Noah Fortin', STAFF.fortin.id), contains: ['Noah Fortin'] },
    },
    {
      id: 'phone-gagne',
      question: "What's Sophie Gagne's phone number?",
      expect: { kind: 'answer', contains: ['4165550104'], tool: 'find_staff', args: { name: 'Sophie Gagne' } },
    },
    {
      id: 'email-oconnor',
      question: "What is Liam OConnor's email?",
      expect: {
        kind: 'answer',
        contains: ['liam.oconnor@fixture.carecover.test'],
        tool: 'find_staff',
        args: { name: 'Liam OConnor' },
      },
    },
    {
      id: 'kwame-on-shift',
      question: 'Is Kwame on shift?',
      expect: { kind: 'answer', contains: ['Kwame Mensah'], tool: 'find_staff', args: { name: 'Kwame' } },
    },
  ]),
  // The staff list (list_staff)
  ...section('staff list', [
    {
      id: 'list-staff',
      question: 'List my staff',
      expect: { kind: 'answer', contains: ['15', 'Amélie Côté', 'Ethan Nguyen'], tool: 'list_staff', args: {} },
    },
    {
      id: 'count-staff',
      question: 'How many staff do I have?',
      expect: { kind: 'answer', contains: ['15'], tool: 'list_staff', args: {} },
    },
    {
      id: 'on-shift-now',
      question: 'Who is on shift right now?',
      expect: {
        kind: 'answer',
        contains: ['Kwame Mensah', 'Amelia Tremblay'],
        tool: 'list_staff',
        args: { on_shift: true },
      },
    },
  ]),
  // Rankings (staff_ranking)
  ...section('rankings', [
    {
      id: 'most-accepted',
      question: 'Who accepted the most shifts?',
      expect: {
        kind: 'answer',
        contains: ['Amélie Côté', '9'],
        tool: 'staff_ranking',
        args: { metric: 'most_accepted' },
      },
    },
    {
      id: 'most-accepted-last-month',
      question: 'Who took the most shifts last month?',
      expect: {
        kind: 'answer',
        contains: ['Kwame Mensah', '4'],
        tool: 'staff_ranking',
        args: { metric: 'most_accepted', ...P.lastMonth },
      },
    },
    {
      id: 'most-hours-last-month',
      question: 'Who worked the most hours last month?',
      expect: {
        kind: 'answer',
        contains: ['Kwame Mensah', '32.1'],
        tool: 'staff_ranking',
        args: { metric: 'most_hours', ...P.lastMonth },
      },
    },
    {
      id: 'most-hours-ever',
      question: 'Who has worked the most hours overall?',
      expect: {
        kind: 'answer',
        contains: ['Kwame Mensah', '54.22'],
        tool: 'staff_ranking',
        args: { metric: 'most_hours' },
      },
    },
    {
      id: 'top-3-hours-this-month',
      question: 'Top 3 staff by hours this month',
      expect: {
        kind: 'answer',
        contains: ['Amélie Côté', 'Kwame Mensah', 'Priya Sharma', '23.63'],
        tool: 'staff_ranking',
        args: { metric: 'most_hours', ...P.thisMonth, limit: 3 },
      },
    },
    {
      id: 'fastest-to-accept',
      question: 'Who is fastest to accept shifts?',
      expect: {
        kind: 'answer',
        contains: ['Priya Sharma', '5'],
        tool: 'staff_ranking',
        args: { metric: 'fastest_to_accept' },
      },
    },
  ]),
  // Lateness and no-shows (attendance)
  ...section('attendance', [
    {
      id: 'late-this-week',
      question: 'Who was late this week?',
      expect: {
        kind: 'answer',
        contains: ['Amélie Côté', '25', 'Amelia Tremblay', '14'],
        tool: 'attendance',
        args: { ...P.thisWeek },
      },
    },
    {
      id: 'late-last-week',
      question: 'Who clocked in late last week?',
      expect: { kind: 'answer', contains: ['Isabelle Bélanger', '45'], tool: 'attendance', args: { ...P.lastWeek } },
    },
    {
      id: 'late-ever',
      question: 'Which staff clock in late?',
      expect: {
        kind: 'answer',
        contains: ['4', 'Julien Gagnon', 'Isabelle Bélanger', 'Amélie Côté', 'Amelia Tremblay'],
        tool: 'attendance',
        args: {},
      },
    },
    {
      id: 'no-shows-last-month',
      question: 'Any no-shows last month?',
      expect: { kind: 'answer', contains: ['Noah Fortin'], tool: 'attendance', args: { ...P.lastMonth } },
    },
    {
      id: 'no-show-yesterday',
      question: 'Did anyone miss their shift yesterday?',
      expect: { kind: 'answer', contains: ["Liam O'Connor"], tool: 'attendance', args: { ...P.yesterday } },
    },
    {
      id: 'no-shows-all',
      question: 'How many no-shows have we had?',
      expect: {
        kind: 'answer',
        contains: ['3', 'Noah Fortin', "Liam O'Connor", 'Sophie Gagné'],
        tool: 'attendance',
        args: {},
      },
    },
  ]),
  // Fill rate and time to fill (fill_stats)
  ...section('fill', [
    {
      id: 'fill-rate-last-month',
      question: 'What was my fill rate last month?',
      expect: { kind: 'answer', contains: ['80%'], tool: 'fill_stats', args: { ...P.lastMonth } },
    },
    {
      id: 'fill-rate-this-week',
      question: "What's our fill rate this week?",
      // 12 of 21 filled: 57.1% (the tool's rate is 0.5714).
      expect: { kind: 'answer', contains: ['57.1%', '12', '21'], tool: 'fill_stats', args: { ...P.thisWeek } },
    },
    {
      id: 'filled-overall',
      question: 'How many of my shifts got filled overall?',
      expect: { kind: 'answer', contains: ['44', '65'], tool: 'fill_stats', args: {} },
    },
    {
      id: 'time-to-fill-average',
      question: 'How long does it take to fill a shift on average?',
      expect: { kind: 'answer', contains: ['45.5'], tool: 'fill_stats', args: {} },
    },
    {
      id: 'time-to-fill-median-this-month',
      question: "What's the median time to fill this month?",
      expect: { kind: 'answer', contains: ['30'], tool: 'fill_stats', args: { ...P.thisMonth } },
    },
    {
      id: 'expired-last-month',
      question: 'How many shifts went unfilled last month?',
      expect: { kind: 'answer', contains: ['4'], tool: 'fill_stats', args: { ...P.lastMonth } },
    },
  ]),
  // The plan (plan_usage)
  ...section('plan', [
    {
      id: 'plan-shifts-left',
      question: 'How many shifts do I have left on the free plan?',
      expect: { kind: 'answer', contains: ['3'], tool: 'plan_usage', args: {} },
    },
    {
      id: 'plan-staff-left',
      question: 'How many more staff can I add?',
      expect: { kind: 'answer', contains: ['15'], tool: 'plan_usage', args: {} },
    },
    {
      id: 'plan-staff-limit',
      question: "What's my staff limit?",
      expect: { kind: 'answer', contains: ['30'], tool: 'plan_usage', args: {} },
    },
    {
      id: 'plan-premium',
      question: 'Am I on the premium plan?',
      expect: { kind: 'answer', contains: ['free'], tool: 'plan_usage', args: {} },
    },
    {
      // 20 left at NOW when the tool is called directly; through the assistant function the question
      // itself is counted first (19), so the number is not a fixed fact here.
      id: 'plan-questions-left',
      question: 'How many assistant questions do I have left this month?',
      expect: { kind: 'answer', tool: 'plan_usage', args: {} },
    },
  ]),
  // Who can cover one shift (who_can_cover, issue 28): the fixture's qualifications, credentials and
  // time off (fixture.sql) decide. Ranked by worked here, then nearest, then fewest hours that week,
  // then name; near misses are the ineligible staff with the fewest reasons (five listed).
  ...section('cover', [
    {
      id: 'cover-by-id',
      question: `Who can cover ${shortId('w12')}?`,
      expect: {
        kind: 'answer',
        contains: [
          '7',
          'Priya Sharma',
          'Amelia Tremblay',
          "Liam O'Connor",
          'Isabelle Bélanger',
          'Has time off on Nov 19',
          'Would work 16.0 hours that week, over 12.0',
          'CPR/First aid is not verified',
        ],
        notContains: ['Julien Gagnon', 'Family visit'],
        tool: 'who_can_cover',
        args: { shift_id: shortId('w12') },
      },
    },
    {
      id: 'cover-address-tomorrow',
      question: 'Who could take the shift at 220 Queen St W tomorrow?',
      expect: {
        kind: 'answer',
        contains: [
          shortId('w12'),
          'Priya Sharma',
          'Sophie Gagné',
          'Ethan Nguyen',
          'Is not recorded as skilled in dementia care',
        ],
        tool: 'who_can_cover',
        args: { address: '220 Queen St W', ...P.tomorrow },
      },
    },
    {
      id: 'cover-replace-friday',
      question: "Who can replace Amélie Côté on Friday's shift?",
      expect: {
        ...coverCalls('Amélie Côté', { held_by: STAFF.cote.id, ...P.friday }),
        contains: [
          shortId('w16'),
          'Amélie Côté',
          'Isabelle Bélanger',
          'Chloé Lefebvre',
          'worked at this address before',
          'Grace Li',
          'CPR/First aid expired Nov 15',
        ],
      },
    },
    {
      id: 'cover-psw-tonight',
      question: 'Anyone available for the PSW shift tonight?',
      expect: {
        kind: 'answer',
        contains: [
          shortId('w10'),
          '5',
          'Chloé Lefebvre',
          'Mohammed Haddad',
          'Amélie Côté',
          'Is not recorded as skilled in overnight respite',
          'Already has another shift at this time',
        ],
        tool: 'who_can_cover',
        args: { staff_type: 'PSW', ...P.tonight },
      },
    },
    {
      id: 'cover-why-not-li',
      question: `Why can't Grace Li take shift ${shortId('w12')}?`,
      expect: {
        ...coverCalls('Grace Li', { shift_id: shortId('w12'), staff_id: STAFF.li.id }),
        contains: [
          'Grace Li',
          'Is not recorded as skilled in dementia care',
          'CPR/First aid expired Nov 15',
          'Priya Sharma',
        ],
      },
    },
    {
      // The no-show going on now: Sophie Gagné has not clocked in to w21 (1 PM to 9 PM today).
      id: 'cover-no-show',
      question: "Who can cover for Sophie Gagné who didn't show up?",
      expect: {
        ...coverCalls('Sophie Gagné', { held_by: STAFF.gagne.id, no_show: true }),
        contains: [
          shortId('w21'),
          'Sophie Gagné',
          '1:00 PM',
          '7',
          'Priya Sharma',
          'Amélie Côté',
          'Amelia Tremblay',
          'Already has another shift at this time',
          'CPR/First aid expired Nov 15',
        ],
      },
    },
    {
      id: 'cover-the-no-show',
      question: 'Who can cover the no-show?',
      expect: {
        kind: 'answer',
        contains: [shortId('w21'), 'Sophie Gagné', '12 King Street West', 'Priya Sharma'],
        tool: 'who_can_cover',
        args: { no_show: true },
      },
    },
    {
      // Yesterday's no-show has ended: nothing is left to cover.
      id: 'cover-ended-no-show',
      question: "Who can cover for Liam O'Connor who didn't show up?",
      expect: {
        ...coverCalls("Liam O'Connor", { held_by: STAFF.oconnor.id, no_show: true }),
        contains: [shortId('w03'), "Liam O'Connor", 'nothing left to cover'],
      },
    },
    {
      id: 'cover-rpn-tomorrow',
      question: 'Anyone available for the RPN shift tomorrow?',
      expect: {
        kind: 'answer',
        contains: [
          shortId('w14'),
          '3',
          'Priya Sharma',
          'Amelia Tremblay',
          'Julien Gagnon',
          'worked at this address before',
        ],
        tool: 'who_can_cover',
        args: { staff_type: 'RPN', ...P.tomorrow },
      },
    },
    {
      id: 'cover-queen-next-monday',
      question: 'Who could take the shift at 100 Queen Street West next Monday?',
      expect: {
        kind: 'answer',
        contains: [
          shortId('nw01'),
          '8',
          'Amélie Côté',
          'worked at this address before',
          'Priya Sharma',
          'Already has another shift at this time',
        ],
        tool: 'who_can_cover',
        args: { address: '100 Queen Street West', ...P.nextMonday },
      },
    },
    {
      id: 'cover-why-not-nguyen',
      question: "Why can't Ethan Nguyen take the shift at 100 Queen Street West next Monday?",
      expect: {
        ...coverCalls('Ethan Nguyen', { address: '100 Queen Street West', ...P.nextMonday, staff_id: STAFF.nguyen.id }),
        contains: ['Ethan Nguyen', shortId('nw01'), 'CPR/First aid expires Nov 20, before this shift'],
      },
    },
    {
      id: 'cover-nobody',
      question: 'Who can cover the CYW shift next week?',
      expect: {
        kind: 'answer',
        // Noah Fortin, the one CYW, is on time off: the near miss whose reason few share comes first.
        contains: [shortId('nw06'), 'No one is eligible', '14', 'Noah Fortin', 'Has time off Nov 26 to Nov 27'],
        tool: 'who_can_cover',
        args: { staff_type: 'CYW', ...P.nextWeek },
      },
    },
    {
      id: 'cover-why-not-fortin',
      question: "Why can't Noah Fortin take the CYW shift next week?",
      expect: {
        ...coverCalls('Noah Fortin', { staff_type: 'CYW', ...P.nextWeek, staff_id: STAFF.fortin.id }),
        contains: ['Noah Fortin', 'Has time off Nov 26 to Nov 27', 'No one is eligible'],
        notContains: ['Exams'],
      },
    },
    {
      id: 'cover-eligible-yes',
      question: 'Is Priya Sharma eligible for the shift at 12 King Street West?',
      expect: {
        ...coverCalls('Priya Sharma', { address: '12 King Street West', staff_id: STAFF.sharma.id }),
        contains: ['Yes', 'Priya Sharma', shortId('w21'), '1st'],
      },
    },
    {
      id: 'cover-which-shift',
      question: 'Who can cover the shift tomorrow?',
      expect: {
        kind: 'clarify',
        contains: [shortId('w11'), shortId('w12'), shortId('w13'), shortId('w14')],
        tool: 'who_can_cover',
        args: { ...P.tomorrow },
      },
    },
    {
      id: 'cover-which-shift-b',
      question: 'b',
      history: [
        { sender: 'user', text: 'Who can cover the shift tomorrow?' },
        {
          sender: 'ai',
          text: [
            `1. 4 shifts fit: ${COVER_PICK_PHRASE}?`,
            `   a. Thu, Nov 19, 2026, 7:00 AM at 100 City Centre Drive, Mississauga, ON L5B 2C9: PSW, Personal care, Pending (ShiftID ${shortId('w11')})`,
            `   b. Thu, Nov 19, 2026, 9:00 AM at 220 Queen St W, Toronto, ON M5V 1Z6: PSW, Dementia care, Pending (ShiftID ${shortId('w12')})`,
            `   c. Thu, Nov 19, 2026, 10:00 AM at 55 Eglinton Avenue East, Toronto, ON M4P 1G8: RN, Wound care, Assigned to Julien Gagnon (ShiftID ${shortId('w13')})`,
            `   d. Thu, Nov 19, 2026, 7:00 PM at 600 University Ave, Toronto, ON M5G 1X5: RPN, Medication administration, Pending (ShiftID ${shortId('w14')})`,
            '2. Send me its letter or its ShiftID.',
          ].join('\n'),
        },
      ],
      expect: {
        kind: 'answer',
        contains: [shortId('w12'), 'Priya Sharma', 'Ethan Nguyen'],
        tool: 'who_can_cover',
        args: { shift_id: shortId('w12') },
      },
    },
    {
      // French mixed in: "qui peut couvrir" (who can cover), "quart" (shift), "demain" (tomorrow).
      id: 'cover-french',
      question: 'qui peut couvrir the quart at 220 Queen St W demain?',
      expect: {
        kind: 'answer',
        contains: [shortId('w12'), 'Priya Sharma', 'Kwame Mensah'],
        tool: 'who_can_cover',
        args: { address: '220 Queen St W', ...P.tomorrow },
      },
    },
  ]),
  // Outside what the data answers
  ...section('out of scope', [
    { id: 'weather', question: "What's the weather in Toronto today?", expect: { kind: 'unsupported' } },
    { id: 'poem', question: 'Write me a poem about nurses', expect: { kind: 'unsupported' } },
    { id: 'hockey', question: 'Who won the Leafs game last night?', expect: { kind: 'unsupported' } },
    { id: 'translate', question: "Translate 'night shift' into French", expect: { kind: 'unsupported' } },
    { id: 'delete-shifts', question: 'Delete all pending shifts', expect: { kind: 'unsupported' } },
    {
      id: 'post-shift',
      question: 'Post a PSW shift for tomorrow at 9 AM on Bay Street',
      expect: { kind: 'unsupported' },
    },
    { id: 'capital', question: 'What is the capital of Australia?', expect: { kind: 'unsupported' } },
    { id: 'joke', question: 'Tell me a joke', expect: { kind: 'unsupported' } },
  ]),
];

const coreEntry = (id: string): BankEntry => {
  const entry = CORE.find((e) => e.id === id);
  if (!entry) throw new Error(`bank.ts: no entry ${id}`);
  return entry;
};

/** `question` asks what entry `like` asks: the same expectations, unless `expect` says otherwise. */
function messy(id: string, question: string, like: string, expect: Partial<BankEntry['expect']> = {}): Question {
  return { id: `messy-${id}`, like, question, expect: { ...coreEntry(like).expect, ...expect } };
}

/** The staff calls of entry `like` with the name as typed in the messy question. */
function typedName(like: string, typed: string): Partial<BankEntry['expect']> {
  const { expect } = coreEntry(like);
  if (!expect.calls) return { args: { name: typed } };
  return { calls: expect.calls.map((c) => (c.tool === 'find_staff' ? { ...c, args: { name: typed } } : c)) };
}

/**
 * Issue 26: questions as a scheduler types them on a phone. Typos in every kind of word (status,
 * period, name, address, the question's own words), chat shorthand ("rn", "pls", "ppl", "tmrw",
 * "r", "u"), no punctuation or apostrophes, all capitals, and French words mixed in. Each asks what
 * a well-typed entry asks (`like`), so its facts are that entry's, checked against the tools.
 */
const MESSY: Question[] = [
  // The two confidently wrong answers of the issue.
  messy('wich-pendng', 'wich shifts are pendng?', 'pending-all'),
  {
    id: 'messy-mnay-compleated',
    question: 'how mnay shifts are compleated',
    expect: { kind: 'answer', contains: ['29'], tool: 'shift_counts', args: {} },
  },
  // Typos in status and question words.
  messy('unfiled-this-wk', 'whcih shifts r unfiled this week', 'unfilled-this-week'),
  messy('opne-this-week', 'wat shifts are opne this week', 'open-this-week'),
  messy('asigned-next-week', 'which shifts are asigned next week', 'assigned-next-week'),
  messy('in-progres-rn', 'shifts in progres rn', 'in-progress'),
  messy('completd-yesterday', 'what shifts were completd yesterday', 'completed-yesterday'),
  messy('done-last-wek', 'wat shifts got done last wek', 'done-last-week'),
  messy('shwo-teh-pending', 'shwo me teh pending shifts', 'pending-all'),
  messy('mnay-staff', 'how mnay staff do i hve', 'count-staff'),
  messy('accpted-most', 'who accpted the most shifts', 'most-accepted'),
  // Periods typed short or wrong.
  messy('tmrw', 'whats on tmrw', 'tomorrow-all'),
  messy('open-tmr', 'any open shifts tmr?', 'tomorrow-open'),
  messy('2day', 'shifts 2day', 'today'),
  messy('nov-28', 'wat shifts r on nov 28', 'nov-28'),
  messy('nxt-month', 'what shifts are scheduled nxt month', 'next-month'),
  messy('tomorow-open', 'which shifts are open tomorow', 'tomorrow-open'),
  messy('yesterday-no-show', 'any no shows yesterday', 'no-show-yesterday'),
  // Names without capitals, accents or apostrophes, and misspelt.
  messy('hours-mensha', 'hours for kwame mensha', 'hours-mensah', typedName('hours-mensah', 'kwame mensha')),
  messy(
    'gagnons-last-shift',
    'when was julien gagnons last shift',
    'last-shift-gagnon',
    typedName('last-shift-gagnon', 'julien gagnons'),
  ),
  messy('gagnes-phone', 'whats sophie gagnes phone number', 'phone-gagne', typedName('phone-gagne', 'sophie gagnes')),
  messy('oconnors-email', 'liam oconnors email pls', 'email-oconnor', typedName('email-oconnor', 'liam oconnors')),
  messy('kwame-rn', 'is kwame on shift rn', 'kwame-on-shift', typedName('kwame-on-shift', 'kwame')),
  messy(
    'cote-next-week',
    'shifts for amelie cote next week',
    'cote-next-week',
    typedName('cote-next-week', 'amelie cote'),
  ),
  // Addresses in lower case, short and misspelt street types.
  messy('100-queen-st-west', 'shifts at 100 queen st west', 'address-100-queen', {
    args: { address: '100 queen st west' },
  }),
  messy('queen-st-e', 'any shifts on queen st e', 'address-queen-east', { args: { address: 'queen st e' } }),
  messy('dufferin-count', 'how many shifts at 3401 dufferin st', 'address-dufferin-count', {
    args: { address: '3401 dufferin st' },
  }),
  messy('avenue-road', 'shifts at 45 avenue road', 'address-avenue-rd', { args: { address: '45 avenue road' } }),
  // Chat shorthand.
  messy('ppl-on-shift-rn', 'who r the ppl on shift rn', 'on-shift-now'),
  messy('staff-pls', 'how many staff do i have pls', 'count-staff'),
  messy('list-ppl', 'list my ppl pls', 'list-staff'),
  messy('hw-many-no-shows', 'hw many no shows have we had', 'no-shows-all'),
  messy('late-this-wk', 'who was late this wk', 'late-this-week'),
  messy('plan-thx', 'how many shifts do i have left on the free plan thx', 'plan-shifts-left'),
  messy('premium-u', 'r we on premium', 'plan-premium'),
  messy('top-3-hrs', 'top 3 staff by hrs this month', 'top-3-hours-this-month'),
  messy('whos-fastest', 'whos fastest to accept shifts', 'fastest-to-accept'),
  // All capitals, no punctuation.
  messy('caps-pending', 'WHICH SHIFTS ARE PENDING', 'pending-all'),
  messy('caps-on-shift', 'WHO IS ON SHIFT RIGHT NOW', 'on-shift-now'),
  messy('caps-this-week', 'HOW MANY SHIFTS THIS WEEK', 'counts-this-week'),
  messy('caps-fill-rate', 'WHAT WAS MY FILL RATE LAST MONTH', 'fill-rate-last-month'),
  // French words mixed in.
  {
    id: 'messy-combien-en-attente',
    question: 'combien de quarts en attente',
    expect: { kind: 'answer', contains: ['21'], tool: 'shift_counts', args: {} },
  },
  messy('quels-quarts-cette-semaine', 'quels quarts sont en attente cette semaine', 'unfilled-this-week'),
  messy('qui-maintenant', 'qui is on shift maintenant', 'on-shift-now'),
  messy('demain-svp', 'shifts demain svp', 'tomorrow-all'),
  messy('quarts-completes-hier', 'quarts complétés hier', 'completed-yesterday'),
  messy('aujourdhui', "quarts aujourd'hui", 'today'),
  // More of the same, as typed on a phone between visits.
  messy('psws-open-nxt-week', 'r there any open shifts nxt week for psws', 'psw-open-next-week'),
  messy('hrs-kwame-last-month', 'how many hrs did kwame work last month', 'hours-mensah-typo-last-month', {
    ...typedName('hours-mensah-typo-last-month', 'kwame'),
  }),
  messy('caps-late-last-week', 'WHO WAS LATE LAST WEEK', 'late-last-week'),
  messy('in-progress-atm', 'any shifts in progress atm', 'in-progress'),
  messy('fill-rate-wk', 'wats the fill rate this wk', 'fill-rate-this-week'),
  messy('combien-staff', "combien de staff j'ai", 'count-staff'),
  messy('quarts-mois-dernier', 'who took the most quarts le mois dernier', 'most-accepted-last-month'),
  messy('whos-working-2moro', 'hey whos working 2moro', 'tomorrow-all', { contains: ['Julien Gagnon'] }),
  // A place misspelt: no shift is there, so the agency's close place is offered, never applied.
  {
    id: 'messy-torotno',
    question: 'any shifts in torotno this week',
    expect: {
      kind: 'clarify',
      contains: ['torotno', 'Toronto'],
      tool: 'find_shifts',
      args: { address: 'torotno', ...P.thisWeek, limit: 10 },
    },
  },
  {
    id: 'messy-bayvew',
    question: 'shifts at 2075 bayvew',
    expect: {
      kind: 'clarify',
      contains: ['Bayview Avenue'],
      tool: 'find_shifts',
      args: { address: '2075 bayvew', limit: 10 },
    },
  },
  // Outside what the data answers, typed as badly.
  messy('weather-2day', 'wats the weather 2day', 'weather'),
  messy('jok', 'tell me a jok pls', 'joke'),
];

const FR_MONTHS: Record<string, string> = {
  Jan: 'janv.',
  Feb: 'févr.',
  Mar: 'mars',
  Apr: 'avr.',
  May: 'mai',
  Jun: 'juin',
  Jul: 'juill.',
  Aug: 'août',
  Sep: 'sept.',
  Oct: 'oct.',
  Nov: 'nov.',
  Dec: 'déc.',
};

/** A fact as a French reply writes it: "Nov 23" is "23 nov.", "2:00 PM" is "14 h 00"; the rest as is. */
export function frenchFact(fact: string): string {
  const date = /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{1,2})$/.exec(fact);
  if (date) return `${date[2]} ${FR_MONTHS[date[1] as string]}`;
  const time = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(fact);
  if (time) return `${(Number(time[1]) % 12) + (time[3] === 'PM' ? 12 : 0)} h ${time[2]}`;
  return fact;
}

/**
 * `question` asks in French what entry `like` asks: the same expectations, unless `expect` says
 * otherwise, and a reply in French (the built-in says every reply in French for a French question:
 * replies-fr*.ts). The facts are the English entry's, with its dates and times as French writes
 * them; a French entry whose English facts are words ("Pending", a cover reason's sentence) lists
 * the facts a French reply holds instead: names, ShiftIDs, numbers and days, which
 * tests/integration/assistant-bank-facts.test.ts finds in the tools' results too (it cannot find a
 * French time, "14 h 00", so French entries name the day without it).
 */
function fr(
  kind: CoreSection,
  id: string,
  question: string,
  like: string,
  expect: Partial<BankEntry['expect']> = {},
  history?: ChatMessage[],
): BankEntry {
  const base = { ...coreEntry(like).expect, ...expect };
  const french = expect.french ?? true;
  const translate = (facts: string[] | undefined): string[] | undefined => (french ? facts?.map(frenchFact) : facts);
  return {
    id: `fr-${id}`,
    section: `fr ${kind}`,
    like,
    question,
    ...(history ? { history } : {}),
    expect: { ...base, contains: translate(base.contains), notContains: translate(base.notContains), french },
  };
}

/** The shift quick prompt asked in French, and its French question back. */
const askShiftFr: ChatMessage[] = [
  { sender: 'user', text: 'Donne-moi les détails d’un quart' },
  { sender: 'ai', text: ASK_SHIFT_FR },
];

/**
 * Issue 29: the everyday questions in Quebec French, as a scheduler writes them: with and without
 * accents, "quart" / "quart de travail", "PAB" and "préposé(e)s aux bénéficiaires", "infirmière
 * auxiliaire", "pointer", "feuille de temps", and names of either language. Each asks what an English
 * entry asks (`like`), so its facts and calls are that entry's.
 */
const FRENCH: BankEntry[] = [
  // shifts
  fr('shifts', 'quels-en-attente', 'Quels quarts sont en attente?', 'pending-all'),
  fr('shifts', 'non-combles-semaine', 'Quels quarts ne sont pas encore comblés cette semaine?', 'unfilled-this-week'),
  fr('shifts', 'ouverts-semaine', 'quels quarts sont ouverts cette semaine', 'open-this-week'),
  fr(
    'shifts',
    'attribues-semaine-prochaine',
    'Quels quarts de travail sont attribués la semaine prochaine?',
    'assigned-next-week',
  ),
  fr('shifts', 'en-cours', 'Quels quarts sont en cours présentement?', 'in-progress'),
  fr('shifts', 'termines-hier', 'Quels quarts ont été terminés hier?', 'completed-yesterday'),
  fr('shifts', 'termines-semaine-derniere', 'Quels quarts ont été terminés la semaine dernière?', 'done-last-week'),
  fr('shifts', 'aujourdhui', "Quels sont les quarts d'aujourd'hui?", 'today'),
  fr('shifts', 'prevus-demain', 'Quels quarts sont prévus demain?', 'tomorrow-all'),
  fr('shifts', 'ouverts-demain', 'Quels quarts sont ouverts demain?', 'tomorrow-open'),
  fr('shifts', '28-novembre', 'Quels quarts sont prévus le 28 novembre?', 'nov-28'),
  fr('shifts', 'mois-prochain', 'Quels quarts sont prévus le mois prochain?', 'next-month'),
  fr('shifts', 'cote-semaine-prochaine', 'Quels quarts Amélie Côté a-t-elle la semaine prochaine?', 'cote-next-week'),
  fr('shifts', 'pab-ouverts', 'Quels quarts de PAB sont ouverts la semaine prochaine?', 'psw-open-next-week'),
  fr(
    'shifts',
    'preposes-ouverts',
    'quarts de preposes aux beneficiaires ouverts la semaine prochaine',
    'psw-open-next-week',
  ),
  fr('shifts', 'infirmiere-auxiliaire-mois', "Combien de quarts d'infirmière auxiliaire ce mois-ci?", 'rpn-this-month'),
  fr('shifts', 'queen-street-west', 'Quarts au 100 Queen Street West', 'address-100-queen'),
  // open soon
  fr(
    'open soon',
    '24h',
    'Quels quarts qui commencent dans les prochaines 24 heures sont encore en attente?',
    'open-24h',
  ),
  fr('open soon', '48h', "Qu'est-ce qui n'est pas comblé dans les prochaines 48 heures?", 'open-48h'),
  // one shift: its details in French ("En attente", the skill's French name), so the facts are its place and day.
  fr('one shift', 'details', `Donne-moi les détails du quart ${shortId('w12')}`, 'shift-by-id', {
    contains: [shortId('w12'), '220 Queen St W', 'Nov 19'],
  }),
  fr('one shift', 'details-complet', 'Détails du quart dbe1d220-0000-4000-8000-f10000000035', 'shift-by-full-id', {
    contains: ['Amélie Côté', '45 Avenue Road'],
  }),
  fr('one shift', 'qui-a-travaille', `Qui a travaillé le quart ${shortId('o13')}?`, 'shift-former-staff'),
  fr('one shift', 'inconnu', 'Parle-moi du quart abcdef12', 'shift-unknown-id'),
  // The French quick prompt's follow-up: two shifts at the address, asked back in French.
  fr('one shift', 'adresse-deux-quarts', '100 Queen Street West', 'quick-shift-ambiguous-address', {}, askShiftFr),
  // counts
  fr('counts', 'par-statut', "Combien de quarts j'ai par statut?", 'counts-all'),
  fr('counts', 'semaine', 'Combien de quarts cette semaine?', 'counts-this-week'),
  fr(
    'counts',
    'termines-mois-dernier',
    'Combien de quarts ont été terminés le mois dernier?',
    'completed-last-month-count',
  ),
  fr('counts', 'combien-en-cours', 'combien de quarts sont en cours', 'count-in-progress'),
  fr('counts', 'ce-mois-ci', 'Combien de quarts avons-nous eus ce mois-ci?', 'counts-this-month'),
  // staff
  fr('staff', 'heures-mensah', "Combien d'heures Kwame Mensah a-t-il travaillé?", 'hours-mensah'),
  fr(
    'staff',
    'feuille-de-temps',
    'Feuille de temps de Kwame Mensah',
    'hours-mensah',
    typedName('hours-mensah', 'Kwame Mensah'),
  ),
  fr(
    'staff',
    'heures-mensah-mois-dernier',
    "Combien d'heures Kwame Mensah a-t-il travaillé le mois dernier?",
    'hours-mensah-typo-last-month',
    typedName('hours-mensah-typo-last-month', 'Kwame Mensah'),
  ),
  // The day of his last shift ("mar. 17 nov."); its time is « 14 h 00 » in the reply.
  fr('staff', 'dernier-quart-gagnon', 'Quand était le dernier quart de Julien Gagnon?', 'last-shift-gagnon', {
    contains: ['Julien Gagnon', 'Nov 17'],
  }),
  // Her coming shifts, listed (find_shifts) rather than her details: the facts are the same.
  fr('staff', 'prochains-sharma', "Qu'est-ce qui s'en vient pour Priya Sharma?", 'upcoming-sharma'),
  fr('staff', 'telephone-gagne', 'Quel est le numéro de téléphone de Sophie Gagne?', 'phone-gagne'),
  fr('staff', 'courriel-oconnor', 'Quel est le courriel de Liam OConnor?', 'email-oconnor'),
  fr('staff', 'kwame-en-quart', 'Est-ce que Kwame est en quart?', 'kwame-on-shift'),
  fr('staff', 'olivier-ambigu', "Combien d'heures Olivier a-t-il travaillé?", 'staff-ambiguous-first-name'),
  // staff list
  fr('staff list', 'liste', 'Liste mon personnel', 'list-staff'),
  fr('staff list', 'combien', "Combien d'employés j'ai?", 'count-staff'),
  fr('staff list', 'en-quart-maintenant', 'Qui est en quart maintenant?', 'on-shift-now'),
  // rankings
  fr('rankings', 'plus-acceptes', 'Qui a accepté le plus de quarts?', 'most-accepted'),
  fr('rankings', 'plus-pris-mois-dernier', 'Qui a pris le plus de quarts le mois dernier?', 'most-accepted-last-month'),
  fr(
    'rankings',
    'plus-heures-mois-dernier',
    "Qui a travaillé le plus d'heures le mois dernier?",
    'most-hours-last-month',
  ),
  fr('rankings', 'plus-heures-total', "Qui a travaillé le plus d'heures au total?", 'most-hours-ever'),
  fr('rankings', 'plus-rapide', 'Qui accepte les quarts le plus rapidement?', 'fastest-to-accept'),
  // attendance
  fr('attendance', 'retard-semaine', 'Qui était en retard cette semaine?', 'late-this-week'),
  fr('attendance', 'pointe-en-retard', 'Qui a pointé en retard la semaine dernière?', 'late-last-week'),
  fr('attendance', 'qui-pointe-en-retard', 'Qui pointe en retard?', 'late-ever'),
  fr('attendance', 'absences-mois-dernier', 'Des absences le mois dernier?', 'no-shows-last-month'),
  fr('attendance', 'absent-hier', 'Qui était absent hier?', 'no-show-yesterday'),
  fr('attendance', 'combien-absences', "Combien d'absences avons-nous eues?", 'no-shows-all'),
  // fill
  fr('fill', 'taux-mois-dernier', 'Quel était mon taux de remplissage le mois dernier?', 'fill-rate-last-month'),
  fr('fill', 'taux-semaine', 'Quel est notre taux de comblement cette semaine?', 'fill-rate-this-week'),
  fr('fill', 'delai-moyen', 'Combien de temps ça prend pour combler un quart en moyenne?', 'time-to-fill-average'),
  fr(
    'fill',
    'non-combles-mois-dernier',
    'Combien de quarts sont restés non comblés le mois dernier?',
    'expired-last-month',
  ),
  // plan
  fr('plan', 'quarts-restants', 'Combien de quarts il me reste sur le forfait gratuit?', 'plan-shifts-left'),
  // "Non, vous avez le forfait gratuit", with its limits: the staff limit is a number of the result.
  fr('plan', 'premium', 'Est-ce que je suis sur le forfait Premium?', 'plan-premium', { contains: ['30'] }),
  fr('plan', 'limite-personnel', 'Quelle est ma limite de personnel?', 'plan-staff-limit'),
  // cover: the reasons are said in French (« Est en congé le 19 nov. », a credential type by its French
  // name), so the facts are the people, the ShiftIDs, the counts and the days.
  fr('cover', 'qui-peut-couvrir', `Qui peut couvrir le quart ${shortId('w12')}?`, 'cover-by-id', {
    contains: ['7', 'Priya Sharma', 'Amelia Tremblay', "Liam O'Connor", 'Isabelle Bélanger', 'Nov 19'],
  }),
  fr(
    'cover',
    'remplacer-amelie',
    'Qui peut remplacer Amélie Côté pour son quart de vendredi?',
    'cover-replace-friday',
    {
      contains: [shortId('w16'), 'Amélie Côté', 'Isabelle Bélanger', 'Chloé Lefebvre', 'Grace Li'],
    },
  ),
  fr('cover', 'pab-ce-soir', 'Quelqu’un de disponible pour le quart de PAB ce soir?', 'cover-psw-tonight', {
    contains: [shortId('w10'), '5', 'Chloé Lefebvre', 'Mohammed Haddad', 'Amélie Côté'],
  }),
  fr('cover', 'quel-quart-demain', 'Qui peut couvrir le quart demain?', 'cover-which-shift'),
  fr(
    'cover',
    'admissible-priya',
    'Est-ce que Priya Sharma est admissible au quart au 12 King Street West?',
    'cover-eligible-yes',
    { contains: ['Priya Sharma', shortId('w21')] },
  ),
  // out of scope
  fr('out of scope', 'meteo', 'Quelle météo fait-il à Toronto aujourd’hui?', 'weather'),
  fr('out of scope', 'poeme', 'Écris-moi un poème sur les infirmières', 'poem'),
  fr('out of scope', 'blague', 'Raconte-moi une blague', 'joke'),
];

export const BANK: BankEntry[] = [...CORE, ...section('messy', MESSY), ...FRENCH];

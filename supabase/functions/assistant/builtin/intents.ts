// A question (with the conversation before it) → a plan: the tool calls that answer it, one short
// clarifying question, or a plain "I can't answer that" with close questions that can be answered.
// Staff names are looked up here (find_staff) because the plan depends on who was meant; every
// other tool call is left to the caller, so a question costs at most three calls.
import type { CoverArgs, RankingMetric, ShiftStatus, StaffRef, StaffSummary, ToolRunner } from '../tools/types.ts';
import type { ChatMessage } from '../types.ts';
import { type Analysis, analyse, has, readable } from './analysis.ts';
import { parsePeriod } from './dates.ts';
import { clarifyStaff, type NameCandidate, noSuchStaff, offeredNames, pickOption, resolveName } from './names.ts';
import {
  ASK_SHIFT,
  ASK_STAFF,
  asksCoverPick,
  asksForShift,
  asksForStaff,
  COVER_WHICH_SHIFT,
  SHIFT_QUICK_PROMPT,
  STAFF_QUICK_PROMPT,
} from './prompts.ts';
import {
  type AttendanceQuery,
  type AvailableQuery,
  type CountsQuery,
  type CoverQuery,
  type Plan,
  type PlanContext,
  type PlanQuery,
  type Query,
  type RankingQuery,
  type ShiftsQuery,
  type StatusGroup,
  type StaffAspect,
  type StaffListQuery,
  toolPlan,
  type When,
} from './queries.ts';
import { FRENCH_CANT, frenchUnsupported, type Suggestion } from './replies-fr.ts';
import { joinWords, letter, normalise, numberWord } from './text.ts';

// Intent rules ---------------------------------------------------------------------------------------

const COUNT = /\b(how many|number of|count|total|tally|how much)\b/;
const SHIFT_WORD = /\bshifts?\b/;
const STAFF_WORD =
  /\b(staff|staffs|staffer|staffers|workers?|employees?|members?|caregivers?|team|crew|personnel|people|nurses|psws)\b/;
const NOT_FILLED =
  /\b(not|never|isn t|aren t|wasn t|weren t|hasn t|haven t|isnt|arent|hasnt|havent|no one|nobody|noone|without)\b( yet| been| anyone| got| gotten| a| any)* (filled|assigned|accepted|accept|covered|cover|taken|take|claimed|claim|picked|pick|staffed|staff)\b/;
const PENDING =
  /\b(pending|unfilled|unassigned|uncovered|unclaimed|unstaffed|vacant|open|available|empty|still need|waiting|gaps?|left to fill|to be filled|needs? (coverage|covering|filling|staff|someone|cover)|need to be (filled|covered))\b/;
const FILLED =
  /\b(filled|covered|accepted|taken|claimed|booked|picked up|staffed)\b|\b(did|have) (we|i) (fill|cover)\b/;
const ASSIGNED = /\bassigned\b/;
const IN_PROGRESS = /\b(in progress|ongoing|underway|active|happening now|happening right now|going on now)\b/;
const COMPLETED = /\b(completed|complete|finished|ended|clocked out|done)\b/;

const STATUS_ORDER: ShiftStatus[] = ['Pending', 'Assigned', 'In-progress', 'Completed'];

export interface StatusFilter {
  statuses: ShiftStatus[];
  word?: string;
  /** Two or more statuses named together ("pending and assigned"): each, to be reported apart. */
  each?: StatusGroup[];
}

/** Filled shifts of a period that has begun are also in progress or completed by now. */
function filledStatuses(a: Analysis): ShiftStatus[] {
  const startedAlready = !a.when || a.when.period.from === undefined || Date.parse(a.when.period.from) < a.now;
  return startedAlready && a.when ? ['Assigned', 'In-progress', 'Completed'] : ['Assigned'];
}

const PENDING_ADJECTIVE = /^(pending|unfilled|open|unassigned|uncovered|unclaimed|unstaffed|vacant|available|empty)$/;

function singleStatusFilter(a: Analysis): StatusFilter {
  const filledWord = (): string => (FILLED.exec(a.s)?.[1] as string) ?? 'filled';
  if (has(a, NOT_FILLED)) return { statuses: ['Pending'], word: 'unfilled' };
  const pending = PENDING.exec(a.s);
  if (pending) {
    const word = pending[1] as string;
    return { statuses: ['Pending'], word: PENDING_ADJECTIVE.test(word) ? word : 'unfilled' };
  }
  if (has(a, IN_PROGRESS)) return { statuses: ['In-progress'], word: 'in-progress' };
  if (has(a, COMPLETED) && !has(a, /\bhours? done\b/)) return { statuses: ['Completed'], word: 'completed' };
  if (has(a, ASSIGNED)) return { statuses: ['Assigned'], word: 'assigned' };
  if (has(a, FILLED)) return { statuses: filledStatuses(a), word: filledWord() };
  return { statuses: [] };
}

// Every status a question names, in the order said; a later pattern never re-reads words an
// earlier one used ("not filled" is unfilled, not filled).
const STATUS_PATTERNS: [RegExp, (word: string, a: Analysis) => StatusGroup][] = [
  [NOT_FILLED, () => ({ statuses: ['Pending'], word: 'unfilled' })],
  [PENDING, (w) => ({ statuses: ['Pending'], word: PENDING_ADJECTIVE.test(w) ? w : 'unfilled' })],
  [IN_PROGRESS, () => ({ statuses: ['In-progress'], word: 'in-progress' })],
  [COMPLETED, () => ({ statuses: ['Completed'], word: 'completed' })],
  [ASSIGNED, () => ({ statuses: ['Assigned'], word: 'assigned' })],
  [FILLED, (w, a) => ({ statuses: filledStatuses(a), word: w || 'filled' })],
];

/** "pending and assigned", "open or in progress", "filled vs unfilled": two or more statuses joined. */
function statusMentions(a: Analysis): StatusGroup[] {
  const found: (StatusGroup & { at: number; end: number })[] = [];
  for (const [pattern, read] of STATUS_PATTERNS) {
    for (const m of a.s.matchAll(new RegExp(pattern.source, 'g'))) {
      const at = m.index ?? 0;
      const end = at + m[0].length;
      if (found.some((f) => at < f.end && end > f.at)) continue;
      if (pattern === COMPLETED && m[1] === 'done' && /\bhours? $/.test(a.s.slice(0, at))) continue;
      found.push({ at, end, ...read(m[1] ?? '', a) });
    }
  }
  found.sort((x, y) => x.at - y.at);
  const distinct = found.filter((f, i) => found.findIndex((g) => g.statuses.join() === f.statuses.join()) === i);
  if (distinct.length < 2) return [];
  // Named together: "and", "or" or "vs" between each two ("accepted but not completed" is one filter).
  for (let i = 1; i < distinct.length; i++) {
    const between = a.s.slice(
      (distinct[i - 1] as (typeof found)[number]).end,
      (distinct[i] as (typeof found)[number]).at,
    );
    if (!/\b(and|or|vs|versus|plus)\b/.test(between)) return [];
  }
  return distinct.map(({ statuses, word }) => ({ statuses, word }));
}

function statusFilter(a: Analysis): StatusFilter {
  const each = statusMentions(a);
  if (each.length >= 2) {
    const statuses = STATUS_ORDER.filter((st) => each.some((f) => f.statuses.includes(st)));
    return {
      statuses,
      word: joinWords(
        each.map((f) => f.word),
        'or',
      ),
      each,
    };
  }
  return singleStatusFilter(a);
}

const PLAN_QUESTIONS =
  /\b(questions?|queries|query|messages?|asks?)\b.*\b(left|remaining|have|used|limit|more)\b|\bhow many (more )?(questions|queries|messages)\b/;
const PLAN_SHIFTS =
  /\bhow many (more )?shifts? (can|could|may) (i|we)( still)? (post|create|add|send|make)\b|\bshifts? (do (i|we) have )?(left|remaining)\b|\bshift limit\b|\bshifts? (have|did) (i|we) (use|used|post|posted)\b|\bfree shifts?\b/;
const PLAN_STAFF =
  /\bhow many (staff|workers|employees|caregivers)( members)? .*\b(plan|limit|allowed)\b|\bhow many (more )?(staff|workers|employees|caregivers|people|members)( members)? (can|could|may) (i|we)( still)? (add|onboard|invite|have|hire)\b|\bhow many (more )?(staff|workers|employees|caregivers|people)( members)? (can|could) (still )?(join|be added|sign up)\b|\bstaff limit\b|\b(staff|spots|seats) (left|remaining)\b|\bcan (i|we) add more staff\b/;
const PLAN_ANY =
  /\b(what|which) plan\b|\bmy plan\b|\bpremium\b|\bfree plan\b|\bplan (usage|limits?)\b|\busage\b|\bam i on\b|\blimits?\b|\bsubscription\b|\bupgrade\b/;

function planAspect(a: Analysis): PlanQuery['aspect'] | null {
  if (has(a, PLAN_QUESTIONS)) return 'questions';
  if (has(a, PLAN_STAFF)) return 'staff';
  if (has(a, PLAN_SHIFTS) && !a.when && statusFilter(a).statuses.length === 0) return 'shifts';
  if (has(a, PLAN_ANY)) return 'all';
  return null;
}

const FILL_RATE =
  /\b(fill|filled|fills|filling|coverage|cover|acceptance) (rate|ratio|percentage|percent|rates)\b|\b(percentage|percent|share|proportion|ratio)\b.*\b(filled|covered|accepted)\b|\bhow (many|much) of (my |our |the )?shifts\b.*\b(filled|covered|accepted)\b/;
const FILL_TIME =
  /\bhow (long|fast|quickly|soon)\b.*\b(fill|filled|accept|accepted|covered|cover|picked|taken|claimed|get filled)\b|\btime to (fill|accept|cover)\b|\b(average|median|typical) time\b|\bfill time\b|\bhow long\b.*\bshifts? (stay|remain) (open|pending|unfilled)\b/;
const FILL_UNFILLED =
  /\b(went|go|gone|were|was|got|left|remained|stayed)( still)? unfilled\b|\bexpired\b|\bnever (got |been )?(filled|covered|accepted|picked up)\b|\bunfilled (rate|count)\b/;

const LATE = /\b(late|lateness|tardy|tardiness|behind schedule)\b/;
const NO_SHOW =
  /\bno shows?\b|\b(didn t|did not|didnt|never|not|don t|doesn t|hasn t|haven t|has not|have not) (show|shown|showed|turn|come|came|clock|clocked|check|checked)\b|\bmiss(ed|es)? (shifts?|a shift|their shift|his shift|her shift|any shifts?)\b|\babsent\b|\babsences?\b|\bskipped\b|\b(show|showed|turn|turned) up\b/;
/** Sick calls are not in the data: said plainly, not read as a place ("call in sick"). */
const SICK = /\b(sick|ill|illness)\b|\bcall(ed|s|ing)? (in|out|off)\b/;
const ATTENDANCE = /\battendance\b|\bpunctual|\bpunctuality\b|\bon time\b/;

const RANKING =
  /\b(most|top|best|highest|fewest|least|lowest|fastest|quickest|slowest|busiest|rank|ranking|ranked|leaderboard|mvp)\b/;
const FAST = /\b(fastest|quickest|slowest|speed|quick|quickly|fast|respond|responds|responsive)\b/;
const HOURS = /\b(hours?|hrs)\b/;

const PER_STAFF =
  /\b(each|every|per) (staff|worker|employee|caregiver|person|member|psw)\b|\bby (staff|worker|employee|person)\b/;

function rankingQuery(a: Analysis): RankingQuery | null {
  const perStaff = has(a, PER_STAFF);
  if ((!has(a, RANKING) && !perStaff) || has(a, /\bmost recent\b/)) return null;
  const aboutStaff = has(a, /\bwho\b|\bwhich\b/) || has(a, STAFF_WORD) || has(a, /\b(top|rank|ranking|leaderboard)\b/);
  if (!aboutStaff) return null;
  let metric: RankingMetric = 'most_accepted';
  const byShifts = has(a, /\b(completed|finished|done)\b/) && has(a, SHIFT_WORD);
  if (has(a, FAST)) metric = 'fastest_to_accept';
  else if (byShifts) metric = 'most_hours';
  else if (has(a, HOURS) || (has(a, /\bwork(s|ed|ing)?\b/) && !has(a, SHIFT_WORD))) metric = 'most_hours';
  const bottom = has(a, /\b(fewest|least|lowest|slowest)\b/);
  const top = /\btop (\d{1,2}|three|five|ten|two|four)\b/.exec(a.s);
  const limit = top
    ? (numberWord(top[1] as string) ?? 5)
    : perStaff || has(a, /\b(rank|ranking|leaderboard)\b/)
      ? 50
      : 5;
  const query: RankingQuery = { type: 'ranking', metric, when: a.when, limit, order: bottom ? 'bottom' : 'top' };
  if (byShifts && metric === 'most_hours') query.byShifts = true;
  return query;
}

const ON_SHIFT =
  /\b(on shift|on a shift|on the clock|clocked in|on duty|currently working|working now|working right now|working currently|working at the moment)\b/;
const NOW = /\b(now|right now|currently|at the moment|at this moment|as we speak)\b/;

const STAFF_LIST =
  /\b(list|show|all|who are|names?|roster|directory|do (i|we) have|are there|have (i|we) got)\b|\bwho works for (me|us)\b|\bwho (is|are) (on )?(my|our) (team|staff)\b/;
/** "Who works here?", "who works for us?": the staff, not who has shifts. */
const WHO_IS_STAFF =
  /\bwho (works|work) (for|with) (me|us)\b|\bwho works here\b|\bwho works (at|in) (my|our|the) (agency|company|business)\b|\bstaff list\b/;
const INACTIVE =
  /\b(haven t|hasn t|have not|has not|didn t|did not|didnt|havent|hasnt|never|not)\b.*\b(worked|work|accepted|accept|picked|taken|any shifts?)\b|\b(inactive|idle)\b/;

const STAFF_HOURS = /\b(hours?|hrs)\b|\bhow (long|much) (has|did|have|does)\b.*\bwork/;
const STAFF_LAST =
  /\b(last|latest|most recent|previous|recent|recently)\b.*\bshift|\bwhen (did|was)\b.*\b(last|work|worked|shift)\b/;
const STAFF_NEXT =
  /\b(next|upcoming|coming|future)\b.*\bshift|\bwhen (is|does|will)\b.*\b(next|work|working|shift)\b|\bschedule\b/;
const STAFF_CONTACT = /\b(phone|numbers?|email|e mail|mail|contact|reach|cell)\b/;

const WHO_WORKS =
  /\bwho\b.*\b(working|work|works|worked|scheduled|covering|covered|on shift|assigned|on duty|booked|coming in|taking|took)\b|^\s*who( s| is| are)?( on| in| around| here| working)?\s*$/;
const ALL_COVERED =
  /\b(are|is|were|was) (all|every|everything|everyone)\b.*\b(covered|filled|staffed|assigned|taken|booked)\b|\benough (staff|coverage|people|workers|caregivers)\b|\bfully (staffed|covered|booked)\b|\b(all|every) (of (my|our|the) )?shifts? (are |is )?(covered|filled|staffed|taken)\b/;
const WORKING = /\b(working|work|works|scheduled|on shift|on duty|coming in)\b/;
const AVAILABLE =
  /\bwho\b.*\b(free|available|not working|off|not scheduled|can work|could work|can take|could take|can cover|could cover)\b|\b(staff|workers?|employees?|caregivers?|people|anyone|anybody)\b.*\b(free|available|not working|not scheduled)\b/;
const FIRST =
  /\b(next|earliest|soonest|first)\b( \w+)? shift\b|\bwhen (is|does) the next\b|\bshifts? (is|are) (next|up next)\b|\bwhat s next\b/;
const LATEST = /\b(last|latest|most recent|recent)\b( \w+)? shifts?\b/;
const SOON = /\b(soon|urgent|urgently|asap|imminent|starting soon|coming up)\b/;

const GREETING = /^ *(hi|hello|hey|hiya|good (morning|afternoon|evening)|yo|howdy|greetings)( there)?( [a-z]+)? *$/;
const THANKS =
  /^ *(thanks?|thank you|thx|ty|great|cool|ok|okay|perfect|awesome|nice|got it)( (so much|a lot|very much))?( [a-z]+)? *$/;
const IDENTITY =
  /\b(who|what) are you\b|\b(which|what) (ai|model|llm|engine|company)\b|\b(chatgpt|gpt|gemini|openai|llm|claude|llama|bard)\b|\bare you (a |an )?(bot|human|robot|ai|real)\b|\bwho (made|built|created) you\b/;
const ACTION =
  /^ *(please |can you |could you |would you |i want to |i need to |i d like to |help me )?(post|create|add|delete|remove|cancel|assign|book|send|notify|remind|clock|change|update|edit|approve|pay|reschedule|move|schedule|invite|fire|hire)\b(?! (for|of|address|addresses|number|numbers|list)\b)/;

const HOW_TO =
  /\bhow (?:do|can|should|would|to) (?:i |we |you )?(?:\w+ )?(post|create|add|invite|onboard|delete|remove|cancel|clock|copy|upgrade|pay|edit|change)\b/;

/** Which "how do I" a question asks: posting, adding staff, a shift's menu, or upgrading. */
function howToTopic(action: string): 'post' | 'add' | 'shift' | 'upgrade' {
  if (['post', 'create'].includes(action)) return 'post';
  if (['add', 'invite', 'onboard'].includes(action)) return 'add';
  if (['delete', 'remove', 'cancel', 'clock', 'copy', 'edit', 'change'].includes(action)) return 'shift';
  return 'upgrade';
}

/** How to do in the dashboard what the assistant cannot do itself (FRENCH_CANT.howTo in French). */
const HOW_TO_ANSWER: Record<ReturnType<typeof howToTopic>, string> = {
  post: 'To post a shift, open Shift Call in the sidebar, fill in the staff type, skill, start and end, and the address, then press Submit. Your staff are notified right away.',
  add: 'Staff join your agency themselves: they sign up in the staff app with the company code shown when you completed your profile.',
  shift: 'In Shift Details, right-click the shift: the menu offers Clock Staff Out, Copy ShiftID and Delete.',
  upgrade: 'To upgrade, press Get Premium in the sidebar; Payments & Plan in the profile menu manages your billing.',
};

// Suggestions for questions outside what can be answered: close ones that can be.
const HELP =
  /^ *(help|help me|what can you do|what do you do|how does this work|what can i ask( you)?|what questions can i ask|what do you know)\b/;
const OTHER_AGENCIES = /\b(other|another|different) (agenc(y|ies)|compan(y|ies)|employers?|businesses)\b/;
const OFF_TOPIC =
  /\b(weather|forecast|temperature|rain|snow|joke|jokes|news|recipe|sports?|scores?|stocks?|movies?|songs?|poem|translate|president|population|capital of|meaning of life|what time is it)\b/;
// Tasks no agency data answers, even when they mention nurses or a night shift: writing, translating,
// the weather, games and scores, recipes.
const OFF_TOPIC_TASK =
  /\b(poems?|poetry|stor(y|ies)|jokes?|songs?|lyrics|essays?|haikus?|limericks?|riddles?|rhymes?|translate|translated|translation|recipes?|weather|forecast|sports?|hockey|football|soccer|basketball|baseball|playoffs?|scores?|movies?)\b|\bgames?\b(?! plan)|\b(who|which team|did (we|they|the \w+)) (won|win)\b|\bwon (the|last)\b|^ *(please )?(write|compose|draft)\b/;
const MONEY =
  /\b(pay|payroll|paid|owe|owed|invoice|invoices|bill|billing|cost|costs|money|wage|wages|salary|salaries|dollars?|earn|earned|earnings)\b/;

const SUGGEST: Record<Suggestion, string> = {
  hoursMonth: 'How many hours were worked this month?',
  pendingWeek: 'Which shifts are still pending this week?',
  pendingSoon: 'Which shifts starting in the next 24 hours are still pending?',
  onShift: 'Who is on shift now?',
  mostAccepted: 'Who accepted the most shifts this month?',
  mostHours: 'Who worked the most hours last month?',
  fillRate: "What's my fill rate this month?",
  late: 'Who was late this week?',
  noShows: 'Any no-shows this week?',
  plan: 'How many shifts do I have left on my plan?',
  staffDetails: STAFF_QUICK_PROMPT,
  shiftDetails: SHIFT_QUICK_PROMPT,
  tomorrow: 'Who is working tomorrow?',
};

function suggestionsFor(a: Analysis): Suggestion[] {
  if (has(a, /\b(client|clients|patient|patients|family|families)\b/)) {
    return ['shiftDetails', 'pendingWeek', 'tomorrow'];
  }
  if (has(a, STAFF_WORD) || a.names.some((c) => hasNameCue(a, c))) {
    return ['staffDetails', 'onShift', 'mostAccepted'];
  }
  if (has(a, SHIFT_WORD)) return ['pendingWeek', 'pendingSoon', 'shiftDetails'];
  return ['pendingWeek', 'onShift', 'fillRate'];
}

export const CAN_ANSWER =
  'I answer questions about your shifts, staff, attendance, fill rate and plan, from your own agency data.';

/** "I can't answer that", with close questions it answers; the same in French (replies-fr.ts). */
function unsupported(intro: string, suggestions: Suggestion[], french: string): Plan {
  const lines = [`1. ${intro}`, '2. You could ask me, for example:'];
  suggestions.slice(0, 3).forEach((q, i) => lines.push(`   ${letter(i)}. ${SUGGEST[q]}`));
  return { kind: 'unsupported', reply: lines.join('\n'), french: frenchUnsupported(french, suggestions.slice(0, 3)) };
}

/** Today, for questions that mean it without saying it ("who is free?"). */
function todayWhen(ctx: PlanContext): When {
  const today = parsePeriod('today', ctx.now, ctx.timeZone);
  return { period: today?.period ?? {}, label: today?.label ?? 'today' };
}

const PERIOD_FILLERS = new Set(
  'what whats s is are was were there any anything happening happened going on for the do does we i have had my our who show me list planned coming up how about and look looks like'.split(
    ' ',
  ),
);

/** "What's happening tomorrow?", "anything on Friday?": a period and nothing else to go on. */
function onlyPeriod(a: Analysis): boolean {
  return a.tokens.every((t) => a.used.has(t.index) || PERIOD_FILLERS.has(a.words[t.index] as string));
}

// Planning ------------------------------------------------------------------------------------------

interface StaffPick {
  staff?: StaffSummary;
  /** A reply to send instead (a clarifying question or "no such staff member"). */
  clarify?: Plan;
  /** A name was tried and ignored (a weak guess that matched nobody). */
  candidate?: NameCandidate;
  /** The question again with the tried words read as the typos they are ("mnay" → many). */
  retry?: string;
}

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The question with the candidate's words replaced by the everyday words they are typos of, when
 * every one of them is such a typo; else undefined. Only for words nobody in the data is called.
 */
function typoReading(a: Analysis, candidate: NameCandidate, text: string): string | undefined {
  const fixes = candidate.tokens.map((i) => a.typos.get(i));
  if (fixes.some((f) => f === undefined)) return undefined;
  let out = text;
  candidate.tokens.forEach((i, k) => {
    const raw = escapeRegex(a.tokens[i]?.raw ?? '');
    out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${raw}(?![\\p{L}\\p{N}])`, 'u'), fixes[k] as string);
  });
  return out === text ? undefined : out;
}

// A question about a person's work: an unknown name in it is worth saying so.
const PERSON_QUESTION =
  /\b(work|works|worked|working|accept|accepts|accepted|late|on shift|on duty|clock|clocks|clocked|clocking|show up|showed up|shows up|no shows?|hours?|hrs|shifts?|schedule|scheduled|phone|email|number|contact|details?|info|information|available|free|off|next|last|doing)\b/;
const AUXILIARIES = new Set('is was did does has had will can could'.split(' '));
/** Words around a name alone ("tell me about Zed", "who is Zed", "show me Zed"). */
const ONLY_NAME_FILLERS = new Set(
  'show me tell about who is s what details detail info information on for the please find look up staff member worker employee caregiver profile give get see view display can you i want need'.split(
    ' ',
  ),
);

/**
 * Whether the words are meant as a person's name, so that "I could not find a staff member named X"
 * is the right reply when nobody has it: a possessive ("Zed's shifts"), "named"/"called"/"about X",
 * "hours of/for X", "who is X", a question about a person's work with X as its subject ("has Zed
 * worked", "Zed was late"), or a message that is only the name. A capitalised word alone is not.
 */
function hasNameCue(a: Analysis, candidate: NameCandidate): boolean {
  if (candidate.tokens.some((i) => a.tokens[i]?.possessive)) return true;
  const first = candidate.tokens[0] as number;
  const last = candidate.tokens[candidate.tokens.length - 1] as number;
  const before = a.words[first - 1] ?? '';
  const after = a.words[last + 1] ?? '';
  if (['named', 'called', 'about'].includes(before)) return true;
  if (AUXILIARIES.has(before) && a.words[first - 2] === 'who') return true;
  const aboutPerson = has(a, PERSON_QUESTION);
  if (aboutPerson && (AUXILIARIES.has(before) || ['for', 'of', 'by', 'with'].includes(before))) return true;
  if (aboutPerson && (AUXILIARIES.has(after) || /^(work|works|worked|working|accepted|clocked)$/.test(after)))
    return true;
  const named = new Set(candidate.tokens);
  return a.tokens.every((t) => named.has(t.index) || ONLY_NAME_FILLERS.has(a.words[t.index] as string));
}

async function pickStaff(a: Analysis, run: ToolRunner, text: string, forced?: StaffSummary): Promise<StaffPick> {
  if (forced) return { staff: forced };
  const candidate = a.names[0];
  if (!candidate) return {};
  const resolution = await resolveName(candidate.text, (name) => run('find_staff', { name }));
  if (resolution.kind === 'one') return { staff: resolution.staff, candidate };
  if (resolution.kind === 'several')
    return { clarify: { kind: 'clarify', ...clarifyStaff(resolution.options) }, candidate };
  // Nobody is called that, not even closely: words that are typos of the assistant's own words
  // ("wich", "mnay", "wat") are read as those words, never as a place or a name.
  // Words meant as a name ("who is Ethan?") stay a name: "I could not find …" is the honest reply.
  const typo = resolution.suggestions.length === 0 && !hasNameCue(a, candidate);
  const retry = typo ? typoReading(a, candidate, text) : undefined;
  if (retry !== undefined) return { retry, candidate };
  // "Show Brampton shifts", "Ottawa shifts next week": words right before "shifts" that are nobody's
  // name, not even close, are read as a place.
  const first = candidate.tokens[0] as number;
  const last = candidate.tokens[candidate.tokens.length - 1] as number;
  const possessive = candidate.tokens.some((i) => a.tokens[i]?.possessive);
  const beforeShifts = /^shifts?$/.test(a.words[last + 1] ?? '');
  const afterCue = ['for', 'by', 'of', 'does', 'did', 'has', 'is', 'was'].includes(a.words[first - 1] ?? '');
  if (!possessive && beforeShifts && !afterCue && resolution.suggestions.length === 0 && !a.address) {
    a.address = candidate.text;
    a.addressWord = 'in';
    return { candidate };
  }
  if (!hasNameCue(a, candidate)) {
    a.ignored.push(candidate.text);
    return { candidate };
  }
  return { clarify: { kind: 'clarify', ...noSuchStaff(candidate.text, resolution.suggestions) }, candidate };
}

function staffAspect(a: Analysis, count: boolean): StaffAspect {
  if (has(a, STAFF_HOURS)) return 'hours';
  if (has(a, STAFF_CONTACT) && !has(a, SHIFT_WORD)) return 'contact';
  // "When is Amélie working next?" asks for the next shift, not whether she is on one now.
  if (has(a, STAFF_NEXT) && has(a, /\b(when|next)\b/) && !has(a, NOW) && !a.when) return 'next';
  if (has(a, ON_SHIFT) || (has(a, /\bworking\b/) && !a.when)) return 'on_shift';
  if (count && has(a, SHIFT_WORD)) return 'count';
  if (has(a, STAFF_LAST)) return 'last';
  if (has(a, STAFF_NEXT) && !a.when) return 'next';
  if (has(a, SHIFT_WORD)) return 'shifts';
  return 'overview';
}

/** Shift lists and counts: status, period, staff, address, skill, staff type. */
function shiftsQuery(a: Analysis, count: boolean, staff?: StaffSummary): Query {
  const status = statusFilter(a);
  let statuses = status.statuses;
  // Every shift of a staff member was filled: "Amelia's covered shifts" means all of them.
  if (staff && status.word && !status.each && status.statuses.length > 1) statuses = [];
  // One find_shifts call a status, and at most three calls a question (find_staff included).
  if (status.each && statuses.length > (staff ? 2 : 3)) statuses = [];
  const filtered = Boolean(staff || a.address || a.skill || a.staffType);
  let view: ShiftsQuery['view'] = 'list';
  if (has(a, ALL_COVERED) && !staff) {
    return {
      type: 'shifts',
      statuses: ['Pending'],
      statusWord: 'pending',
      count: false,
      view: 'covered',
      ...(a.when ? { when: a.when } : {}),
      ...(a.address ? { address: a.address, addressWord: a.addressWord ?? 'at' } : {}),
    };
  }
  if ((has(a, WHO_WORKS) || (has(a, STAFF_WORD) && has(a, WORKING) && a.when)) && !staff) view = 'who';
  else if (has(a, FIRST) && !a.when) view = 'first';
  else if (has(a, LATEST) && !a.when) view = has(a, /\bshifts\b/) ? 'recent' : 'latest';
  if (count && !filtered && view === 'list') {
    const counts: CountsQuery = { type: 'counts', when: a.when, statuses, statusWord: status.word };
    if (status.each) counts.each = status.each;
    return counts;
  }
  const query: ShiftsQuery = { type: 'shifts', statuses, count, view };
  if (status.each && statuses.length > 0) query.each = status.each;
  if (a.take) query.take = a.take;
  if (a.address && has(a, /\bthe shift\b|\bthat shift\b|\bthis shift\b/)) query.detailsIfOne = true;
  if (status.word) query.statusWord = status.word;
  if (a.when) query.when = a.when;
  if (staff) query.staff = { id: staff.id, name: staff.name };
  if (a.address) {
    query.address = a.address;
    query.addressWord = a.addressWord ?? 'at';
  }
  if (a.skill) {
    query.skill = a.skill.value;
    query.skillLabel = a.skill.label;
  }
  if (a.staffType) {
    query.staffType = a.staffType.value;
    if (a.staffType.alternate) query.staffTypeAlternate = a.staffType.alternate;
  }
  return query;
}

/** The plan for one question on its own. `forced` is a staff member already chosen (a clarification's answer). */
export async function planQuestion(
  question: string,
  ctx: PlanContext,
  run: ToolRunner,
  options: PlanOptions = {},
): Promise<Plan> {
  const a = analyse(question, ctx, options.followUp === 'shift');
  const plan = await planAnalysed(a, question, ctx, run, options);
  if (plan.kind === 'tool' && a.ignored.length > 0 && !plan.ignored) plan.ignored = a.ignored;
  return plan;
}

interface PlanOptions {
  forced?: StaffSummary;
  followUp?: 'shift';
  /** The ShiftID picked from the list a cover question was answered with ("b"). */
  coverShift?: string;
}

async function planAnalysed(
  a: Analysis,
  question: string,
  ctx: PlanContext,
  run: ToolRunner,
  options: PlanOptions,
): Promise<Plan> {
  // The rules read the question as analyse does: French in English, capitals in lower case.
  const text = readable(question);
  const n = ` ${normalise(text)} `;
  const count = has(a, COUNT);
  const { now } = ctx;

  if (a.tokens.length === 0) return unsupported(CAN_ANSWER, suggestionsFor(a), FRENCH_CANT.canAnswer);

  // SPEC §9's quick prompts, also when typed with other words around them.
  const asksDetails = /\b(details?|info|information)\b.*\babout an?\b/.test(n);
  if (n.includes(` ${normalise(SHIFT_QUICK_PROMPT)} `) || (asksDetails && / a shift $/.test(n))) {
    return { kind: 'clarify', reply: ASK_SHIFT, references: [] };
  }
  if (
    n.includes(` ${normalise(STAFF_QUICK_PROMPT)} `) ||
    (asksDetails && / a (staff|staff member|worker|caregiver|employee) $/.test(n))
  ) {
    return { kind: 'clarify', reply: ASK_STAFF, references: [] };
  }

  if (ACTION.test(n) && !has(a, COUNT)) {
    return unsupported(
      'I can only look things up; I cannot change anything. To post a shift use Shift Call, and to clock a staff member out or delete a shift, right-click it in Shift Details.',
      suggestionsFor(a),
      FRENCH_CANT.action,
    );
  }
  const howTo = HOW_TO.exec(n);
  if (howTo) {
    const topic = howToTopic(howTo[1] as string);
    return unsupported(HOW_TO_ANSWER[topic], suggestionsFor(a), FRENCH_CANT.howTo[topic]);
  }

  const cover = await coverPlan(a, ctx, run, options);
  if (cover) return cover;

  if (a.shiftId) return toolPlan({ type: 'shift_details', shiftId: a.shiftId }, now);

  if (HELP.test(n)) {
    return unsupported(CAN_ANSWER, ['pendingWeek', 'tomorrow', 'mostAccepted'], FRENCH_CANT.canAnswer);
  }
  if (OTHER_AGENCIES.test(n)) {
    return unsupported(
      "I only see your own agency's shifts and staff, never another agency's.",
      suggestionsFor(a),
      FRENCH_CANT.otherAgencies,
    );
  }
  if (GREETING.test(n)) {
    const hello = ctx.companyName ? `Hello ${ctx.companyName}!` : 'Hello!';
    return unsupported(
      `${hello} ${CAN_ANSWER}`,
      ['pendingWeek', 'onShift', 'fillRate'],
      FRENCH_CANT.hello(ctx.companyName),
    );
  }
  if (THANKS.test(n)) {
    return unsupported(
      "You're welcome. Ask me anything else about your shifts and staff.",
      ['pendingSoon', 'tomorrow', 'late'],
      FRENCH_CANT.thanks,
    );
  }
  if (IDENTITY.test(n)) {
    return unsupported(
      `I am your scheduling assistant. ${CAN_ANSWER}`,
      ['pendingWeek', 'onShift', 'mostAccepted'],
      FRENCH_CANT.identity,
    );
  }
  if (OFF_TOPIC_TASK.test(n)) {
    // Nothing in a poem or a hockey score to build on: the everyday questions instead.
    return unsupported(
      `I can't answer that one. ${CAN_ANSWER}`,
      ['pendingWeek', 'onShift', 'fillRate'],
      FRENCH_CANT.cantAnswer,
    );
  }
  if (OFF_TOPIC.test(n) && !has(a, SHIFT_WORD) && !has(a, STAFF_WORD)) {
    return unsupported(
      `I can't answer that one. ${CAN_ANSWER}`,
      ['pendingWeek', 'onShift', 'fillRate'],
      FRENCH_CANT.cantAnswer,
    );
  }
  if (has(a, MONEY)) {
    return unsupported(
      "I can't answer questions about pay or costs: I don't know your pay rates. I can tell you the hours your staff worked.",
      ['hoursMonth', 'mostHours', 'staffDetails'],
      FRENCH_CANT.money,
    );
  }

  if (has(a, SICK)) {
    return unsupported(
      "I can't see sick calls: CareCover does not record them. I can tell you about no-shows (accepted shifts nobody clocked in to) and late clock-ins.",
      ['noShows', 'late', 'pendingSoon'],
      FRENCH_CANT.sick,
    );
  }

  const plan = planAspect(a);
  if (plan) {
    const query: PlanQuery = { type: 'plan', aspect: plan };
    if (plan === 'all' && /^ *(am|are) (i|we) (on|using|subscribed to|paying for) (the |a )?premium\b/.test(n)) {
      query.askedPremium = true;
    }
    return toolPlan(query, now);
  }

  if (has(a, FILL_UNFILLED) && !has(a, /\bwhich\b|\blist\b|\bshow\b/)) {
    return toolPlan({ type: 'fill', aspect: 'unfilled', when: a.when }, now);
  }
  if (has(a, FILL_RATE))
    return toolPlan({ type: 'fill', aspect: has(a, FILL_TIME) ? 'all' : 'rate', when: a.when }, now);
  if (has(a, FILL_TIME) && !has(a, /\bwho\b/)) return toolPlan({ type: 'fill', aspect: 'time', when: a.when }, now);
  // "How many shifts were accepted within an hour?": about time to fill, not the next hour.
  if (/\b(accepted|filled|covered|picked up|taken|claimed) within\b/.test(n) && a.parsed?.windowHours !== undefined) {
    return toolPlan({ type: 'fill', aspect: 'time' }, now);
  }

  const late = has(a, LATE);
  const noShow = has(a, NO_SHOW) && !has(a, /\b(show|showed|turn|turned|came|come) (up|in) late\b/);
  if (late || noShow || has(a, ATTENDANCE)) {
    const pick = await pickStaff(a, run, text, options.forced);
    if (pick.retry !== undefined) return planQuestion(pick.retry, ctx, run, options);
    if (pick.clarify) return pick.clarify;
    const aspect = late && !noShow ? 'late' : noShow && !late ? 'no_show' : 'both';
    const query: AttendanceQuery = { type: 'attendance', aspect, when: a.when };
    if (has(a, /\b(most|often|frequently|worst|top)\b/)) query.rank = true;
    if (pick.staff) query.staff = { id: pick.staff.id, name: pick.staff.name };
    return toolPlan(query, now);
  }

  if ((has(a, STAFF_WORD) || has(a, /\bwho\b/)) && has(a, INACTIVE) && !has(a, ON_SHIFT) && !has(a, NO_SHOW)) {
    return toolPlan({ type: 'inactive', when: a.when }, now);
  }

  const ranking = rankingQuery(a);
  if (ranking) return toolPlan(ranking, now);

  // "Who is free Friday?", "Which PSWs are available tomorrow?" (staff, not shifts).
  const freeOfType = a.staffType !== undefined && has(a, /\b(free|available|not working|not scheduled)\b/);
  if ((has(a, AVAILABLE) || freeOfType) && !has(a, SHIFT_WORD) && a.names.length === 0) {
    const query: AvailableQuery = { type: 'available', when: a.when ?? todayWhen(ctx) };
    if (a.staffType) {
      query.staffType = a.staffType.value;
      if (a.staffType.alternate) query.staffTypeAlternate = a.staffType.alternate;
    }
    return toolPlan(query, now);
  }

  // A staff member named in the question.
  const staffFirst = a.names.length > 0 || options.forced;
  if (staffFirst) {
    const pick = await pickStaff(a, run, text, options.forced);
    if (pick.retry !== undefined) return planQuestion(pick.retry, ctx, run, options);
    if (pick.clarify) return pick.clarify;
    if (pick.staff) {
      const aspect = staffAspect(a, count);
      const listsShifts =
        has(a, SHIFT_WORD) &&
        (a.when !== undefined || statusFilter(a).statuses.length > 0 || a.address !== undefined) &&
        aspect !== 'hours' &&
        aspect !== 'count';
      if (listsShifts || (aspect === 'overview' && (a.when || a.address)))
        return toolPlan(shiftsQuery(a, count, pick.staff), now);
      return toolPlan({ type: 'staff', staff: pick.staff, aspect, when: a.when }, now);
    }
  }

  if (has(a, HOURS) && has(a, /\b(worked|work|done|total|logged|clocked)\b/) && !has(a, SHIFT_WORD)) {
    return toolPlan({ type: 'hours_total', when: a.when }, now);
  }

  if (
    (has(a, ON_SHIFT) && (!a.when || has(a, NOW))) ||
    (has(a, /\bwho\b/) && has(a, /\bworking\b/) && (has(a, NOW) || !a.when) && !a.address)
  ) {
    if (!a.address && !a.skill && !a.staffType) return toolPlan({ type: 'on_shift' }, now);
  }

  if (has(a, STAFF_WORD) && !has(a, SHIFT_WORD) && !a.when && (has(a, STAFF_LIST) || count)) {
    const query: StaffListQuery = { type: 'staff_list', count };
    if (a.staffType) {
      query.staffType = a.staffType.value;
      if (a.staffType.alternate) query.staffTypeAlternate = a.staffType.alternate;
    }
    return toolPlan(query, now);
  }
  if (has(a, WHO_IS_STAFF) || (has(a, STAFF_WORD) && a.tokens.length <= 2)) {
    return toolPlan({ type: 'staff_list', count }, now);
  }

  const status = statusFilter(a);
  const pendingOnly = status.statuses.length === 1 && status.statuses[0] === 'Pending';
  if (pendingOnly && !a.address && !a.skill && !a.staffType) {
    const windowHours = a.parsed?.windowHours;
    if (windowHours !== undefined && windowHours <= 24 * 31) {
      return toolPlan({ type: 'open_soon', hours: windowHours, label: a.when?.label ?? '', count }, now);
    }
    if (!a.when && has(a, SOON)) {
      return toolPlan({ type: 'open_soon', hours: 24, label: 'in the next 24 hours', count }, now);
    }
  }

  if (
    a.when &&
    has(
      a,
      /\b(summary|overview|breakdown|report|recap|stats|statistics)\b|\bhow (is|are|did|was) .*\b(doing|do|going|go)\b/,
    )
  ) {
    return toolPlan({ type: 'counts', when: a.when, statuses: [] }, now);
  }

  const aboutShifts =
    has(a, SHIFT_WORD) ||
    (has(a, STAFF_WORD) && has(a, WORKING) && a.when !== undefined) ||
    has(a, ALL_COVERED) ||
    status.statuses.length > 0 ||
    has(a, /\b(schedule|scheduled|coverage|happening|happened|going on|on the calendar|booked)\b/) ||
    has(a, WHO_WORKS);
  if (aboutShifts || a.address || a.skill || a.staffType || (a.when && onlyPeriod(a))) {
    if (has(a, /\bstatus(es)?\b|\bbreakdown\b|\bsummary\b|\boverview\b/) && !a.address && !a.skill && !a.staffType) {
      return toolPlan({ type: 'counts', when: a.when, statuses: [] }, now);
    }
    const query = shiftsQuery(a, count);
    if (options.followUp === 'shift' && query.type === 'shifts') query.view = 'one';
    return toolPlan(query, now);
  }
  if (has(a, STAFF_WORD) && (count || has(a, STAFF_LIST))) return toolPlan({ type: 'staff_list', count }, now);

  return unsupported(`I can't answer that one yet. ${CAN_ANSWER}`, suggestionsFor(a), FRENCH_CANT.notYet);
}

// Who can cover ----------------------------------------------------------------------------------------

/**
 * "Who can cover / take / replace …", "anyone available for the … shift", "who is eligible for …",
 * "why can't Ana take …", "cover for Jordan": a question about who may take one shift.
 */
const COVER =
  /\bwho( else)? (can|could|may|might|would|will|is able to|is free to|is available to) (cover|take|fill|replace|work|pick up|do|staff)\b|\b(anyone|anybody|someone|somebody|who|any staff)( else)?( is| are)? (available|free|eligible|able) (for|to (cover|take|work|fill|do))\b|\bcover for\b|\breplace\b|\breplacement\b|\binstead of\b|\beligible\b|\bwhy (can t|cannot|can not|couldn t|won t)\b/;
/** Words naming the shift without describing it: "replace Jordan", "cover for Jordan". */
const REPLACING = /\b(replace|replacement|instead of|cover for)\b/;
/** The words before a name that make them the one asked about ("can Ana take", "why can't Ana", "is Ana eligible"). */
const ASKED_BEFORE = new Set('can could t cannot not is isn would will won why'.split(' '));

/** How the question described the shift, for a reply that found none: "a PSW shift at 220 Queen St W tomorrow". */
function coverLabel(a: Analysis, replacing: StaffRef | undefined, noShow: boolean): string {
  const parts = ['a'];
  if (a.staffType) parts.push(a.staffType.value);
  parts.push('shift');
  if (a.skill) parts.push(`needing ${a.skill.label}`);
  if (a.address) parts.push(`${a.addressWord ?? 'at'} ${a.address}`);
  if (replacing) parts.push(`held by ${replacing.name}`);
  if (noShow) parts.push('that started without a clock-in');
  if (a.when?.label) parts.push(a.when.label);
  else if (!noShow) parts.push('that has not ended');
  return parts.join(' ');
}

/**
 * A cover question's plan, or null when the question is not one. Up to two names: the staff member
 * to replace (after "replace", "for", "instead of", a possessive, or the subject of a no-show) and
 * the one asked about ("why can't Ana take it?"). The shift is a ShiftID, or the question's
 * description (period, address, staff type, skill, holder, no-show) for the tool to settle.
 */
async function coverPlan(a: Analysis, ctx: PlanContext, run: ToolRunner, options: PlanOptions): Promise<Plan | null> {
  if (!options.coverShift && !has(a, COVER)) return null;
  const noShow = has(a, NO_SHOW) && !has(a, /\b(show|showed|turn|turned|came|come) (up|in) late\b/);
  const aboutShift =
    Boolean(options.coverShift || a.shiftId || a.address || a.staffType || a.skill || noShow) ||
    has(a, SHIFT_WORD) ||
    has(a, REPLACING);
  if (!aboutShift) return null;

  let replacing: StaffRef | undefined;
  let asked: StaffRef | undefined;
  for (const candidate of a.names.slice(0, 2)) {
    const first = candidate.tokens[0] as number;
    const before = a.words[first - 1] ?? '';
    const last = candidate.tokens[candidate.tokens.length - 1] as number;
    const after = a.words[last + 1] ?? '';
    const possessive = candidate.tokens.some((i) => a.tokens[i]?.possessive);
    // "is Ana eligible", "Ana is eligible" (as French asks it: « Ana est admissible »).
    const eligible = after === 'eligible' || (after === 'is' && a.words[last + 2] === 'eligible');
    const isAsked = !possessive && (ASKED_BEFORE.has(before) || eligible);
    const resolution = await resolveName(candidate.text, (name) => run('find_staff', { name }));
    if (resolution.kind === 'several') return { kind: 'clarify', ...clarifyStaff(resolution.options) };
    if (resolution.kind === 'none') {
      // A name meant as one is said to be unknown; a stray lower-case word is left out, and said so.
      if (candidate.strong || possessive) {
        return { kind: 'clarify', ...noSuchStaff(candidate.text, resolution.suggestions) };
      }
      a.ignored.push(candidate.text);
      continue;
    }
    const ref = { id: resolution.staff.id, name: resolution.staff.name };
    if (isAsked && !asked) asked = ref;
    else if (!replacing) replacing = ref;
    else if (!asked) asked = ref;
  }

  const args: CoverArgs = {};
  const shiftId = options.coverShift ?? a.shiftId;
  if (shiftId) {
    args.shift_id = shiftId;
  } else {
    if (a.when?.period.from) args.from = a.when.period.from;
    if (a.when?.period.before) args.before = a.when.period.before;
    if (a.address) args.address = a.address;
    if (a.staffType) args.staff_type = a.staffType.value;
    if (a.skill) args.skill = a.skill.value;
    if (replacing) args.held_by = replacing.id;
    if (noShow) args.no_show = true;
  }
  if (asked) args.staff_id = asked.id;
  if (!args.shift_id && Object.keys(args).every((key) => key === 'staff_id')) {
    return { kind: 'clarify', reply: COVER_WHICH_SHIFT, references: [] };
  }
  const query: CoverQuery = { type: 'cover', args, label: coverLabel(a, replacing, noShow) };
  if (replacing) query.replacing = replacing;
  if (asked) query.asked = asked;
  if (!shiftId && a.when) query.when = a.when;
  if (!shiftId && a.skill) query.skillLabel = a.skill.label;
  if (!shiftId && a.addressWord) query.addressWord = a.addressWord;
  return toolPlan(query, ctx.now);
}

// Conversation ---------------------------------------------------------------------------------------

const FILLERS = new Set(
  'what about how and same for the then ok okay also instead please show me with what s whats is it there any'.split(
    ' ',
  ),
);

/** "what about next week?", "and Jordan?": only a period or a name, meant for the previous question. */
function isElliptical(text: string, ctx: PlanContext): boolean {
  const a = analyse(text, ctx);
  if (!a.when && a.names.length === 0 && !a.address) return false;
  const nameWords = new Set(a.names.flatMap((c) => c.tokens));
  return a.tokens.every(
    (t) => a.used.has(t.index) || nameWords.has(t.index) || FILLERS.has(a.words[t.index] as string),
  );
}

// "They" and "them" usually mean shifts ("when do they start?"); "their" only before a person's things.
const PRONOUN = /\b(he|she|him|her|his|their(?= (?:hours|phone|email|number|contact|next|last|shifts?|schedule)\b))\b/i;

/** The staff member last spoken of: named in the previous question, or first in the previous answer. */
function lastPerson(previousUser: string, previousAi: string, ctx: PlanContext): string | null {
  const named = previousUser ? analyse(previousUser, ctx).names.find((c) => c.strong) : undefined;
  if (named) return named.text;
  const first =
    /^(?:1\. )?(?:Yes, |No, )?(\p{Lu}[\p{L}'’-]+(?: \p{Lu}[\p{L}'’-]+){1,2}?)(?:'s)? (?:works|has|had|did|is|was|clocked|accepted)\b/u.exec(
      previousAi,
    );
  return first?.[1] ?? null;
}

/** The previous question with its period or name replaced by those of the follow-up. */
function combine(previous: string, followUp: string, ctx: PlanContext): string {
  const before = analyse(previous, ctx);
  const after = analyse(followUp, ctx);
  const drop = new Set<number>();
  if (after.when) before.parsed?.consumed.forEach((i) => drop.add(i));
  const afterNames = after.names[0];
  if (afterNames && before.names[0]) before.names[0].tokens.forEach((i) => drop.add(i));
  if (after.address && before.address) {
    before.tokens.forEach((t) => {
      if (before.used.has(t.index) && !before.parsed?.consumed.includes(t.index)) drop.add(t.index);
    });
  }
  const kept = before.tokens
    .filter((t) => !drop.has(t.index))
    .map((t) => (t.possessive && !drop.has(t.index) ? `${t.raw}'s` : t.raw));
  const added: string[] = [];
  if (after.parsed) added.push(...after.parsed.consumed.map((i) => after.tokens[i]?.raw ?? ''));
  if (afterNames)
    added.push(afterNames.text + (before.names[0]?.tokens.some((i) => before.tokens[i]?.possessive) ? "'s" : ''));
  if (after.address) added.push(`at ${after.address}`);
  return [...kept, ...added].join(' ');
}

/** Words around an address sent after ASK_SHIFT ("the one on Yonge", "it's at 25 King St"). */
const SHIFT_FOLLOW_UP_FILLERS = new Set('the one on at in it s its shift address is please located that'.split(' '));

/** Words around a name sent after ASK_STAFF ("it's Amelia", "her name is …"). */
const FOLLOW_UP_FILLERS = new Set(
  'it s its the name is her his their staff member please called named i mean for about'.split(' '),
);

const lastIndexWhere = (messages: readonly ChatMessage[], sender: ChatMessage['sender'], before: number): number => {
  for (let i = before - 1; i >= 0; i--) if (messages[i]?.sender === sender) return i;
  return -1;
};

/** The plan for the last user message, read in the light of the conversation before it. */
export async function planReply(messages: readonly ChatMessage[], ctx: PlanContext, run: ToolRunner): Promise<Plan> {
  const lastUser = lastIndexWhere(messages, 'user', messages.length);
  const text = messages[lastUser]?.text.trim() ?? '';
  const aiIndex = lastIndexWhere(messages, 'ai', lastUser);
  const previousAi = aiIndex >= 0 ? (messages[aiIndex]?.text ?? '') : '';
  const previousUserIndex = aiIndex >= 0 ? lastIndexWhere(messages, 'user', aiIndex) : -1;
  const previousUser = previousUserIndex >= 0 ? (messages[previousUserIndex]?.text ?? '') : '';

  // The answer to a "Did you mean a. … or b. …?" question: re-ask the question with that person.
  const offered = offeredNames(previousAi);
  if (offered.length > 0 && previousUser) {
    const choice = pickOption(text, offered);
    if (choice !== null) {
      const name = offered[choice] as string;
      const { matches } = await run('find_staff', { name });
      const chosen = matches.find((m) => normalise(m.name) === normalise(name)) ?? matches[0];
      if (chosen) {
        // After a quick prompt the question was the name itself: give the staff member's details.
        const original = previousUser;
        const askedStaffDetails = lastIndexWhere(messages, 'ai', previousUserIndex);
        const wasQuickPrompt = askedStaffDetails >= 0 && asksForStaff(messages[askedStaffDetails]?.text ?? '');
        if (wasQuickPrompt) return toolPlan({ type: 'staff', staff: chosen, aspect: 'overview' }, ctx.now);
        return planQuestion(original, ctx, run, { forced: chosen });
      }
    }
  }

  // A pick from a lettered list of shifts ("b", "the second one"): its details, or, after "which
  // one should I find cover for?", the cover question again for that shift.
  const listed = [...previousAi.matchAll(/^ {3}([a-z])\. .*\bShiftID ([0-9a-f]{6,36})\b/gm)];
  if (listed.length > 0) {
    const choice = pickOption(
      text,
      listed.map((m) => m[2] as string),
    );
    if (choice !== null && /^[\s\p{L}\d.()#]{1,20}$/u.test(text) && !/\d{3}/.test(text)) {
      const picked = listed[choice]?.[2] as string;
      if (asksCoverPick(previousAi) && previousUser) {
        return planQuestion(previousUser, ctx, run, { coverShift: picked });
      }
      return toolPlan({ type: 'shift_details', shiftId: picked }, ctx.now);
    }
  }

  // The follow-ups of the quick prompts: a ShiftID or an address, or a staff name.
  if (asksForShift(previousAi)) {
    const a = analyse(text, ctx, true);
    const atAddress = (address: string): Plan =>
      toolPlan({ type: 'shifts', statuses: [], address, addressWord: 'at', count: false, view: 'one' }, ctx.now);
    if (a.shiftId) return toolPlan({ type: 'shift_details', shiftId: a.shiftId }, ctx.now);
    if (a.address) return atAddress(a.address);
    // Not a question: the words are the address ("Wellington", "the one on Yonge").
    const looksLikeQuestion = /\?\s*$/.test(text) || a.tokens.length > 6;
    const place = a.tokens
      .filter((t) => !SHIFT_FOLLOW_UP_FILLERS.has(t.norm))
      .map((t) => t.raw)
      .join(' ');
    if (!looksLikeQuestion && place) return atAddress(place);
  }
  if (asksForStaff(previousAi)) {
    const a = analyse(text, ctx);
    const looksLikeQuestion = /\?\s*$/.test(text) || a.tokens.length > 4;
    if (!looksLikeQuestion) {
      const nameWords = a.tokens.filter((t) => !FOLLOW_UP_FILLERS.has(t.norm)).map((t) => t.raw);
      const candidate = nameWords.join(' ') || text.trim();
      const resolution = await resolveName(candidate, (name) => run('find_staff', { name }));
      if (resolution.kind === 'one') {
        return toolPlan({ type: 'staff', staff: resolution.staff, aspect: 'overview' }, ctx.now);
      }
      if (resolution.kind === 'several') return { kind: 'clarify', ...clarifyStaff(resolution.options) };
      return { kind: 'clarify', ...noSuchStaff(candidate, resolution.suggestions) };
    }
  }

  // "what about next week?" after a question: the same question for that period (or person).
  if (previousUser && isElliptical(text, ctx)) return planQuestion(combine(previousUser, text, ctx), ctx, run);

  // "What about her hours?": the person of the previous question or answer.
  const pronoun = PRONOUN.exec(text);
  if (pronoun && analyse(text, ctx).names.length === 0) {
    const person = lastPerson(previousUser, previousAi, ctx);
    if (person) {
      const possessive = /^(his|her|their)$/i.test(pronoun[1] as string);
      return planQuestion(text.replace(PRONOUN, possessive ? `${person}'s` : person), ctx, run);
    }
  }

  return planQuestion(text, ctx, run);
}

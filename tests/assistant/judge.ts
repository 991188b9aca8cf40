/**
 * How the question bank's runner (question-bank.deno.ts) judges one reply of the assistant function,
 * and how it prints what was wrong. Plain code with no Deno or npm imports: Node type-checks it and
 * the Deno runner uses it.
 *
 * Facts (`contains`) are compared without case. A fact that is a count or a measure ("9", "47.6",
 * "80%": at most 4 digits before the point) must be a number of the reply, not a substring of one:
 * "4" is not found in "2026", in a ShiftID or in "4:00 PM" (nor "14" in the French "14 h 00"), "45.9"
 * is not found in "45.95", and "47.6" is found in "47.60" and in a French reply's "47,6". A percentage
 * needs its "%" ("80 %" in French). Anything else (names, ShiftIDs, phone numbers, dates as "Nov 19",
 * times as "2:00 PM") is a substring.
 *
 * Each reply is one of three outcomes (issue 26): right (no problem at all), honest (not the
 * expected reply, but one that states no fact: a clarifying question or an "I can't answer / could
 * not find" that is not counted, with no claim that something does not exist), or wrong (any stated
 * fact that may contradict the fixture). Wrong is judged strictly: an answer (counted) with any
 * problem, a missing fact, a forbidden or excluded word, a reference not in the text, a count that
 * disagrees with the kind, no reply at all, or a reply of any kind saying "there are no …" / "nobody"
 * when the bank expects facts.
 */
import type { Reference } from '../../supabase/functions/assistant/tools/types.ts';
import type { BankEntry } from './bank.ts';
import { OTHER_AGENCY_WORDS } from './fixture.ts';

export type Kind = BankEntry['expect']['kind'];

/** The assistant function's JSON answer (handler.ts). */
export interface AssistantReply {
  reply: string;
  answeredBy: 'model' | 'builtin';
  remaining: number | null;
  counted: boolean;
  references: Reference[];
  kind?: Kind;
  failed?: true;
}

/**
 * What must never reach a prompt or a reply: the other agency's names, streets and ShiftIDs, a
 * payment customer id, a push token (its value or its field), an employment time's field.
 */
export const FORBIDDEN: readonly string[] = [
  ...OTHER_AGENCY_WORDS,
  'cus_',
  'ExponentPushToken',
  'push_token',
  'pushtoken',
  'added_at',
  'employeraddedat',
];

/** The forbidden words in `text`, compared without case. */
export function forbiddenIn(text: string): string[] {
  const lower = text.toLowerCase();
  return FORBIDDEN.filter((word) => lower.includes(word.toLowerCase()));
}

const NUMBER_FACT = /^(\d{1,4}(?:\.\d+)?)(%?)$/;
/**
 * A number standing on its own: not inside a word, an id, a longer number or a time ("2" is not in
 * "2:00 PM", "14" not in "14 h 00"). A French reply's decimal comma ("47,6") and "80 %" read as
 * "47.6" and "80%".
 */
const NUMBER_TOKEN = /(?<![\p{L}\p{N}.,]|\d:|\d h )(\d+(?:[.,]\d+)?)( ?%)?(?![\p{L}\p{N}]|[.,]\d|:\d| h \d\d)/gu;

/** Unicode spaces (ICU's narrow no-break space before AM/PM) as plain ones. */
export function plainSpaces(text: string): string {
  return text.replace(/[\u00a0\u2009\u202f]/g, ' ');
}

export function isNumberFact(fact: string): boolean {
  return NUMBER_FACT.test(fact);
}

/** Whether `text` holds `fact` (see the header for how numbers are compared). */
export function hasFact(text: string, fact: string): boolean {
  const plain = plainSpaces(text);
  const number = NUMBER_FACT.exec(fact);
  if (!number) return plain.toLowerCase().includes(plainSpaces(fact).toLowerCase());
  const value = Number(number[1]);
  const needsPercent = number[2] === '%';
  for (const token of plain.matchAll(NUMBER_TOKEN)) {
    const percent = (token[2] ?? '').trim() === '%';
    if (Number((token[1] as string).replace(',', '.')) === value && (!needsPercent || percent)) return true;
  }
  return false;
}

/** The outcome's kind: the handler's own `kind`, else what `counted` and a question mark say. */
export function replyKind(body: AssistantReply): Kind {
  if (body.kind) return body.kind;
  if (body.counted) return 'answer';
  return /\?["'»”’)\]]*(\s|$)/u.test(body.reply) ? 'clarify' : 'unsupported';
}

export interface JudgeOptions {
  /** The facts to look for (default: every `contains` of the entry). */
  facts?: readonly string[];
  /** The kind expected on this path (default: the entry's). */
  kind?: Kind;
  /** Questions counted by this request in the database (after minus before). */
  countedInDatabase?: number;
}

/** Everything wrong with one reply; empty when it is right. */
export function judgeReply(
  entry: BankEntry,
  status: number,
  body: AssistantReply,
  options: JudgeOptions = {},
): string[] {
  if (status !== 200) return [`HTTP ${status}: ${JSON.stringify(body).slice(0, 300)}`];
  const problems: string[] = [];
  const reply = typeof body.reply === 'string' ? body.reply : '';
  if (reply.trim() === '') problems.push('empty reply');
  if (body.failed) problems.push('failed: true (no answer came)');
  const kind = replyKind(body);
  const expected = options.kind ?? entry.expect.kind;
  if (kind !== expected) problems.push(`kind ${kind}, expected ${expected}`);
  if (body.counted !== (kind === 'answer')) problems.push(`counted: ${String(body.counted)} for kind ${kind}`);
  if (options.countedInDatabase !== undefined && options.countedInDatabase !== (body.counted ? 1 : 0)) {
    problems.push(`the database counted ${options.countedInDatabase} question(s), counted: ${String(body.counted)}`);
  }
  const missing = (options.facts ?? entry.expect.contains ?? []).filter((fact) => !hasFact(reply, fact));
  if (missing.length > 0) problems.push(`missing ${missing.map((f) => JSON.stringify(f)).join(', ')}`);
  const present = (entry.expect.notContains ?? []).filter((text) => hasFact(reply, text));
  if (present.length > 0) problems.push(`must not contain ${present.map((f) => JSON.stringify(f)).join(', ')}`);
  const forbidden = forbiddenIn(reply);
  if (forbidden.length > 0) problems.push(`FORBIDDEN in the reply: ${forbidden.join(', ')}`);
  const references = Array.isArray(body.references) ? body.references : [];
  if (!Array.isArray(body.references)) problems.push('no references array');
  const unseen = references.filter((r) => !reply.includes(r.label)).map((r) => r.label);
  if (unseen.length > 0) problems.push(`references not in the reply: ${unseen.join(', ')}`);
  const hidden = forbiddenIn(JSON.stringify(references));
  if (hidden.length > 0) problems.push(`FORBIDDEN in the references: ${hidden.join(', ')}`);
  return problems;
}

export type Outcome = 'right' | 'honest' | 'wrong';

/**
 * "There are no pending shifts in wich", "Nobody is scheduled", "Amelia has no shifts": an empty result
 * stated as a fact; in French « Il n’y a aucun quart », « Personne n’est à l’horaire », « n’a aucun quart ».
 */
const EMPTY_CLAIM =
  /\b(there (are|were|is|was) (no|not any)|(has|had|have|has had) no|nobody|no one|none (is|are|was|were)|no (shifts?|staff|one|late|no-shows?)\b(?! address))|\bil n['’]y (a|avait|a eu) aucun|\bpersonne n['’]|\bn['’](a|avait|a eu) aucune? |^aucune? (quart|membre|heure|absence)/im;

export function statesEmptyResult(reply: string): boolean {
  return EMPTY_CLAIM.test(plainSpaces(reply));
}

/** Problems that are a stated falsehood whatever the reply's kind. */
const FALSE_ALWAYS =
  /^(HTTP |empty reply|failed: |missing |must not contain |FORBIDDEN |references not in |no references |counted: |the database counted )/;

/**
 * The outcome of one reply given its problems (judgeReply's): right, honest or wrong (see the
 * header). `kind` is the kind expected on this path.
 */
export function outcomeOf(entry: BankEntry, body: AssistantReply, problems: readonly string[], kind?: Kind): Outcome {
  if (problems.length === 0) return 'right';
  const reply = typeof body.reply === 'string' ? body.reply : '';
  const said = replyKind(body);
  const expectsFacts = (kind ?? entry.expect.kind) === 'answer' && (entry.expect.contains ?? []).length > 0;
  if (expectsFacts && statesEmptyResult(reply)) return 'wrong';
  // A counted answer states facts: with any problem they are not the fixture's.
  if (said === 'answer' || body.counted) return 'wrong';
  // Not counted: a question back or an "I can't". Honest unless it still got something wrong.
  const falsehoods = problems.filter((p) => FALSE_ALWAYS.test(p) && !p.startsWith('missing '));
  return falsehoods.length > 0 || reply.trim() === '' ? 'wrong' : 'honest';
}

export interface Miss {
  entry: BankEntry;
  problems: string[];
  reply: string;
  outcome: Exclude<Outcome, 'right'>;
}

export interface SectionScore {
  section: string;
  right: number;
  honest: number;
  wrong: number;
}

/** Counts per section, in the order the sections first appear. */
export function sectionScores(results: readonly { entry: BankEntry; outcome: Outcome }[]): SectionScore[] {
  const scores = new Map<string, SectionScore>();
  for (const { entry, outcome } of results) {
    const score = scores.get(entry.section) ?? { section: entry.section, right: 0, honest: 0, wrong: 0 };
    score[outcome] += 1;
    scores.set(entry.section, score);
  }
  return [...scores.values()];
}

/** A section passes with at least `required` of its questions right and none wrong. */
export function sectionPasses(score: SectionScore, required: number): boolean {
  const total = score.right + score.honest + score.wrong;
  return score.wrong === 0 && total > 0 && score.right / total >= required;
}

/** The table the runner prints: one row a section, right / honest / wrong, and whether it passes. */
export function sectionTable(title: string, scores: readonly SectionScore[], required: number): string {
  const width = Math.max(7, ...scores.map((s) => s.section.length));
  const row = (cells: string[]): string =>
    `  ${(cells[0] as string).padEnd(width)}  ${cells
      .slice(1)
      .map((c) => c.padStart(6))
      .join('  ')}`;
  const lines = [`${title}: at least ${Math.round(required * 100)}% right and no wrong answer in every section`];
  lines.push(row(['section', 'right', 'honest', 'wrong', 'total', '']));
  const sum = { right: 0, honest: 0, wrong: 0 };
  for (const s of scores) {
    const total = s.right + s.honest + s.wrong;
    sum.right += s.right;
    sum.honest += s.honest;
    sum.wrong += s.wrong;
    lines.push(
      row([
        s.section,
        String(s.right),
        String(s.honest),
        String(s.wrong),
        String(total),
        sectionPasses(s, required) ? 'ok' : 'FAIL',
      ]),
    );
  }
  lines.push(
    row([
      'all',
      String(sum.right),
      String(sum.honest),
      String(sum.wrong),
      String(sum.right + sum.honest + sum.wrong),
      '',
    ]),
  );
  return `${lines.join('\n')}\n`;
}

const indent = (text: string, by: string): string => text.replace(/\n/g, `\n${by}`);

/** The misses as a block per question (id, question, what was wrong, the reply), for the output. */
export function missTable(title: string, misses: readonly Miss[]): string {
  if (misses.length === 0) return `${title}: no misses\n`;
  const lines = [`${title}: ${misses.length} not right`];
  for (const miss of misses) {
    lines.push(
      `  ${miss.outcome === 'wrong' ? 'WRONG ' : 'HONEST'} ${miss.entry.id}: ${JSON.stringify(miss.entry.question)}`,
      `       why:   ${miss.problems.join('; ')}`,
      `       reply: ${indent(miss.reply.trim() || '(none)', '              ')}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

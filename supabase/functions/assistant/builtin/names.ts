// Staff names in a question. The parser picks the words that could be a name ("Amelia's",
// "jordan singh", "Marie-Ève", "Gagnon"), asks find_staff (or looks in a list of staff), and decides:
// one clear match → that person; several plausible → one short question listing them lettered;
// none → say so and suggest close names, if any.
import type { Reference, StaffMatches, StaffSummary } from '../tools/types.ts';
import { editDistance, fold, letter, normalise, type Token, typoBudget } from './text.ts';

/** Words in a row that may be a name, with how sure we are that they are one. */
export interface NameCandidate {
  /** As typed, accents kept: what find_staff is given and the reply quotes. */
  text: string;
  tokens: number[];
  /** Possessive, capitalised inside the sentence, or after "for", "by", "about", "named", … */
  strong: boolean;
}

const CUES = new Set(['for', 'by', 'about', 'named', 'called', 'is', 'was', 'did', 'does', 'has', 'had', 'with', 'of']);
/** Words that are also first names: read as a name only when capitalised inside the sentence. */
const NAME_LIKE_WORDS = new Set([
  'will',
  'may',
  'june',
  'april',
  'august',
  'mark',
  'pat',
  'max',
  'ray',
  'dawn',
  'joy',
  'grace',
  'hope',
  'rose',
  'bill',
  'sue',
  'rich',
  'faith',
  'jan',
  'art',
]);

/**
 * Runs of up to three name-like words: letters only, not used by another part of the parser
 * (`skip`), not a known word (`isKnownWord`). The strongest run comes first.
 */
export function nameCandidates(
  tokens: readonly Token[],
  skip: ReadonlySet<number>,
  isKnownWord: (token: Token) => boolean,
): NameCandidate[] {
  const runs: NameCandidate[] = [];
  let current: Token[] = [];
  const flush = (): void => {
    if (current.length === 0) return;
    for (let i = 0; i < current.length; i += 3) {
      const part = current.slice(i, i + 3);
      const first = part[0] as Token;
      const capitalised = part.some((t) => t.index > 0 && /^\p{Lu}/u.test(t.raw));
      const cue = CUES.has(tokens[first.index - 1]?.norm ?? '');
      runs.push({
        text: part.map((t) => t.raw).join(' '),
        tokens: part.map((t) => t.index),
        strong: part.some((t) => t.possessive) || capitalised || cue,
      });
    }
    current = [];
  };
  for (const token of tokens) {
    const capitalised = token.index > 0 && /^\p{Lu}/u.test(token.raw);
    const previous = current[current.length - 1];
    // A capitalised word that is also a known word still belongs to a name when it ends one
    // ("Zed Nobody's") or follows a capitalised name word ("Mark Long").
    const surname =
      capitalised &&
      token.norm.length >= 4 &&
      (token.possessive || (previous !== undefined && /^\p{Lu}/u.test(previous.raw)));
    const nameLike =
      !skip.has(token.index) &&
      /^\p{L}[\p{L}'’]+$/u.test(token.raw) &&
      (!isKnownWord(token) || (capitalised && NAME_LIKE_WORDS.has(token.norm)) || surname);
    if (nameLike) {
      current.push(token);
      if (token.possessive) flush();
    } else {
      flush();
    }
  }
  flush();
  return runs.sort((a, b) => Number(b.strong) - Number(a.strong));
}

export type NameResolution =
  | { kind: 'one'; staff: StaffSummary }
  | { kind: 'several'; options: StaffSummary[] }
  | { kind: 'none'; typed: string; suggestions: StaffSummary[] };

type Candidate = StaffSummary & { score?: number; exact?: boolean };

/** 3 for the same word, 2 for a small typo, 1 for a start of 3+ letters ("Jord"), 0 otherwise. */
function wordMatch(typed: string, part: string): number {
  if (typed === part) return 3;
  const budget = typoBudget(part.length);
  if (budget > 0 && typed.length >= 4 && editDistance(typed, part, budget) <= budget) return 2;
  if (typed.length >= 3 && part.startsWith(typed)) return 1;
  return 0;
}

interface Fit {
  /** Sum of the best match of each typed word. */
  score: number;
  /** Typed words that matched no part of the name. */
  unmatched: string[];
  exact: boolean;
}

function fitName(words: string[], name: string): Fit {
  const parts = normalise(name).split(' ').filter(Boolean);
  let score = 0;
  const unmatched: string[] = [];
  let exact = true;
  for (const w of words) {
    const best = Math.max(0, ...parts.map((p) => wordMatch(w, p)));
    if (best === 0) unmatched.push(w);
    if (best < 3) exact = false;
    score += best;
  }
  // A full name typed as one word ("ameliatremblay") still counts.
  if (unmatched.length > 0 && words.join('') === parts.join('')) {
    return { score: 3 * words.length, unmatched: [], exact: true };
  }
  return { score, unmatched, exact: exact && unmatched.length === 0 };
}

type StaffFit = Fit & { staff: Candidate };

/**
 * Who `typed` means among `candidates` (find_staff's matches, or any list of staff). Capitalised
 * typed words must match; lower-case leftovers ("hey amelia") may be ignored.
 */
export function decideName(typed: string, candidates: readonly Candidate[]): NameResolution {
  const words = normalise(typed).split(' ').filter(Boolean);
  const capitalised = new Set(
    typed
      .split(/\s+/)
      .filter((w) => /^\p{Lu}/u.test(w))
      .map((w) => normalise(w)),
  );
  const fits: StaffFit[] = candidates.map((c) => ({ ...fitName(words, `${c.first_name} ${c.last_name}`), staff: c }));
  const exact = fits.filter((f) => f.exact);
  if (exact.length === 1) return { kind: 'one', staff: (exact[0] as StaffFit).staff };
  if (exact.length > 1) return { kind: 'several', options: exact.map((f) => f.staff) };
  const all = fits.filter((f) => f.unmatched.length === 0).sort((a, b) => b.score - a.score);
  if (all.length > 0) {
    const top = all[0] as StaffFit;
    const tied = all.filter((f) => f.score === top.score);
    if (tied.length === 1) return { kind: 'one', staff: top.staff };
    return { kind: 'several', options: tied.map((f) => f.staff) };
  }
  // Some words matched: retry with those words alone when the others were lower-case fillers.
  const partial = fits.filter((f) => f.score > 0 && f.unmatched.every((w) => !capitalised.has(w)));
  if (partial.length > 0 && words.length > 1) {
    const leftover = new Set(partial.flatMap((f) => f.unmatched));
    const kept = typed
      .split(/\s+/)
      .filter((w) => !leftover.has(normalise(w)))
      .join(' ');
    if (kept && normalise(kept) !== normalise(typed)) {
      const again = decideName(kept, candidates);
      if (again.kind !== 'none') return again;
    }
  }
  const suggestions = [...fits]
    .filter((f) => f.score > 0 || (f.staff.score ?? 0) > 0)
    .sort((a, b) => b.score - a.score || (b.staff.score ?? 0) - (a.staff.score ?? 0))
    .slice(0, 3)
    .map((f) => f.staff);
  return { kind: 'none', typed, suggestions };
}

/** Looks `typed` up with find_staff and decides. */
export async function resolveName(
  typed: string,
  findStaff: (name: string) => Promise<StaffMatches>,
): Promise<NameResolution> {
  const { matches } = await findStaff(typed);
  return decideName(typed, matches);
}

/** "a. Amelia Tremblay or b. Amelia Singh", "a. X, b. Y or c. Z" (in French: "ou"). */
export function letteredChoice(names: readonly string[], or = 'or'): string {
  const items = names.map((name, i) => `${letter(i)}. ${name}`);
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${or} ${items[items.length - 1] as string}`;
}

export const DID_YOU_MEAN = 'Did you mean';
/** The same question in French, for a French question (issue 29); offeredNames reads either. */
export const DID_YOU_MEAN_FR = 'Vouliez-vous dire';
const MAX_OPTIONS = 5;

const staffRefs = (staff: readonly StaffSummary[]): Reference[] =>
  staff.map((s) => ({ kind: 'staff', id: s.id, label: s.name }));

type Clarification = { reply: string; references: Reference[]; french: string };

/** The one short question for several plausible staff members. */
export function clarifyStaff(options: readonly StaffSummary[]): Clarification {
  const shown = options.slice(0, MAX_OPTIONS);
  const names = shown.map((s) => s.name);
  return {
    reply: `${DID_YOU_MEAN} ${letteredChoice(names)}?`,
    references: staffRefs(shown),
    french: `Plusieurs membres du personnel correspondent à ce nom. ${DID_YOU_MEAN_FR} ${letteredChoice(names, 'ou')}?`,
  };
}

/** No staff member by that name, and close names when there are some. */
export function noSuchStaff(typed: string, suggestions: readonly StaffSummary[]): Clarification {
  const missing = `I could not find a staff member named ${typed}.`;
  const manquant = `Je n’ai trouvé aucun membre du personnel nommé ${typed}.`;
  if (suggestions.length === 0) {
    return {
      reply: `${missing} Please check the spelling against the Staff List.`,
      references: [],
      french: `${manquant} Veuillez vérifier l’orthographe dans la Liste du personnel.`,
    };
  }
  const shown = suggestions.slice(0, 3);
  const names = shown.map((s) => s.name);
  return {
    reply: `${missing} ${DID_YOU_MEAN} ${letteredChoice(names)}?`,
    references: staffRefs(shown),
    french: `${manquant} ${DID_YOU_MEAN_FR} ${letteredChoice(names, 'ou')}?`,
  };
}

/** The names offered by a "Did you mean a. … or b. …?" question (or its French), in order. */
export function offeredNames(reply: string): string[] {
  const english = reply.lastIndexOf(DID_YOU_MEAN);
  const french = reply.lastIndexOf(DID_YOU_MEAN_FR);
  const at = Math.max(english, french);
  if (at < 0) return [];
  const list = reply
    .slice(at + (at === french ? DID_YOU_MEAN_FR : DID_YOU_MEAN).length)
    .trim()
    .replace(/\?\s*$/, '');
  return list
    .split(/,\s+(?=[a-z]\.\s)|\s+(?:or|ou)\s+(?=[a-z]\.\s)/)
    .map((item) => item.replace(/^[a-z]\.\s+/, '').trim())
    .filter(Boolean);
}

const ORDINALS: Record<string, number> = {
  first: 0,
  '1st': 0,
  one: 0,
  second: 1,
  '2nd': 1,
  two: 1,
  third: 2,
  '3rd': 2,
  three: 2,
  fourth: 3,
  '4th': 3,
  four: 3,
  fifth: 4,
  '5th': 4,
  five: 4,
  // In French, after a French question ("la deuxième").
  premier: 0,
  premiere: 0,
  deuxieme: 1,
  seconde: 1,
  troisieme: 2,
  quatrieme: 3,
  cinquieme: 4,
};

/**
 * Which of `options` the user picked: "b", "b.", "option b", "the second one", "2", or (part of) the
 * name itself. Null when the message is not a pick.
 */
export function pickOption(text: string, options: readonly string[]): number | null {
  const words = normalise(text)
    .split(' ')
    .filter(
      (w) =>
        ![
          ...['the', 'option', 'choice', 'one', 'i', 'mean', 'meant', 'number', 'no', 'please', 'it', 'is', 'its'],
          ...['le', 'la', 'l', 'celui', 'celle', 'choix', 'numero', 'svp', 'c', 'est'],
        ].includes(w) || ORDINALS[w] !== undefined,
    );
  const said = fold(text).trim();
  const byLetter = /^(?:option\s+|choice\s+)?\(?([a-e])\)?[.)]?$/.exec(said.replace(/[!?]+$/, ''));
  if (byLetter) {
    const i = (byLetter[1] as string).charCodeAt(0) - 97;
    return i < options.length ? i : null;
  }
  const number = /^(?:number\s+|#)?([1-5])$/.exec(said);
  if (number) {
    const i = Number(number[1]) - 1;
    return i < options.length ? i : null;
  }
  if (words.length === 1 || (words.length === 2 && words[1] === 'one')) {
    const w = words[0] as string;
    if ((w === 'last' || w === 'dernier' || w === 'derniere') && options.length > 0) return options.length - 1;
    const i = ORDINALS[w];
    if (i !== undefined && !(w === 'one' && words.length === 1)) return i < options.length ? i : null;
  }
  const typed = normalise(text).split(' ').filter(Boolean);
  if (typed.length === 0) return null;
  const hits = options.map((name, i) => ({ i, fit: fitName(typed, name) })).filter((h) => h.fit.unmatched.length === 0);
  if (hits.length === 1) return (hits[0] as { i: number }).i;
  const exact = hits.filter((h) => h.fit.exact);
  return exact.length === 1 ? (exact[0] as { i: number }).i : null;
}

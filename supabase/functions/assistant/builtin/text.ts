// Words of a question, as every part of the built-in assistant's parser sees them. One tokeniser,
// so that the date parser can say which words it used (by index) and the name and intent parsers
// skip exactly those.
import { editDistance } from '../tools/text.ts';
import { DATE_SPELLINGS } from './vocabulary.ts';

export interface Token {
  /** Position in the question, counted in tokens. */
  index: number;
  /** As typed (case and accents kept), without surrounding punctuation or a possessive 's. */
  raw: string;
  /** Lower case, accents removed: what the parsers compare. */
  norm: string;
  /** Typed as "Amelia's" or "Singhs'". */
  possessive: boolean;
  /** The whitespace-separated piece of the question the token comes from, counted from 0. */
  piece: number;
  /** That piece as typed, without surrounding punctuation or a possessive 's ("st-joseph"). */
  chunk: string;
}

/** Lower case with accents removed (é → e), nothing else changed. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Lower case, accents removed, only letters, digits and single spaces. */
export function normalise(text: string): string {
  return fold(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

// Kept whole (never split at "-", "/" or ":"): dates, times, ordinals and ShiftID prefixes.
const ISO_DATE = /^\d{4}-\d{1,2}-\d{1,2}$/;
const SLASH_DATE = /^\d{1,2}\/\d{1,2}(\/\d{2,4})?$/;
const DAY_RANGE = /^\d{1,2}-\d{1,2}$/;
const CLOCK = /^\d{1,2}(:\d{2})?(am|pm|a\.m\.|p\.m\.)?$/i;
const ORDINAL = /^\d{1,2}(st|nd|rd|th)$/i;
const HEX_ID = /^[0-9a-f]{6,}(-[0-9a-f]*){0,4}$/i;
const EDGE_PUNCTUATION = /^[\s"'“”‘’`()[\]{}<>,.!?;:*_]+|[\s"'“”‘’`()[\]{}<>,.!?;:*_]+$/g;

function keepWhole(chunk: string): boolean {
  return (
    ISO_DATE.test(chunk) ||
    SLASH_DATE.test(chunk) ||
    DAY_RANGE.test(chunk) ||
    CLOCK.test(chunk) ||
    ORDINAL.test(chunk) ||
    (HEX_ID.test(chunk) && /\d/.test(chunk))
  );
}

/** The question's words. Dashes between words become a "-" token (a range: "Mon – Wed"). */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let pieceIndex = -1;
  let chunk = '';
  const push = (raw: string, possessive: boolean): void => {
    const norm = fold(raw);
    if (norm === '') return;
    tokens.push({ index: tokens.length, raw, norm, possessive, piece: pieceIndex, chunk });
  };
  const spaced = text.replace(/\s+[-–—]+\s+|[–—]+/g, ' - ');
  for (const piece of spaced.split(/\s+/)) {
    pieceIndex += 1;
    if (piece === '-') {
      chunk = '-';
      push('-', false);
      continue;
    }
    chunk = piece.replace(EDGE_PUNCTUATION, '');
    let possessive = false;
    const owner = /^(.+?)['’]s$|^(.+s)['’]$/i.exec(chunk);
    if (owner) {
      chunk = (owner[1] ?? owner[2]) as string;
      possessive = true;
    }
    if (chunk === '') continue;
    if (keepWhole(chunk)) {
      push(chunk.toLowerCase().replace(/\./g, ''), possessive);
      continue;
    }
    // "48hrs" → "48" "hrs"; "check-in" → "check" "in"; "o'clock" stays readable enough.
    // Apostrophes inside a name stay ("O'Brien"); contractions split as before ("didn't" → "didn" "t").
    const parts = chunk
      .split(/[^\p{L}\p{N}'’]+/u)
      .flatMap((part) => {
        const trimmed = part.replace(/^['’]+|['’]+$/g, '');
        const contraction = /^(\p{L}+)['’](t|s|re|ve|ll|d|m)$/iu.exec(trimmed);
        return contraction ? [contraction[1] as string, contraction[2] as string] : [trimmed];
      })
      .filter(Boolean);
    parts.forEach((part, i) => {
      const split = /^(\d+)(\p{L}+)$/u.exec(part);
      // "2day", "2moro" are words ("48hrs" is two).
      if (split && !ORDINAL.test(part) && DATE_SPELLINGS[part.toLowerCase()] === undefined) {
        push(split[1] as string, false);
        push(split[2] as string, possessive && i === parts.length - 1);
      } else {
        push(part, possessive && i === parts.length - 1);
      }
    });
  }
  return tokens;
}

// The tools' optimal string alignment distance (Levenshtein plus swapped neighbours, so "shfits"
// is one edit from "shifts"), for the parser's typo tolerance too.
export { editDistance };

/** Edits a typed word of this length may have and still count as a known word. */
export function typoBudget(length: number): number {
  if (length >= 8) return 2;
  if (length >= 4) return 1;
  return 0;
}

/** Whether every letter of `typed` is in `word`, in order: the typo only dropped letters. */
function droppedLetters(typed: string, word: string): boolean {
  let at = 0;
  for (const ch of word) if (ch === typed[at]) at += 1;
  return at === typed.length;
}

/**
 * The word of `vocabulary` that `typed` is a small typo of, or null. Of words equally close, the one
 * the typo only dropped letters from wins ("completd" is "completed", not "complete"); a tie left
 * after that is null: a guess would be worse than no answer.
 */
export function closestWord(typed: string, vocabulary: Iterable<string>): string | null {
  const budget = typoBudget(typed.length);
  if (budget === 0) return null;
  let closest: string[] = [];
  let bestDistance = budget + 1;
  for (const word of vocabulary) {
    if (word.length < 4) continue;
    const d = editDistance(typed, word, budget);
    if (d < bestDistance) {
      closest = [word];
      bestDistance = d;
    } else if (d === bestDistance && d <= budget && !closest.includes(word)) {
      closest.push(word);
    }
  }
  if (closest.length === 1) return closest[0] as string;
  const dropped = closest.filter((word) => droppedLetters(typed, word));
  return dropped.length === 1 ? (dropped[0] as string) : null;
}

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  couple: 2,
  three: 3,
  few: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  fortyeight: 48,
};

/** "48", "two", "a", "couple" → a number; anything else → null. */
export function numberWord(word: string): number | null {
  if (/^\d{1,4}$/.test(word)) return Number(word);
  return NUMBER_WORDS[word] ?? null;
}

export const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** a, b, c … z, then aa, ab … for the i-th sub-point (a list of every staff member can pass z). */
export const letter = (i: number): string =>
  i < LETTERS.length
    ? (LETTERS[i] as string)
    : `${LETTERS[Math.floor(i / LETTERS.length) - 1] ?? ''}${LETTERS[i % LETTERS.length] as string}`;

/** "a", "a and b", "a, b and c" (or "or"). */
export function joinWords(items: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1] as string}`;
}

/** "1 shift" / "2 shifts"; `plural` defaults to the word plus "s". */
export function plural(n: number, word: string, pluralWord = `${word}s`): string {
  return `${n} ${n === 1 ? word : pluralWord}`;
}

// The words of a question, read once: typos corrected, the period (dates.ts), a ShiftID, an address,
// a skill, a staff type and the words that may be a staff name, each marked as used so that the
// next reading skips them.
import { type ParsedPeriod, parsePeriod } from './dates.ts';
import { type NameCandidate, nameCandidates } from './names.ts';
import type { PlanContext, When } from './queries.ts';
import { detectLanguage } from '../language.ts';
import { englishOfFrench } from './french.ts';
import { closestWord, normalise, numberWord, type Token, tokenize } from './text.ts';
import { CONTRACTIONS, DOMAIN_WORDS, englishOf, FUNCTION_WORDS, MISSPELLINGS, SHIFT_SYNONYMS } from './vocabulary.ts';

// Vocabulary (the words themselves are in vocabulary.ts) ------------------------------------------

// Staff types as agencies write them ("s?": either number); the tool matches part of the text, so
// both spellings are tried.
const STAFF_TYPES: [string[], string, string | undefined][] = [
  [['psw'], 'PSW', 'Personal Support Worker'],
  [['psws'], 'PSW', 'Personal Support Worker'],
  [['personal', 'support', 'workers?'], 'Personal Support Worker', 'PSW'],
  [['rpn'], 'RPN', 'Registered Practical Nurse'],
  [['rpns'], 'RPN', 'Registered Practical Nurse'],
  [['registered', 'practical', 'nurses?'], 'Registered Practical Nurse', 'RPN'],
  [['lpn'], 'LPN', 'Licensed Practical Nurse'],
  [['lpns'], 'LPN', 'Licensed Practical Nurse'],
  [['registered', 'nurses?'], 'Registered Nurse', 'RN'],
  [['rns'], 'RN', 'Registered Nurse'],
  [['dsp'], 'DSP', 'Direct Support Professional'],
  [['dsps'], 'DSP', 'Direct Support Professional'],
  [['direct', 'support', 'professionals?'], 'Direct Support Professional', 'DSP'],
  [['dsw'], 'DSW', 'Developmental Service Worker'],
  [['dsws'], 'DSW', 'Developmental Service Worker'],
  [['developmental', 'service', 'workers?'], 'Developmental Service Worker', 'DSW'],
  [['cna'], 'CNA', 'Certified Nursing Assistant'],
  [['cnas'], 'CNA', 'Certified Nursing Assistant'],
  [['cyw'], 'CYW', 'Child and Youth Worker'],
  [['cyws'], 'CYW', 'Child and Youth Worker'],
  [['child', 'and', 'youth', 'workers?'], 'Child and Youth Worker', 'CYW'],
  [['youth', 'workers?'], 'Youth worker', undefined],
  [['hca'], 'HCA', 'Health Care Aide'],
  [['hcas'], 'HCA', 'Health Care Aide'],
  [['nurses?'], 'nurse', 'RN'],
];

// Skills: the word or words said → the part of the skill text the tool looks for.
const SKILLS: [string[], string][] = [
  [['personal', 'care'], 'personal care'],
  [['dementia'], 'dementia'],
  [['alzheimer'], 'dementia'],
  [['palliative'], 'palliative'],
  [['hospice'], 'palliative'],
  [['wound'], 'wound'],
  [['medication', 'administration'], 'medication'],
  [['medication'], 'medication'],
  [['medications'], 'medication'],
  [['meds'], 'medication'],
  [['behavioural'], 'behavio'],
  [['behavioral'], 'behavio'],
  [['behaviour'], 'behavio'],
  [['behavior'], 'behavio'],
  [['mobility'], 'mobility'],
  [['transfers'], 'transfer'],
  [['companionship'], 'companion'],
  [['companion'], 'companion'],
  [['respite'], 'respite'],
  [['diabetes'], 'diabetes'],
  [['tube', 'feeding'], 'tube feeding'],
  [['feeding'], 'feeding'],
  [['life', 'skills'], 'life skills'],
  [['recreation'], 'recreation'],
  [['homework'], 'homework'],
  [['transportation'], 'transport'],
  [['crisis'], 'crisis'],
  [['autism'], 'autism'],
  [['bathing'], 'bathing'],
  [['overnight', 'supervision'], 'overnight'],
  [['daily', 'living'], 'daily living'],
];

// Words of staff types and skills are known words (never a name, never "corrected").
const PHRASE_WORDS = [...STAFF_TYPES, ...SKILLS].flatMap(([sequence]) =>
  sequence.flatMap((w) => (w.endsWith('s?') ? [w.slice(0, -2), w.slice(0, -1)] : [w])),
);
const KNOWN_WORDS = new Set([...FUNCTION_WORDS, ...DOMAIN_WORDS, ...PHRASE_WORDS]);
// Typos are fixed in two steps. Domain words of 5 letters or more first, everywhere: "pendng",
// "compleated", "shfits" are never anybody's name. The everyday words ("many", "which", "their")
// only for a word that is nobody's name in the agency's data (intents.ts asks find_staff first):
// "ethan" is one edit from "than".
const TYPO_VOCABULARY = [...new Set(DOMAIN_WORDS.filter((w) => w.length >= 5))];
const WIDE_VOCABULARY = [...new Set([...FUNCTION_WORDS, ...DOMAIN_WORDS].filter((w) => w.length >= 4))];

// Street types written after the street's name ("Queen Street", "Avenue Road").
const STREET_SUFFIXES = new Set(
  (
    'street st avenue ave av road rd drive dr boulevard blvd way lane ln crescent cres court ct place pl parade ' +
    'trail trl quay parkway pkwy square sq terrace terr highway hwy circle cir gate row walk line sideroad concession'
  ).split(' '),
);
// Street types written before the name, as in French ("rue de l'Église", "boul. St-Joseph"). The
// first group says "street" only in an address; the others are English words too, so they need a
// cue ("at", "on", a street number, a capital letter). "Côte" is also a surname: never a type alone.
const FRENCH_TYPES = new Set('rue boul bd chemin montee allee impasse'.split(' '));
const FRENCH_TYPES_WITH_CUE = new Set(
  'boulevard avenue av place cote rang route promenade croissant terrasse'.split(' '),
);
// Words inside a French street name that are not names themselves ("de l'Église", "St-Joseph").
const STREET_PARTICLES = new Set('de du des la le les l d st ste saint sainte'.split(' '));
const DIRECTIONS = new Set('west east north south w e n s nw ne sw se ouest est nord sud'.split(' '));
const ENGLISH_DIRECTIONS = new Set('west east north south w e n s nw ne sw se'.split(' '));
/** Street-type words: never part of a staff name ("45 Avenue Rd" has no staff member called Rd). */
const STREET_TYPE_WORDS = new Set(
  [...STREET_SUFFIXES, ...FRENCH_TYPES, ...FRENCH_TYPES_WITH_CUE].filter((w) => w !== 'cote'),
);

// Analysis ------------------------------------------------------------------------------------------

export interface Analysis {
  /** The question's "now", in ms. */
  now: number;
  tokens: Token[];
  /** Corrected, lower-case words (typos fixed, synonyms mapped). */
  words: string[];
  /** Indexes used by the period, an address, a skill or a staff type. */
  used: Set<number>;
  /** " words … " without the period's words, for phrase tests. */
  s: string;
  when?: When;
  parsed: ParsedPeriod | null;
  shiftId?: string;
  address?: string;
  /** How the reply introduces the address: "at 100 Queen St", "on Yonge Street", "in Ottawa". */
  addressWord?: 'at' | 'on' | 'in';
  skill?: { value: string; label: string };
  staffType?: { value: string; alternate?: string };
  names: NameCandidate[];
  /**
   * Words no step knew, by index, with the everyday word each is a typo of ("mnay" → many): used
   * only when the word is nobody's name (intents.ts pickStaff).
   */
  typos: Map<number, string>;
  /** Name candidates that matched nobody and were not read as anything else (intents.ts pickStaff). */
  ignored: string[];
  /** "next 5 shifts": how many were asked for. */
  take?: number;
}

// "Accepted" and "took" are not here: a shift is accepted before it starts, so "who took the shift on
// Sunday?" is about the coming Sunday.
const PAST_TENSE = /\b(did|was|were|worked|happened|had|went|missed|completed|finished|clocked|showed|came)\b/;

const capitalisedInside = (t: Token): boolean => t.index > 0 && /^\p{Lu}/u.test(t.raw);

function correctWord(t: Token): string {
  const norm = t.norm.replace(/\./g, '');
  const synonym = SHIFT_SYNONYMS[norm] ?? CONTRACTIONS[norm] ?? MISSPELLINGS[norm];
  if (synonym) return synonym;
  // "rn" in lower case is "right now"; "RN" is a Registered Nurse (findSkillAndType).
  if (t.raw === 'rn') return 'right now';
  if (KNOWN_WORDS.has(norm) || !/^[a-z]+$/.test(norm) || capitalisedInside(t) || t.possessive) return norm;
  const fixed = closestWord(norm, TYPO_VOCABULARY);
  return fixed ? (SHIFT_SYNONYMS[fixed] ?? fixed) : norm;
}

/** A ShiftID prefix: 6–36 hex characters (dashes allowed) with a digit; digits alone need 8. */
function shiftIdIn(tokens: Token[], words: string[]): string | undefined {
  for (const t of tokens) {
    const w = t.norm.replace(/-+$/, '');
    if (!/^[0-9a-f][0-9a-f-]{5,35}$/.test(w) || !/\d/.test(w)) continue;
    if (/^\d{4}-\d{1,2}-\d{1,2}$/.test(w) || /^\d{1,2}-\d{1,2}$/.test(w)) continue;
    const digitsOnly = /^[\d-]+$/.test(w);
    const cue = ['shift', 'id', 'shiftid'].includes(words[t.index - 1] ?? '');
    if (digitsOnly && w.replace(/-/g, '').length < 8 && !cue) continue;
    return w;
  }
  return undefined;
}

/** `sequence` at `at`; a word ending in "s?" matches with or without the plural s. */
function matchSequence(words: string[], at: number, sequence: string[]): boolean {
  return sequence.every((w, k) => {
    const word = words[at + k];
    return w.endsWith('s?') ? word === w.slice(0, -2) || word === w.slice(0, -1) : word === w;
  });
}

/** Tokens start..end-1 as typed: a piece kept whole ("st-joseph", "l'Église") when all of it is in. */
function spanText(tokens: readonly Token[], start: number, end: number): string {
  const parts: string[] = [];
  for (let k = start; k < end; k++) {
    const t = tokens[k] as Token;
    const inPiece = tokens.filter((x) => x.piece === t.piece);
    const whole = inPiece.every((x) => x.index >= start && x.index < end);
    if (!whole) parts.push(t.raw);
    else if (inPiece[0]?.index === k) parts.push(t.chunk);
  }
  return parts.join(' ');
}

function setAddress(a: Analysis, start: number, end: number, word: 'at' | 'on' | 'in'): void {
  let text = spanText(a.tokens, start, end);
  for (let k = start; k < end; k++) a.used.add(k);
  // "310 boul St-Joseph in Gatineau": the city narrows the street too.
  const city = end + 1;
  const cityWord = a.words[city] ?? '';
  if (
    a.words[end] === 'in' &&
    !a.used.has(city) &&
    /^\p{L}{3,}$/u.test(a.tokens[city]?.raw ?? '') &&
    !KNOWN_WORDS.has(cityWord)
  ) {
    let cityEnd = city + 1;
    while (/^\p{Lu}/u.test(a.tokens[cityEnd]?.raw ?? '') && !a.used.has(cityEnd) && cityEnd - city < 2) cityEnd += 1;
    text += `, ${spanText(a.tokens, city, cityEnd)}`;
    for (let k = end; k < cityEnd; k++) a.used.add(k);
  }
  a.address = text;
  a.addressWord = word;
}

/**
 * "150 rue de l'Église", "boul. St-Joseph Est": a street type written before the name, at `at`;
 * the end of the street (after its name and direction) or -1. The name is one or more words that
 * are not known words (particles such as "de", "l'", "St" allowed), and not a street type: "Avenue
 * Road" is the avenue named Avenue.
 */
function frenchStreetEnd(a: Analysis, at: number, cued: boolean): number {
  const { tokens, words, used } = a;
  const type = words[at] ?? '';
  const capitalised = /^\p{Lu}/u.test(tokens[at]?.raw ?? '');
  if (used.has(at) || !(FRENCH_TYPES.has(type) || (FRENCH_TYPES_WITH_CUE.has(type) && (cued || capitalised))))
    return -1;
  if (STREET_SUFFIXES.has(words[at + 1] ?? '') && !STREET_PARTICLES.has(words[at + 1] ?? '')) return -1;
  let end = at + 1;
  let named = false;
  while (end < tokens.length && end - at <= 6 && !used.has(end)) {
    const w = words[end] as string;
    const raw = tokens[end]?.raw ?? '';
    if (STREET_PARTICLES.has(w)) {
      end += 1;
      continue;
    }
    if (!/^\p{L}[\p{L}'’]*$/u.test(raw) || KNOWN_WORDS.has(w) || DIRECTIONS.has(w)) break;
    named = true;
    end += 1;
  }
  if (!named) return -1;
  if (DIRECTIONS.has(words[end] ?? '') && !used.has(end)) end += 1;
  return end;
}

function findAddress(a: Analysis, followUp: boolean): void {
  const { tokens, words, used } = a;
  const isWord = (i: number): boolean => i < tokens.length && !used.has(i) && /^[\p{L}\d]/u.test(tokens[i]?.raw ?? '');
  const isSuffix = (i: number): boolean => isWord(i) && STREET_SUFFIXES.has(words[i] ?? '');
  for (let i = 0; i < tokens.length; i++) {
    if (used.has(i) || !/^\d{1,6}[a-z]?$/.test(words[i] ?? '')) continue;
    const next = words[i + 1] ?? '';
    // "150 rue de l'Église", "310 boul st-joseph".
    const french = frenchStreetEnd(a, i + 1, true);
    if (french > 0) {
      setAddress(a, i, french, 'at');
      return;
    }
    // "100 Queen Street West", "1280 Main St W", "10365 97 Street NW", "45 Avenue Rd", "111 Wellington".
    let end = i + 1;
    let sawSuffix = false;
    while (end < tokens.length && end - i <= 6 && isWord(end)) {
      const w = words[end] as string;
      // A street type right after the number is the street's name when more of it follows
      // ("45 Avenue Road", "100 St Clair Avenue").
      const isName = end === i + 1 && isWord(end + 1) && (isSuffix(end + 1) || !KNOWN_WORDS.has(words[end + 1] ?? ''));
      if (STREET_SUFFIXES.has(w) && !isName) {
        sawSuffix = true;
        end += 1;
        // "Avenue Road", "Street West", "Lane East": a second street type or a direction belongs too.
        if (isSuffix(end)) end += 1;
        if (ENGLISH_DIRECTIONS.has(words[end] ?? '') && isWord(end)) end += 1;
        break;
      }
      if (KNOWN_WORDS.has(w) && !DIRECTIONS.has(w) && end > i + 1) break;
      if (KNOWN_WORDS.has(w) && end === i + 1) break;
      end += 1;
    }
    // "at 2075 bayview", "at 111 Wellington": a number and a word that is no known word, after "at"/"on".
    const cue = ['at', 'on'].includes(words[i - 1] ?? '');
    if (!sawSuffix && !(cue && end > i + 1) && !(followUp && end > i + 1)) continue;
    if (next === '') continue;
    setAddress(a, i, end, 'at');
    return;
  }
  // "at rue de l'Église", "on Boulevard Saint-Joseph": a French street without a number.
  for (let i = 0; i < tokens.length; i++) {
    const cued = ['at', 'on', 'sur'].includes(words[i - 1] ?? '');
    const end = frenchStreetEnd(a, i, cued);
    if (end < 0) continue;
    setAddress(a, i, end, words[i - 1] === 'on' ? 'on' : 'at');
    return;
  }
  // "on Queen Street West", "at Yonge St", "on Avenue Road": words ending with a street type, no number.
  for (let i = 0; i < tokens.length; i++) {
    if (used.has(i) || !STREET_SUFFIXES.has(words[i] ?? '') || words[i] === 'st' || words[i] === 'way') {
      if (!(words[i] === 'st' && i > 0 && /^\p{Lu}/u.test(tokens[i - 1]?.raw ?? ''))) continue;
    }
    let start = i;
    while (start > 0 && isWord(start - 1) && !KNOWN_WORDS.has(words[start - 1] as string) && i - start < 3) start -= 1;
    if (start === i) continue;
    // A street is named as one: after "at"/"on", capitalised, or in a question about shifts. Two
    // lower-case words before "line" or "way" in any other message are just words.
    const isNamed =
      ['at', 'on'].includes(words[start - 1] ?? '') ||
      /^\p{Lu}/u.test(tokens[start]?.raw ?? '') ||
      words.some((w) => w === 'shift' || w === 'shifts');
    if (!isNamed || (words[start] ?? '').length < 2) continue;
    let end = i + 1;
    if (ENGLISH_DIRECTIONS.has(words[end] ?? '') && isWord(end)) end += 1;
    setAddress(a, start, end, words[start - 1] === 'at' ? 'at' : 'on');
    return;
  }
  // "in Toronto", "at Mississauga": a place after "in" or "at" (months and known words excluded);
  // "the shift on dufferin": after "on" too, in a question about shifts.
  const aboutShifts = words.some((w) => w === 'shift' || w === 'shifts');
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    const cue = words[i - 1] ?? '';
    if (used.has(i) || used.has(i - 1) || !(['in', 'at'].includes(cue) || (cue === 'on' && aboutShifts))) continue;
    if (KNOWN_WORDS.has(words[i] as string) || !/^\p{L}{3,}$/u.test(t.raw)) continue;
    let end = i + 1;
    while (end < tokens.length && /^\p{Lu}/u.test(tokens[end]?.raw ?? '') && !used.has(end) && end - i < 3) end += 1;
    a.addressWord = cue === 'in' ? 'in' : cue === 'on' ? 'on' : 'at';
    a.address = spanText(tokens, i, end);
    for (let k = i - 1; k < end; k++) used.add(k);
    return;
  }
}

function findSkillAndType(a: Analysis): void {
  const { words, used, tokens } = a;
  for (let i = 0; i < words.length && !a.staffType; i++) {
    if (used.has(i)) continue;
    for (const [sequence, value, alternate] of STAFF_TYPES) {
      if (!matchSequence(words, i, sequence)) continue;
      a.staffType = alternate ? { value, alternate } : { value };
      for (let k = i; k < i + sequence.length; k++) used.add(k);
      break;
    }
    // "RN" only in capitals: "rn" is also "right now".
    if (!a.staffType && tokens[i]?.raw === 'RN') {
      a.staffType = { value: 'RN', alternate: 'Registered Nurse' };
      used.add(i);
    }
  }
  for (let i = 0; i < words.length && !a.skill; i++) {
    if (used.has(i)) continue;
    for (const [sequence, value] of SKILLS) {
      if (!matchSequence(words, i, sequence)) continue;
      let end = i + sequence.length;
      if (words[end] === 'care' || words[end] === 'support') end += 1;
      for (let k = i; k < end; k++) used.add(k);
      a.skill = { value, label: words.slice(i, end).join(' ') };
      break;
    }
  }
  if (!a.skill) {
    // "<word> care shifts", "the skill dementia care": an unknown word before "care".
    for (let i = 1; i < words.length; i++) {
      if (words[i] !== 'care' || used.has(i) || used.has(i - 1)) continue;
      const w = words[i - 1] as string;
      if (KNOWN_WORDS.has(w) || !/^[a-z]{4,}$/.test(w)) continue;
      a.skill = { value: `${w} care`, label: `${w} care` };
      used.add(i - 1).add(i);
    }
  }
}

/**
 * The question as the parser reads it: French words in English, and a message typed all in capitals
 * in lower case (in capitals every word would look like a name; "RN" there is "right now").
 */
export function readable(text: string): string {
  // A question in French is first read as English phrase by phrase (french.ts); English is untouched.
  const english = englishOf(detectLanguage(text) === 'fr-CA' ? englishOfFrench(text) : text);
  const letters = english.replace(/[^\p{L}]/gu, '');
  return letters.length > 3 && letters === letters.toUpperCase() ? english.toLowerCase() : english;
}

export function analyse(question: string, ctx: PlanContext, followUp = false): Analysis {
  const text = readable(question);
  const tokens = tokenize(text);
  const words = tokens.map(correctWord);
  // The date parser sees corrected words too ("tomorow" is its own business; "shfits" is ours).
  const pastTense = PAST_TENSE.test(` ${words.join(' ')} `);
  const parsed = parsePeriod(tokens, ctx.now, ctx.timeZone, { pastTense });
  const used = new Set(parsed?.consumed ?? []);
  const a: Analysis = {
    now: ctx.now.getTime(),
    tokens,
    words,
    used,
    s: '',
    parsed,
    names: [],
    typos: new Map(),
    ignored: [],
  };
  if (parsed) a.when = { period: parsed.period, label: parsed.label };
  a.shiftId = shiftIdIn(tokens, words);
  if (a.shiftId) {
    const at = tokens.findIndex((t) => t.norm.replace(/-+$/, '') === a.shiftId);
    if (at >= 0) used.add(at);
  }
  // The agency's own name is never a staff name ("How is Maple Leaf Home Care doing?").
  const company = new Set(
    normalise(ctx.companyName ?? '')
      .split(' ')
      .filter((w) => w.length > 2),
  );
  tokens.forEach((t) => {
    if (company.has(t.norm) && !KNOWN_WORDS.has(t.norm)) used.add(t.index);
  });
  findAddress(a, followUp);
  findSkillAndType(a);
  // "next 5 shifts", "upcoming shifts": from now on, at most that many.
  const ahead = /\b(next|upcoming|coming|future)( (\d{1,2}|few|couple))?( [a-z]+)? shifts\b/.exec(
    ` ${words.join(' ')} `,
  );
  if (ahead && !a.when) {
    a.when = { period: { from: ctx.now.toISOString() }, label: 'from now on' };
    a.take = numberWord(ahead[3] ?? '') ?? undefined;
  }
  const periodWords = new Set(parsed?.consumed ?? []);
  a.s = ` ${words.filter((_, i) => !periodWords.has(i)).join(' ')} `;
  const isKnown = (t: Token): boolean =>
    (words[t.index] as string).split(' ').every((w) => KNOWN_WORDS.has(w)) || /\d/.test(t.norm);
  // A street type is never part of a name, even when no address was read around it.
  const notNames = new Set(used);
  tokens.forEach((t) => {
    if (STREET_TYPE_WORDS.has(words[t.index] as string)) notNames.add(t.index);
  });
  a.names = nameCandidates(tokens, notNames, isKnown);
  for (const t of tokens) {
    const word = words[t.index] as string;
    if (notNames.has(t.index) || isKnown(t) || !/^[a-z]+$/.test(word)) continue;
    const fixed = closestWord(word, WIDE_VOCABULARY);
    if (fixed) a.typos.set(t.index, fixed);
  }
  return a;
}

export const has = (a: Analysis, pattern: RegExp): boolean => pattern.test(a.s);

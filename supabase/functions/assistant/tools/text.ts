// Matching what people type against what the agency entered: names and addresses arrive without
// accents ("amelie cote"), with street types spelt either way ("Queen Street West" = "Queen St W")
// and with small typos. Names are matched here, in TypeScript, over the employed staff; addresses,
// skills and staff types become regular expressions that Postgres evaluates (`imatch`) on the rows.

/**
 * Lower case, accents removed, punctuation a space. Apostrophes are dropped by default, as names
 * are typed without them (O'Connor = oconnor); an address keeps them as a space, since its words are
 * then looked for in the stored text ("l'Église" holds the words l and Église).
 */
export function fold(text: string, apostrophes: 'drop' | 'space' = 'drop'): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`]/g, apostrophes === 'drop' ? '' : ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export function words(text: string, apostrophes: 'drop' | 'space' = 'drop'): string[] {
  const folded = fold(text, apostrophes);
  return folded === '' ? [] : folded.split(' ');
}

/**
 * Damerau-Levenshtein distance (optimal string alignment: insertions, deletions, substitutions and
 * swaps of neighbours), capped: anything above `max` is reported as max + 1, which keeps comparing a
 * typed word with thousands of names cheap.
 */
export function editDistance(a: string, b: string, max = 2): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(0);
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, (before[j - 2] as number) + 1);
      }
      current[j] = d;
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[b.length] as number, max + 1);
}

/** Typos forgiven in a typed word: none under 4 letters, 1 from 4, 2 from 7. */
export function allowedTypos(word: string): number {
  return word.length >= 7 ? 2 : word.length >= 4 ? 1 : 0;
}

/**
 * How well a typed word matches one part of a name, 0 to 1: 1 equal; 0.85 the start of the name
 * ("amel" for Amélie, 3 letters or more); 0.8 with one typo, 0.7 with two; otherwise 0.
 */
export function wordScore(typed: string, part: string): number {
  if (typed === part) return 1;
  if (typed.length >= 3 && part.startsWith(typed)) return 0.85;
  const allowed = allowedTypos(typed);
  if (allowed === 0) return 0;
  const distance = editDistance(typed, part, allowed);
  return distance <= allowed ? 0.9 - 0.1 * distance : 0;
}

export interface NameScore {
  score: number;
  exact: boolean;
}

/**
 * How well `typed` (first, last or both, in any order) names a person. Each typed word takes the
 * best still-unused part of the name; a word matching nothing rules the person out. Typing the name
 * without its spaces ("oconnor", "o connor" for O'Connor) also counts. The score is the mean of the
 * words' scores, plus 0.05 when both the first and the last name were given.
 */
export function scoreName(typed: string, firstName: string, lastName: string): NameScore | null {
  const typedWords = words(typed);
  if (typedWords.length === 0) return null;
  const first = words(firstName);
  const last = words(lastName);
  const parts = [...first.map((w) => ({ w, first: true })), ...last.map((w) => ({ w, first: false }))];

  let best: NameScore | null = null;
  const used = new Set<number>();
  let total = 0;
  let exact = true;
  let gaveFirst = false;
  let gaveLast = false;
  for (const word of typedWords) {
    let bestIndex = -1;
    let bestScore = 0;
    parts.forEach((part, index) => {
      if (used.has(index)) return;
      const score = wordScore(word, part.w);
      if (score > bestScore) {
        bestScore = score;
        bestIndex = index;
      }
    });
    if (bestIndex < 0) {
      total = -1;
      break;
    }
    used.add(bestIndex);
    total += bestScore;
    exact &&= bestScore === 1;
    if (parts[bestIndex]?.first) gaveFirst = true;
    else gaveLast = true;
  }
  if (total >= 0) {
    const both = gaveFirst && gaveLast ? 0.05 : 0;
    best = { score: Math.min(1, total / typedWords.length + both), exact };
  }

  // Spaces typed differently from the record: "o connor", "mary ann" for Maryann.
  if (!best?.exact) {
    const compactTyped = typedWords.join('');
    for (const candidate of [last.join(''), [...first, ...last].join('')]) {
      const score = candidate === '' ? 0 : wordScore(compactTyped, candidate);
      if (score > 0 && (!best || score > best.score)) best = { score, exact: score === 1 };
    }
  }
  return best;
}

// Addresses ------------------------------------------------------------------------------------------

// Spellings that mean the same in an address. "st" is both Street and Saint.
const SAME_WORDS: readonly (readonly string[])[] = [
  ['street', 'st', 'str'],
  ['saint', 'st'],
  ['sainte', 'ste'],
  ['avenue', 'ave', 'av'],
  ['road', 'rd'],
  ['drive', 'dr'],
  ['boulevard', 'blvd', 'boul', 'bd'],
  ['crescent', 'cres', 'cr'],
  ['court', 'ct'],
  ['place', 'pl'],
  ['lane', 'ln'],
  ['parkway', 'pkwy'],
  ['highway', 'hwy'],
  ['square', 'sq'],
  ['terrace', 'terr'],
  ['circle', 'cir'],
  ['trail', 'trl'],
  ['chemin', 'ch'],
  ['mount', 'mt'],
  ['west', 'w', 'ouest'],
  ['east', 'e', 'est'],
  ['north', 'n', 'nord'],
  ['south', 's', 'sud'],
];

/** Every spelling that means the same as a folded word, the word itself first. */
export function spellings(word: string): string[] {
  const out = [word];
  for (const group of SAME_WORDS) {
    if (group.includes(word)) for (const w of group) if (!out.includes(w)) out.push(w);
  }
  return out;
}

const ACCENTS: Record<string, string> = {
  a: 'aàâäáãåAÀÂÄÁÃÅ',
  c: 'cçCÇ',
  e: 'eéèêëEÉÈÊË',
  i: 'iîïíìIÎÏÍÌ',
  n: 'nñNÑ',
  o: 'oôöóòõOÔÖÓÒÕ',
  u: 'uùûüúUÙÛÜÚ',
  y: 'yÿýYŸÝ',
};

/**
 * A folded word as a Postgres regular expression that also matches its accented spellings (the
 * stored "Côté" for a typed "cote"). Upper-case accented letters are listed too, so the match does
 * not depend on the database locale's case folding. Only letters, digits, brackets and backslashes
 * appear, none of which PostgREST's `or=(…)` syntax reserves.
 */
export function accentPattern(word: string): string {
  return [...word].map((ch) => (ACCENTS[ch] ? `[${ACCENTS[ch]}]` : ch)).join('');
}

/** The whole word, in any of its spellings: one pattern per spelling. */
export function wordPatterns(word: string): string[] {
  return spellings(word).map((w) => `\\m${accentPattern(w)}\\M`);
}

/** Every word of a phrase as the start of a word, in order ("dementia" finds "Dementia care"). */
export function phrasePattern(text: string): string | null {
  const typed = words(text, 'space');
  return typed.length === 0 ? null : typed.map((w) => `\\m${accentPattern(w)}`).join('.*');
}

// Words that never narrow an address (the agency works in one or two countries).
const COUNTRY_WORDS = new Set(['canada', 'usa', 'us', 'united', 'states', 'america']);

// Provinces and territories by code and one-word name: looked for in the province column too.
const PROVINCE_WORDS = new Set(
  'on ontario qc quebec bc ab alberta sk saskatchewan mb manitoba ns nb pe pei nl yt yukon nt nu nunavut'.split(' '),
);

/**
 * PostgREST `or` filters, one per typed word, that together require every word of an address to
 * appear (whole, in any spelling) in the shift's address. "100 Queen Street West" finds 100 Queen St W
 * but not 1001 Queen Street East.
 *
 * Each word is looked for only where it can be: a number is the street number, a word with digits a
 * postal code, a street type or direction the street name, a province the province or street name,
 * any other word the street name or city. The filters come most selective first (numbers, postal
 * codes, then the longest plain words; street types last, since most addresses have one), and
 * Postgres stops at the first that fails, so a search of 100,000 shifts costs a few comparisons a row.
 */
export function addressFilters(address: string): string[] {
  const typed = words(address, 'space').filter((word) => !COUNTRY_WORDS.has(word));
  const numbers = typed.filter((w) => /^\d+$/.test(w)).map((w) => `street_number.eq.${w}`);
  const postal = typed
    .filter((w) => /\d/.test(w) && /[a-z]/.test(w))
    .map((w) =>
      wordPatterns(w)
        .map((p) => `postal_code.imatch.${p}`)
        .join(','),
    );
  const named = typed.filter((w) => !/\d/.test(w));
  const isStreetWord = (w: string) => spellings(w).length > 1;
  const ordered = [
    ...named.filter((w) => !isStreetWord(w)).sort((a, b) => b.length - a.length),
    ...named.filter(isStreetWord),
  ];
  const byWord = ordered.map((word) => {
    const columns = isStreetWord(word)
      ? ['street_name']
      : PROVINCE_WORDS.has(word)
        ? ['province', 'street_name']
        : ['street_name', 'city'];
    return wordPatterns(word)
      .flatMap((pattern) => columns.map((column) => `${column}.imatch.${pattern}`))
      .join(',');
  });
  return [...numbers, ...postal, ...byWord];
}

/**
 * Whether a staff type the agency recorded is the one asked about: every typed word starts a word
 * of it, in order ("nurse" is a Registered Nurse and a Registered Practical Nurse; "psw" is only
 * PSW), as phrasePattern asks Postgres about a shift's staff type.
 */
export function phraseMatches(asked: string, recorded: string): boolean {
  const typed = words(asked, 'space');
  if (typed.length === 0) return false;
  const pattern = new RegExp(typed.map((w) => `(?:^| )${w}`).join('.*'));
  return pattern.test(fold(recorded, 'space'));
}

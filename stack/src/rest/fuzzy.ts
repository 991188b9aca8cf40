/**
 * PostgREST's fuzzy name search for "Perhaps you meant …" hints: the Haskell `fuzzyset` package
 * (0.2, PostgREST's dependency) with its defaults. An entry scores by the cosine similarity of its
 * character n-grams (sizes 3, then 2; a size that yields no result above the minimum falls back to
 * the next) and, of the 50 best, by the normalised Levenshtein similarity
 * `1 - distance / max(length)`; the best one at or above the minimum score wins. PostgREST asks for
 * 0.75 for table and function names (so a far-off guess reveals nothing) and fuzzyset's default of
 * 0.33 for parameter lists (PostgREST's Error.hs, getFuzzyHint).
 */

/** Lowercase, keeping letters, digits, spaces and commas only (fuzzyset's `normalized`). */
function normalized(value: string): string {
  return [...value.toLowerCase()].filter((ch) => /[\p{L}\p{N}\s,]/u.test(ch)).join('');
}

function gramVector(value: string, size: number): Map<string, number> {
  const padded = `-${normalized(value)}-`;
  const chars = [...padded];
  const grams = new Map<string, number>();
  for (let i = 0; i + size <= chars.length; i++) {
    const gram = chars.slice(i, i + size).join('');
    grams.set(gram, (grams.get(gram) ?? 0) + 1);
  }
  return grams;
}

function magnitude(vector: Map<string, number>): number {
  let sum = 0;
  for (const count of vector.values()) sum += count * count;
  return Math.sqrt(sum);
}

export function levenshtein(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost));
    }
    previous = current;
  }
  return previous[t.length] ?? 0;
}

/** text-metrics' levenshteinNorm: 1 for equal strings, 0 for nothing in common. */
export function similarity(a: string, b: string): number {
  const longest = Math.max([...a].length, [...b].length);
  return longest === 0 ? 1 : 1 - levenshtein(a, b) / longest;
}

export interface FuzzyMatch {
  score: number;
  entry: string;
}

/** Entries scoring at least `minScore` against `query`, best first (fuzzyset's getWithMinScore). */
export function closestMatches(query: string, entries: Iterable<string>, minScore: number): FuzzyMatch[] {
  const byKey = new Map<string, string>();
  for (const entry of entries) if (!byKey.has(entry.toLowerCase())) byKey.set(entry.toLowerCase(), entry);
  const key = query.toLowerCase();
  const exact = byKey.get(key);
  if (exact !== undefined) return [{ score: 1, entry: exact }];
  for (const size of [3, 2]) {
    const queryVector = gramVector(key, size);
    const queryMagnitude = magnitude(queryVector);
    const scored: FuzzyMatch[] = [];
    for (const entry of byKey.keys()) {
      const vector = gramVector(entry, size);
      let dot = 0;
      for (const [gram, count] of queryVector) dot += count * (vector.get(gram) ?? 0);
      if (dot > 0) scored.push({ score: dot / (queryMagnitude * magnitude(vector)), entry });
    }
    // Ties keep a stable order (fuzzyset's follows its hash map; here, the name).
    scored.sort((x, y) => y.score - x.score || (x.entry < y.entry ? -1 : 1));
    const found = scored
      .slice(0, 50)
      .map(({ entry }) => ({ score: similarity(key, entry), entry }))
      .sort((x, y) => y.score - x.score)
      .filter((r) => r.score >= minScore)
      .map((r) => ({ score: r.score, entry: byKey.get(r.entry) ?? r.entry }));
    if (found.length > 0) return found;
  }
  return [];
}

/** The entry closest to `query` scoring at least `minScore`, or null (fuzzyset's getOneWithMinScore). */
export function closestMatch(query: string, entries: Iterable<string>, minScore: number): string | null {
  return closestMatches(query, entries, minScore)[0]?.entry ?? null;
}

/**
 * The slice of npm semver that advisory ranges use: comparators (`>=`, `>`, `<=`, `<`, `=`) joined
 * by spaces (and) and `||` (or), e.g. `>=7.0.0 <7.18.0 || >=8.0.0 <8.3.0`. Prerelease tags compare
 * below their release, as in semver. Anything else is refused loudly rather than guessed.
 */

type Version = { parts: [number, number, number]; pre: string[] };

function parseVersion(text: string): Version {
  const match = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(text.trim());
  if (!match) throw new Error(`Not a version: '${text}'`);
  return {
    parts: [Number(match[1]), Number(match[2]), Number(match[3])],
    pre: match[4] ? match[4].split('.') : [],
  };
}

function comparePre(a: string[], b: string[]): number {
  if (a.length === 0 || b.length === 0) return (a.length === 0 ? 1 : 0) - (b.length === 0 ? 1 : 0);
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const x = a[i];
    const y = b[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const nx = /^\d+$/.test(x) ? Number(x) : null;
    const ny = /^\d+$/.test(y) ? Number(y) : null;
    if (nx !== null && ny !== null && nx !== ny) return nx - ny;
    if (nx !== null && ny === null) return -1;
    if (nx === null && ny !== null) return 1;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

export function compareVersions(a: string, b: string): number {
  const x = parseVersion(a);
  const y = parseVersion(b);
  for (let i = 0; i < 3; i += 1) {
    const d = (x.parts[i] as number) - (y.parts[i] as number);
    if (d !== 0) return d;
  }
  return comparePre(x.pre, y.pre);
}

const COMPARATOR = /^(>=|<=|>|<|=)?\s*(v?\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)$/;

/** Whether `version` falls in `range`. */
export function inRange(version: string, range: string): boolean {
  return range.split('||').some((alternative) => {
    const comparators = alternative
      .trim()
      .replace(/(>=|<=|>|<|=)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean);
    if (comparators.length === 0) throw new Error(`Empty range in '${range}'`);
    return comparators.every((comparator) => {
      const match = COMPARATOR.exec(comparator);
      if (!match) throw new Error(`Unsupported comparator '${comparator}' in '${range}'`);
      const order = compareVersions(version, match[2] as string);
      switch (match[1] ?? '=') {
        case '>=':
          return order >= 0;
        case '<=':
          return order <= 0;
        case '>':
          return order > 0;
        case '<':
          return order < 0;
        default:
          return order === 0;
      }
    });
  });
}

/** The `Prefer` header: several postgrest-js appends arrive comma-joined. */
import type { Prefer } from './ast.ts';

const ALLOWED: Record<string, readonly string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  tx: ['commit', 'rollback'],
  handling: ['strict', 'lenient'],
};

export function parsePrefer(header: string | undefined): Prefer {
  const prefer: Prefer = { applied: [] };
  if (!header) return prefer;
  for (const piece of header.split(',')) {
    const item = piece.trim();
    const eq = item.indexOf('=');
    if (eq < 0) continue;
    const key = item.slice(0, eq).trim().toLowerCase();
    const value = item.slice(eq + 1).trim();
    if (key === 'max-affected') {
      const n = Number(value);
      if (Number.isInteger(n) && n >= 0) prefer.maxAffected = n;
      continue;
    }
    const allowed = ALLOWED[key];
    if (!allowed?.includes(value)) continue;
    switch (key) {
      case 'return':
        prefer.return = value as Prefer['return'];
        break;
      case 'count':
        prefer.count = value as Prefer['count'];
        break;
      case 'resolution':
        prefer.resolution = value as Prefer['resolution'];
        break;
      case 'missing':
        prefer.missing = value as Prefer['missing'];
        break;
      case 'tx':
        prefer.tx = value as Prefer['tx'];
        break;
      case 'handling':
        prefer.handling = value as Prefer['handling'];
        break;
    }
    prefer.applied.push(`${key}=${value}`);
  }
  return prefer;
}

/**
 * What ships to users: the browser bundle's packages (package-lock entries that are not dev-only)
 * and the npm packages the edge functions import by exact `npm:` specifier.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export interface InstalledPackage {
  name: string;
  version: string;
  /** Where it comes from: 'package-lock.json' or the function file that imports it. */
  from: string;
}

interface LockEntry {
  version?: string;
  dev?: boolean;
  devOptional?: boolean;
  link?: boolean;
}

export function lockfilePackages(lockfile: string): InstalledPackage[] {
  const lock = JSON.parse(readFileSync(lockfile, 'utf8')) as { packages: Record<string, LockEntry> };
  const found = new Map<string, InstalledPackage>();
  for (const [where, entry] of Object.entries(lock.packages)) {
    if (!where || entry.dev || entry.devOptional || entry.link || !entry.version) continue;
    const name = where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
    found.set(`${name}@${entry.version}`, { name, version: entry.version, from: 'package-lock.json' });
  }
  return [...found.values()];
}

const NPM_SPECIFIER = /["']npm:((?:@[\w.-]+\/)?[\w.-]+)@(\d+\.\d+\.\d+[\w.-]*)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|js|mjs|json)$/.test(entry) ? [full] : [];
  });
}

export function functionPackages(functionsDir: string, root: string): InstalledPackage[] {
  const found = new Map<string, InstalledPackage>();
  for (const file of sourceFiles(functionsDir)) {
    for (const match of readFileSync(file, 'utf8').matchAll(NPM_SPECIFIER)) {
      const [, name, version] = match as unknown as [string, string, string];
      found.set(`${name}@${version}`, { name, version, from: path.relative(root, file) });
    }
  }
  return [...found.values()];
}

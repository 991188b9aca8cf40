/** Matching installed packages against a list of advisories (the committed snapshot or npm audit's). */
import type { InstalledPackage } from './production-packages.ts';
import { inRange } from './version-range.ts';

export type Severity = 'low' | 'moderate' | 'high' | 'critical';

export interface Advisory {
  id: string;
  cve?: string | null;
  package: string;
  severity: Severity;
  /** npm semver range(s) the advisory lists as vulnerable. */
  vulnerable: string;
  patched?: string | null;
  summary: string;
  urls?: string[];
  note?: string;
}

export interface Finding {
  advisory: Advisory;
  installed: InstalledPackage;
}

export const BLOCKING: readonly Severity[] = ['high', 'critical'];

export function findVulnerable(installed: readonly InstalledPackage[], advisories: readonly Advisory[]): Finding[] {
  return advisories.flatMap((advisory) =>
    installed
      .filter((p) => p.name === advisory.package && inRange(p.version, advisory.vulnerable))
      .map((p) => ({ advisory, installed: p })),
  );
}

/**
 * `npm run audit`: no known high or critical advisory in what ships to users (the browser bundle's
 * production packages and the edge functions' npm imports).
 *
 * It asks the registry first (`npm audit --omit=dev`). Where the registry's audit endpoint cannot be
 * reached (it answers 405 from the build machines, and `npm test` never goes online: `--offline`),
 * it checks the installed versions against `security/advisories.json`, a dated snapshot of the
 * GitHub advisories for those packages. The edge functions' imports are not in package-lock.json,
 * so they are always checked against the snapshot. Refresh the snapshot when dependencies change.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BLOCKING, findVulnerable, type Advisory, type Finding } from './audit/advisories.ts';
import { functionPackages, lockfilePackages } from './audit/production-packages.ts';

const root = path.resolve(import.meta.dirname, '..');
const offline = process.argv.includes('--offline');
const snapshot = JSON.parse(readFileSync(path.join(root, 'security/advisories.json'), 'utf8')) as {
  checked: string;
  advisories: Advisory[];
};

interface NpmAudit {
  metadata?: { vulnerabilities?: Record<string, number> };
  vulnerabilities?: Record<string, { severity: string; range: string; via: unknown[] }>;
}

/** The registry's own audit of the lock file, or the reason it could not be had. */
function registryAudit(): { report: NpmAudit } | { unavailable: string } {
  const result = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  try {
    const report = JSON.parse(result.stdout) as NpmAudit & { message?: string; error?: { summary?: string } };
    if (report.metadata?.vulnerabilities) return { report };
    return { unavailable: report.message || report.error?.summary || 'no audit data in the answer' };
  } catch {
    return { unavailable: (result.stderr || result.error?.message || 'no answer').trim().split('\n')[0] ?? '' };
  }
}

const print = (line: string): void => void process.stdout.write(`${line}\n`);
const describe = (f: Finding): string =>
  `  ${f.advisory.severity.toUpperCase()} ${f.installed.name}@${f.installed.version} (${f.installed.from}): ${f.advisory.id} ${f.advisory.summary}${f.advisory.patched ? `; fixed in ${f.advisory.patched}` : ''}`;

const bundle = lockfilePackages(path.join(root, 'package-lock.json'));
const functions = functionPackages(path.join(root, 'supabase/functions'), root);
let blocking = 0;

const registry = offline ? { unavailable: 'offline run' } : registryAudit();
if ('report' in registry) {
  const counts = registry.report.metadata?.vulnerabilities ?? {};
  print(`npm audit (registry) of ${bundle.length} production packages: ${JSON.stringify(counts)}`);
  for (const [name, v] of Object.entries(registry.report.vulnerabilities ?? {})) {
    print(`  ${v.severity.toUpperCase()} ${name} ${v.range}`);
  }
  blocking += (counts.high ?? 0) + (counts.critical ?? 0);
} else {
  print(`npm audit unavailable (${registry.unavailable}); using the advisory snapshot of ${snapshot.checked}.`);
}

const checked = 'report' in registry ? functions : [...bundle, ...functions];
const findings = findVulnerable(checked, snapshot.advisories);
print(
  `Snapshot check: ${checked.length} packages (${'report' in registry ? '' : `${bundle.length} in the bundle, `}${functions.length} imported by edge functions) against ${snapshot.advisories.length} advisories.`,
);
for (const finding of findings) print(describe(finding));
blocking += findings.filter((f) => BLOCKING.includes(f.advisory.severity)).length;

const others = findings.length - findings.filter((f) => BLOCKING.includes(f.advisory.severity)).length;
print(
  blocking
    ? `${blocking} high or critical advisories in production dependencies.`
    : `No known high or critical advisories in production dependencies${others ? ` (${others} lower-severity, listed above)` : ''}.`,
);
process.exit(blocking ? 1 : 0);

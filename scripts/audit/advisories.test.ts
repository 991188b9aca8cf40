import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findVulnerable, type Advisory } from './advisories.ts';
import { functionPackages, lockfilePackages } from './production-packages.ts';

const advisory = (pkg: string, vulnerable: string, severity: Advisory['severity'] = 'high'): Advisory => ({
  id: `GHSA-test-${pkg}`,
  package: pkg,
  severity,
  vulnerable,
  summary: 'test',
});

describe('the dependency audit', () => {
  it('takes production packages from the lock file, leaving dev-only ones out', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'audit-'));
    const lock = path.join(dir, 'package-lock.json');
    writeFileSync(
      lock,
      JSON.stringify({
        packages: {
          '': { name: 'app' },
          'node_modules/react-router': { version: '7.17.0' },
          'node_modules/vite': { version: '8.0.0', dev: true },
          'node_modules/fsevents': { version: '2.3.3', devOptional: true },
          'node_modules/a/node_modules/cookie': { version: '0.6.0' },
        },
      }),
    );
    const names = lockfilePackages(lock).map((p) => `${p.name}@${p.version}`);
    expect(names.sort()).toEqual(['cookie@0.6.0', 'react-router@7.17.0']);
  });

  it('finds the npm packages the edge functions import', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'audit-fn-'));
    mkdirSync(path.join(dir, 'pay'));
    writeFileSync(
      path.join(dir, 'pay', 'index.ts'),
      "import Stripe from 'npm:stripe@23.1.0';\nimport x from 'npm:@scope/pkg@1.2.3/sub';",
    );
    const found = functionPackages(dir, dir).map((p) => `${p.name}@${p.version} ${p.from}`);
    expect(found.sort()).toEqual(['@scope/pkg@1.2.3 pay/index.ts', 'stripe@23.1.0 pay/index.ts']);
  });

  it('reports an installed version inside a vulnerable range, and only then', () => {
    const installed = [
      { name: 'react-router', version: '7.17.0', from: 'lock' },
      { name: 'cookie', version: '1.1.1', from: 'lock' },
    ];
    const findings = findVulnerable(installed, [
      advisory('react-router', '>=7.0.0 <7.18.0'),
      advisory('cookie', '<0.7.0', 'low'),
      advisory('dayjs', '<1.0.0', 'critical'),
    ]);
    expect(findings.map((f) => f.advisory.id)).toEqual(['GHSA-test-react-router']);
  });
});

/**
 * A deploy ships only what runs (issue 27): no edge function's deploy set (its folder plus every local
 * module its imports reach) holds a test module; those live in supabase/functions/tests/, which is
 * no function. On failure the message lists the function's files, with the import chain that pulled
 * each one in.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { functionsDir } from '../stack/src/config.ts';
import { listFunctions } from '../stack/src/functions/registry.ts';
import {
  deployableFunctions,
  deployFiles,
  describeDeploySets,
  isTestModule,
  TESTS_DIR,
  type DeployFile,
} from './function-deploy-files.ts';

const offenders = (files: DeployFile[]): string[] =>
  files.filter((f) => isTestModule(f.file) || f.missing).map((f) => f.file);

function allFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? allFiles(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}

describe('what `supabase functions deploy` ships', () => {
  const names = deployableFunctions();

  it('finds the functions, and tests/ is not one of them (nor of the stack)', () => {
    expect(names).toEqual(expect.arrayContaining(['assistant', 'geocode', 'invite-workers', 'stripe-webhook']));
    expect(names).not.toContain(TESTS_DIR);
    const served = listFunctions(functionsDir);
    expect(served).not.toContain(TESTS_DIR);
    expect(names).toEqual(expect.arrayContaining(served));
  });

  it.each(names)('%s: its index.ts and no test module', (name) => {
    const files = deployFiles(name);
    const report = describeDeploySets([{ name, files }]);
    expect(
      files.map((f) => f.file),
      report,
    ).toContain(`${name}/index.ts`);
    expect(offenders(files), `test modules or missing imports in the deploy of ${name}:\n${report}\n`).toEqual([]);
  });

  it('keeps every test module of supabase/functions under tests/', () => {
    const stray = allFiles(functionsDir).filter((f) => isTestModule(f) && !f.startsWith(`${TESTS_DIR}/`));
    expect(stray, 'test modules outside supabase/functions/tests/').toEqual([]);
    expect(allFiles(path.join(functionsDir, TESTS_DIR)).some((f) => f.endsWith('.test.ts'))).toBe(true);
  });
});

describe('isTestModule', () => {
  it('knows tests and test helpers by folder and name, and no product module', () => {
    for (const file of [
      'tests/assistant/builtin/fake-tools.ts',
      'tests/_shared/util.ts',
      'geocode/handler.test.ts',
      'geocode/handler_test.ts',
      'geocode/test.ts',
      '_shared/testing.ts',
      '_shared/stripe-testing.ts',
      'assistant/model/test-fakes.ts',
      'assistant/builtin/fake-tools.ts',
      'sendnotification/web-push-testing.ts',
      'sendnotification/push_mock.ts',
    ]) {
      expect(isTestModule(file), file).toBe(true);
    }
    for (const file of [
      'geocode/handler.ts',
      '_shared/attestation.ts',
      '_shared/latest.ts',
      'assistant/contest.ts',
      'assistant/builtin/intents.ts',
    ]) {
      expect(isTestModule(file), file).toBe(false);
    }
  });
});

describe('deployFiles on a planted tree', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'deploy-files-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (file: string, text: string): void => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  write('demo/index.ts', "import { a } from '../_shared/a.ts';\n// import x from '../tests/commented.ts';\n");
  write('demo/stray.test.ts', 'Deno.test("x", () => {});\n');
  write(
    '_shared/a.ts',
    "export * from './b.ts';\nimport type { T } from '../tests/types-fake.ts';\nexport const a = 1;\n",
  );
  write('_shared/b.ts', "export const load = () => import('./testing.ts');\nimport './gone.ts';\n");
  write('_shared/testing.ts', 'export {};\n');
  write('_shared/unused-fake.ts', 'export {};\n');
  write('tests/types-fake.ts', 'export type T = 1;\n');
  write('tests/index.ts', 'export {};\n');
  write('_private/index.ts', 'export {};\n');

  it('takes the folder and follows every kind of import, and only imports', () => {
    expect(deployableFunctions(dir)).toEqual(['demo']);
    const files = deployFiles('demo', dir);
    expect(files.map((f) => f.file).sort()).toEqual([
      '_shared/a.ts',
      '_shared/b.ts',
      '_shared/gone.ts',
      '_shared/testing.ts',
      'demo/index.ts',
      'demo/stray.test.ts',
      'tests/types-fake.ts',
    ]);
    expect(offenders(files).sort()).toEqual([
      '_shared/gone.ts',
      '_shared/testing.ts',
      'demo/stray.test.ts',
      'tests/types-fake.ts',
    ]);
    const report = describeDeploySets([{ name: 'demo', files }]);
    expect(report).toContain('_shared/testing.ts');
    expect(report).toMatch(/demo\/index\.ts → _shared\/a\.ts → _shared\/b\.ts → _shared\/testing\.ts\s+✗ TEST MODULE/);
    expect(report).toMatch(/demo\/stray\.test\.ts\s+in the folder\s+✗ TEST MODULE/);
    expect(report).toMatch(/_shared\/gone\.ts .*✗ MISSING/);
  });
});

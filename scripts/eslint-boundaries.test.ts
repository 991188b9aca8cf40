/**
 * The architecture's boundaries are lint errors (issue 27), and each one fails on a planted
 * violation: a feature importing another feature, the shared layer (shared/) importing app code, a
 * feature importing the app layer, an import cycle, either app importing the other, and an app
 * reaching the shared layer by a relative path instead of @shared/….
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../stack/src/config.ts';

const eslint = new ESLint({ cwd: projectRoot });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(projectRoot, filePath) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const fixture = `lint-fixture-${process.pid}`;
const cycleDir = path.join(projectRoot, 'shared', 'lib', fixture);
afterAll(() => rmSync(cycleDir, { recursive: true, force: true }));

describe('architecture boundaries (ESLint)', () => {
  it('refuses a feature importing another feature, and allows its own files and the shared layer', async () => {
    expect(
      await ruleIds('src/features/shifts/planted.ts', "export { postShift } from '../shift-call/post-shift.ts';\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await ruleIds('staff/src/features/agencies/planted.ts', "export * from '../shifts/staff-shift.ts';\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await ruleIds(
        'src/features/shifts/planted.ts',
        "export { isInView } from './shift-views.ts';\nexport { showToast } from '@shared/lib/toast.ts';\n",
      ),
    ).toEqual([]);
  }, 60_000);

  it('refuses the shared layer importing the dashboard (a feature, the app) or the staff app', async () => {
    for (const source of [
      "export * from '../../src/features/shifts/shift-views.ts';\n",
      "export * from '../../src/app/AppRoutes.tsx';\n",
      "export * from '../../staff/src/lib/local-cache.ts';\n",
      "export * from '../../staff/src/features/shifts/staff-shift.ts';\n",
    ])
      expect(await ruleIds('shared/lib/planted.ts', source), source).toContain('import-x/no-restricted-paths');
  }, 60_000);

  it('refuses a feature importing the app layer', async () => {
    expect(
      await ruleIds('src/features/shifts/planted.ts', "export * from '../../app/routes/dashboard/sections.tsx';\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await ruleIds('staff/src/features/shifts/planted.ts', "export * from '../../app/StaffRoutes.tsx';\n"),
    ).toContain('import-x/no-restricted-paths');
  }, 60_000);

  it('refuses an import cycle, through the @shared alias too', async () => {
    mkdirSync(cycleDir, { recursive: true });
    writeFileSync(
      path.join(cycleDir, 'a.ts'),
      `import { b } from '@shared/lib/${fixture}/b.ts';\nexport const a = (): number => b() + 1;\n`,
    );
    writeFileSync(
      path.join(cycleDir, 'b.ts'),
      "import { a } from './a.ts';\nexport const b = (): number => a() - 1;\n",
    );
    const [result] = await eslint.lintFiles([path.join(cycleDir, 'a.ts')]);
    expect(result?.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  }, 60_000);

  it('keeps the two apps apart', async () => {
    expect(
      await ruleIds('src/features/shifts/planted.ts', "export * from '../../../staff/src/lib/local-cache.ts';\n"),
    ).toContain('no-restricted-imports');
    expect(await ruleIds('src/main.tsx', "export * from '../staff/src/app/App.tsx';\n")).toContain(
      'no-restricted-imports',
    );
    expect(
      await ruleIds('staff/src/lib/planted.ts', "export * from '../../../src/features/shifts/shift-views.ts';\n"),
    ).toContain('no-restricted-imports');
    expect(await ruleIds('staff/src/main.tsx', "export * from '../../src/app/App.tsx';\n")).toContain(
      'no-restricted-imports',
    );
  }, 60_000);

  it('has both apps import the shared layer by its alias, not a relative path', async () => {
    expect(
      await ruleIds('src/features/shifts/planted.ts', "export * from '../../../shared/lib/toast.ts';\n"),
    ).toContain('no-restricted-imports');
    expect(
      await ruleIds('staff/src/features/shifts/planted.ts', "export * from '../../../../shared/lib/toast.ts';\n"),
    ).toContain('no-restricted-imports');
    expect(await ruleIds('staff/src/features/shifts/planted.ts', "export * from '@shared/lib/toast.ts';\n")).toEqual(
      [],
    );
  }, 60_000);
});

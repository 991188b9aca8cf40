/** The catalogue lint rule (eslint.config.js, TRANSLATED_FILES) on planted snippets: it fires. */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../stack/src/config.ts';

const eslint = new ESLint({ cwd: projectRoot });

async function literalErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'i18next/no-literal-string')
    .map((m) => `${m.severity === 2 ? 'error' : 'warning'}: ${m.message}`);
}

const TRANSLATED = 'src/features/landing/components/LintProbe.tsx';
const STAFF_TRANSLATED = 'staff/src/app/routes/LoginPage.tsx';
const ANY_SCREEN = 'src/features/feedback/components/LintProbe.tsx';
const A_TEST = 'src/features/feedback/components/LintProbe.test.tsx';

// The first lint loads ESLint's whole configuration: seconds on a loaded machine.
describe('the catalogue lint rule', { timeout: 30_000 }, () => {
  it('fails on a planted literal in JSX text and in a label of a converted screen', async () => {
    const code = [
      "import { TextInput, Title } from '@mantine/core';",
      'export function LintProbe() {',
      '  return (',
      '    <>',
      '      <Title>Welcome back</Title>',
      '      <TextInput label="Email" placeholder="you@agency.com" size="md" />',
      '    </>',
      '  );',
      '}',
      '',
    ].join('\n');
    const errors = await literalErrors(code, TRANSLATED);
    expect(errors).toHaveLength(3);
    for (const e of errors) expect(e).toMatch(/^error: Text a person reads comes from the message catalogue/);
    expect(await literalErrors(code, STAFF_TRANSLATED)).toHaveLength(3);
  });

  it('accepts the same screen through the catalogue, and styling props', async () => {
    const code = [
      "import { TextInput, Title } from '@mantine/core';",
      "import { useT } from '../../../i18n/use-t.ts';",
      'export function LintProbe({ state }: { state: string }) {',
      '  const t = useT();',
      '  return (',
      '    <>',
      "      <Title c=\"dark.8\">{state === 'expired' ? t('auth.reset.expiredTitle') : t('auth.logIn')}</Title>",
      '      <TextInput label={t(\'auth.email\')} size="md" type="email" autoComplete="email" />',
      '    </>',
      '  );',
      '}',
      '',
    ].join('\n');
    expect(await literalErrors(code, TRANSLATED)).toEqual([]);
  });

  it('applies to every screen of both apps, but not to the elements a test renders for itself', async () => {
    const code = 'export const LintProbe = () => <p>Go unlimited</p>;\n';
    expect(await literalErrors(code, ANY_SCREEN)).toHaveLength(1);
    expect(await literalErrors(code, 'staff/src/app/LintProbe.tsx')).toHaveLength(1);
    expect(await literalErrors(code, 'shared/components/LintProbe.tsx')).toHaveLength(1);
    expect(await literalErrors(code, A_TEST)).toEqual([]);
  });
});

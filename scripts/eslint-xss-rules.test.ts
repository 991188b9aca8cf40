/** The lint rules that keep user text out of HTML parsers (eslint.config.js), run on small snippets. */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../stack/src/config.ts';

const eslint = new ESLint({ cwd: projectRoot });

async function restricted(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: 'src/lint-probe.tsx' });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

// The first lint loads ESLint's whole configuration (typescript-eslint, React rules): seconds on a
// loaded CI machine, past vitest's 5 s default.
describe('XSS lint rules', { timeout: 30_000 }, () => {
  it('bans dangerouslySetInnerHTML', async () => {
    expect(
      await restricted('export const A = (p: { t: string }) => <div dangerouslySetInnerHTML={{ __html: p.t }} />;\n'),
    ).toEqual(['Render user text as text: dangerouslySetInnerHTML is banned.']);
  });

  it('bans innerHTML and outerHTML assignments, insertAdjacentHTML and document.write', async () => {
    const code = [
      'export function f(el: HTMLElement, t: string) {',
      '  el.innerHTML = t;',
      '  el.outerHTML += t;',
      "  el.insertAdjacentHTML('beforeend', t);",
      '  document.write(t);',
      '}',
      '',
    ].join('\n');
    expect(await restricted(code)).toHaveLength(4);
  });

  it('allows text and reading HTML', async () => {
    const code = [
      'export function f(el: HTMLElement, t: string) {',
      '  el.textContent = t;',
      '  return el.innerHTML.length;',
      '}',
      'export const A = (p: { t: string }) => <div title={p.t}>{p.t}</div>;',
      '',
    ].join('\n');
    expect(await restricted(code)).toEqual([]);
  });
});

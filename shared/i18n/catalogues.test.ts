/**
 * The catalogues' own checks (issue 29): every key in both languages, no key that no code uses,
 * every message valid ICU (parsed with the parser Lingui's compiler uses), and the same
 * placeholders in both languages.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../stack/src/config.ts';

type Catalogue = Record<string, string>;

const read = (file: string): Catalogue => JSON.parse(readFileSync(path.join(projectRoot, file), 'utf8')) as Catalogue;

/** Each catalogue folder and the source folders whose code may use its keys. */
const CATALOGUES = [
  { folder: 'shared/i18n/catalogues', usedIn: ['shared', 'src', 'staff/src'] },
  { folder: 'src/i18n', usedIn: ['src'] },
  { folder: 'staff/src/i18n', usedIn: ['staff/src'] },
];

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(projectRoot, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join(folder, f));
}

/** The placeholders a message uses ({email}, {count, plural, …}, <0>…</0>). */
function placeholders(tokens: Token[], found = new Set<string>()): Set<string> {
  for (const token of tokens) {
    if (token.type === 'argument' || token.type === 'function') found.add(token.arg);
    if (token.type === 'plural' || token.type === 'select') {
      found.add(token.arg);
      for (const c of token.cases) placeholders(c.tokens, found);
    }
  }
  return found;
}
const tags = (message: string): string[] => [...message.matchAll(/<\/?(\d+)>/g)].map((m) => m[0]).sort();

describe.each(CATALOGUES)('the catalogue in $folder', ({ folder, usedIn }) => {
  const english = read(`${folder}/en.json`);
  const french = read(`${folder}/fr-CA.json`);

  it('has every key in both languages, and no empty message', () => {
    expect(Object.keys(french).sort()).toEqual(Object.keys(english).sort());
    for (const [key, message] of [...Object.entries(english), ...Object.entries(french)]) {
      expect(message.trim(), key).not.toBe('');
    }
  });

  it('has only messages that parse as ICU, with the same placeholders and tags in both languages', () => {
    for (const key of Object.keys(english)) {
      const en = english[key] ?? '';
      const fr = french[key] ?? '';
      let enTokens: Token[] = [];
      let frTokens: Token[] = [];
      expect(() => (enTokens = parse(en)), `en ${key}`).not.toThrow();
      expect(() => (frTokens = parse(fr)), `fr-CA ${key}`).not.toThrow();
      expect([...placeholders(frTokens)].sort(), key).toEqual([...placeholders(enTokens)].sort());
      expect(tags(fr), key).toEqual(tags(en));
    }
  });

  it('has no key that no code uses', () => {
    const code = usedIn.flatMap(sourceFiles).map((f) => readFileSync(path.join(projectRoot, f), 'utf8'));
    const unused = Object.keys(english).filter((key) => !code.some((text) => text.includes(`'${key}'`)));
    expect(unused).toEqual([]);
  });
});

describe('the checks themselves', () => {
  it('reject a message that does not parse', () => {
    expect(() => parse('{count, plural, one {# shift}')).toThrow();
    expect(() => parse('{count, plural, one {# shift} other {# shifts}}')).not.toThrow();
  });
});

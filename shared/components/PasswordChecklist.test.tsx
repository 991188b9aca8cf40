/** The sign-up form's live checklist (SPEC §5), rendered as the browser gets it. */
import type { AllMessages } from '@lingui/core';
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PasswordChecklist } from './PasswordChecklist.tsx';
import english from '../i18n/catalogues/en.json';
import french from '../i18n/catalogues/fr-CA.json';
import { i18n } from '../i18n/i18n.ts';
import { LocaleProvider } from '../i18n/LocaleProvider.tsx';
import type { Locale } from '../i18n/locale.ts';

// The unit project compiles catalogues as the apps' builds do (scripts/vite-lingui-catalogues.ts).
i18n.load({ en: english, 'fr-CA': french } as unknown as AllMessages);

function items(password: string, locale: Locale = 'en'): string[] {
  i18n.activate(locale);
  const html = renderToStaticMarkup(
    <LocaleProvider>
      <MantineProvider>
        <PasswordChecklist id="checklist" password={password} />
      </MantineProvider>
    </LocaleProvider>,
  );
  return [...html.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) =>
    (m[1] ?? '')
      .replace(/<[^>]+>/g, '')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .trim(),
  );
}

describe('PasswordChecklist', () => {
  it('lists each SPEC §5 criterion, none met for an empty password', () => {
    const list = items('');
    expect(list).toHaveLength(4);
    for (const item of list) expect(item).toMatch(/ \(not met\)$/);
  });

  it('marks each criterion as the password meets it', () => {
    const met = (password: string) => items(password).map((item) => item.endsWith(' (met)'));
    expect(met('abcdef')).toEqual([true, false, false, false]);
    expect(met('Abcdef')).toEqual([true, true, false, false]);
    expect(met('Abcde1')).toEqual([true, true, true, false]);
    expect(met('Abc1!')).toEqual([false, true, true, true]);
    expect(met('Abcd1"')).toEqual([true, true, true, true]);
  });

  it('does not count a special character outside SPEC’s list', () => {
    expect(items('Abcde1_').map((item) => item.endsWith(' (met)'))).toEqual([true, true, true, false]);
  });

  it('speaks French when French is active', () => {
    expect(items('Abcde1', 'fr-CA')).toEqual([
      'Au moins 6 caractères (respecté)',
      'Une lettre majuscule (respecté)',
      'Un chiffre (respecté)',
      'Un caractère spécial (!@#$%^&*(),.?":{}|<>) (non respecté)',
    ]);
  });
});

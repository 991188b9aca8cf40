import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { workdir } from '../config.ts';
import { authSettings } from './service.ts';
import { renderEmail, type NotificationKind, type TemplateKind } from './email-templates.ts';

const KINDS: (TemplateKind | NotificationKind)[] = [
  'confirmation',
  'recovery',
  'email_change',
  'magic_link',
  'invite',
  'reauthentication',
  'email_changed',
  'password_changed',
];
const settings = authSettings();
const vars = {
  ConfirmationURL: 'https://api.test/auth/v1/verify?token=abc&type=signup',
  Token: '123456',
  Email: 'zoe@example.test',
  NewEmail: 'zoe.new@example.test',
  OldEmail: 'zoe.old@example.test',
  SiteURL: 'https://app.test',
};
const render = (kind: TemplateKind | NotificationKind, data: Record<string, unknown> | undefined) =>
  renderEmail(settings, kind, { ...vars, Data: data });

/** The template's English branch, the text between its `{{ else }}` and final `{{ end }}`. */
function englishBranch(file: string): string {
  const source = readFileSync(path.join(workdir, 'supabase/templates', file), 'utf8');
  return source.slice(source.indexOf('{{ else }}') + '{{ else }}'.length, source.lastIndexOf('{{ end }}')) + '\n';
}

describe('the auth emails in the recipient language', () => {
  it.each(KINDS)('%s: French for fr-CA, English otherwise, English the same with or without a locale', (kind) => {
    const french = render(kind, { locale: 'fr-CA' });
    const english = render(kind, { locale: 'en' });
    expect(render(kind, undefined)).toEqual(english);
    expect(render(kind, { locale: 'de' })).toEqual(english);

    expect(french.html).toContain('<html lang="fr-CA">');
    expect(english.html).toContain('<html lang="en">');
    for (const part of [french.subject, french.html, french.text]) {
      expect(part).not.toMatch(/\{\{|\}\}/);
      expect(part).not.toMatch(/\b(email|your|the)\b/i);
    }
    expect(english.subject).toMatch(/CareCover/);
    expect(french.subject).toMatch(/CareCover/);
    expect(french.subject).not.toBe(english.subject);
    // The values reach both languages, escaped in the HTML.
    expect(french.text).toContain(kind === 'email_changed' ? vars.OldEmail : vars.Email);
    expect(english.text).toContain(kind === 'email_changed' ? vars.OldEmail : vars.Email);
  });

  it('writes Quebec French: courriel, no "e-mail", a no-break space before colons', () => {
    const recovery = render('recovery', { locale: 'fr-CA' });
    expect(recovery.subject).toBe('Réinitialisez votre mot de passe CareCover');
    expect(recovery.text).toContain('ignorez ce courriel\u00a0: votre mot de passe reste le même.');
    expect(recovery.text).toContain(`Ou entrez ce code dans CareCover\u00a0: ${vars.Token}`);
    for (const kind of KINDS) {
      const { html, text } = render(kind, { locale: 'fr-CA' });
      expect(`${html}${text}`).not.toMatch(/e-?mail/i);
      expect(text).not.toMatch(/[^\s\u00a0]:\s/);
    }
  });

  it('renders the English exactly as the English branch of each file (the texts sent before French existed)', () => {
    const english = render('confirmation', { locale: 'en' });
    expect(english.subject).toBe('Confirm your email for CareCover');
    const expected = englishBranch('confirmation.txt')
      .replaceAll('{{ .Email }}', vars.Email)
      .replaceAll('{{ .ConfirmationURL }}', vars.ConfirmationURL)
      .replaceAll('{{ .Token }}', vars.Token);
    expect(english.text).toBe(expected);
    expect(render('reauthentication', {}).html).toBe(
      englishBranch('reauthentication.html')
        .replaceAll('{{ .Email }}', vars.Email)
        .replaceAll('{{ .Token }}', vars.Token),
    );
  });
});

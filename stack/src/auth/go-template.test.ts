import { describe, expect, it } from 'vitest';
import { executeGoTemplate, TemplateError } from './go-template.ts';

const raw = (value: string) => value;
const html = (value: string) => value.replace(/</g, '&lt;');
const run = (template: string, data: Record<string, unknown>, escape = raw) =>
  executeGoTemplate(template, data, escape);
const BRANCH = '{{ if eq .Data.locale "fr-CA" }}Bonjour{{ else }}Hello{{ end }}';

describe('executeGoTemplate (the Go template subset of the auth emails)', () => {
  it('writes fields, escaped by the given function, and nothing for a missing one', () => {
    expect(run('To {{ .Email }}: {{.Token}}', { Email: 'a<b@x.test', Token: '123456' }, html)).toBe(
      'To a&lt;b@x.test: 123456',
    );
    expect(run('[{{ .Missing }}][{{ .Data.name }}]', { Data: {} })).toBe('[][]');
    expect(run('{{ .Data.name }}', { Data: { name: 'Zoé' } })).toBe('Zoé');
  });

  it('takes the branch whose eq holds, and the else branch when the value differs or is missing', () => {
    expect(run(BRANCH, { Data: { locale: 'fr-CA' } })).toBe('Bonjour');
    expect(run(BRANCH, { Data: { locale: 'en' } })).toBe('Hello');
    expect(run(BRANCH, { Data: {} })).toBe('Hello');
    expect(run(BRANCH, { Data: { locale: null } })).toBe('Hello');
    expect(run(BRANCH, {})).toBe('Hello');
  });

  it('keeps the text around and inside the branches byte for byte', () => {
    const template = 'a\n{{ if eq .Data.locale "fr-CA" }}\nFR {{ .Email }}\n{{ else }}\nEN {{ .Email }}\n{{ end }}\nz';
    expect(run(template, { Email: 'e', Data: { locale: 'en' } })).toBe('a\n\nEN e\n\nz');
    expect(run(template, { Email: 'e', Data: { locale: 'fr-CA' } })).toBe('a\n\nFR e\n\nz');
  });

  it('allows an if without else, nested ifs, and a field or a string on either side of eq', () => {
    expect(run('x{{ if eq .A "1" }}one{{ end }}y', { A: '2' })).toBe('xy');
    const nested = '{{ if eq .A .B }}{{ if eq "q" .C }}both{{ else }}first{{ end }}{{ else }}none{{ end }}';
    expect(run(nested, { A: 'x', B: 'x', C: 'q' })).toBe('both');
    expect(run(nested, { A: 'x', B: 'x', C: 'r' })).toBe('first');
    expect(run(nested, { A: 'x', B: 'y', C: 'q' })).toBe('none');
    expect(run('{{ if eq .A "say \\"hi\\"" }}quoted{{ end }}', { A: 'say "hi"' })).toBe('quoted');
  });

  it("fails as Go's eq does on values of different kinds", () => {
    expect(() => run(BRANCH, { Data: { locale: 3 } })).toThrow(/incompatible types/);
    expect(() => run(BRANCH, { Data: { locale: { lang: 'fr' } } })).toThrow(/incompatible types/);
  });

  it('refuses what it does not implement rather than render differently from hosted Auth', () => {
    for (const template of [
      '{{ if .Data.locale }}x{{ end }}',
      '{{ if ne .A "b" }}x{{ end }}',
      '{{ range .A }}x{{ end }}',
      '{{- .Email }}',
      '{{ .Email | html }}',
      '{{ printf "%s" .Email }}',
      '{{ if eq .A }}x{{ end }}',
      '{{ if eq .A "b" }}x',
      '{{ if eq .A "b" }}x{{ else }}y',
      'x{{ end }}',
      'x{{ else }}',
      '{{ .Email ',
    ]) {
      expect(() => run(template, { A: 'b', Email: 'e' }), template).toThrow(TemplateError);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { cleanInviteName, isInvitableEmail, parseInviteList, splitInviteName } from './staff-invites.ts';

describe('parseInviteList', () => {
  it('reads addresses separated by new lines, commas, semicolons and tabs, lower-cased', () => {
    const parsed = parseInviteList(
      'Ana@Example.com\nben@example.com, cara@example.com; dev@example.com\r\neve@example.org',
    );
    expect(parsed.invitees.map((i) => i.email)).toEqual([
      'ana@example.com',
      'ben@example.com',
      'cara@example.com',
      'dev@example.com',
      'eve@example.org',
    ]);
    expect(parsed.invalid).toEqual([]);
    expect(parsed.duplicates).toBe(0);
  });

  it('takes the name of "Name <address>" and quoted "Last, First" <address>, as mail programs copy them', () => {
    const parsed = parseInviteList('Nora Smith <nora@example.com>, "Lee, Sam" <sam@example.com>; <solo@example.com>');
    expect(parsed.invitees).toEqual([
      { email: 'nora@example.com', name: 'Nora Smith' },
      { email: 'sam@example.com', name: 'Lee, Sam' },
      { email: 'solo@example.com' },
    ]);
  });

  it('names a spreadsheet row by its name cells and ignores its other columns and the header row', () => {
    const sheet =
      'First name\tLast name\tEmail\tPhone\nNora\tSmith\tnora@example.com\t416-555-0100\nSam\t\tsam@example.com\t';
    const parsed = parseInviteList(sheet);
    expect(parsed.invitees).toEqual([
      { email: 'nora@example.com', name: 'Nora Smith' },
      { email: 'sam@example.com', name: 'Sam' },
    ]);
    expect(parsed.invalid).toEqual([]);
  });

  it('reports what was typed as an address but is not one, once each, and ignores blank entries', () => {
    const parsed = parseInviteList('ok@example.com,,  ,\nnora@\njane.example.com\n@example.com\nbad@host\nnora@');
    expect(parsed.invitees.map((i) => i.email)).toEqual(['ok@example.com']);
    expect(parsed.invalid).toEqual(['nora@', 'jane.example.com', '@example.com', 'bad@host']);
  });

  it('keeps each address once, counting repeats, and keeps a name given only by a repeat', () => {
    const parsed = parseInviteList(
      'nora@example.com\nNORA@example.com\nNora Smith <nora@example.com>\nben@example.com',
    );
    expect(parsed.invitees).toEqual([{ email: 'nora@example.com', name: 'Nora Smith' }, { email: 'ben@example.com' }]);
    expect(parsed.duplicates).toBe(2);
  });

  it('unwraps mailto: links and quoted addresses', () => {
    expect(parseInviteList('mailto:ana@example.com\n"ben@example.com"').invitees.map((i) => i.email)).toEqual([
      'ana@example.com',
      'ben@example.com',
    ]);
  });

  it('finds nothing in empty text', () => {
    expect(parseInviteList('   \n\t\n')).toEqual({ invitees: [], invalid: [], duplicates: 0 });
  });
});

describe('isInvitableEmail', () => {
  it('follows GoTrue’s address rule with a dotted domain, on normalised addresses', () => {
    expect(isInvitableEmail('nora.smith+care@example.co.uk')).toBe(true);
    expect(isInvitableEmail('nora@localhost')).toBe(false);
    expect(isInvitableEmail('nora smith@example.com')).toBe(false);
    expect(isInvitableEmail('nora@-example.com')).toBe(false);
    expect(isInvitableEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
    const long = `a@${Array.from({ length: 5 }, () => 'b'.repeat(60)).join('.')}.com`;
    expect(long.length).toBeGreaterThan(254);
    expect(isInvitableEmail(long)).toBe(false);
  });
});

describe('names', () => {
  it('are cleaned of control characters, spaced once and capped at 100 characters', () => {
    expect(cleanInviteName('  Nora\t\nSmith ')).toBe('Nora Smith');
    expect(cleanInviteName('   ')).toBeUndefined();
    expect(cleanInviteName('x'.repeat(120))).toHaveLength(100);
  });

  it('split into a first name and the rest', () => {
    expect(splitInviteName('Nora Jean Smith')).toEqual({ firstName: 'Nora', lastName: 'Jean Smith' });
    expect(splitInviteName(undefined)).toEqual({ firstName: '', lastName: '' });
  });
});

/**
 * The database's refusals and the apps' table of them agree: every `raise exception` in the schema
 * the migrations add up to (supabase/schema/current.sql) carries a code in its hint, every code is
 * in DATABASE_ERROR_KEYS, each key's English is the database's own sentence (its `%` named by the
 * detail's JSON keys, in order), and no key is left that the database no longer raises.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../stack/src/config.ts';
import { DATABASE_ERROR_KEYS, databaseErrorKey } from './database-errors.ts';

const schema = readFileSync(path.join(projectRoot, 'supabase/schema/current.sql'), 'utf8');
// Read as written (an import of the catalogue is compiled, as the build compiles it).
const catalogue = JSON.parse(readFileSync(path.join(projectRoot, 'shared/i18n/catalogues/en.json'), 'utf8')) as Record<
  string,
  string
>;

interface Raise {
  statement: string;
  message: string;
  codes: string[];
  /** The detail's JSON keys, naming the message's `%` in order. */
  names: string[];
}

/** The code(s) a raise puts in its hint: a literal, the eligibility case's `when`, or both branches. */
function codesOf(statement: string, before: string): string[] {
  const literal = /hint = '([a-z_]+)'/.exec(statement);
  if (literal) return [literal[1]!];
  if (/hint = first_code/.test(statement)) {
    const when = [...before.matchAll(/when '([a-z_]+)' then/g)].at(-1);
    return when ? [when[1]!] : [];
  }
  const branches = /hint = case when .*? then '([a-z_]+)' else '([a-z_]+)' end/s.exec(statement);
  return branches ? [branches[1]!, branches[2]!] : [];
}

const raises: Raise[] = [...schema.matchAll(/raise exception '((?:[^']|'')*)'([^;]*);/gi)].map((m) => ({
  statement: m[0],
  message: m[1]!.replaceAll("''", "'"),
  codes: codesOf(m[0], schema.slice(Math.max(0, m.index - 400), m.index)),
  names: [...(/json_build_object\(([^;]*)\)::text/.exec(m[2]!)?.[1] ?? '').matchAll(/'([A-Za-z]+)', /g)].map(
    (n) => n[1]!,
  ),
}));

/** The sentence a trigger passes private.validate_time_zone, by the code its raise gives it. */
function timeZoneSentences(): Record<string, string> {
  const args = [...schema.matchAll(/private\.validate_time_zone\('([^']*)'\)/g)].map((m) => m[1]!);
  return Object.fromEntries(
    args.map((sentence) => [
      sentence.includes('%s') ? 'time_zone_unknown' : 'time_zone_invalid',
      sentence.replace('%s', '{timeZone}'),
    ]),
  );
}

/**
 * Raises whose code is another raise's, on purpose: the double-booking trigger is the safety net
 * under accept_shift's own overlap check, and the worker who meets it is told that reason.
 */
const SAME_CODE_OTHER_WORDS: Readonly<Record<string, string>> = {
  'This staff member already has another shift at this time': 'overlapping_shift',
};

describe('the database’s refusals and the apps’ table of them', () => {
  it('finds the raises (the snapshot is read)', () => {
    expect(raises.length).toBeGreaterThan(80);
  });

  it('gives every raise a code', () => {
    expect(raises.filter((r) => r.codes.length === 0).map((r) => r.statement)).toEqual([]);
  });

  it('knows every code, with the database’s sentence as its English', () => {
    const timeZones = timeZoneSentences();
    const wrong: string[] = [];
    for (const raise of raises) {
      for (const code of raise.codes) {
        const key = DATABASE_ERROR_KEYS[code];
        let expected = raise.message;
        if (raise.message === '%') expected = timeZones[code] ?? `no trigger sentence for ${code}`;
        else for (const name of raise.names) expected = expected.replace('%', `{${name}}`);
        if (SAME_CODE_OTHER_WORDS[raise.message] === code && key) continue;
        if (!key) wrong.push(`${code}: no key`);
        else if (catalogue[key] !== expected) wrong.push(`${code}: ${catalogue[key]} ≠ ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps no code the database no longer raises', () => {
    const raised = new Set(raises.flatMap((r) => r.codes));
    expect(Object.keys(DATABASE_ERROR_KEYS).filter((code) => !raised.has(code))).toEqual([]);
  });
});

describe('databaseErrorKey', () => {
  it('reads the code from the hint and the values from the details', () => {
    const error = {
      code: 'P0001',
      message: 'Add a reason to clock in more than 500 m from the shift',
      hint: 'clock_in_reason_far',
      details: '{"meters": 500, "nested": {"x": 1}}',
    };
    expect(databaseErrorKey(error)).toEqual({ key: 'dbError.clockInReasonFar', values: { meters: 500 } });
  });

  it('finds the code on an error a screen wrapped', () => {
    const wrapped = new Error('Shift not found', { cause: { hint: 'shift_not_found', details: null } });
    expect(databaseErrorKey(wrapped)).toEqual({ key: 'dbError.shiftNotFound', values: {} });
  });

  it('answers null for an error without a known code, and for details that are not JSON', () => {
    expect(databaseErrorKey({ message: 'boom', hint: 'not_a_code' })).toBeNull();
    expect(databaseErrorKey(new Error('plain'))).toBeNull();
    expect(databaseErrorKey(null)).toBeNull();
    expect(databaseErrorKey({ hint: 'shift_taken', details: 'Key (id)=(1) already exists.' })).toEqual({
      key: 'dbError.shiftTaken',
      values: {},
    });
  });
});

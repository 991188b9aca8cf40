/**
 * The question bank's facts, checked against the data (issue 19): for every entry that names a
 * tool, the calls it lists run through the tool runner, signed in as the bank's agency at the
 * fixture's NOW, and every fact a correct answer must contain is found in what the tools return.
 * So the bank's hand-counted answers are the fixture's truth before any assistant is judged by them.
 *
 * A fact is found when it is in the tool's JSON (text without case; a short number only as a
 * number value, so "4" is not found inside an id), in the question itself (an id the user typed),
 * or derived below (what is left of a plan, a rate as a percentage, a cover answer's words).
 */
import { createClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { createToolRunner, TOOLS } from '../../supabase/functions/assistant/tools/registry.ts';
import type {
  CoverAnswer,
  FillStats,
  PlanUsage,
  StaffMatches,
  ToolName,
  ToolRunner,
} from '../../supabase/functions/assistant/tools/types.ts';
import { BANK, type BankEntry } from '../assistant/bank.ts';
import {
  ensureFixture,
  FIXTURE_PASSWORD,
  LAKESHORE,
  NOW,
  OTHER_AGENCY_WORDS,
  OTHER_SHIFTS,
  TIME_ZONE,
} from '../assistant/fixture.ts';
import { clientOptions, superuser } from '../support/clients.ts';
import { ANON_KEY, API_URL } from '../support/stack-env.ts';

/** Facts that are arithmetic on a result rather than a value in it. */
const DERIVED: Partial<Record<string, (result: unknown) => string[]>> = {
  'plan-shifts-left': (r) => [String((r as PlanUsage).shift_limit! - (r as PlanUsage).shifts_used)],
  'plan-staff-left': (r) => [String((r as PlanUsage).staff_limit! - (r as PlanUsage).staff_count)],
  'plan-premium': (r) => [(r as PlanUsage).premium ? 'premium' : 'free'],
  // The reply's rate is the tool's, as a percentage to one place (0.5714 → 57.1%).
  'fill-rate-this-week': (r) => [`${Math.round((r as FillStats).fill_rate! * 1000) / 10}%`],
};

const ORDINALS = ['1st', '2nd', '3rd'];

/**
 * Words a who_can_cover reply says for what its result holds: a rank's reason, no one eligible, a
 * shift that has ended, the asked staff member's yes and place.
 */
function coverPhrases(result: unknown): string[] {
  const cover = result as CoverAnswer;
  const phrases: string[] = [];
  if (cover.eligible.some((c) => c.worked_here)) phrases.push('worked at this address before');
  if (cover.shift && cover.eligible_total === 0) phrases.push('No one is eligible');
  if (cover.shift && Date.parse(cover.shift.ends_at) <= NOW.getTime()) phrases.push('nothing left to cover');
  if (cover.asked?.eligible && cover.asked.rank !== null) {
    phrases.push('Yes', ORDINALS[cover.asked.rank - 1] ?? `${cover.asked.rank}th`);
  }
  return phrases;
}

const frenchDay = new Intl.DateTimeFormat('fr-CA', { timeZone: TIME_ZONE, day: 'numeric', month: 'short' });

/**
 * A French reply names a result's days as Quebec French writes them ("2 déc.", "1er déc."), in the
 * agency's zone: the days of every instant the result holds.
 */
function frenchDays(result: unknown): string[] {
  const instants = JSON.stringify(result).match(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)/g) ?? [];
  return instants.flatMap((instant) => {
    const text = frenchDay.format(new Date(instant));
    return text.startsWith('1 ') ? [text, `1er ${text.slice(2)}`] : [text];
  });
}

function numbersIn(value: unknown, out: number[] = []): number[] {
  if (typeof value === 'number') out.push(value);
  else if (Array.isArray(value)) for (const item of value) numbersIn(item, out);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) numbersIn(item, out);
  return out;
}

function found(fact: string, entry: BankEntry, result: unknown): boolean {
  const derived = [
    ...(DERIVED[entry.like ?? entry.id]?.(result) ?? []),
    ...(entry.expect.tool === 'who_can_cover' ? coverPhrases(result) : []),
    ...(entry.section.startsWith('fr') ? frenchDays(result) : []),
  ];
  if (derived.some((phrase) => phrase.toLowerCase() === fact.toLowerCase())) return true;
  const numbers = numbersIn(result);
  const equals = (n: number) => numbers.some((m) => Math.abs(m - n) < 1e-9);
  const percent = /^(\d+(?:\.\d+)?)%$/.exec(fact);
  if (percent) return equals(Number(percent[1]) / 100);
  if (/^\d+(\.\d+)?$/.test(fact) && fact.length < 5 && equals(Number(fact))) return true;
  if (/^\d+(\.\d+)?$/.test(fact) && fact.length < 5) return false;
  const haystacks = [JSON.stringify(result), entry.question, ...(entry.history ?? []).map((m) => m.text)];
  return haystacks.some((text) => text.toLowerCase().includes(fact.toLowerCase()));
}

let run: ToolRunner;

beforeAll(async () => {
  const db = await superuser();
  try {
    await ensureFixture(db);
  } finally {
    await db.end();
  }
  const client = createClient(API_URL, ANON_KEY, clientOptions);
  const { error } = await client.auth.signInWithPassword({ email: LAKESHORE.email, password: FIXTURE_PASSWORD });
  if (error) throw error;
  run = createToolRunner({ client, companyId: LAKESHORE.id, timeZone: TIME_ZONE, now: NOW });
});

describe('the question bank', () => {
  it('has at least 70 questions with unique ids, covering every tool and every kind of reply', () => {
    expect(BANK.length).toBeGreaterThanOrEqual(70);
    expect(new Set(BANK.map((e) => e.id)).size).toBe(BANK.length);
    const used = new Set(BANK.flatMap((e) => [e.expect.tool, ...(e.expect.calls ?? []).map((c) => c.tool)]));
    for (const tool of Object.keys(TOOLS)) expect(used, tool).toContain(tool);
    for (const kind of ['answer', 'clarify', 'unsupported']) expect(BANK.map((e) => e.expect.kind)).toContain(kind);
    for (const entry of BANK) {
      // Every answer says how it is found; the last of several calls is the one named.
      if (entry.expect.kind === 'answer') expect(entry.expect.tool, entry.id).toBeDefined();
      const last = entry.expect.calls?.at(-1);
      if (last) expect(last, entry.id).toEqual({ tool: entry.expect.tool, args: entry.expect.args });
      // Arguments a model would send: the tools' own parse accepts them.
      for (const call of entry.expect.calls ??
        (entry.expect.tool ? [{ tool: entry.expect.tool, args: entry.expect.args }] : [])) {
        expect(() => TOOLS[call.tool].parse(call.args), entry.id).not.toThrow();
      }
    }
  });
});

describe('bank facts against the fixture', () => {
  const withTool = BANK.filter((entry) => entry.expect.tool);

  it.each(withTool.map((entry) => [entry.id, entry] as const))('%s', async (_id, entry) => {
    const calls = entry.expect.calls ?? [{ tool: entry.expect.tool as ToolName, args: entry.expect.args ?? {} }];
    let result: unknown;
    for (const [index, call] of calls.entries()) {
      result = await run(call.tool, call.args as never);
      const next = calls[index + 1];
      if (call.tool === 'find_staff' && next) {
        // The name typed finds exactly the staff member the next call is about.
        const { matches } = result as StaffMatches;
        const best = matches[0];
        const meant = next.args.staff_id ?? next.args.held_by;
        expect(best?.id, `${entry.id}: find_staff ${JSON.stringify(call.args)}`).toBe(meant);
        expect(
          matches.filter((m) => m.score === best?.score),
          `${entry.id}: ambiguous`,
        ).toHaveLength(1);
      }
    }

    if (entry.expect.kind === 'clarify' && entry.expect.tool === 'find_staff') {
      const { matches } = result as StaffMatches;
      expect(matches.filter((m) => m.score === matches[0]?.score).length, `${entry.id}: not ambiguous`).toBeGreaterThan(
        1,
      );
    }
    for (const fact of entry.expect.contains ?? []) {
      expect(found(fact, entry, result), `${entry.id}: "${fact}" not in ${JSON.stringify(result).slice(0, 400)}`).toBe(
        true,
      );
    }
    const text = JSON.stringify(result);
    for (const word of [...(entry.expect.notContains ?? []), ...OTHER_AGENCY_WORDS, ...OTHER_SHIFTS]) {
      expect(text.toLowerCase(), `${entry.id}: ${word}`).not.toContain(word.toLowerCase());
    }
  });
});

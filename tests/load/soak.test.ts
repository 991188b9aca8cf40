/**
 * The bounded soak of `npm test`: 200 signed-in clients over 50 agencies for 30 s (SOAK_SECONDS to
 * change it) against the local stack. It asserts the invariants, not speed: only the refusals the
 * rules call for, every Realtime event delivered once to exactly those allowed to see it, every
 * shift and worker consistent, and the gateway's memory flat after warm-up. Figures go to the log.
 */
import { describe, expect, it } from 'vitest';
import { runSoak, soakProblems, soakReport, type SoakResult } from './soak.ts';
import type { OpKind } from './soak-actors.ts';

const seconds = Number(process.env.SOAK_SECONDS ?? 30);

describe('load and soak', () => {
  it(`200 clients over 50 agencies for ${seconds} s: only expected refusals, each realtime event once, consistent state, flat gateway memory`, async () => {
    const result: SoakResult = await runSoak({
      clients: 200,
      companies: 50,
      seconds,
      log: (line) => process.stdout.write(`[soak] ${line}\n`),
    });
    process.stdout.write(`${soakReport(result).join('\n')}\n`);

    expect(soakProblems(result)).toEqual([]);

    // The run did what it claims: every kind of call succeeded at least once, acceptances raced,
    // free agencies hit their limit, and the memory verdict rests on samples.
    const kinds: OpKind[] = ['read_shifts', 'read_staff', 'geocode', 'post_shift', 'notify', 'list_home'];
    kinds.push('accept', 'clock_in', 'clock_out', 'clock_staff_out');
    for (const kind of kinds) expect(result.ops[kind]?.ok ?? 0, kind).toBeGreaterThan(0);
    expect(result.ops.accept?.refused ?? 0).toBeGreaterThan(0);
    expect(result.planRefusals).toBeGreaterThan(0);
    expect(result.realtime.expected).toBeGreaterThan(0);
    expect(result.memory.trend).not.toBeNull();
  });
});

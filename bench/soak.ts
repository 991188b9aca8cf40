/**
 * The soak (tests/load/soak.ts) as a benchmark: 200 signed-in clients over 50 agencies for
 * BENCH_SOAK_SECONDS (default 60) through the gateway, reporting throughput by kind of call, error
 * counts, Realtime event counts and commit → callback latency, and the gateway's RSS over the run.
 * `npm run soak` is the full 2-minute run with its pass/fail verdict.
 */
import { runSoak, soakProblems, soakReport, type SoakResult } from '../tests/load/soak.ts';

export interface SoakBench {
  result: SoakResult;
  /** The soak's own verdict: empty when every invariant held. */
  problems: string[];
}

export async function benchSoak(seconds = Number(process.env.BENCH_SOAK_SECONDS ?? 60)): Promise<SoakBench> {
  const result = await runSoak({ clients: 200, companies: 50, seconds });
  return { result, problems: soakProblems(result) };
}

/** Report lines for bench/run.ts. */
export function soakBenchLines(bench: SoakBench): string[] {
  const verdict = bench.problems.length
    ? `  invariants: ${bench.problems.length} problems, first: ${bench.problems[0]}`
    : '  invariants: all held (only expected refusals, each event once, consistent state, flat memory)';
  return ['Load and soak (tests/load/soak.ts):', ...soakReport(bench.result).map((l) => `  ${l}`), verdict];
}

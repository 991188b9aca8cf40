/**
 * The soak (tests/load/soak.ts) as a benchmark: 200 signed-in clients over 50 agencies for
 * BENCH_SOAK_SECONDS (default 60) through the gateway, reporting throughput by kind of call, error
 * counts, Realtime event counts and commit → callback latency, and the gateway's RSS over the run.
 * Targets (issue 28, with dispatch on): every kind of call p95 < 400 ms, Realtime commit → callback
 * p95 < 100 ms with no event lost or duplicated, and the soak's own verdict (every invariant held).
 * `npm run soak` is the full 2-minute run.
 */
import { runSoak, soakProblems, type SoakResult } from '../tests/load/soak.ts';
import type { BenchReport } from './report.ts';

type Add = BenchReport['add'];

export const SOAK_CALL_TARGET_P95_MS = 400;
export const SOAK_REALTIME_TARGET_P95_MS = 100;

const fmt = (n: number, digits = 1): string => (Number.isFinite(n) ? n.toFixed(digits) : '–');
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export function addSoakFigures(add: Add, result: SoakResult, problems: string[]): void {
  const section = 'Soak';
  const { options, realtime, memory } = result;
  let total = 0;
  for (const [kind, op] of Object.entries(result.ops)) {
    total += op.ok + op.refused + op.failed;
    add(
      section,
      kind,
      `${fmt(op.perSecond)}/s, p95 ${fmt(op.p95Ms, 0)} ms; ok ${op.ok}, refused ${op.refused}, errors ${op.failed}`,
      { text: `p95 < ${SOAK_CALL_TARGET_P95_MS} ms`, pass: op.p95Ms < SOAK_CALL_TARGET_P95_MS },
    );
  }
  add(
    section,
    `all calls, ${options.clients} clients over ${options.companies} agencies`,
    `${fmt((total / result.loadMs) * 1000)}/s for ${fmt(result.loadMs / 1000, 0)} s; unexpected errors ${result.unexpected.length}`,
  );
  add(
    section,
    `realtime events to ${realtime.subscribers} subscribers`,
    `${realtime.received} of ${realtime.expected} owed; lost ${realtime.lost.length}, duplicated ${realtime.duplicated.length}, not owed ${realtime.unexpected.length}; commit → callback p95 ${fmt(realtime.p95Ms, 0)} ms`,
    {
      text: `p95 < ${SOAK_REALTIME_TARGET_P95_MS} ms, 0 lost or duplicated`,
      pass:
        realtime.p95Ms < SOAK_REALTIME_TARGET_P95_MS && realtime.lost.length === 0 && realtime.duplicated.length === 0,
    },
  );
  const rss = memory.samples.map((sample) => sample.bytes);
  const t = memory.trend;
  add(
    section,
    'gateway RSS (from /proc, every second)',
    rss.length
      ? `start ${mb(rss[0] as number)}, peak ${mb(Math.max(...rss))}, end ${mb(rss[rss.length - 1] as number)}` +
          (t ? `; slope over the second half ${fmt(t.slopeBytesPerSecond / 1024, 0)} KB/s` : '')
      : 'not sampled',
  );
  const [warm, end] = [memory.afterWarmup, memory.atEnd];
  add(
    section,
    'live heap after a full GC (gateway, Realtime, stand-ins)',
    warm && end ? `${mb(warm.heapUsedBytes)} after warm-up → ${mb(end.heapUsedBytes)} at the end` : 'not measured',
  );
  add(section, 'invariants', problems.length ? `${problems.length} problems: ${problems[0]}` : 'all held', {
    text: 'all held',
    pass: problems.length === 0,
  });
}

/** The entry for bench/run.ts's list. */
export const soakBenchmark = {
  key: 'soak',
  title: 'Load and soak (200 clients, 50 agencies)',
  run: async (add: Add): Promise<void> => {
    const result = await runSoak({
      clients: 200,
      companies: 50,
      seconds: Number(process.env.BENCH_SOAK_SECONDS ?? 60),
    });
    addSoakFigures(add, result, soakProblems(result));
  },
};

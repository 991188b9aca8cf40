/** Latency summaries for the benchmarks. */
export interface Summary {
  count: number;
  medianMs: number;
  p95Ms: number;
  perSecond: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

export function summarise(latenciesMs: number[], elapsedMs: number): Summary {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  return {
    count: sorted.length,
    medianMs: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    perSecond: (sorted.length / elapsedMs) * 1000,
  };
}

/** Runs `task` `count` times, one after another, and summarises the calls' latencies. */
export async function timeInTurn(count: number, task: () => Promise<void>): Promise<Summary> {
  const latencies: number[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await task();
    latencies.push(performance.now() - t0);
  }
  return summarise(latencies, performance.now() - started);
}

/** Runs `task` from `concurrency` workers until `durationMs` has passed; returns each call's latency. */
export async function load(
  concurrency: number,
  durationMs: number,
  task: (worker: number) => Promise<void>,
): Promise<{ latencies: number[]; elapsedMs: number }> {
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        await task(worker);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { latencies, elapsedMs: performance.now() - started };
}

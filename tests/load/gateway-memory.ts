/**
 * The gateway's resident memory during a soak, read from /proc/<pid>/status (the pid comes from the
 * stack's own pid file), and the test of whether it stayed flat once warmed up.
 *
 * RSS of a V8 process is a sawtooth (the heap grows until a collection, then is reused, rarely
 * returned), so "flat" is judged on two robust figures taken after a warm-up in which pools, caches,
 * JIT code and the heap reach their working size:
 * - the slope of a least-squares line through the second half of the samples, which a steady leak
 *   shows as a steady climb while a sawtooth averages out, and
 * - the growth from the first to the last quarter after warm-up, each taken as a median so one
 *   sample caught just before a collection does not decide it.
 */
import { readFileSync } from 'node:fs';
import { runningPid } from '../../stack/src/processes.ts';

export interface RssSample {
  /** Milliseconds since the sampler started. */
  atMs: number;
  bytes: number;
}

export interface MemoryTrend {
  samples: number;
  startBytes: number;
  /** Median of the first quarter after warm-up. */
  baselineBytes: number;
  /** Median of the last quarter. */
  endBytes: number;
  peakBytes: number;
  /** Least-squares slope over the second half of the run. */
  slopeBytesPerSecond: number;
  /** (end - baseline) / baseline. */
  growth: number;
}

export interface FlatBounds {
  maxSlopeBytesPerSecond: number;
  maxGrowth: number;
}

/** The gateway of this worktree's stack (STACK_STATE_DIR honoured), or null when it is not ours. */
export function gatewayPid(): number | null {
  return runningPid({ name: 'gateway', marker: 'stack/src/gateway/main.ts' });
}

export function readRssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(kb) * 1024;
}

/** Samples the process every `everyMs` until stopped; stop() returns the samples. */
export function sampleRss(pid: number, everyMs: number): { stop: () => RssSample[] } {
  const started = performance.now();
  const samples: RssSample[] = [];
  const take = (): void => {
    try {
      samples.push({ atMs: performance.now() - started, bytes: readRssBytes(pid) });
    } catch {
      // The process is gone; the trend check reports too few samples.
    }
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      take();
      return samples;
    },
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Slope in bytes per second of the least-squares line through the samples. */
export function slopePerSecond(samples: RssSample[]): number {
  if (samples.length < 2) return 0;
  const n = samples.length;
  const meanX = samples.reduce((s, p) => s + p.atMs, 0) / n;
  const meanY = samples.reduce((s, p) => s + p.bytes, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of samples) {
    num += (p.atMs - meanX) * (p.bytes - meanY);
    den += (p.atMs - meanX) ** 2;
  }
  return den === 0 ? 0 : (num / den) * 1000;
}

/**
 * The trend after `warmupMs`. Needs at least 8 samples after warm-up (two per quarter), so the
 * figures are not read from one or two points.
 */
export function memoryTrend(samples: RssSample[], warmupMs: number): MemoryTrend {
  const after = samples.filter((s) => s.atMs >= warmupMs);
  if (after.length < 8) throw new Error(`only ${after.length} memory samples after warm-up; need at least 8`);
  const quarter = Math.max(2, Math.floor(after.length / 4));
  const lastAt = (samples[samples.length - 1] as RssSample).atMs;
  const secondHalf = samples.filter((s) => s.atMs >= lastAt / 2);
  const baselineBytes = median(after.slice(0, quarter).map((s) => s.bytes));
  const endBytes = median(after.slice(-quarter).map((s) => s.bytes));
  return {
    samples: samples.length,
    startBytes: (samples[0] as RssSample).bytes,
    baselineBytes,
    endBytes,
    peakBytes: Math.max(...samples.map((s) => s.bytes)),
    slopeBytesPerSecond: slopePerSecond(secondHalf),
    growth: (endBytes - baselineBytes) / baselineBytes,
  };
}

/** Why the trend is not flat, or an empty list. */
export function flatnessProblems(trend: MemoryTrend, bounds: FlatBounds): string[] {
  const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const problems: string[] = [];
  if (trend.slopeBytesPerSecond > bounds.maxSlopeBytesPerSecond) {
    problems.push(
      `gateway RSS climbs ${mb(trend.slopeBytesPerSecond)}/s over the second half (bound ${mb(bounds.maxSlopeBytesPerSecond)}/s)`,
    );
  }
  if (trend.growth > bounds.maxGrowth) {
    problems.push(
      `gateway RSS grew ${(trend.growth * 100).toFixed(0)}% after warm-up, ${mb(trend.baselineBytes)} → ${mb(trend.endBytes)} (bound ${(bounds.maxGrowth * 100).toFixed(0)}%)`,
    );
  }
  return problems;
}

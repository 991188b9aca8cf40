/**
 * The gateway's memory during a soak, two ways:
 * - its RSS, read from /proc/<pid>/status every second (the pid from the stack's own pid file), and
 *   again after each full collection below. Reported (start, peak, end, trend), not asserted: under
 *   load a V8 process's RSS is set by when the collector runs and when the allocator hands pages
 *   back, not by what is live. Measured without a leak, it climbed 100 → 500 MB in 30 s and swung
 *   by 120–340 MB with a ~20 s period, and even right after a full collection it read 304 MB in one
 *   sample and 505 MB in the next while the live heap was 86 → 88 MB; no bound on it would separate
 *   a leak from that without also failing healthy runs.
 * - "settled" memory: V8's used heap and the memory of Buffers and other external objects, right
 *   after a full collection the gateway performs on request (`POST /_stack/gc`, service-role key),
 *   summed with its service processes' (Realtime, the stand-ins), which it asks to do the same.
 *   Garbage is gone, so what remains is live. Taken once after warm-up (pools, caches, JIT code
 *   and sessions at their working size) and once at the end (load stopped, Realtime drained,
 *   clients still connected), these must match: a leak is live memory the load leaves behind.
 */
import { readFileSync } from 'node:fs';
import { runningPid } from '../../stack/src/processes.ts';
import { API_URL, SERVICE_ROLE_KEY } from '../support/stack-env.ts';

const MB = 1024 * 1024;

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

export interface SettledMemory {
  rssBytes: number;
  heapUsedBytes: number;
  externalBytes: number;
}

/** Growth of settled memory allowed between warm-up and the end: the larger of bytes and share. */
export interface LeakBounds {
  heapBytes: number;
  heapShare: number;
  externalBytes: number;
  externalShare: number;
}

/**
 * The live heap may grow a little without leaking: caches keyed by what the load varies (REST
 * schema and Realtime metadata, rate-limit windows of 200 addresses) and the push stand-in's record
 * of every push (about 0.5 KB each, a few thousand per run). 8 MB or 10% covers them; a leak of
 * 1 KB per call or event passes it within the 2-minute run (~15,000 calls and as many events).
 * External memory (Buffers) moves with sockets and in-flight bodies: 16 MB or 25%.
 * Measured without a leak: heap +1.3 MB over 30 s and ≤ +2.3 MB across runs.
 */
export const LEAK_BOUNDS: LeakBounds = {
  heapBytes: 8 * MB,
  heapShare: 0.1,
  externalBytes: 16 * MB,
  externalShare: 0.25,
};

export function gatewayPid(): number | null {
  return runningPid({ name: 'gateway', marker: 'stack/src/main.ts' });
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

/** The RSS trend after `warmupMs`, or null with fewer than 8 samples after it (two per quarter). */
export function memoryTrend(samples: RssSample[], warmupMs: number): MemoryTrend | null {
  const after = samples.filter((s) => s.atMs >= warmupMs);
  if (after.length < 8) return null;
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

/** Asks the gateway for a full collection, then reads its RSS and used heap. */
/**
 * Settled memory of the gateway and its service processes, all from one `POST /_stack/gc`: the
 * heap, external memory and RSS are each their sum, so the three describe the same processes.
 */
export async function settledMemory(): Promise<SettledMemory> {
  const res = await fetch(`${API_URL}/_stack/gc`, { method: 'POST', headers: { apikey: SERVICE_ROLE_KEY } });
  if (!res.ok) throw new Error(`the gateway did not collect garbage on request (HTTP ${res.status})`);
  const usage = (await res.json()) as { heapUsed: number; external: number; rss: number };
  return { rssBytes: usage.rss, heapUsedBytes: usage.heapUsed, externalBytes: usage.external };
}

/** Why the live memory at the end is not the same as after warm-up, or an empty list. */
export function leakProblems(afterWarmup: SettledMemory, atEnd: SettledMemory, bounds: LeakBounds): string[] {
  const mb = (bytes: number): string => `${(bytes / MB).toFixed(1)} MB`;
  const problems: string[] = [];
  const check = (what: string, before: number, after: number, bytes: number, share: number): void => {
    const allowed = Math.max(bytes, before * share);
    if (after - before > allowed) {
      problems.push(
        `gateway and service processes' ${what} after a full GC grew ${mb(before)} → ${mb(after)} (allowed +${mb(allowed)})`,
      );
    }
  };
  check('heap', afterWarmup.heapUsedBytes, atEnd.heapUsedBytes, bounds.heapBytes, bounds.heapShare);
  check('external memory', afterWarmup.externalBytes, atEnd.externalBytes, bounds.externalBytes, bounds.externalShare);
  return problems;
}

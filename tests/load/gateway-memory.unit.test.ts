import { describe, expect, it } from 'vitest';
import {
  LEAK_BOUNDS,
  leakProblems,
  memoryTrend,
  readRssBytes,
  slopePerSecond,
  type RssSample,
} from './gateway-memory.ts';

const MB = 1024 * 1024;
const series = (seconds: number, bytesAt: (s: number) => number): RssSample[] =>
  Array.from({ length: seconds + 1 }, (_, s) => ({ atMs: s * 1000, bytes: bytesAt(s) }));

describe('RSS trend (reported)', () => {
  it('fits the slope of a straight line exactly', () => {
    expect(slopePerSecond(series(10, (s) => 100 * MB + s * MB))).toBeCloseTo(MB, 0);
  });

  it('takes the baseline and end as medians of the first and last quarter after warm-up', () => {
    const samples = series(60, (s) => (s < 10 ? 80 * MB + s * 4 * MB : 120 * MB + (s % 5) * 6 * MB));
    const trend = memoryTrend(samples, 15_000);
    expect(trend).toMatchObject({ samples: 61, startBytes: 80 * MB, peakBytes: 144 * MB });
    expect(trend?.baselineBytes).toBe(132 * MB);
    expect(Math.abs(trend?.slopeBytesPerSecond ?? Infinity)).toBeLessThan(0.2 * MB);
  });

  it('has no trend from fewer than 8 samples after warm-up', () => {
    expect(
      memoryTrend(
        series(5, () => MB),
        0,
      ),
    ).toBeNull();
  });

  it('reads the RSS of a live process', () => {
    expect(readRssBytes(process.pid)).toBeGreaterThan(10 * MB);
  });
});

describe('leak check on memory after a full GC', () => {
  const warm = { heapUsedBytes: 90 * MB, externalBytes: 24 * MB, rssBytes: 240 * MB };

  it('accepts growth within the bounds, whatever RSS does', () => {
    expect(
      leakProblems(warm, { heapUsedBytes: 97 * MB, externalBytes: 38 * MB, rssBytes: 500 * MB }, LEAK_BOUNDS),
    ).toEqual([]);
  });

  it('uses the share when it allows more than the fixed amount', () => {
    const big = { heapUsedBytes: 200 * MB, externalBytes: 100 * MB, rssBytes: 400 * MB };
    expect(leakProblems(big, { ...big, heapUsedBytes: 218 * MB, externalBytes: 124 * MB }, LEAK_BOUNDS)).toEqual([]);
  });

  it('reports heap and external memory that the load left behind', () => {
    expect(
      leakProblems(warm, { heapUsedBytes: 110 * MB, externalBytes: 60 * MB, rssBytes: 240 * MB }, LEAK_BOUNDS),
    ).toEqual([
      "gateway and service processes' heap after a full GC grew 90.0 MB → 110.0 MB (allowed +9.0 MB)",
      "gateway and service processes' external memory after a full GC grew 24.0 MB → 60.0 MB (allowed +16.0 MB)",
    ]);
  });
});

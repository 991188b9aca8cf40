import { describe, expect, it } from 'vitest';
import { flatnessProblems, memoryTrend, readRssBytes, slopePerSecond, type RssSample } from './gateway-memory.ts';

const MB = 1024 * 1024;
const series = (seconds: number, bytesAt: (s: number) => number): RssSample[] =>
  Array.from({ length: seconds + 1 }, (_, s) => ({ atMs: s * 1000, bytes: bytesAt(s) }));
const bounds = { maxSlopeBytesPerSecond: 0.5 * MB, maxGrowth: 0.3 };

describe('gateway memory trend', () => {
  it('fits the slope of a straight line exactly', () => {
    expect(slopePerSecond(series(10, (s) => 100 * MB + s * MB))).toBeCloseTo(MB, 0);
  });

  it('calls a warm-up climb followed by a GC sawtooth flat', () => {
    const samples = series(60, (s) => (s < 10 ? 80 * MB + s * 4 * MB : 120 * MB + (s % 5) * 6 * MB));
    const trend = memoryTrend(samples, 15_000);
    expect(flatnessProblems(trend, bounds)).toEqual([]);
    expect(trend.startBytes).toBe(80 * MB);
  });

  it('calls a steady climb of 1 MB/s after warm-up a leak', () => {
    const samples = series(60, (s) => 120 * MB + s * MB + (s % 5) * 3 * MB);
    const problems = flatnessProblems(memoryTrend(samples, 15_000), bounds);
    expect(problems.length).toBeGreaterThanOrEqual(1);
    expect(problems[0]).toMatch(/climbs 1\.0 MB\/s/);
  });

  it('refuses to judge from too few samples', () => {
    expect(() =>
      memoryTrend(
        series(5, () => MB),
        0,
      ),
    ).toThrow(/need at least 8/);
  });

  it('reads the RSS of a live process', () => {
    expect(readRssBytes(process.pid)).toBeGreaterThan(10 * MB);
  });
});

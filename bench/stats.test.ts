import { describe, expect, it } from 'vitest';
import { percentile, summarise } from './stats.ts';

describe('benchmark statistics', () => {
  it('takes the nearest-rank percentile', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile([7], 95)).toBe(7);
  });

  it('summarises throughput over the elapsed time', () => {
    const s = summarise([3, 1, 2, 4], 2000);
    expect(s.medianMs).toBe(2);
    expect(s.perSecond).toBe(2);
  });
});

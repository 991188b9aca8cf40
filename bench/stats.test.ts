import { describe, expect, it } from 'vitest';
import { percentile, summarise, timeInTurn } from './stats.ts';

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

  it('times calls one after another, never two at once', async () => {
    let running = 0;
    let most = 0;
    const s = await timeInTurn(5, async () => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 2));
      running--;
    });
    expect(s.count).toBe(5);
    expect(most).toBe(1);
    expect(s.medianMs).toBeGreaterThanOrEqual(1);
  });
});

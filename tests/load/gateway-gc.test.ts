/**
 * The gateway's on-demand full collection that the soak's leak check reads (`POST /_stack/gc`), in
 * the gateway and its service processes.
 */
import { describe, expect, it } from 'vitest';
import { ANON_KEY, API_URL, SERVICE_ROLE_KEY } from '../support/stack-env.ts';
import { gatewayPid, settledMemory } from './gateway-memory.ts';

describe('POST /_stack/gc', () => {
  it('is refused without the service-role key', async () => {
    const res = await fetch(`${API_URL}/_stack/gc`, { method: 'POST', headers: { apikey: ANON_KEY } });
    expect(res.status).toBe(403);
  });

  it('answers the memory left after a full collection, at most what was in use before it', async () => {
    type Usage = { heapUsed: number; heapTotal: number; external: number; rss: number };
    const call = async (): Promise<Usage & { processes: Record<string, Usage> }> => {
      const res = await fetch(`${API_URL}/_stack/gc`, { method: 'POST', headers: { apikey: SERVICE_ROLE_KEY } });
      expect(res.status).toBe(200);
      return (await res.json()) as Usage & { processes: Record<string, Usage> };
    };
    const first = await call();
    expect(first.heapUsed).toBeGreaterThan(0);
    expect(first.heapUsed).toBeLessThanOrEqual(first.heapTotal);
    // The gateway's service processes collect too, and the figures are their sums.
    expect(Object.keys(first.processes).sort()).toEqual(['gateway', 'realtime', 'stand-ins']);
    for (const usage of Object.values(first.processes)) expect(usage.heapUsed).toBeGreaterThan(0);
    const sum = (field: keyof Usage): number =>
      Object.values(first.processes).reduce((total, usage) => total + usage[field], 0);
    expect(first.heapUsed).toBe(sum('heapUsed'));
    expect(first.external).toBe(sum('external'));
    // Right after a collection almost nothing new is garbage: a second one finds about the same.
    const second = await call();
    expect(Math.abs(second.heapUsed - first.heapUsed)).toBeLessThan(2 * 1024 * 1024);

    const pid = gatewayPid();
    expect(pid, 'the stack of this worktree runs the gateway').not.toBeNull();
    const settled = await settledMemory();
    expect(settled.rssBytes).toBeGreaterThan(settled.heapUsedBytes);
  });
});

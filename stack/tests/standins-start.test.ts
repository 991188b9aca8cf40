/** How the gateway starts the stand-ins: on STACK_STANDINS_PORT, quickly, and stopped cleanly. */
import { describe, expect, it, vi } from 'vitest';
import { freePort } from '../../tests/support/free-port.ts';

describe('startStandins', () => {
  it('listens on config.standinsPort without loading the gazetteer, and frees the port on close', async () => {
    const port = await freePort();
    const saved = process.env.STACK_STANDINS_PORT;
    process.env.STACK_STANDINS_PORT = String(port);
    try {
      // config.ts reads the port when first imported: this file imports it afresh (the files of a
      // worker share their modules).
      vi.resetModules();
      const { startStandins } = await import('../src/standins/server.ts');
      const standins = await startStandins();
      expect(standins.url).toBe(`http://127.0.0.1:${port}`);

      const health = await fetch(`${standins.url}/__dev/health`);
      expect(await health.json()).toEqual({ ok: true });
      const home = await fetch(`${standins.url}/`);
      expect(home.headers.get('content-type')).toContain('text/html');

      await expect(startStandins()).rejects.toThrow(/in use.*STACK_STANDINS_PORT/);

      await standins.close();
      await expect(fetch(`${standins.url}/__dev/health`)).rejects.toThrow();
    } finally {
      if (saved === undefined) delete process.env.STACK_STANDINS_PORT;
      else process.env.STACK_STANDINS_PORT = saved;
    }
  });
});

/**
 * Edge functions on the local runtime: cold start of one function (a fresh Deno process) and warm
 * invocation latency through the gateway. Uses the runtime's own test fixtures so the figure
 * measures the runtime, not a product function's work.
 */
import path from 'node:path';
import { ANON_KEY, projectRoot } from '../stack/src/config.ts';
import { createFunctionsService } from '../stack/src/functions/service.ts';
import { forceColdStart } from '../stack/src/functions/registry.ts';
import { createGateway } from '../stack/src/gateway/server.ts';
import { freePort } from '../tests/support/free-port.ts';
import { load, summarise, type Summary } from './stats.ts';

const FIXTURES = path.join(projectRoot, 'stack/tests/fixtures/functions');
const NAME = 'public-echo';

export async function benchFunctions(): Promise<{ coldMs: Summary; warm: Summary }> {
  const functions = await createFunctionsService(
    {} as never, // the functions runtime needs no database pools
    { functionsDir: FIXTURES, settings: { [NAME]: { verify_jwt: false } }, logFile: '/dev/null' },
  );
  const server = createGateway([{ prefix: '/functions/v1', service: functions.service, requiresApikey: false }]);
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${port}/functions/v1/${NAME}`;
  const invoke = async (): Promise<void> => {
    const res = await fetch(url, { method: 'POST', headers: { apikey: ANON_KEY }, body: '{}' });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`function answered ${res.status}`);
  };
  try {
    const cold: number[] = [];
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 20));
      forceColdStart(NAME, FIXTURES);
      const t0 = performance.now();
      await invoke();
      cold.push(performance.now() - t0);
    }
    for (let i = 0; i < 100; i++) await invoke();
    const warm = await load(1, 3000, invoke);
    return { coldMs: summarise(cold, 1), warm: summarise(warm.latencies, warm.elapsedMs) };
  } finally {
    server.close();
    server.closeAllConnections();
    await functions.close();
  }
}

/** Routes for the stack's own CLI, behind the service-role key; never part of the Supabase API. */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { FunctionsRuntime } from '../functions/service.ts';
import { SERVICE_ROLE_KEY } from '../config.ts';
import { HttpError, sendJson } from './http.ts';
import type { Service } from './server.ts';

/**
 * A full garbage collection on demand, so the soak's leak check (tests/load) compares live memory
 * rather than however much garbage the collector had not yet bothered to free.
 */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

export function stackControl(functions: FunctionsRuntime): Service {
  return async (ctx) => {
    if (ctx.apikey !== SERVICE_ROLE_KEY) throw new HttpError(403, { message: 'The service_role key is required' });
    if (ctx.req.method === 'POST' && ctx.subpath === '/functions/warm') {
      sendJson(ctx.res, 200, await functions.warmAll());
      return;
    }
    if (ctx.req.method === 'POST' && ctx.subpath === '/gc') {
      collectGarbage();
      sendJson(ctx.res, 200, process.memoryUsage());
      return;
    }
    throw new HttpError(404, { message: 'Unknown stack control route' });
  };
}

/** Routes for the stack's own CLI, behind the service-role key; never part of the Supabase API. */
import type { FunctionsRuntime } from '../functions/service.ts';
import { SERVICE_ROLE_KEY } from '../config.ts';
import { HttpError, sendJson } from './http.ts';
import type { Service } from './server.ts';
import { collectGarbage, type ServiceProcess } from './service-process.ts';

const MEMORY_FIELDS = ['rss', 'heapTotal', 'heapUsed', 'external', 'arrayBuffers'] as const;

/**
 * A full collection in the gateway and in each of its service processes (Realtime, stand-ins): the
 * sums, which the soak's leak check compares, and each process's own figures.
 */
async function collectEverywhere(children: readonly ServiceProcess[]): Promise<Record<string, unknown>> {
  const processes: Record<string, NodeJS.MemoryUsage> = { gateway: collectGarbage() };
  const answers = await Promise.all(children.map((child) => child.collectGarbage()));
  children.forEach((child, i) => (processes[child.name] = answers[i] as NodeJS.MemoryUsage));
  const total: Record<string, number> = {};
  for (const field of MEMORY_FIELDS) {
    total[field] = Object.values(processes).reduce((sum, usage) => sum + usage[field], 0);
  }
  return { ...total, processes };
}

export function stackControl(functions: FunctionsRuntime, children: readonly ServiceProcess[] = []): Service {
  return async (ctx) => {
    if (ctx.apikey !== SERVICE_ROLE_KEY) throw new HttpError(403, { message: 'The service_role key is required' });
    if (ctx.req.method === 'POST' && ctx.subpath === '/functions/warm') {
      sendJson(ctx.res, 200, await functions.warmAll());
      return;
    }
    if (ctx.req.method === 'POST' && ctx.subpath === '/gc') {
      sendJson(ctx.res, 200, await collectEverywhere(children));
      return;
    }
    throw new HttpError(404, { message: 'Unknown stack control route' });
  };
}

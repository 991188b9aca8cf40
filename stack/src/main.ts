/**
 * The gateway process that `npm run stack` starts in the background: it starts every module of the
 * local stack (auth, rest, realtime, functions, stand-ins, mail catcher) and puts them behind one
 * gateway, so it sits above them all.
 */
import { apiUrl, config, dbUrl } from './config.ts';
import { createAdminPool, createPool } from './db/pool.ts';
import { createAuthService } from './auth/service.ts';
import { createRestService } from './rest/service.ts';
import { startRealtimeChild } from './realtime/child.ts';
import { createFunctionsService } from './functions/service.ts';
import { startStandinsProcess } from './standins/child.ts';
import { startMailCatcher } from './mail/catcher.ts';
import { pgrstError } from './rest/errors.ts';
import { createGateway, type Deps } from './gateway/server.ts';
import { stackControl } from './gateway/stack-control.ts';
import { startNetWorker } from './net/worker.ts';

const deps: Deps = { pool: createPool(), adminPool: createAdminPool() };
// Started first: the auth service delivers its emails to it over SMTP.
const mail = await startMailCatcher({ port: config.mailPort, smtpPort: config.smtpPort, host: config.host });
const rest = await createRestService(deps);
const auth = createAuthService(deps);
const realtime = await startRealtimeChild();
const functions = await createFunctionsService(deps);
const standins = await startStandinsProcess();
// pg_net's background worker for the stack's pg_net stand-in: the database's net.http_post calls
// (pg_cron jobs calling edge functions) are performed from here.
const net = await startNetWorker({ connectionString: dbUrl() });

const server = createGateway(
  [
    {
      prefix: '/auth/v1',
      service: auth.service,
      requiresApikey: true,
      openPaths: /^\/(verify|callback|authorize|\.well-known\/jwks\.json)$/,
    },
    {
      prefix: '/rest/v1',
      service: rest.service,
      requiresApikey: true,
      // PostgREST's answer when its connection to Postgres fails (a ConnectionUsageError).
      unavailable: (error) =>
        pgrstError(503, 'PGRST001', 'Database client error. Retrying the connection.', error.message),
    },
    { prefix: '/realtime/v1', service: realtime.service, requiresApikey: true },
    // The edge runtime checks JWTs per function (verify_jwt), not the apikey.
    { prefix: '/functions/v1', service: functions.service, requiresApikey: false },
    // The stack's own control route (not a Supabase path): `up` warms the functions through it.
    { prefix: '/_stack', service: stackControl(functions.runtime, [realtime.process, standins]), requiresApikey: true },
  ],
  [{ path: '/realtime/v1/websocket', handleUpgrade: realtime.handleUpgrade }],
);

server.listen(config.apiPort, config.host, () => {
  process.stdout.write(`gateway listening on ${apiUrl}\n`);
});

async function shutdown(): Promise<void> {
  server.close();
  server.closeAllConnections();
  await Promise.allSettled([
    net.close(),
    rest.close(),
    auth.close(),
    realtime.close(),
    functions.close(),
    standins.close(),
    mail.close(),
    deps.pool.end(),
    deps.adminPool.end(),
  ]);
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());

/**
 * The GoTrue-compatible /auth/v1 service: a small router over the route modules, and the one place
 * where errors become responses (GoTrue's HandleResponseError).
 */
import { apiUrl, config } from '../config.ts';
import { isDatabaseUnavailable } from '../db/pool.ts';
import { bearerToken, HttpError, sendJson } from '../gateway/http.ts';
import type { Deps, Service } from '../gateway/server.ts';
import type { AuthEnv, AuthSettings, Route, RouteContext } from './context.ts';
import { API_VERSION, API_VERSION_HEADER, authError, errors, toResponseBody, wantsVersionedErrors } from './errors.ts';
import { createLimiters } from './rate-limit.ts';
import { createUser, deleteUserById, getUserById, listAllUsers, updateUserById } from './routes/admin.ts';
import { getSettings, health, jwks } from './routes/meta.ts';
import {
  adminDeletePasskey,
  adminFactor,
  adminListFactors,
  adminListPasskeys,
  adminOauthServer,
  createSsoProvider,
  enrollFactor,
  factor,
  identities,
  listSsoProviders,
  oauthServer,
  passkeys,
  sso,
  ssoProvider,
  userOauthGrants,
} from './routes/disabled.ts';
import { generateLink } from './routes/generate-link.ts';
import { invite } from './routes/invite.ts';
import { otp } from './routes/otp.ts';
import { recover } from './routes/recover.ts';
import { resend } from './routes/resend.ts';
import { signup } from './routes/signup.ts';
import { verifyLink, verifyOtp } from './routes/verify.ts';
import { token } from './routes/token.ts';
import { getUser, logout, reauthenticate, updateOwnUser } from './routes/user.ts';
import { requiredCharacterSets } from './validation.ts';

interface RouteEntry {
  method: string;
  pattern: RegExp;
  route: Route;
}

const ROUTES: RouteEntry[] = [
  { method: 'POST', pattern: /^\/signup$/, route: signup },
  { method: 'POST', pattern: /^\/token$/, route: token },
  { method: 'POST', pattern: /^\/recover$/, route: recover },
  { method: 'POST', pattern: /^\/resend$/, route: resend },
  { method: 'POST', pattern: /^\/otp$/, route: otp },
  { method: 'GET', pattern: /^\/verify$/, route: verifyLink },
  { method: 'POST', pattern: /^\/verify$/, route: verifyOtp },
  { method: 'GET', pattern: /^\/user$/, route: getUser },
  { method: 'PUT', pattern: /^\/user$/, route: updateOwnUser },
  { method: 'POST', pattern: /^\/logout$/, route: logout },
  { method: 'GET', pattern: /^\/reauthenticate$/, route: reauthenticate },
  { method: 'GET', pattern: /^\/admin\/users$/, route: listAllUsers },
  { method: 'POST', pattern: /^\/admin\/generate_link$/, route: generateLink },
  { method: 'POST', pattern: /^\/admin\/users$/, route: createUser },
  { method: 'GET', pattern: /^\/admin\/users\/([^/]+)$/, route: getUserById },
  { method: 'PUT', pattern: /^\/admin\/users\/([^/]+)$/, route: updateUserById },
  { method: 'DELETE', pattern: /^\/admin\/users\/([^/]+)$/, route: deleteUserById },
  { method: 'POST', pattern: /^\/invite$/, route: invite },
  // Features config.toml leaves off answer GoTrue's "… is disabled" (routes/disabled.ts).
  { method: 'POST', pattern: /^\/sso$/, route: sso },
  { method: 'GET', pattern: /^\/sso\/saml\/metadata$/, route: sso },
  { method: 'POST', pattern: /^\/sso\/saml\/acs$/, route: sso },
  { method: 'GET', pattern: /^\/admin\/sso\/providers$/, route: listSsoProviders },
  { method: 'POST', pattern: /^\/admin\/sso\/providers$/, route: createSsoProvider },
  { method: 'GET', pattern: /^\/admin\/sso\/providers\/([^/]+)$/, route: ssoProvider },
  { method: 'PUT', pattern: /^\/admin\/sso\/providers\/([^/]+)$/, route: ssoProvider },
  { method: 'DELETE', pattern: /^\/admin\/sso\/providers\/([^/]+)$/, route: ssoProvider },
  { method: 'POST', pattern: /^\/factors$/, route: enrollFactor },
  { method: 'POST', pattern: /^\/factors\/([^/]+)\/(?:challenge|verify)$/, route: factor },
  { method: 'DELETE', pattern: /^\/factors\/([^/]+)$/, route: factor },
  { method: 'GET', pattern: /^\/admin\/users\/([^/]+)\/factors$/, route: adminListFactors },
  { method: 'PUT', pattern: /^\/admin\/users\/([^/]+)\/factors\/([^/]+)$/, route: adminFactor },
  { method: 'DELETE', pattern: /^\/admin\/users\/([^/]+)\/factors\/([^/]+)$/, route: adminFactor },
  { method: 'GET', pattern: /^\/admin\/users\/([^/]+)\/passkeys$/, route: adminListPasskeys },
  { method: 'DELETE', pattern: /^\/admin\/users\/([^/]+)\/passkeys\/([^/]+)$/, route: adminDeletePasskey },
  { method: '*', pattern: /^\/passkeys(?:\/.*)?$/, route: passkeys },
  { method: 'GET', pattern: /^\/user\/identities\/authorize$/, route: identities },
  { method: 'DELETE', pattern: /^\/user\/identities\/([^/]+)$/, route: identities },
  { method: '*', pattern: /^\/user\/oauth\/grants$/, route: userOauthGrants },
  { method: '*', pattern: /^\/admin\/oauth(?:\/.*)?$/, route: adminOauthServer },
  { method: '*', pattern: /^\/oauth(?:\/.*)?$/, route: oauthServer },
  { method: 'GET', pattern: /^\/\.well-known\/oauth-authorization-server$/, route: oauthServer },
  { method: 'GET', pattern: /^\/settings$/, route: getSettings },
  { method: 'GET', pattern: /^\/health$/, route: health },
  { method: 'GET', pattern: /^\/\.well-known\/jwks\.json$/, route: jwks },
];

function match(method: string, subpath: string): { route: Route; params: string[] } {
  const path = subpath.length > 1 ? subpath.replace(/\/+$/, '') : subpath;
  let pathMatched = false;
  for (const entry of ROUTES) {
    const found = entry.pattern.exec(path);
    if (!found) continue;
    pathMatched = true;
    const wanted = method === 'HEAD' ? 'GET' : method;
    if (entry.method === wanted || entry.method === '*') return { route: entry.route, params: found.slice(1) };
  }
  throw pathMatched ? errors.methodNotAllowed() : errors.notFound();
}

export function authSettings(overrides: Partial<AuthSettings> = {}): AuthSettings {
  const settings = { ...config.auth, issuer: `${apiUrl}/auth/v1`, apiUrl, ...overrides };
  requiredCharacterSets(settings.passwordRequirements);
  return settings;
}

/**
 * `overrides` replace settings read from config.toml: tests construct a second service with, say,
 * low rate limits or confirmations on, without touching the running stack's own counters.
 */
export function createAuthService(
  deps: Pick<Deps, 'adminPool'>,
  overrides: Partial<AuthSettings> = {},
): { service: Service; close(): Promise<void> } {
  const settings = authSettings(overrides);
  const env: AuthEnv = { pool: deps.adminPool, settings, limiters: createLimiters(settings), emailLog: new Map() };

  const service: Service = async (ctx) => {
    ctx.res.setHeader(API_VERSION_HEADER, API_VERSION);
    // GoTrue sees only the Authorization header: a request that sends just an apikey is not
    // signed in (401 "This endpoint requires a valid Bearer token"), as under `supabase start`.
    const routeCtx: RouteContext = { ...ctx, bearer: bearerToken(ctx.req), env };
    try {
      const { route, params } = match(ctx.req.method ?? 'GET', ctx.subpath);
      await route(routeCtx, params);
    } catch (error) {
      const versioned = wantsVersionedErrors(ctx.req.headers[API_VERSION_HEADER.toLowerCase()]);
      if (error instanceof HttpError) {
        sendJson(ctx.res, error.status, toResponseBody(error, versioned), error.headers);
        return;
      }
      if (isDatabaseUnavailable(error)) {
        // Postgres is stopped or restarting: a retryable 503 (auth-js retries 502/503/504), not a 500.
        const unavailable = authError(503, 'unexpected_failure', 'Database connection error. Retrying the connection.');
        sendJson(ctx.res, 503, toResponseBody(unavailable, versioned));
        return;
      }
      // Never log request bodies: they carry passwords.
      process.stderr.write(
        `[auth] ${ctx.req.method} ${ctx.subpath}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      sendJson(ctx.res, 500, toResponseBody(errors.unexpected(), versioned));
    }
  };

  return { service, close: async () => undefined };
}

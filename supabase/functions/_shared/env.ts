// Settings come from the function's environment only (secrets in production, supabase/functions/.env
// locally), never from a request. Handlers receive them as a plain record so tests can pass their own.
import { HttpError } from './http.ts';

export type Env = Readonly<Record<string, string | undefined>>;

/** The environment of the running function, read once at start-up. */
export function processEnv(): Env {
  return Deno.env.toObject();
}

/** A setting that must be present; its absence is the deployment's fault, not the caller's. */
export function requireEnv(env: Env, name: string): string {
  const value = env[name]?.trim();
  if (!value) {
    console.error(`Missing setting ${name}: set it with \`supabase secrets set ${name}=…\`.`);
    throw new HttpError(500, 'misconfigured', 'This function is not configured yet. Please contact support.');
  }
  return value;
}

/** A base URL setting with a production default, without a trailing slash. */
export function baseUrl(env: Env, name: string, fallback: string): string {
  const value = env[name]?.trim() || fallback;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http');
  } catch {
    console.error(`Setting ${name} is not an http(s) URL: ${value}`);
    throw new HttpError(500, 'misconfigured', 'This function is not configured yet. Please contact support.');
  }
  return value.replace(/\/+$/, '');
}

/** Where the real Deno of the npm package `deno` lives, and how one function's process is started. */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ANON_KEY, apiUrl, config, dbUrl, paths, SERVICE_ROLE_KEY, standinsUrl } from '../config.ts';
import type { FunctionSpec } from './registry.ts';

const require = createRequire(import.meta.url);

export const bootstrapPath = fileURLToPath(new URL('./deno-bootstrap.js', import.meta.url));
/** Git-ignored and reused across runs: npm packages are downloaded once. */
export const denoDir = path.join(paths.state, 'deno');

let cachedBinary: string | null = null;

/**
 * The binary inside the platform package (`@deno/linux-x64-glibc`, …), not the package's `bin.cjs`
 * launcher, which would add a Node start-up to every cold start. `STACK_DENO_BIN` overrides it.
 */
export function denoBinary(): string {
  if (cachedBinary) return cachedBinary;
  const override = process.env.STACK_DENO_BIN;
  if (override) return (cachedBinary = override);
  const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
  const candidates =
    process.platform === 'linux'
      ? [`@deno/linux-${arch}-glibc`]
      : process.platform === 'darwin'
        ? [`@deno/darwin-${arch}`]
        : [`@deno/win32-${arch}`];
  for (const pkg of candidates) {
    try {
      const dir = path.dirname(require.resolve(`${pkg}/package.json`));
      const bin = path.join(dir, process.platform === 'win32' ? 'deno.exe' : 'deno');
      if (existsSync(bin)) return (cachedBinary = bin);
    } catch {
      // not installed for this platform: try the next candidate
    }
  }
  throw new Error('Deno is not installed: run `npm install` (the devDependency `deno` ships the binary).');
}

/** Environment variables of the host that Deno itself needs (npm downloads, certificates, temp files). */
const HOST_ENV = [
  'HOME',
  'PATH',
  'TMPDIR',
  'TZ',
  'LANG',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'NPM_CONFIG_REGISTRY',
  'DENO_CERT',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'NODE_EXTRA_CA_CERTS',
  'DENO_TLS_CA_STORE',
];

const DEFAULT_STANDINS_ORIGIN = 'http://127.0.0.1:54390';
const DEFAULT_APP_ORIGINS = ['http://127.0.0.1:5173', 'http://localhost:5173'];
const DEFAULT_STAFF_APP_ORIGINS = ['http://127.0.0.1:5174', 'http://localhost:5174'];

/**
 * The secrets files point at the default local ports; a stack started on other ports (a second
 * stack beside the first, as the lifecycle tests and benchmarks run, or STACK_APP_PORT) must reach
 * its own stand-ins, send Stripe's return links to its own dashboard and invitation links to its
 * own staff app (STACK_STAFF_APP_PORT). Other values (a real
 * service, a production SITE_URL) are left as they are.
 */
export function localOrigin(value: string): string {
  const swap = (from: string, to: string) => (value.startsWith(from) ? to + value.slice(from.length) : null);
  const apps: [string[], string][] = [
    [DEFAULT_APP_ORIGINS, `http://${config.host}:${config.appPort}`],
    [DEFAULT_STAFF_APP_ORIGINS, `http://${config.host}:${config.staffAppPort}`],
  ];
  for (const [defaults, appOrigin] of apps) {
    for (const origin of defaults) {
      const swapped = swap(origin, appOrigin);
      if (swapped !== null && /^(?:[/?#]|$)/.test(value.slice(origin.length))) return swapped;
    }
  }
  return swap(DEFAULT_STANDINS_ORIGIN, standinsUrl) ?? value;
}

/**
 * What hosted Supabase injects into every function, then the project's secrets. Like the CLI,
 * secrets may not redefine the `SUPABASE_` variables.
 */
export function functionEnv(secrets: Record<string, string>, log?: (line: string) => void): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of HOST_ENV) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  for (const [key, value] of Object.entries(secrets)) {
    if (key.startsWith('SUPABASE_')) {
      log?.(`Env name cannot start with SUPABASE_, skipping: ${key}`);
      continue;
    }
    env[key] = localOrigin(value);
  }
  Object.assign(env, {
    SUPABASE_URL: apiUrl,
    SUPABASE_ANON_KEY: ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
    SUPABASE_DB_URL: dbUrl(),
    DENO_DIR: denoDir,
    DENO_NO_UPDATE_CHECK: '1',
    DENO_NO_PROMPT: '1',
    NO_COLOR: '1',
  });
  return env;
}

export function denoArgs(spec: FunctionSpec, readyToken: string): string[] {
  const args = [
    'run',
    '--no-prompt',
    // The edge runtime's sandbox: network, env and reads; writes only to the temp dir.
    '--allow-net',
    '--allow-env',
    '--allow-read',
    '--allow-sys',
    `--allow-write=${os.tmpdir()}`,
  ];
  if (spec.denoConfig) {
    args.push(`--config=${spec.denoConfig}`);
  } else {
    // Without this Deno would adopt the project's package.json and look for npm: packages in its
    // node_modules; functions resolve `npm:` specifiers through the registry, as when deployed.
    args.push('--no-config', '--node-modules-dir=none');
  }
  if (spec.importMap) args.push(`--import-map=${spec.importMap}`);
  args.push(bootstrapPath, pathToFileURL(spec.entrypoint).href, readyToken);
  return args;
}

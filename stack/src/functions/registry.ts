/**
 * Which functions exist and how each is configured, read from the disk on every request so that
 * a new, changed or deleted function is served without restarting the stack.
 */
import { existsSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { config, functionsDir, supabaseDir } from '../config.ts';
import { parseDotenv } from './dotenv.ts';

/** `[functions.<name>]` of config.toml: the keys the CLI honours when serving. */
export interface FunctionSettings {
  verify_jwt?: boolean;
  enabled?: boolean;
  /** Relative to `supabase/`, as in config.toml (`./functions/x/main.ts`). */
  entrypoint?: string;
  import_map?: string;
}

export interface FunctionSpec {
  name: string;
  dir: string;
  entrypoint: string;
  verifyJwt: boolean;
  /** A `deno.json(c)` beside the entrypoint, used instead of none (the CLI honours per-function configs). */
  denoConfig: string | null;
  importMap: string | null;
}

/** Function names the CLI accepts: folders starting with `_` (shared code) or `.` are not functions. */
const NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;
const ENTRYPOINTS = ['index.ts', 'index.js', 'index.mts', 'index.mjs', 'index.tsx', 'index.jsx'];

/**
 * config.toml's `[functions.*]` tables, with `STACK_FUNCTIONS_CONFIG` (a TOML file of the same shape)
 * layered on top: that is how tests serve fixture functions with their own `verify_jwt`.
 */
let cachedSettings: Record<string, FunctionSettings> | null = null;

export function loadFunctionSettings(): Record<string, FunctionSettings> {
  cachedSettings ??= readFunctionSettings();
  return cachedSettings;
}

function readFunctionSettings(): Record<string, FunctionSettings> {
  const base = config.functions as Record<string, FunctionSettings>;
  const overridePath = process.env.STACK_FUNCTIONS_CONFIG;
  if (!overridePath) return base;
  const extra = (parseToml(readFileSync(overridePath, 'utf8')) as { functions?: Record<string, FunctionSettings> })
    .functions;
  const merged: Record<string, FunctionSettings> = { ...base };
  for (const [name, settings] of Object.entries(extra ?? {})) merged[name] = { ...base[name], ...settings };
  return merged;
}

function firstExisting(dir: string, names: string[]): string | null {
  for (const name of names) {
    const candidate = path.join(dir, name);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

export function resolveFunction(
  name: string,
  dir: string = functionsDir,
  settings: Record<string, FunctionSettings> = loadFunctionSettings(),
): FunctionSpec | null {
  if (!NAME.test(name)) return null;
  const own = settings[name] ?? {};
  if (own.enabled === false) return null;
  const fnDir = path.join(dir, name);
  const entrypoint = own.entrypoint ? path.resolve(supabaseDir, own.entrypoint) : firstExisting(fnDir, ENTRYPOINTS);
  if (!entrypoint || !existsSync(entrypoint)) return null;
  return {
    name,
    dir: fnDir,
    entrypoint,
    verifyJwt: own.verify_jwt ?? true,
    denoConfig: firstExisting(fnDir, ['deno.json', 'deno.jsonc']),
    importMap: own.import_map ? path.resolve(supabaseDir, own.import_map) : null,
  };
}

/** The functions the gateway serves at `/functions/v1/<name>`, sorted (the CLI prints them). */
export function listFunctions(dir: string = functionsDir): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
  } catch {
    return [];
  }
  const settings = loadFunctionSettings();
  return entries.filter((name) => resolveFunction(name, dir, settings) !== null).sort();
}

/** The secrets file: `.env` when present, else the committed `.env.example` so a fresh clone works. */
export function envFilePath(dir: string = functionsDir): string | null {
  return firstExisting(dir, ['.env', '.env.example']);
}

export function readEnvFile(file: string | null): Record<string, string> {
  if (!file) return {};
  try {
    return parseDotenv(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
}

const SKIP_DIRS = new Set(['node_modules']);

function addTree(target: string[], dir: string): void {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith('.')) addTree(target, full);
    } else {
      addFile(target, full);
    }
  }
}

function addFile(target: string[], file: string): void {
  try {
    const s = statSync(file);
    target.push(`${file}:${s.ino}:${s.size}:${s.mtimeMs}`);
  } catch {
    target.push(`${file}:missing`);
  }
}

/**
 * A cheap stamp of everything a function's process depends on: its folder, `_shared` and the secrets
 * file. Computed synchronously per request (a few stat calls) instead of trusting fs.watch, whose
 * events can arrive after the request that follows a save.
 */
export function fingerprint(spec: FunctionSpec, dir: string = functionsDir): string {
  const parts: string[] = [];
  addTree(parts, spec.dir);
  if (!spec.entrypoint.startsWith(spec.dir + path.sep)) addFile(parts, spec.entrypoint);
  addTree(parts, path.join(dir, '_shared'));
  addFile(parts, path.join(dir, '.env'));
  addFile(parts, path.join(dir, '.env.example'));
  return parts.join('|');
}

/**
 * Make the next request to `name` a cold start, from any process (benchmarks run outside the
 * gateway): bumping the entrypoint's mtime changes the fingerprint, so the gateway restarts it.
 */
export function forceColdStart(name: string, dir: string = functionsDir): void {
  const spec = resolveFunction(name, dir);
  if (!spec) throw new Error(`No function named ${name} in ${dir}`);
  const now = new Date();
  utimesSync(spec.entrypoint, now, now);
}

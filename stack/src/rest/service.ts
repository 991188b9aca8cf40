/**
 * The PostgREST-compatible `/rest/v1` service: JWT → role, one transaction per request as that role,
 * one statement that writes, renders the JSON body and counts. Built statements are cached per
 * request shape and run as named prepared statements, so the hot path is parse-free.
 */
import type pg from 'pg';
import { config } from '../config.ts';
import { inRequestTransaction, runRequestStatement, type Claims, type RequestScope } from '../db/pool.ts';
import { HttpError, proxiedHeaders, readBody, send, type Headers } from '../gateway/http.ts';
import { JwtError, verifyJwt } from '../gateway/jwt.ts';
import type { Deps, Service, ServiceContext } from '../gateway/server.ts';
import type { ParsedQuery, Prefer } from './ast.ts';
import {
  buildDelete,
  buildInsert,
  buildRead,
  buildRpc,
  buildUpdate,
  rpcShape,
  type BuiltQuery,
  type Rendering,
  type RpcArgs,
} from './build-sql.ts';
import { fromPgError, pgrstError } from './errors.ts';
import { openApiDoc } from './openapi.ts';
import { chooseRoutine } from './routines.ts';
import { tableHint } from './suggest.ts';
import { parsePrefer } from './parse-prefer.ts';
import { parseQuery } from './parse-query.ts';
import { configFlag, key, SchemaCache, type DbFunction, type Relation } from './schema-cache.ts';

const OBJECT_MEDIA = 'application/vnd.pgrst.object+json';
const ARRAY_MEDIA = 'application/vnd.pgrst.array+json';
const JSON_TYPE = 'application/json; charset=utf-8';
const RETRYABLE_CODES = new Set(['42703', 'PGRST204', 'PGRST200', 'PGRST205', 'PGRST202']);

interface Plan {
  query: BuiltQuery;
  offset: number;
  singular: boolean;
  csv?: boolean;
  /** rpc: what the result is (void → 204). */
  shape: 'rows' | 'void' | 'scalar' | 'object';
  readOnly: boolean;
}

interface ResultRow {
  total: string | null;
  n: string;
  body: string | null;
  /** Upserts into a table: how many of the rows were inserted (the rest were updated or ignored). */
  inserted?: string | null;
}

function bodyCode(error: unknown): string | null {
  if (error instanceof HttpError && typeof error.body === 'object' && error.body && 'code' in error.body) {
    return String(error.body.code);
  }
  return null;
}

async function authenticate(bearer: string | null): Promise<Claims> {
  if (!bearer) return { role: 'anon' };
  try {
    const payload = await verifyJwt(bearer);
    const role = typeof payload.role === 'string' && payload.role !== '' ? payload.role : 'anon';
    return { ...payload, role };
  } catch (error) {
    if (error instanceof JwtError && error.reason === 'expired') throw pgrstError(401, 'PGRST303', 'JWT expired');
    const reason = error instanceof Error ? error.message : 'invalid';
    const message = /signature/i.test(reason) ? 'JWT cryptographic operation failed' : `JWT invalid: ${reason}`;
    throw pgrstError(401, 'PGRST301', message);
  }
}

/** A malformed percent-escape (`%E0%A4%A`) names no table: 404 like any unknown path, not a URIError. */
function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw pgrstError(404, 'PGRST125', 'Invalid path specified in request URL');
  }
}

function parseJson(text: string): unknown {
  if (text.trim() === '') throw pgrstError(400, 'PGRST102', 'Empty or invalid json');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw pgrstError(400, 'PGRST102', 'Empty or invalid json');
  }
}

const FILTER_VALUE =
  /^(not\.)?(eq|neq|gt|gte|lt|lte|like|ilike|match|imatch|in|is|isdistinct|fts|plfts|phfts|wfts|cs|cd|ov|sl|sr|nxl|nxr|adj)(\(|\.)/;
const RESERVED_KEY = /(^|\.)(select|columns|on_conflict|order|limit|offset|and|or)$/;

/** A GET-rpc parameter that is neither reserved nor a filter: an argument (PostgREST's NoOpExpr). */
function isPlainArgument(key: string, value: string): boolean {
  return key !== 'apikey' && !RESERVED_KEY.test(key) && !FILTER_VALUE.test(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Rows of an insert as one JSON array text and the union of their keys. */
function insertPayload(text: string): { json: string; keys: string[] } {
  const value = parseJson(text);
  if (isObject(value)) return { json: `[${text}]`, keys: Object.keys(value) };
  if (!Array.isArray(value)) throw pgrstError(400, 'PGRST102', 'Empty or invalid json');
  const keys = new Set<string>();
  for (const row of value) {
    if (!isObject(row)) throw pgrstError(400, 'PGRST102', 'All object keys must match');
    for (const k of Object.keys(row)) keys.add(k);
  }
  return { json: text, keys: [...keys] };
}

export function rangeHeader(value: string | undefined): { offset: number; limit?: number } | null {
  if (!value) return null;
  const match = /^(?:items=)?\s*(\d+)-(\d*)\s*$/.exec(value);
  if (!match) return null;
  const from = Number(match[1]);
  if (!match[2]) return { offset: from };
  const to = Number(match[2]);
  if (to < from)
    throw pgrstError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `The lower boundary must be lower than or equal to the upper boundary in the Range header.`,
    );
  return { offset: from, limit: to - from + 1 };
}

function paging(query: ParsedQuery, range: string | undefined): { offset: number; limit: number } {
  const root = query.levels.get('');
  const header = rangeHeader(range);
  const offset = root?.offset ?? header?.offset ?? 0;
  const requested = root?.limit ?? header?.limit;
  const limit = Math.min(requested ?? config.api.maxRows, config.api.maxRows);
  return { offset, limit };
}

export async function createRestService(deps: Deps): Promise<{ service: Service; close(): Promise<void> }> {
  const schemas = config.api.schemas;
  const cache = new SchemaCache(deps.adminPool, schemas);
  await cache.start();

  /** Built read statements by request shape; cleared with every schema reload. */
  const plans = new Map<string, Plan>();
  cache.subscribe(() => plans.clear());
  const statementNames = new Map<string, string>();

  function prepared(query: BuiltQuery): pg.QueryConfig {
    let name = statementNames.get(query.text);
    if (!name && statementNames.size < 4000) {
      name = `pgrst_${statementNames.size + 1}`;
      statementNames.set(query.text, name);
    }
    return name ? { name, text: query.text, values: query.values } : { text: query.text, values: query.values };
  }

  async function relationFor(schema: string, name: string, since: number): Promise<Relation> {
    let rel = cache.snapshot.relations.get(key(schema, name));
    if (!rel) {
      await cache.refresh(since);
      rel = cache.snapshot.relations.get(key(schema, name));
    }
    if (!rel) {
      throw pgrstError(
        404,
        'PGRST205',
        `Could not find the table '${schema}.${name}' in the schema cache`,
        null,
        tableHint(cache.snapshot, schema, name),
      );
    }
    return rel;
  }

  async function functionsFor(schema: string, name: string, since: number): Promise<DbFunction[]> {
    let fns = cache.snapshot.functions.get(key(schema, name));
    if (!fns) {
      await cache.refresh(since);
      fns = cache.snapshot.functions.get(key(schema, name));
    }
    return fns ?? [];
  }

  /** Builds the plan; a miss against a stale cache reloads once and builds again. */
  async function withRetry<T>(since: number, build: () => Promise<T>): Promise<T> {
    try {
      return await build();
    } catch (error) {
      const code = bodyCode(error);
      if (code === null || !RETRYABLE_CODES.has(code) || cache.snapshot.loadedAt > since) throw error;
      await cache.refresh(since);
      return build();
    }
  }

  async function planFor(
    ctx: ServiceContext,
    method: string,
    schema: string,
    prefer: Prefer,
    rendering: Rendering,
    since: number,
    readText: () => Promise<string> = () => Promise.resolve(''),
  ): Promise<Plan> {
    const { singular } = rendering;
    const segments = ctx.subpath.split('/').filter((s) => s !== '');
    const isRpc = segments.length === 2 && segments[0] === 'rpc';
    if (!(segments.length === 1 || isRpc)) {
      throw pgrstError(404, 'PGRST125', 'Invalid path specified in request URL');
    }
    const name = decodePathSegment(segments[segments.length - 1] ?? '');
    const count = prefer.count !== undefined;
    const returnBody = prefer.return === 'representation';
    const isRead = method === 'GET' || method === 'HEAD';

    if (isRpc) {
      const candidates = await functionsFor(schema, name, since);
      let args: RpcArgs;
      let fn: DbFunction;
      let query: ParsedQuery;
      if (isRead) {
        const argNames = new Set(candidates.flatMap((f) => f.args.map((a) => a.name)));
        // PostgREST (QueryParams.parse): a parameter whose value is no `op.value` filter is an
        // argument, as is one that names an argument of the function.
        query = parseQuery(ctx.url.searchParams, (k, v) => argNames.has(k) || isPlainArgument(k, v));
        const values: Record<string, unknown> = {};
        for (const [k, v] of query.rpcArgs) values[k] = v;
        fn = chooseRoutine(cache.snapshot, candidates, { schema, name, keys: Object.keys(values), isPost: false });
        args = fn.singleUnnamed ? { kind: 'whole', json: JSON.stringify(values) } : { kind: 'named', values };
      } else {
        query = parseQuery(ctx.url.searchParams);
        const text = await readText();
        const body = text.trim() === '' ? {} : parseJson(text);
        const keys = isObject(body) ? Object.keys(body) : [];
        fn = chooseRoutine(cache.snapshot, candidates, { schema, name, keys, isPost: true });
        // A function whose only parameter is unnamed gets the whole body (PostgREST's OnePosParam).
        args = fn.singleUnnamed
          ? { kind: 'whole', json: text.trim() === '' ? '{}' : text }
          : { kind: 'named', values: isObject(body) ? body : {} };
      }
      const { offset, limit } = paging(query, ctx.req.headers.range);
      const built = buildRpc(cache.snapshot, fn, args, query, { ...rendering, count, limit, offset });
      const kind = rpcShape(fn);
      const shape = kind === 'void' ? 'void' : kind === 'scalar' ? 'scalar' : kind === 'object' ? 'object' : 'rows';
      return { query: built, offset, singular, shape, readOnly: isRead || fn.volatility !== 'v' };
    }

    const rel = await relationFor(schema, name, since);
    const query = parseQuery(ctx.url.searchParams);
    const write = { ...rendering, returnBody, count };
    switch (method) {
      case 'GET':
      case 'HEAD': {
        const { offset, limit } = paging(query, ctx.req.headers.range);
        const planCount = prefer.count === 'planned' || prefer.count === 'estimated';
        const built = buildRead(cache.snapshot, rel, query, {
          ...rendering,
          // A planned count needs no exact one; an estimated one is exact up to max-rows.
          count: count && prefer.count !== 'planned',
          planCount,
          limit,
          offset,
        });
        return { query: built, offset, singular, shape: 'rows', readOnly: true };
      }
      case 'POST': {
        const payload = insertPayload(await readText());
        const options: Parameters<typeof buildInsert>[4] = { ...write, missingDefault: prefer.missing === 'default' };
        if (prefer.resolution) options.resolution = prefer.resolution;
        else if (query.onConflict) options.resolution = 'merge-duplicates';
        return {
          query: buildInsert(cache.snapshot, rel, query, payload, options),
          offset: 0,
          singular,
          shape: 'rows',
          readOnly: false,
        };
      }
      case 'PATCH': {
        const text = await readText();
        const value = parseJson(text);
        if (!isObject(value)) throw pgrstError(400, 'PGRST102', 'Empty or invalid json');
        const built = buildUpdate(cache.snapshot, rel, query, { json: text, keys: Object.keys(value) }, write);
        return { query: built, offset: 0, singular, shape: 'rows', readOnly: false };
      }
      case 'DELETE':
        return {
          query: buildDelete(cache.snapshot, rel, query, write),
          offset: 0,
          singular,
          shape: 'rows',
          readOnly: false,
        };
      default:
        throw pgrstError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
    }
  }

  const service: Service = async (ctx) => {
    const since = Date.now();
    const { req, res } = ctx;
    const method = (req.method ?? 'GET').toUpperCase();
    const claims = await authenticate(ctx.bearer);
    const isRead = method === 'GET' || method === 'HEAD';
    const profile = req.headers[isRead ? 'accept-profile' : 'content-profile'];
    const schema = typeof profile === 'string' && profile !== '' ? profile : (schemas[0] ?? 'public');
    if (!schemas.includes(schema)) {
      throw pgrstError(406, 'PGRST106', `The schema must be one of the following: ${schemas.join(', ')}`);
    }
    const accept = req.headers.accept ?? '';
    if (ctx.subpath === '/' && isRead) {
      const doc = JSON.stringify(openApiDoc(cache.snapshot, schema, req.headers.host ?? ''));
      send(res, 200, method === 'HEAD' ? null : doc, { 'Content-Type': 'application/openapi+json; charset=utf-8' });
      return;
    }
    // explain(): off on hosted projects, where PostgREST finds no such media type (PGRST107); on
    // with `pgrst.db_plan_enabled` on the authenticator role, where it answers the query's plan.
    const explain = planRequest(accept);
    if (explain && !configFlag(cache.snapshot, 'db_plan_enabled')) {
      throw pgrstError(406, 'PGRST107', `None of these media types are available: ${planMime(explain)}`);
    }
    const rendering = renderingFor(explain ? explain.forType : accept);
    const { singular } = rendering;
    const preferHeader = req.headers.prefer;
    const prefer = parsePrefer(Array.isArray(preferHeader) ? preferHeader.join(',') : preferHeader);

    let plan: Plan;
    if (isRead && !explain) {
      const cacheKey = `${method}\n${schema}\n${ctx.subpath}\n${ctx.url.search}\n${singular ? 1 : 0}${rendering.csv ? 'c' : ''}${rendering.stripNulls ? 's' : ''}\n${prefer.count ?? ''}\n${req.headers.range ?? ''}`;
      const cached = plans.get(cacheKey);
      if (cached) plan = cached;
      else {
        plan = await withRetry(since, () => planFor(ctx, method, schema, prefer, rendering, since));
        if (plans.size > 2000) plans.clear();
        plans.set(cacheKey, plan);
      }
    } else {
      // Writes read the body once: a retry after a schema reload reuses it.
      let body: Promise<string> | null = null;
      const readText = (): Promise<string> => (body ??= readBody(req).then((b) => b.toString('utf8')));
      plan = await withRetry(since, () => planFor(ctx, method, schema, prefer, rendering, since, readText));
    }

    const scope: RequestScope = {
      claims,
      readOnly: plan.readOnly,
      method,
      path: ctx.subpath,
      headers: proxiedHeaders(req, ctx.ip),
      schema,
      roleSettings: cache.snapshot.roleSettings.get(claims.role),
    };
    if (explain) {
      const body = await explainPlan(deps.pool, scope, plan.query, explain, prefer.tx === 'rollback');
      send(res, 200, method === 'HEAD' ? null : body, { 'Content-Type': `${planMime(explain)}; charset=utf-8` });
      return;
    }
    let row: ResultRow;
    const { countPlan } = plan.query;
    const maxAffected = strictMaxAffected(prefer, method, ctx.subpath);
    const mayCountByPlan = countPlan !== undefined && (prefer.count === 'planned' || prefer.count === 'estimated');
    try {
      if (!plan.singular && maxAffected === null && !mayCountByPlan && prefer.tx !== 'rollback') {
        // Nothing below can refuse the result: commit with the statement, one round trip.
        const result = await runRequestStatement<ResultRow>(deps.pool, scope, prepared(plan.query));
        row = result.rows[0] ?? { total: null, n: '0', body: null };
      } else {
        row = await inRequestTransaction(
          deps.pool,
          scope,
          async (client) => {
            const result = await client.query<ResultRow>(prepared(plan.query));
            const first = result.rows[0] ?? { total: null, n: '0', body: null };
            const usePlan =
              countPlan !== undefined &&
              (prefer.count === 'planned' ||
                (prefer.count === 'estimated' && Number(first.total) > config.api.maxRows));
            if (usePlan) {
              const explained = await client.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(countPlan);
              first.total = String(Math.round(explained.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0));
            }
            // PostgREST: with handling=strict, a write affecting more rows than max-affected is
            // refused and rolled back (PGRST124); lenient handling ignores the preference.
            if (maxAffected !== null && Number(first.n) > maxAffected) {
              throw pgrstError(
                400,
                'PGRST124',
                'Query result exceeds max-affected preference constraint',
                `The query affects ${first.n} rows`,
              );
            }
            if (plan.singular && Number(first.n) !== 1) {
              throw pgrstError(
                406,
                'PGRST116',
                'Cannot coerce the result to a single JSON object',
                `The result contains ${first.n} rows`,
              );
            }
            return first;
          },
          { rollback: prefer.tx === 'rollback' },
        );
      }
    } catch (error) {
      throw fromPgError(error, claims.role);
    }
    respond(ctx, method, rendering.csv ? { ...plan, csv: true } : plan, prefer, row);
  };

  return {
    service,
    close: async () => {
      await cache.close();
    },
  };
}

/** EXPLAIN of the request's statement, in its transaction: the JSON plan, or the text plan's lines. */
async function explainPlan(
  pool: pg.Pool,
  scope: RequestScope,
  query: BuiltQuery,
  plan: PlanRequest,
  rollback: boolean,
): Promise<string> {
  const options = [`format ${plan.format}`, ...plan.options.map((o) => `${o} true`)].join(', ');
  try {
    return await inRequestTransaction(
      pool,
      scope,
      async (client) => {
        const result = await client.query<{ 'QUERY PLAN': unknown }>({
          text: `explain (${options}) ${query.text}`,
          values: query.values,
        });
        if (plan.format === 'json') return JSON.stringify(result.rows[0]?.['QUERY PLAN'] ?? []);
        return result.rows.map((r) => String(r['QUERY PLAN'])).join('\n');
      },
      { rollback },
    );
  } catch (error) {
    throw fromPgError(error, scope.claims.role);
  }
}

/** What the Accept header asks for: one object, CSV, and whether null fields are left out. */
export function renderingFor(accept: string): Rendering {
  const types = accept.split(',').map((t) => t.trim().toLowerCase());
  const csv = types.some((t) => t.startsWith('text/csv'));
  const pgrst = types.find((t) => t.startsWith(OBJECT_MEDIA) || t.startsWith(ARRAY_MEDIA));
  return {
    singular: !csv && types.some((t) => t.startsWith(OBJECT_MEDIA)),
    csv,
    stripNulls: !csv && pgrst !== undefined && /;\s*nulls=stripped\b/.test(pgrst),
  };
}

/** `Accept: application/vnd.pgrst.plan+json; for="…"; options=analyze|verbose` (postgrest-js' explain()). */
export interface PlanRequest {
  format: 'json' | 'text';
  /** The media type the plan is for, as PostgREST renders it back. */
  forType: string;
  options: string[];
}

const PLAN_OPTIONS = new Set(['analyze', 'verbose', 'settings', 'buffers', 'wal']);

export function planRequest(accept: string): PlanRequest | null {
  const media = accept
    .split(/,(?=\s*[a-z*]+\/)/i)
    .map((t) => t.trim())
    .find((t) => /^application\/vnd\.pgrst\.plan(\+(json|text))?\s*(;|$)/i.test(t));
  if (!media) return null;
  const format = /^application\/vnd\.pgrst\.plan\+json/i.test(media) ? 'json' : 'text';
  const forType = /;\s*for="?([^";]+)"?/i.exec(media)?.[1]?.trim() ?? 'application/json';
  const options = (/;\s*options=([^;]*)/i.exec(media)?.[1] ?? '')
    .split('|')
    .map((o) => o.trim().toLowerCase())
    .filter((o) => PLAN_OPTIONS.has(o));
  return { format, forType, options };
}

/** The plan media type as PostgREST's toMime writes it (in PGRST107 and the response's Content-Type). */
function planMime(plan: PlanRequest): string {
  const options = plan.options.length > 0 ? `; options=${plan.options.join('|')}` : '';
  return `application/vnd.pgrst.plan+${plan.format}; for="${plan.forType}"${options}`;
}

function strictMaxAffected(prefer: Prefer, method: string, subpath: string): number | null {
  if (prefer.handling !== 'strict' || prefer.maxAffected === undefined) return null;
  const isWrite = method === 'PATCH' || method === 'DELETE' || (method === 'POST' && subpath.startsWith('/rpc/'));
  return isWrite ? prefer.maxAffected : null;
}

function respond(ctx: ServiceContext, method: string, plan: Plan, prefer: Prefer, row: ResultRow): void {
  const n = Number(row.n);
  const total = row.total === null ? null : Number(row.total);
  const headers: Headers = {};
  if (prefer.applied.length > 0) headers['Preference-Applied'] = prefer.applied.join(', ');
  const contentType = plan.csv
    ? 'text/csv; charset=utf-8'
    : plan.singular
      ? `${OBJECT_MEDIA}; charset=utf-8`
      : JSON_TYPE;

  if (plan.shape === 'void') {
    send(ctx.res, 204, null, headers);
    return;
  }
  if (plan.shape === 'scalar' || plan.shape === 'object') {
    // One value is one item: PostgREST's range says so, with the total when a count was asked for.
    headers['Content-Range'] = `0-0/${prefer.count !== undefined ? 1 : '*'}`;
    headers['Content-Type'] = contentType;
    send(ctx.res, 200, method === 'HEAD' ? null : (row.body ?? 'null'), headers);
    return;
  }
  const range = n > 0 ? `${plan.offset}-${plan.offset + n - 1}` : '*';
  headers['Content-Range'] = `${range}/${total ?? '*'}`;
  if (method === 'GET' || method === 'HEAD' || ctx.subpath.startsWith('/rpc/')) {
    if (total !== null && n === 0 && plan.offset > 0 && plan.offset >= total) {
      throw pgrstError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        `An offset of ${plan.offset} was requested, but there are only ${total} rows.`,
      );
    }
    const partial = total !== null && (plan.offset > 0 || plan.offset + n < total);
    headers['Content-Type'] = contentType;
    send(ctx.res, partial ? 206 : 200, method === 'HEAD' ? null : (row.body ?? '[]'), headers);
    return;
  }
  const hasBody = row.body !== null;
  if (hasBody) headers['Content-Type'] = contentType;
  // PostgREST answers 200 only for a merge (Prefer: resolution=merge-duplicates) that inserted
  // nothing; an insert that ignored every duplicate is still 201 (Response.hs, MutationCreate).
  const isUpsertWithoutInsert =
    prefer.resolution === 'merge-duplicates' &&
    row.inserted !== undefined &&
    row.inserted !== null &&
    Number(row.inserted) === 0;
  const status = method === 'POST' ? (isUpsertWithoutInsert ? 200 : 201) : hasBody ? 200 : 204;
  send(ctx.res, status, hasBody ? row.body : null, headers);
}

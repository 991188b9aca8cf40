/**
 * Fuzzing /rest/v1 through the gateway as agency A (a signed-in company with staff and shifts):
 * random and hostile selects, filters, embeds, ordering, paging, headers and write bodies against
 * the product's tables, views and RPCs. Never a 5xx, never a row of agency B (seeded with
 * recognisable values), B's rows unchanged afterwards, and the gateway still answers.
 * Replay a failure with the printed seed: `FC_SEED=<seed> npx vitest run --project integration stack/tests/fuzz-rest.test.ts`.
 */
import fc from 'fast-check';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createStaff, removeTestData, type TestCompany } from '../../tests/e2e/dashboard-fixtures.ts';
import { superuser } from '../../tests/support/clients.ts';
import { ANON_KEY, API_URL } from '../../tests/support/stack-env.ts';

const seed = Number(process.env.FC_SEED ?? Math.floor(Math.random() * 2 ** 31));
process.stdout.write(`[fuzz] /rest/v1 seed: ${seed} (FC_SEED=${seed} to replay)\n`);

/** Every value of agency B carries this, so any leak shows up in a response body. */
const B_MARK = 'Zyxfuzzmark';
const markerA = `fuzza${Math.random().toString(36).slice(2, 8)}`;
const markerB = `fuzzb${Math.random().toString(36).slice(2, 8)}`;

let db: pg.Client;
let a: TestCompany;
let b: TestCompany;
let tokenA = '';
let aStaff: string[] = [];
let bSecrets: string[] = [];
let aShift = '';
let bShift = '';

async function insertShift(companyId: string, label: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.shifts (company_id, staff_type, skill, street_number, street_name, city, province, country,
                                postal_code, notes, starts_at, ends_at, latitude, longitude)
     values ($1, 'PSW', $2, '12', $2, 'Toronto', 'Ontario', 'Canada', 'M5H 1A1', $2,
             now() + interval '2 days', now() + interval '2 days 8 hours', 43.65, -79.38)
     returning id`,
    [companyId, label],
  );
  return rows[0]?.id ?? '';
}

/** B's rows as the superuser sees them, to prove the run changed nothing of B's. */
async function snapshotOfB(): Promise<string> {
  const { rows } = await db.query<{ snap: string }>(
    `select jsonb_build_object(
       'companies', (select jsonb_agg(c order by c.id) from public.companies c where c.id = $1),
       'shifts', (select jsonb_agg(s order by s.id) from public.shifts s where s.company_id = $1),
       'staff', (select jsonb_agg(s order by s.id) from public.staff s where s.id = any($2)),
       'employments', (select jsonb_agg(e order by e.staff_id) from public.employments e where e.company_id = $1),
       'notifications', (select jsonb_agg(n order by n.id) from public.notifications n where n.company_id = $1)
     )::text as snap`,
    [b.id, bSecrets],
  );
  return rows[0]?.snap ?? '';
}

let before = '';

beforeAll(async () => {
  db = await superuser();
  a = await createCompany(markerA, { name: 'Agency Fuzz A', premium: true });
  b = await createCompany(markerB, { name: `${B_MARK} Agency`, premium: true });
  tokenA = (a.session as { access_token: string }).access_token;
  aStaff = await createStaff(a, 2, markerA);
  const bStaff = await createStaff(b, 2, markerB);
  await db.query(`update public.staff set first_name = $2, last_name = $2 where id = any($1)`, [
    bStaff,
    `${B_MARK}Staff`,
  ]);
  aShift = await insertShift(a.id, 'Fuzz A shift');
  bShift = await insertShift(b.id, `${B_MARK} shift`);
  await insertShift(b.id, `${B_MARK} second`);
  bSecrets = [b.id, ...bStaff];
  before = await snapshotOfB();
});

afterAll(async () => {
  await removeTestData([markerA, markerB], [a, b].filter(Boolean));
  await db.end();
});

// ---- generators -------------------------------------------------------------------------------

const COLUMNS: Record<string, string[]> = {
  shifts: [
    'id',
    'company_id',
    'staff_type',
    'skill',
    'street_name',
    'city',
    'notes',
    'starts_at',
    'ends_at',
    'latitude',
    'accepted_by',
    'created_at',
  ],
  shifts_with_status: ['id', 'company_id', 'status', 'skill', 'starts_at', 'accepted_by'],
  company_staff: ['company_id', 'staff_id', 'first_name', 'last_name', 'email'],
  companies: ['id', 'company_name', 'company_code', 'premium', 'email', 'city', 'time_zone'],
  staff: ['id', 'first_name', 'last_name', 'email', 'phone', 'push_token'],
  notifications: ['id', 'staff_id', 'company_id', 'shift_id', 'message', 'read_at'],
};
const EMBEDS: Record<string, string[]> = {
  shifts: ['companies', 'staff', 'notifications'],
  shifts_with_status: ['companies', 'staff'],
  company_staff: ['companies', 'staff'],
  companies: ['shifts', 'notifications', 'employments', 'staff'],
  staff: ['shifts', 'notifications', 'employments', 'companies'],
  notifications: ['shifts', 'staff', 'companies'],
};
const TABLES = Object.keys(COLUMNS);

const hostile = fc.constantFrom(
  "'; delete from public.shifts; --",
  '") or 1=1 --',
  '\\',
  '"',
  ',',
  '()',
  '{}',
  '\0',
  '😀',
  '\u202E',
  '99999999999999999999999999',
  '-1',
  '1e309',
  'NaN',
  'null',
  '2024-13-45',
  '%',
  '*',
);
/** Values, including B's ids (which RLS must make useless) and random text. */
const value = fc.oneof(
  hostile,
  fc.string({ maxLength: 8 }),
  fc.constantFrom('PSW', 'Toronto', 'true', 'false', '0', '1', '43.65'),
  fc.constant('').map(() => bSecrets[0] ?? ''),
  fc.constant('').map(() => bShift),
  fc.constant('').map(() => aShift),
  fc.uuid(),
);
const op = fc.constantFrom(
  'eq',
  'neq',
  'gt',
  'lt',
  'gte',
  'like',
  'ilike',
  'match',
  'is',
  'in',
  'isdistinct',
  'cs',
  'fts',
  'ov',
  'bogus',
);
function filterFor(table: string) {
  const col = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...(COLUMNS[table] ?? ['id'])) },
    fc.string({ maxLength: 6 }),
  );
  const isValue = fc.oneof(fc.constantFrom('null', 'true', 'not_null'), value);
  return fc.tuple(col, fc.boolean(), op, value, isValue).map(([c, not, o, v, is]) => {
    const operand = o === 'in' ? `(${v},${v})` : o === 'is' ? is : v;
    return [c, `${not ? 'not.' : ''}${o}.${operand}`] as [string, string];
  });
}
function selectFor(table: string) {
  const cols = COLUMNS[table] ?? ['id'];
  const item = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('*', ...cols) },
    fc
      .constantFrom(...(EMBEDS[table] ?? []))
      .chain((rel) =>
        fc
          .tuple(
            fc.constantFrom('', '!inner', '!left'),
            fc.constantFrom('*', 'id', '*,companies(*)', 'id,shifts(*)', 'company_name', 'bogus'),
          )
          .map(([hint, inner]) => `${rel}${hint}(${inner})`),
      ),
    fc.constantFrom(
      'count()',
      'id.count()',
      'x:id',
      '"a,b":id',
      'id::text',
      'id::int',
      '...companies(*)',
      'created_at->>0',
    ),
    fc.string({ maxLength: 10 }),
  );
  return fc.array(item, { minLength: 1, maxLength: 4 }).map((items) => items.join(','));
}
function paramsFor(table: string) {
  const cols = COLUMNS[table] ?? ['id'];
  const param = fc.oneof(
    { weight: 3, arbitrary: selectFor(table).map((s) => ['select', s] as [string, string]) },
    { weight: 4, arbitrary: filterFor(table) },
    fc
      .array(filterFor(table), { minLength: 1, maxLength: 3 })
      .chain((fs) =>
        fc
          .constantFrom('or', 'and', 'not.or')
          .map((k) => [k, `(${fs.map(([c, f]) => `${c}.${f}`).join(',')})`] as [string, string]),
      ),
    fc
      .tuple(fc.constantFrom(...cols), fc.constantFrom('', '.desc', '.asc.nullslast', '.bogus'))
      .map(([c, d]) => ['order', c + d] as [string, string]),
    fc.tuple(
      fc.constantFrom('limit', 'offset'),
      fc.oneof(fc.nat(50).map(String), fc.constantFrom('-1', '99999999999999999999', 'x')),
    ),
    fc.tuple(fc.constantFrom('columns', 'on_conflict'), fc.constantFrom(...cols, 'bogus')),
    fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 12 })),
  );
  return fc.array(param, { maxLength: 4 }).map((pairs) => {
    const params = new URLSearchParams();
    for (const [k, v] of pairs) params.append(k, v);
    return params.toString();
  });
}
function bodyFor(table: string) {
  const cols = COLUMNS[table] ?? ['id'];
  const json = fc.oneof(
    value,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.jsonValue({ maxDepth: 2 }),
  );
  const row = fc.dictionary(
    fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...cols) }, fc.string({ maxLength: 5 })),
    json,
    {
      maxKeys: 4,
    },
  );
  return fc.oneof(
    { weight: 4, arbitrary: row.map((r) => JSON.stringify(r)) },
    fc.array(row, { maxLength: 3 }).map((r) => JSON.stringify(r)),
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    fc.string({ maxLength: 30 }),
    fc.constant(''),
    fc.constant(`{"company_id": "${'x'.repeat(10_000)}"}`),
  );
}
const headers = fc.record(
  {
    prefer: fc.constantFrom(
      'return=representation',
      'count=exact',
      'return=minimal',
      'tx=rollback',
      'resolution=merge-duplicates',
      'count=exact,return=representation',
      'x=y',
    ),
    range: fc.constantFrom('0-9', '5-2', '0-', 'items=1-3', 'garbage', '99999999999999999999-1'),
    accept: fc.constantFrom('application/json', 'application/vnd.pgrst.object+json', 'text/csv', '*/*'),
    'accept-profile': fc.constantFrom('public', 'private', 'auth'),
    'content-profile': fc.constantFrom('public', 'private'),
  },
  { requiredKeys: [] },
);

const RPCS: Record<string, string[]> = {
  accept_shift: ['shift_id'],
  clock_in: ['shift_id', 'latitude', 'longitude', 'reason'],
  clock_in_radius_m: [],
  clock_out: ['shift_id', 'time_done'],
  clock_staff_out: ['shift_id', 'time_done'],
  shift_timeline: ['p_shift_id'],
  coverage_overview: ['p_from', 'p_to'],
  timesheet_csv: ['p_from', 'p_to'],
  join_company: ['code'],
  leave_company: ['company_id'],
  my_employers: [],
  mark_notifications_read: [],
  use_assistant_question: [],
  refund_assistant_question: ['reservation_id'],
  mark_tutorial_seen: [],
  account_type: [],
  shift_status: ['shift'],
  nope: ['x'],
};

interface Request {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body?: string;
}

const tableRequest: fc.Arbitrary<Request> = fc.constantFrom(...TABLES).chain((table) =>
  fc
    .record({
      method: fc.constantFrom('GET', 'GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'PUT'),
      query: paramsFor(table),
      headers,
      body: bodyFor(table),
    })
    .map((r) => ({ ...r, path: `/${table}` })),
);
const rpcRequest: fc.Arbitrary<Request> = fc.constantFrom(...Object.keys(RPCS)).chain((name) => {
  const args = RPCS[name] ?? [];
  const argValues = fc.dictionary(
    fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...args, 'x') }, fc.string({ maxLength: 4 })),
    fc.oneof(value, fc.jsonValue({ maxDepth: 1 })),
    { maxKeys: 3 },
  );
  return fc
    .record({
      method: fc.constantFrom('GET', 'POST', 'POST'),
      args: argValues,
      query: paramsFor('shifts'),
      headers,
      raw: fc.option(fc.string({ maxLength: 20 }), { freq: 8 }),
    })
    .map(({ method, args: values, query, headers: h, raw }) => {
      const qs = new URLSearchParams(query);
      if (method === 'GET')
        for (const [k, v] of Object.entries(values)) qs.append(k, typeof v === 'string' ? v : JSON.stringify(v));
      return { method, path: `/rpc/${name}`, query: qs.toString(), headers: h, body: raw ?? JSON.stringify(values) };
    });
});
const hostilePath: fc.Arbitrary<Request> = fc
  .constantFrom('/%E0%A4%A', '/shifts/extra', '/rpc/', '/rpc/%00', '/..%2Fauth', '/shifts%00', '/' + 'a'.repeat(300))
  .map((path) => ({ method: 'GET', path, query: '', headers: {} }));

async function send(req: Request): Promise<{ status: number; text: string }> {
  const init: RequestInit = {
    method: req.method,
    headers: {
      apikey: ANON_KEY,
      Authorization: `Bearer ${tokenA}`,
      'content-type': 'application/json',
      ...req.headers,
    },
  };
  if (req.body !== undefined && !['GET', 'HEAD'].includes(req.method)) init.body = req.body;
  const res = await fetch(`${API_URL}/rest/v1${req.path}${req.query ? `?${req.query}` : ''}`, init);
  return { status: res.status, text: await res.text() };
}

function expectNoLeak(req: Request, res: { status: number; text: string }): void {
  const where = `${req.method} ${req.path}?${req.query} -> ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, where).toBeLessThan(500);
  const text = res.text.toLowerCase();
  expect(text.includes(B_MARK.toLowerCase()), `B's marker in ${where}`).toBe(false);
  expect(text.includes(markerB), `B's email in ${where}`).toBe(false);
  for (const secret of bSecrets) {
    // B's ids may come back only as an echo of what the request itself sent (e.g. in an error message).
    if (req.query.includes(secret) || req.body?.includes(secret)) continue;
    expect(text.includes(secret), `B's id ${secret} in ${where}`).toBe(false);
  }
}

describe('/rest/v1 as agency A under fuzzing', () => {
  it('sees A’s own rows (the fuzz runs against real data)', async () => {
    const res = await send({ method: 'GET', path: '/shifts', query: 'select=id,companies(company_name)', headers: {} });
    expect(res.status).toBe(200);
    expect(res.text).toContain(aShift);
    expect(res.text).toContain('Agency Fuzz A');
    expect(aStaff.length).toBe(2);
    expectNoLeak({ method: 'GET', path: '/shifts', query: '', headers: {} }, res);
  });

  // PATCH on the view: it has no update grant, so Postgres refuses before finding it not updatable.
  it('answers the cases fuzzing found with a 4xx (regressions)', async () => {
    const deep = (n: number) => `(${'or('.repeat(n)}id.is.null${')'.repeat(n)})`;
    const cases: [Request, number][] = [
      [{ method: 'GET', path: '/%E0%A4%A', query: '', headers: {} }, 404],
      [{ method: 'GET', path: '/shifts', query: `select=${encodeURIComponent('"a\0b":id')}`, headers: {} }, 400],
      [{ method: 'GET', path: '/shifts', query: `or=${encodeURIComponent(deep(2500))}`, headers: {} }, 400],
      [{ method: 'DELETE', path: '/company_staff', query: `company_id=eq.${a.id}`, headers: {} }, 405],
      [
        { method: 'PATCH', path: '/shifts_with_status', query: `id=eq.${aShift}`, headers: {}, body: '{"skill":"x"}' },
        403,
      ],
    ];
    for (const [req, status] of cases) {
      const res = await send(req);
      expect([req.method, req.path, res.status]).toEqual([req.method, req.path, status]);
      expectNoLeak(req, res);
    }
  });

  it('never answers 5xx and never shows agency B, for random table requests, RPCs and paths', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof({ weight: 6, arbitrary: tableRequest }, { weight: 3, arbitrary: rpcRequest }, hostilePath),
        async (req) => {
          expectNoLeak(req, await send(req));
        },
      ),
      { seed, numRuns: 250, includeErrorInReport: true },
    );
  });

  it('changed nothing of B’s, and the gateway still answers', async () => {
    expect(await snapshotOfB()).toBe(before);
    const health = await fetch(`${API_URL}/rest/v1/companies?select=id`, {
      headers: { apikey: ANON_KEY, Authorization: `Bearer ${tokenA}` },
    });
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual([{ id: a.id }]);
  });
});

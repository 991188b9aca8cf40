/**
 * Requests whose answers used to differ from PostgREST's, each checked through the unmodified
 * supabase-js against the rule PostgREST documents (cited beside each test).
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { superuser, serviceClient } from '../../tests/support/clients.ts';
import { ANON_KEY, API_URL, SERVICE_ROLE_KEY } from '../../tests/support/stack-env.ts';
import { prefix } from './rest-support.ts';

const p = prefix('parity');
const users = `${p}_users`;
const people = `${p}_people`;
let db: pg.Client;

beforeAll(async () => {
  db = await superuser();
  // The range table of PostgREST's own operator examples (docs: "Operators", rangeGte/rangeLte).
  await db.query(`
    create table public.${users} (id int primary key, name text not null, age_range int4range not null);
    insert into public.${users} values (1, 'one', '[1,2)'), (2, 'two', '[25,35)'), (3, 'three', '[20,30)');
    create table public.${people} (id int primary key, name text not null);
    insert into public.${people} values (1, 'Ada'), (2, 'Grace');
    create table public.${p}_contacts (id int primary key, name text not null, phone text, note text);
    insert into public.${p}_contacts values (1, 'Ada', null, 'likes "tea", mornings'), (2, 'Grace', '555', null);
    create table public.${p}_tasks (id int primary key, done boolean not null default false);
    insert into public.${p}_tasks select g, false from generate_series(1, 5) g;
    grant all on public.${p}_contacts, public.${p}_tasks to anon, authenticated, service_role;
    create table public.${p}_skills (id int primary key, name text not null);
    insert into public.${p}_skills values (1, 'Dementia care'), (2, 'Lift and transfer'), (3, 'Meds');
    create table public.${p}_people_skills (
      person_id int references public.${people} (id), skill_id int references public.${p}_skills (id),
      primary key (person_id, skill_id));
    insert into public.${p}_people_skills values (1, 1), (1, 3), (2, 2);
    create view public.${p}_people_view as select id, name from public.${people};
    create function public.${p}_full_label(public.${people}) returns text
      language sql stable as $$ select $1.name || ' #' || $1.id $$;
    create function public.${p}_people_count() returns int language sql stable
      as $$ select count(*)::int from public.${people} $$;
    create function public.${p}_overloaded(a int) returns text language sql as $$ select 'a' $$;
    create function public.${p}_overloaded(b text) returns text language sql as $$ select 'b' $$;
    create function public.${p}_twin(x int) returns text language sql as $$ select 'int' $$;
    create function public.${p}_twin(x text) returns text language sql as $$ select 'text' $$;
    grant all on public.${p}_skills, public.${p}_people_skills, public.${p}_people_view to anon, authenticated, service_role;
    create table public.${p}_messages (id int primary key, message text not null,
      person_id int not null references public.${people} (id));
    insert into public.${p}_messages values (1, 'hello', 1), (2, 'hi', 2);
    create table public.${p}_reviews (id int primary key,
      author_id int not null references public.${people} (id),
      reviewer_id int not null references public.${people} (id));
    create table public.${p}_tree (id int primary key, name text not null,
      parent_id int references public.${p}_tree (id));
    insert into public.${p}_tree values (1, 'root', null), (2, 'left', 1), (3, 'right', 1);
    grant all on public.${p}_messages, public.${p}_tree, public.${p}_reviews to anon, authenticated, service_role;
    create function public.${p}_said(public.${people}) returns setof public.${p}_messages
      language sql stable as $$ select * from public.${p}_messages where person_id = $1.id order by id $$;
    create function public.${p}_sender(public.${p}_messages) returns setof public.${people} rows 1
      language sql stable as $$ select * from public.${people} where id = $1.person_id $$;
    create function public.${p}_people_named(pattern text) returns setof public.${people}
      language sql stable as $$ select * from public.${people} where name ilike pattern order by id $$;
    grant all on public.${users}, public.${people} to anon, authenticated, service_role;
    grant execute on function public.${p}_people_named(text) to anon, authenticated, service_role;
  `);
});

afterAll(async () => {
  await db.query(`
    drop function if exists public.${p}_said(public.${people}), public.${p}_sender(public.${p}_messages),
      public.${p}_people_count();
    drop function if exists public.${p}_people_named(text), public.${p}_full_label(public.${people}),
      public.${p}_overloaded(int), public.${p}_overloaded(text), public.${p}_twin(int), public.${p}_twin(text);
    drop view if exists public.${p}_people_view;
    drop table if exists public.${p}_people_skills, public.${p}_skills;
    drop table if exists public.${p}_contacts, public.${p}_tasks, public.${p}_messages, public.${p}_tree, public.${p}_reviews, public.${users}, public.${people};
  `);
  await db.end();
});

const idsOf = (rows: { id: number }[] | null): number[] => (rows ?? []).map((r) => r.id).sort((a, b) => a - b);

describe('range operators (PostgREST: sl <<, sr >>, nxr &<, nxl &>, adj -|-, ov &&)', () => {
  const cases: [string, string, number[]][] = [
    // nxl: "does not extend to the left of" is Postgres' &>; supabase-js sends it for rangeGte.
    ['nxl', '[2,25)', [2, 3]],
    // nxr: "does not extend to the right of" is &<; rangeLte.
    ['nxr', '[2,25)', [1]],
    ['sl', '[2,25)', [1]],
    ['sr', '[2,25)', [2]],
    ['adj', '[2,25)', [1, 2]],
    ['ov', '[2,25)', [3]],
  ];
  for (const [op, range, expected] of cases) {
    it(`${op}.${range}`, async () => {
      const { data, error } = await serviceClient().from(users).select('id').filter('age_range', op, range);
      expect(error).toBeNull();
      expect(idsOf(data)).toEqual(expected);
    });
  }

  it('rangeGte and rangeLte send nxl and nxr and get PostgREST’s rows', async () => {
    const gte = await serviceClient().from(users).select('id').rangeGte('age_range', '[2,25)');
    const lte = await serviceClient().from(users).select('id').rangeLte('age_range', '[2,25)');
    expect(idsOf(gte.data)).toEqual([2, 3]);
    expect(idsOf(lte.data)).toEqual([1]);
  });
});

describe('counts', () => {
  // PostgREST answers a function returning rows like a table read: Content-Range with the total
  // when a count is asked for (docs: "Functions as RPC" → counting with Prefer: count).
  for (const count of ['exact', 'planned', 'estimated'] as const) {
    it(`rpc(…, { count: '${count}' }) reports a count`, async () => {
      const {
        data,
        count: total,
        error,
      } = await serviceClient().rpc(`${p}_people_named`, { pattern: '%a%' }, { count });
      expect(error).toBeNull();
      expect(data).toHaveLength(2);
      expect(typeof total).toBe('number');
      if (count === 'exact') expect(total).toBe(2);
    });
  }

  it('rpc of a function returning one value reports a count of one', async () => {
    const { data, count, error } = await serviceClient().rpc(`${p}_people_count`, {}, { count: 'exact' });
    expect(error).toBeNull();
    expect(typeof data).toBe('number');
    expect(count).toBe(1);
  });

  it('rpc read with GET and an exact count reports it', async () => {
    const { data, count } = await serviceClient().rpc(
      `${p}_people_named`,
      { pattern: '%a%' },
      { count: 'exact', get: true },
    );
    expect(data).toHaveLength(2);
    expect(count).toBe(2);
  });

  it('rpc with head and an exact count reports it without rows', async () => {
    const { data, count } = await serviceClient().rpc(
      `${p}_people_named`,
      { pattern: 'G%' },
      { count: 'exact', head: true },
    );
    expect(data).toBeNull();
    expect(count).toBe(1);
  });

  // PostgREST's planned count is the planner's estimate (EXPLAIN of the query): for a table never
  // analysed it is larger than the two rows returned, so the answer is 206 Partial Content with
  // the estimate as the total (docs: "Pagination and Count" → "Planned Count").
  it('HEAD and GET with Prefer: count=planned answer 206 with the planner’s estimate', async () => {
    const headers = { apikey: ANON_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}`, Prefer: 'count=planned' };
    const head = await fetch(`${API_URL}/rest/v1/${people}?select=*`, { method: 'HEAD', headers });
    expect(head.status).toBe(206);
    const [range, total] = (head.headers.get('content-range') ?? '').split('/');
    expect(range).toBe('0-1');
    const { rows } = await db.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
      `explain (format json) select * from public.${people}`,
    );
    expect(Number(total)).toBe(rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows']);
    expect(Number(total)).toBeGreaterThan(2);
    const { count, data } = await serviceClient().from(people).select('id', { count: 'planned' }).like('name', '%a%');
    expect(data).toHaveLength(2);
    expect(typeof count).toBe('number');
  });

  it('count=estimated is exact below max-rows', async () => {
    const { count, status } = await serviceClient().from(people).select('id', { count: 'estimated' });
    expect(count).toBe(2);
    expect(status).toBe(200);
  });

  it('HEAD with Prefer: count=exact over the whole table stays 200', async () => {
    const res = await fetch(`${API_URL}/rest/v1/${people}?select=*`, {
      method: 'HEAD',
      headers: { apikey: ANON_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}`, Prefer: 'count=exact' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('0-1/2');
  });
});

describe('upsert status (PostgREST #2926: a merge that inserted nothing is 200, anything else 201)', () => {
  it('answers 201 for a pure insert, 200 when every row was updated, 201 for a mix', async () => {
    const client = serviceClient();
    const inserted = await client.from(people).upsert({ id: 10, name: 'Katherine' });
    expect(inserted.status).toBe(201);
    const updated = await client.from(people).upsert({ id: 10, name: 'Katherine J.' });
    expect(updated.status).toBe(200);
    const mixed = await client.from(people).upsert([
      { id: 10, name: 'Katherine Johnson' },
      { id: 11, name: 'Dorothy' },
    ]);
    expect(mixed.status).toBe(201);
    const withBody = await client.from(people).upsert({ id: 11, name: 'Dorothy V.' }).select();
    expect(withBody.status).toBe(200);
    expect(withBody.data).toEqual([{ id: 11, name: 'Dorothy V.' }]);
  });

  // Response.hs (MutationCreate): only resolution=merge-duplicates turns 201 into 200.
  it('answers 201 when ignore-duplicates inserts nothing', async () => {
    const res = await serviceClient().from(people).upsert({ id: 1, name: 'Ada again' }, { ignoreDuplicates: true });
    expect(res.status).toBe(201);
    const { data } = await serviceClient().from(people).select('name').eq('id', 1).single();
    expect(data).toEqual({ name: 'Ada' });
  });

  it('a plain insert stays 201', async () => {
    const res = await serviceClient().from(people).insert({ id: 20, name: 'Mary' });
    expect(res.status).toBe(201);
  });
});

describe('embeds', () => {
  // PostgREST: an embedded resource with no columns ("users()") only filters the top level; its key
  // is left out of the result (docs: "Resource Embedding" → "Empty Embed").
  it('an embed with no columns filters and leaves its key out', async () => {
    const { data, error } = await serviceClient()
      .from(`${p}_messages`)
      .select(`message, ${people}!inner()`)
      .eq(`${people}.name`, 'Ada');
    expect(error).toBeNull();
    expect(data).toEqual([{ message: 'hello' }]);
    const plain = await serviceClient().from(`${p}_messages`).select(`message, ${people}()`).order('id');
    expect(plain.data).toEqual([{ message: 'hello' }, { message: 'hi' }]);
  });

  // PostgREST resolves a self-referencing foreign key: the FK column's name embeds the parent
  // (to-one) and the table's name embeds the children (docs: "Recursive Relationships").
  it('a table that references itself embeds its parent and its children', async () => {
    const tree = `${p}_tree`;
    const parent = await serviceClient().from(tree).select('name, parent:parent_id(name)').eq('id', 2).single();
    expect(parent.error).toBeNull();
    expect(parent.data).toEqual({ name: 'left', parent: { name: 'root' } });
    const children = await serviceClient().from(tree).select(`name, children:${tree}(name)`).eq('id', 1).single();
    expect(children.error).toBeNull();
    expect(children.data).toEqual({ name: 'root', children: [{ name: 'left' }, { name: 'right' }] });
  });
});

describe('errors', () => {
  // PostgREST hints at a name its fuzzy search finds at least 75% alike (PGRST205 for tables,
  // PGRST202 for functions), and at the closest parameter list of an overload.
  it('a misspelled table or function gets "Perhaps you meant …"', async () => {
    const table = await serviceClient().from(`${p}_peoplr`).select('*');
    expect(table.error?.code).toBe('PGRST205');
    expect(table.error?.hint).toBe(`Perhaps you meant the table 'public.${people}'`);
    const fn = await serviceClient().rpc(`${p}_people_nmed`, { pattern: 'A%' });
    expect(fn.error?.code).toBe('PGRST202');
    expect(fn.error?.hint).toBe(`Perhaps you meant to call the function public.${p}_people_named`);
    const args = await serviceClient().rpc(`${p}_people_named`, { patern: 'A%' });
    expect(args.error?.code).toBe('PGRST202');
    expect(args.error?.hint).toBe(`Perhaps you meant to call the function public.${p}_people_named(pattern)`);
    const far = await serviceClient().from(`${p}_completely_else`).select('*');
    expect(far.error?.hint).toBeNull();
  });

  // PostgREST's PGRST201 body lists the candidate relationships in `details` as an array of objects
  // (cardinality, embedding, relationship), with a hint naming each `table!constraint` to choose.
  it('an ambiguous embed is PGRST201 with its candidates as an array', async () => {
    const { error, status } = await serviceClient().from(`${p}_reviews`).select(`id, ${people}(name)`);
    expect(status).toBe(300);
    expect(error?.code).toBe('PGRST201');
    const details = error?.details as unknown;
    expect(Array.isArray(details)).toBe(true);
    expect((details as { cardinality: string }[]).map((d) => d.cardinality)).toEqual(['many-to-one', 'many-to-one']);
    expect(error?.hint).toContain(`'${people}!${p}_reviews_author_id_fkey'`);
  });
});

describe('media types and preferences', () => {
  // PostgREST's CSV (Accept: text/csv, supabase-js .csv()): a header of column names, then each row
  // as Postgres writes a record's fields, quoted where a field holds a comma, quote or space.
  it('.csv() answers text/csv with a header and quoted fields', async () => {
    const { data, error } = await serviceClient()
      .from(`${p}_contacts`)
      .select('id, name, phone, note')
      .order('id')
      .csv();
    expect(error).toBeNull();
    expect(data).toBe('id,name,phone,note\n1,Ada,,"likes ""tea"", mornings"\n2,Grace,555,');
    const res = await fetch(`${API_URL}/rest/v1/${p}_contacts?select=id&order=id`, {
      headers: { apikey: ANON_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}`, Accept: 'text/csv' },
    });
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await res.text()).toBe('id\n1\n2');
  });

  // PostgREST: Accept application/vnd.pgrst.array+json;nulls=stripped (or object+json) leaves
  // null fields out of each object (docs: "Stripped nulls").
  it('nulls=stripped leaves null fields out', async () => {
    const headers = { apikey: ANON_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` };
    const array = await fetch(`${API_URL}/rest/v1/${p}_contacts?select=id,phone,note&order=id`, {
      headers: { ...headers, Accept: 'application/vnd.pgrst.array+json;nulls=stripped' },
    });
    expect(await array.json()).toEqual([
      { id: 1, note: 'likes "tea", mornings' },
      { id: 2, phone: '555' },
    ]);
    const object = await fetch(`${API_URL}/rest/v1/${p}_contacts?select=id,phone&id=eq.1`, {
      headers: { ...headers, Accept: 'application/vnd.pgrst.object+json;nulls=stripped' },
    });
    expect(await object.json()).toEqual({ id: 1 });
    const plain = await serviceClient().from(`${p}_contacts`).select('id, phone').eq('id', 1).single();
    expect(plain.data).toEqual({ id: 1, phone: null });
  });

  // PostgREST: Prefer: handling=strict, max-affected=N refuses (and rolls back) a PATCH or DELETE
  // that would touch more than N rows with PGRST124; lenient handling ignores it.
  it('max-affected refuses a write touching too many rows, under strict handling', async () => {
    const tasks = `${p}_tasks`;
    const headers = {
      apikey: ANON_KEY,
      Authorization: `Bearer ${SERVICE_ROLE_KEY}`,
      'Content-Type': 'application/json',
    };
    const refused = await fetch(`${API_URL}/rest/v1/${tasks}?id=lte.3`, {
      method: 'PATCH',
      headers: { ...headers, Prefer: 'handling=strict, max-affected=2' },
      body: JSON.stringify({ done: true }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      code: 'PGRST124',
      details: 'The query affects 3 rows',
      hint: null,
      message: 'Query result exceeds max-affected preference constraint',
    });
    const { count } = await serviceClient().from(tasks).select('*', { count: 'exact', head: true }).eq('done', true);
    expect(count).toBe(0);

    const allowed = await fetch(`${API_URL}/rest/v1/${tasks}?id=lte.2`, {
      method: 'DELETE',
      headers: { ...headers, Prefer: 'handling=strict, max-affected=2' },
    });
    expect(allowed.status).toBe(204);
    const lenient = await fetch(`${API_URL}/rest/v1/${tasks}?id=gte.3`, {
      method: 'PATCH',
      headers: { ...headers, Prefer: 'max-affected=1' },
      body: JSON.stringify({ done: true }),
    });
    expect(lenient.status).toBe(204);
    const done = await serviceClient().from(tasks).select('id').eq('done', true).order('id');
    expect(done.data).toEqual([{ id: 3 }, { id: 4 }, { id: 5 }]);
  });
});

describe('relationships and functions ordinary apps use', () => {
  // PostgREST: `target!constraint_name(...)` picks the relationship by its foreign key's name.
  it('embeds by foreign-key constraint name', async () => {
    const { data, error } = await serviceClient()
      .from(`${p}_reviews`)
      .select(`id, author:${people}!${p}_reviews_author_id_fkey(name)`);
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  // PostgREST detects many-to-many through a join table whose foreign keys are part of its primary
  // key (docs: "Many-to-many relationships").
  it('embeds many-to-many through a join table', async () => {
    const { data, error } = await serviceClient()
      .from(people)
      .select(`name, ${p}_skills(name)`)
      .in('id', [1, 2])
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Ada', [`${p}_skills`]: [{ name: 'Dementia care' }, { name: 'Meds' }] },
      { name: 'Grace', [`${p}_skills`]: [{ name: 'Lift and transfer' }] },
    ]);
  });

  // PostgREST: a view over a table keeps the table's relationships (docs: "Embedding Views").
  it('embeds through a view that selects from a related table', async () => {
    const { data, error } = await serviceClient()
      .from(`${p}_messages`)
      .select(`message, ${p}_people_view(name)`)
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { message: 'hello', [`${p}_people_view`]: { name: 'Ada' } },
      { message: 'hi', [`${p}_people_view`]: { name: 'Grace' } },
    ]);
  });

  // PostgREST: a function taking the table's row type is a computed field: selectable and
  // filterable like a column (docs: "Computed Fields").
  it('selects and filters a computed field', async () => {
    const { data, error } = await serviceClient()
      .from(people)
      .select(`id, ${p}_full_label`)
      .eq(`${p}_full_label`, 'Grace #2');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 2, [`${p}_full_label`]: 'Grace #2' }]);
  });

  // PostgREST: a function taking a row and returning rows of another table is a computed
  // relationship, embedded like a foreign key; `rows 1` makes it to-one (docs: "Computed Relationships").
  it('embeds a computed relationship, to-many and to-one', async () => {
    const many = await serviceClient().from(people).select(`name, ${p}_said(message)`).eq('id', 1).single();
    expect(many.error).toBeNull();
    expect(many.data).toEqual({ name: 'Ada', [`${p}_said`]: [{ message: 'hello' }] });
    const one = await serviceClient().from(`${p}_messages`).select(`message, sender:${p}_sender(name)`).order('id');
    expect(one.error).toBeNull();
    expect(one.data).toEqual([
      { message: 'hello', sender: { name: 'Ada' } },
      { message: 'hi', sender: { name: 'Grace' } },
    ]);
  });

  // PostgREST resolves overloaded functions by their argument names; same names are PGRST203.
  it('calls the overload whose parameter names match, PGRST203 when two do', async () => {
    const a = await serviceClient().rpc(`${p}_overloaded`, { a: 1 });
    const b = await serviceClient().rpc(`${p}_overloaded`, { b: 'x' });
    expect([a.data, b.data]).toEqual(['a', 'b']);
    const twin = await serviceClient().rpc(`${p}_twin`, { x: 1 });
    expect(twin.error?.code).toBe('PGRST203');
    expect(twin.status).toBe(300);
  });
});

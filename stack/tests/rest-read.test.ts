/** /rest/v1 reads through supabase-js: filters, logic trees, order, paging, counts, single rows, embeds, rendering. */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from '../../tests/support/clients.ts';
import { ANON_KEY, API_URL } from '../../tests/support/stack-env.ts';
import { createFixture, dropFixture, mintUser, prefix, seedNotes, type TestUser } from './rest-support.ts';

const p = prefix('read');
const notes = `${p}_notes`;
let db: pg.Client;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  db = await createFixture(p);
  alice = await mintUser();
  bob = await mintUser();
  const ids = await seedNotes(db, p, alice.id, [
    {
      title: 'Alpha, the first',
      team_id: 1,
      is_public: true,
      big: '9007199254740993',
      amount: '12.50',
      tags: ['a', 'b'],
      meta: { kind: 'x', n: 1 },
    },
    { title: 'Beta (second)', team_id: 1, tags: ['b'], status: null, meta: { kind: 'y', n: 2 } },
    { title: 'Gamma "quoted"', team_id: 2, is_public: true, tags: ['c'], status: 'done' },
    { title: 'delta lower', team_id: null, status: 'done' },
  ]);
  await seedNotes(db, p, bob.id, [{ title: 'Bob private' }, { title: 'Bob public', is_public: true, team_id: 2 }]);
  await db.query(
    `insert into public.${p}_comments (note_id, text) values ($1, 'first!'), ($1, 'second'), ($2, 'on beta')`,
    [ids[0], ids[1]],
  );
});

afterAll(async () => {
  await dropFixture(db, p);
});

describe('RLS between two users and anon', () => {
  it('each user sees own and public rows, anon only public rows', async () => {
    const a = await alice.client.from(notes).select('title').order('id');
    expect(a.error).toBeNull();
    expect(a.data?.map((r) => r.title)).toEqual([
      'Alpha, the first',
      'Beta (second)',
      'Gamma "quoted"',
      'delta lower',
      'Bob public',
    ]);
    const b = await bob.client.from(notes).select('title').order('id');
    expect(b.data?.map((r) => r.title)).toEqual(['Alpha, the first', 'Gamma "quoted"', 'Bob private', 'Bob public']);
    const anon = await anonClient().from(notes).select('title').order('id');
    expect(anon.status).toBe(200);
    expect(anon.data?.map((r) => r.title)).toEqual(['Alpha, the first', 'Gamma "quoted"', 'Bob public']);
    const service = await serviceClient().from(notes).select('id');
    expect(service.data).toHaveLength(6);
  });

  it('renders int8, numeric, timestamptz, arrays and jsonb like PostgREST', async () => {
    const { data, error } = await alice.client
      .from(notes)
      .select('big, amount, created_at, tags, meta')
      .eq('title', 'Alpha, the first')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      big: Number('9007199254740993'),
      amount: 12.5,
      created_at: '2024-01-02T03:04:05+00:00',
      tags: ['a', 'b'],
      meta: { kind: 'x', n: 1 },
    });
  });

  it('renders int8 and numeric as JSON numbers in the raw body', async () => {
    const res = await fetch(`${API_URL}/rest/v1/${notes}?select=big,amount&title=eq.Alpha,%20the%20first`, {
      headers: { apikey: ANON_KEY, Authorization: `Bearer ${alice.token}` },
    });
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.text()).toBe('[{"big":9007199254740993,"amount":12.50}]');
  });
});

describe('filters', () => {
  const base = () => alice.client.from(notes).select('title').eq('owner_id', alice.id).order('id');
  const titles = async (build: (q: ReturnType<typeof base>) => PromiseLike<{ data: unknown; error: unknown }>) => {
    const { data, error } = await build(base());
    expect(error).toBeNull();
    return (data as { title: string }[]).map((r) => r.title);
  };

  it('comparison operators', async () => {
    expect(await titles((q) => q.eq('title', 'Beta (second)'))).toEqual(['Beta (second)']);
    expect(await titles((q) => q.neq('team_id', 1))).toEqual(['Gamma "quoted"']);
    expect(await titles((q) => q.gt('team_id', 1))).toEqual(['Gamma "quoted"']);
    expect(await titles((q) => q.gte('team_id', 1))).toHaveLength(3);
    expect(await titles((q) => q.lt('team_id', 2))).toHaveLength(2);
    expect(await titles((q) => q.lte('team_id', 2))).toHaveLength(3);
  });

  it('like/ilike with * wildcards, match/imatch and (any)/(all) modifiers', async () => {
    expect(await titles((q) => q.like('title', '%first'))).toEqual(['Alpha, the first']);
    expect(await titles((q) => q.like('title', '*first'))).toEqual(['Alpha, the first']);
    expect(await titles((q) => q.ilike('title', 'DELTA*'))).toEqual(['delta lower']);
    expect(await titles((q) => q.filter('title', 'match', '^[A-Z]'))).toHaveLength(3);
    expect(await titles((q) => q.filter('title', 'imatch', '^d'))).toEqual(['delta lower']);
    expect(await titles((q) => q.likeAnyOf('title', ['Alpha*', '*lower']))).toEqual([
      'Alpha, the first',
      'delta lower',
    ]);
    expect(await titles((q) => q.ilikeAllOf('title', ['*A*', '*first']))).toEqual(['Alpha, the first']);
    expect(await titles((q) => q.filter('team_id', 'eq(any)', '{2,3}'))).toEqual(['Gamma "quoted"']);
  });

  it('in() with quoted values containing commas, parentheses and quotes', async () => {
    expect(await titles((q) => q.in('title', ['Alpha, the first', 'Beta (second)', 'Gamma "quoted"']))).toEqual([
      'Alpha, the first',
      'Beta (second)',
      'Gamma "quoted"',
    ]);
    expect(await titles((q) => q.in('title', []))).toEqual([]);
    expect(await titles((q) => q.not('team_id', 'in', '(1,2)'))).toEqual([]);
  });

  it('is null / not null / true / false / unknown and isdistinct', async () => {
    expect(await titles((q) => q.is('team_id', null))).toEqual(['delta lower']);
    expect(await titles((q) => q.not('team_id', 'is', null))).toHaveLength(3);
    expect(await titles((q) => q.is('is_public', true))).toEqual(['Alpha, the first', 'Gamma "quoted"']);
    expect(await titles((q) => q.is('is_public', false))).toEqual(['Beta (second)', 'delta lower']);
    expect(await titles((q) => q.filter('status', 'is', 'not_null'))).toHaveLength(3);
    expect(await titles((q) => q.filter('status', 'isdistinct', 'draft'))).toEqual([
      'Beta (second)',
      'Gamma "quoted"',
      'delta lower',
    ]);
  });

  it('full text search with and without a config', async () => {
    expect(await titles((q) => q.textSearch('title', 'alpha'))).toEqual(['Alpha, the first']);
    expect(await titles((q) => q.textSearch('title', 'first alpha', { type: 'plain', config: 'english' }))).toEqual([
      'Alpha, the first',
    ]);
    expect(await titles((q) => q.textSearch('title', 'lower delta', { type: 'websearch' }))).toEqual(['delta lower']);
    expect(await titles((q) => q.textSearch('title', 'the first', { type: 'phrase', config: 'simple' }))).toEqual([
      'Alpha, the first',
    ]);
  });

  it('array and jsonb containment and overlap', async () => {
    expect(await titles((q) => q.contains('tags', ['a', 'b']))).toEqual(['Alpha, the first']);
    expect(await titles((q) => q.containedBy('tags', ['b', 'c']))).toEqual([
      'Beta (second)',
      'Gamma "quoted"',
      'delta lower',
    ]);
    expect(await titles((q) => q.overlaps('tags', ['c', 'z']))).toEqual(['Gamma "quoted"']);
    expect(await titles((q) => q.contains('meta', { kind: 'y' }))).toEqual(['Beta (second)']);
    expect(await titles((q) => q.eq('meta->>kind', 'x'))).toEqual(['Alpha, the first']);
    expect(await titles((q) => q.gt('meta->n', 1))).toEqual(['Beta (second)']);
  });

  it('range operators', async () => {
    const { data, error } = await alice.client.rpc(`${p}_pairs`, { n: 1 }).select('k');
    expect(error).toBeNull();
    expect(data).toEqual([{ k: 1 }]);
    const r = await serviceClient().from(notes).select('id').rangeLt('id', '[0,0]').limit(1);
    // int8 is not a range: Postgres' own operator error comes back as a 4xx, not a crash.
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
  });

  it('or / and / not logic trees, nested, with quoted values', async () => {
    expect(await titles((q) => q.or('team_id.eq.2,title.eq."Alpha, the first"'))).toEqual([
      'Alpha, the first',
      'Gamma "quoted"',
    ]);
    expect(await titles((q) => q.or('team_id.is.null,and(team_id.eq.1,status.is.null)'))).toEqual([
      'Beta (second)',
      'delta lower',
    ]);
    expect(await titles((q) => q.not('title', 'eq', 'delta lower').or('team_id.eq.1,team_id.eq.2'))).toHaveLength(3);
    expect(await titles((q) => q.or('title.in.("Beta (second)","Gamma \\"quoted\\"")'))).toEqual([
      'Beta (second)',
      'Gamma "quoted"',
    ]);
    expect(await titles((q) => q.or('not.and(team_id.eq.1,is_public.is.true),title.like.*lower'))).toEqual([
      'Beta (second)',
      'Gamma "quoted"',
      'delta lower',
    ]);
  });

  it('match() and hostile values are data, never SQL', async () => {
    expect(await titles((q) => q.match({ team_id: 1, is_public: true }))).toEqual(['Alpha, the first']);
    expect(await titles((q) => q.eq('title', "'; drop table x; --"))).toEqual([]);
    expect(await titles((q) => q.eq('title', '") or 1=1 --'))).toEqual([]);
    expect(await titles((q) => q.in('title', ['a\\"b', '(', ')', ',']))).toEqual([]);
  });
});

describe('order, limit, offset, range and counts', () => {
  it('orders with nullsfirst / nullslast', async () => {
    const q = () => alice.client.from(notes).select('title').eq('owner_id', alice.id);
    const asc = await q().order('team_id', { ascending: true, nullsFirst: true }).order('id');
    expect(asc.data?.map((r) => r.title)).toEqual([
      'delta lower',
      'Alpha, the first',
      'Beta (second)',
      'Gamma "quoted"',
    ]);
    const desc = await q().order('team_id', { ascending: false, nullsFirst: false }).order('id', { ascending: false });
    expect(desc.data?.map((r) => r.title)).toEqual([
      'Gamma "quoted"',
      'Beta (second)',
      'Alpha, the first',
      'delta lower',
    ]);
    const dflt = await q().order('team_id', { ascending: false }).order('id');
    expect(dflt.data?.[0]?.title).toBe('delta lower');
  });

  it('limit, range and exact count with 206 partial content', async () => {
    const limited = await alice.client
      .from(notes)
      .select('id', { count: 'exact' })
      .eq('owner_id', alice.id)
      .order('id')
      .limit(2);
    expect(limited.data).toHaveLength(2);
    expect(limited.count).toBe(4);
    expect(limited.status).toBe(206);
    const ranged = await alice.client
      .from(notes)
      .select('title', { count: 'exact' })
      .eq('owner_id', alice.id)
      .order('id')
      .range(1, 2);
    expect(ranged.data?.map((r) => r.title)).toEqual(['Beta (second)', 'Gamma "quoted"']);
    expect(ranged.count).toBe(4);
    const all = await alice.client.from(notes).select('id', { count: 'exact' }).eq('owner_id', alice.id);
    expect(all.status).toBe(200);
    expect(all.count).toBe(4);
  });

  it('head: true with count returns only the count', async () => {
    const res = await bob.client.from(notes).select('*', { count: 'exact', head: true });
    expect(res.error).toBeNull();
    expect(res.data).toBeNull();
    expect(res.count).toBe(4);
    const anon = await anonClient().from(notes).select('*', { count: 'exact', head: true });
    expect(anon.count).toBe(3);
    // A planned count is the planner's estimate, as in PostgREST (exact only by chance).
    const planned = await anonClient().from(notes).select('*', { count: 'planned', head: true });
    expect(Number.isInteger(planned.count)).toBe(true);
  });

  it('an empty result is [] with Content-Range */0', async () => {
    const res = await fetch(`${API_URL}/rest/v1/${notes}?id=eq.-1`, {
      headers: { apikey: ANON_KEY, Prefer: 'count=exact' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('*/0');
    expect(await res.json()).toEqual([]);
  });
});

describe('single and maybeSingle', () => {
  it('single() with one, zero and two rows', async () => {
    const one = await alice.client.from(notes).select('title').eq('title', 'Beta (second)').single();
    expect(one.data).toEqual({ title: 'Beta (second)' });
    const zero = await alice.client.from(notes).select('title').eq('title', 'nope').single();
    expect(zero.status).toBe(406);
    expect(zero.error?.code).toBe('PGRST116');
    expect(zero.error?.message).toBe('Cannot coerce the result to a single JSON object');
    expect(zero.error?.details).toBe('The result contains 0 rows');
    const two = await alice.client.from(notes).select('title').eq('team_id', 1).single();
    expect(two.status).toBe(406);
    expect(two.error?.details).toBe('The result contains 2 rows');
  });

  it('maybeSingle() with one, zero and two rows', async () => {
    const one = await alice.client.from(notes).select('title').eq('title', 'Beta (second)').maybeSingle();
    expect(one.data).toEqual({ title: 'Beta (second)' });
    const zero = await alice.client.from(notes).select('title').eq('title', 'nope').maybeSingle();
    expect(zero.error).toBeNull();
    expect(zero.data).toBeNull();
    const two = await alice.client.from(notes).select('title').eq('team_id', 1).maybeSingle();
    expect(two.error?.code).toBe('PGRST116');
  });
});

describe('embedded resources', () => {
  it('to-one embeds give an object or null, with an alias and a !hint', async () => {
    const { data, error } = await alice.client
      .from(notes)
      .select(`title, team:${p}_teams!team_id(name)`)
      .eq('owner_id', alice.id)
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 'Alpha, the first', team: { name: 'Red' } },
      { title: 'Beta (second)', team: { name: 'Red' } },
      { title: 'Gamma "quoted"', team: { name: 'Blue' } },
      { title: 'delta lower', team: null },
    ]);
  });

  it('to-many embeds give arrays, obey RLS, and take order/limit/filters', async () => {
    const { data, error } = await anonClient()
      .from(`${p}_teams`)
      .select(`name, notes:${p}_notes(title)`)
      .order('id')
      .order('title', { referencedTable: 'notes', ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Red', notes: [{ title: 'Alpha, the first' }] },
      { name: 'Blue', notes: [{ title: 'Gamma "quoted"' }, { title: 'Bob public' }] },
      { name: 'Empty', notes: [] },
    ]);
    const limited = await alice.client
      .from(`${p}_teams`)
      .select(`name, ${p}_notes(title)`)
      .eq('id', 1)
      .limit(1, { referencedTable: `${p}_notes` });
    expect((limited.data?.[0] as unknown as Record<string, unknown[]>)[`${p}_notes`]).toHaveLength(1);
    const filtered = await alice.client
      .from(`${p}_teams`)
      .select(`name, ${p}_notes(title)`)
      .eq('id', 1)
      .eq(`${p}_notes.title`, 'Beta (second)');
    expect(filtered.data).toEqual([{ name: 'Red', [`${p}_notes`]: [{ title: 'Beta (second)' }] }]);
    const ored = await alice.client
      .from(`${p}_teams`)
      .select(`name, ${p}_notes(title)`)
      .eq('id', 1)
      .or('title.eq.Beta (second),title.like.Alpha*', { referencedTable: `${p}_notes` });
    expect((ored.data?.[0] as unknown as Record<string, unknown[]>)[`${p}_notes`]).toHaveLength(2);
  });

  it('!inner filters parents by their embeds; nested embeds work', async () => {
    const { data, error } = await alice.client
      .from(`${p}_teams`)
      .select(`name, ${p}_notes!inner(title, ${p}_comments(text))`)
      .eq(`${p}_notes.title`, 'Alpha, the first');
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        name: 'Red',
        [`${p}_notes`]: [{ title: 'Alpha, the first', [`${p}_comments`]: [{ text: 'first!' }, { text: 'second' }] }],
      },
    ]);
    const notNull = await alice.client
      .from(notes)
      .select(`title, ${p}_teams(name)`)
      .eq('owner_id', alice.id)
      .not(`${p}_teams`, 'is', null);
    expect(notNull.data).toHaveLength(3);
  });

  it('spreads a to-one embed and casts columns', async () => {
    const { data, error } = await alice.client
      .from(notes)
      .select(`title, id::text, ...${p}_teams(team_name:name)`)
      .eq('title', 'Gamma "quoted"')
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ title: 'Gamma "quoted"', team_name: 'Blue' });
    expect(typeof (data as unknown as { id: unknown }).id).toBe('string');
  });

  it('json paths in select', async () => {
    const { data } = await alice.client
      .from(notes)
      .select('kind:meta->>kind, n:meta->n')
      .eq('title', 'Beta (second)')
      .single();
    expect(data).toEqual({ kind: 'y', n: 2 });
  });

  it("reads a view under the caller's RLS", async () => {
    const { data } = await anonClient().from(`${p}_public_titles`).select('title').order('id');
    expect(data?.map((r) => r.title)).toEqual(['Alpha, the first', 'Gamma "quoted"', 'Bob public']);
  });

  it('an unknown relationship is 400 PGRST200', async () => {
    const res = await alice.client.from(notes).select('title, nothing_here(*)');
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe('PGRST200');
  });
});

/**
 * The question bank's agency (issue 19), seeded by fixture.sql around a fixed NOW. Node helpers, each
 * with a superuser connection (tests/support/clients.ts `superuser()`): `seedFixture(pg)` applies the
 * SQL file (it removes an earlier copy first); `ensureFixture(pg)` seeds only when this version is
 * not there yet, which is what test files sharing the fixture call (seeding again recreates the
 * accounts and so signs out every client another file signed in); `removeFixture(pg)` deletes
 * everything it created. A Deno runner can apply fixture.sql as it is with npm:pg.
 *
 * Sign in as LAKESHORE (or NINEBARK) with FIXTURE_PASSWORD through the stack's auth. Asking the
 * assistant function counts questions against Lakeshore's free plan in the real month; call
 * `resetQuestionCount(pg)` between questions to keep the fixture's 5 used (20 left at NOW).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * What the helpers need of a superuser connection. pg's Client has it in Node and npm:pg's in Deno;
 * a structural type instead of `import type pg from 'pg'`, which Deno cannot resolve without a config.
 */
export interface SqlClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** Wednesday, November 18, 2026, 3:00 PM in Toronto (EST). */
export const NOW = new Date('2026-11-18T15:00:00-05:00');
export const TIME_ZONE = 'America/Toronto';
export const FIXTURE_PASSWORD = 'Fixture!2345';

export const LAKESHORE = {
  id: 'f1000000-0000-4000-8000-000000000001',
  email: 'lakeshore@fixture.carecover.test',
  name: 'Lakeshore Home Care',
  companyCode: 'LkF7',
} as const;

/** The other agency: none of its names, streets or shifts may ever appear in Lakeshore's answers. */
export const NINEBARK = {
  id: 'f2000000-0000-4000-8000-000000000001',
  email: 'ninebark@fixture.carecover.test',
  name: 'Ninebark Support Services',
  companyCode: 'NbF8',
} as const;

/** Lakeshore's staff by key, with the names as stored (accents included). */
export const STAFF = {
  cote: { id: 'f1a00000-0000-4000-8000-000000000001', name: 'Amélie Côté' },
  tremblay: { id: 'f1a00000-0000-4000-8000-000000000002', name: 'Amelia Tremblay' },
  gagnon: { id: 'f1a00000-0000-4000-8000-000000000003', name: 'Julien Gagnon' },
  gagne: { id: 'f1a00000-0000-4000-8000-000000000004', name: 'Sophie Gagné' },
  roy: { id: 'f1a00000-0000-4000-8000-000000000005', name: 'Olivier Roy' },
  bouchard: { id: 'f1a00000-0000-4000-8000-000000000006', name: 'Olivier Bouchard' },
  sharma: { id: 'f1a00000-0000-4000-8000-000000000007', name: 'Priya Sharma' },
  mensah: { id: 'f1a00000-0000-4000-8000-000000000008', name: 'Kwame Mensah' },
  oconnor: { id: 'f1a00000-0000-4000-8000-000000000009', name: "Liam O'Connor" },
  lefebvre: { id: 'f1a00000-0000-4000-8000-000000000010', name: 'Chloé Lefebvre' },
  haddad: { id: 'f1a00000-0000-4000-8000-000000000011', name: 'Mohammed Haddad' },
  li: { id: 'f1a00000-0000-4000-8000-000000000012', name: 'Grace Li' },
  fortin: { id: 'f1a00000-0000-4000-8000-000000000013', name: 'Noah Fortin' },
  belanger: { id: 'f1a00000-0000-4000-8000-000000000014', name: 'Isabelle Bélanger' },
  nguyen: { id: 'f1a00000-0000-4000-8000-000000000015', name: 'Ethan Nguyen' },
} as const;

/** Worked for Lakeshore (one completed October shift) but is no longer employed. */
export const FORMER_STAFF = { id: 'f1a00000-0000-4000-8000-000000000016', name: 'Tobias Whitfield' } as const;

/** Staff member emails are first.last@fixture.carecover.test; this one signs in as a worker. */
export const WORKER_EMAIL = 'amelie.cote@fixture.carecover.test';

/** Lakeshore's shifts by key (o = October, n = Nov 1-15, w = this week, nw = next week, d = December). */
export const SHIFTS = {
  o01: '6718e5d7-0000-4000-8000-f10000000001',
  o02: 'cec8887d-0000-4000-8000-f10000000002',
  o03: '31331e6e-0000-4000-8000-f10000000003',
  o04: '24f6012c-0000-4000-8000-f10000000004',
  o05: '524dffcd-0000-4000-8000-f10000000005',
  o06: '2e3a6907-0000-4000-8000-f10000000006',
  o07: 'fa0d94ef-0000-4000-8000-f10000000007',
  o08: '21bc80f9-0000-4000-8000-f10000000008',
  o09: '636cc2ac-0000-4000-8000-f10000000009',
  o10: '1169d53b-0000-4000-8000-f10000000010',
  o11: '97cd577a-0000-4000-8000-f10000000011',
  o12: 'a4412d5a-0000-4000-8000-f10000000012',
  o13: '1e99a13f-0000-4000-8000-f10000000013',
  o14: '63e8941c-0000-4000-8000-f10000000014',
  o15: 'beb92ca1-0000-4000-8000-f10000000015',
  o16: '389e2b0f-0000-4000-8000-f10000000016',
  o17: '7bd45a69-0000-4000-8000-f10000000017',
  o18: 'cf844bb9-0000-4000-8000-f10000000018',
  o19: '04cfe9af-0000-4000-8000-f10000000019',
  o20: '93c951f5-0000-4000-8000-f10000000020',
  n01: 'a1938837-0000-4000-8000-f10000000021',
  n02: '01bec87d-0000-4000-8000-f10000000022',
  n03: 'e1592cb5-0000-4000-8000-f10000000023',
  n04: '9be22fed-0000-4000-8000-f10000000024',
  n05: '6e9d3658-0000-4000-8000-f10000000025',
  n06: '9062866e-0000-4000-8000-f10000000026',
  n07: 'cc8ae53f-0000-4000-8000-f10000000027',
  n08: '5e7e7950-0000-4000-8000-f10000000028',
  n09: '560216f9-0000-4000-8000-f10000000029',
  n10: 'e3950dee-0000-4000-8000-f10000000030',
  n11: '691497ae-0000-4000-8000-f10000000031',
  w01: 'cf122855-0000-4000-8000-f10000000032',
  w02: '7464f7e4-0000-4000-8000-f10000000033',
  w03: '0bde9ac1-0000-4000-8000-f10000000034',
  w04: 'dbe1d220-0000-4000-8000-f10000000035',
  w05: '8a78db41-0000-4000-8000-f10000000036',
  w06: 'd5ecdf3e-0000-4000-8000-f10000000037',
  w07: 'ec4afaff-0000-4000-8000-f10000000038',
  w08: 'e65cf542-0000-4000-8000-f10000000039',
  w09: '9dba7005-0000-4000-8000-f10000000040',
  w10: '7e54b4e1-0000-4000-8000-f10000000041',
  w11: '3a46adc0-0000-4000-8000-f10000000042',
  w12: 'd5caa867-0000-4000-8000-f10000000043',
  w13: 'c9db0423-0000-4000-8000-f10000000044',
  w14: 'eb06c3db-0000-4000-8000-f10000000045',
  w15: '7d406f43-0000-4000-8000-f10000000046',
  w16: 'e528fe30-0000-4000-8000-f10000000047',
  w17: 'd5a764fa-0000-4000-8000-f10000000048',
  w18: '292b314d-0000-4000-8000-f10000000049',
  w19: '485482dd-0000-4000-8000-f10000000050',
  w20: '6d764b0f-0000-4000-8000-f10000000051',
  /** Today 1 PM to 9 PM at 12 King Street West: Sophie Gagné's no-show, still going on at NOW. */
  w21: 'b7c3e912-0000-4000-8000-f10000000071',
  nw01: '1d7d711a-0000-4000-8000-f10000000052',
  nw02: '1efdce87-0000-4000-8000-f10000000053',
  nw03: 'd80896b4-0000-4000-8000-f10000000054',
  nw04: '3a559935-0000-4000-8000-f10000000055',
  nw05: 'd5a24561-0000-4000-8000-f10000000056',
  nw06: 'fc785dbd-0000-4000-8000-f10000000057',
  nw07: '77ff227a-0000-4000-8000-f10000000058',
  nw08: '27e9416f-0000-4000-8000-f10000000059',
  d01: 'd5632b5f-0000-4000-8000-f10000000060',
  d02: '188fe292-0000-4000-8000-f10000000061',
  d03: '79954bfa-0000-4000-8000-f10000000062',
  d04: '39356cc8-0000-4000-8000-f10000000063',
  d05: 'e70fb0ac-0000-4000-8000-f10000000064',
} as const;

export type ShiftKey = keyof typeof SHIFTS;

/** The 8-character ShiftID replies show (the dashboard's Copy ShiftID gives the full id). */
export function shortId(key: ShiftKey): string {
  return SHIFTS[key].slice(0, 8);
}

/** Ninebark's shifts: never in a Lakeshore answer (ninebark3 is at Lakeshore's 100 Queen Street West). */
export const OTHER_SHIFTS = [
  'cf3763c1-0000-4000-8000-f20000000065',
  'ff71d6c3-0000-4000-8000-f20000000066',
  '23a96043-0000-4000-8000-f20000000067',
  '8e66d9fe-0000-4000-8000-f20000000068',
  '5ac1b5db-0000-4000-8000-f20000000069',
  '536a23a9-0000-4000-8000-f20000000070',
] as const;

/** Words from Ninebark's data that must never reach a Lakeshore prompt or reply. */
export const OTHER_AGENCY_WORDS = [
  'Ninebark',
  'Zebediah',
  'Quuxley',
  'Philomena',
  'Vantongeren',
  'Kingston',
  ...OTHER_SHIFTS.map((id) => id.slice(0, 8)),
] as const;

const SQL_FILE = new URL('./fixture.sql', import.meta.url);

export function fixtureSql(): string {
  return readFileSync(SQL_FILE, 'utf8');
}

/** The removal block of fixture.sql (between its remove markers), in a transaction of its own. */
export function removalSql(): string {
  const sql = fixtureSql();
  const start = sql.indexOf('-- remove:begin');
  const end = sql.indexOf('-- remove:end');
  if (start < 0 || end < start) throw new Error('fixture.sql has lost its remove markers');
  return `begin;\n${sql.slice(start, end)}\ncommit;`;
}

/** Which version of fixture.sql the database holds, kept in Lakeshore's app metadata. */
function fingerprint(): string {
  return createHash('sha256').update(fixtureSql()).digest('hex').slice(0, 16);
}

/** Seeds the fixture afresh (removing an earlier copy first) and marks the version it seeded. */
export async function seedFixture(client: SqlClient): Promise<void> {
  await client.query(fixtureSql());
  await client.query(
    `update auth.users set raw_app_meta_data = raw_app_meta_data || jsonb_build_object('fixture', $2::text)
     where id = $1`,
    [LAKESHORE.id, fingerprint()],
  );
}

/**
 * Seeds the fixture unless this version of it is already there, and says whether it did (the one
 * who seeded it may remove it). Test files share one copy: seeding again would delete and recreate
 * the accounts, signing out every client another file signed in.
 */
export async function ensureFixture(client: SqlClient): Promise<boolean> {
  const { rows } = (await client.query(
    `select u.raw_app_meta_data ->> 'fixture' as fixture,
            (select count(*)::integer from public.shifts s where s.company_id = u.id) as shifts
     from auth.users u where u.id = $1`,
    [LAKESHORE.id],
  )) as { rows: { fixture: string | null; shifts: number }[] };
  if (rows[0]?.fixture === fingerprint() && rows[0].shifts === Object.keys(SHIFTS).length) return false;
  await seedFixture(client);
  return true;
}

export async function removeFixture(client: SqlClient): Promise<void> {
  await client.query(removalSql());
}

/** Puts Lakeshore's November 2026 question count back to the fixture's 5 (20 left). */
export async function resetQuestionCount(client: SqlClient): Promise<void> {
  await client.query(
    `insert into public.ai_usage (company_id, month, questions) values ($1, '2026-11-01', 5)
     on conflict (company_id, month) do update set questions = 5`,
    [LAKESHORE.id],
  );
  await client.query(`delete from public.ai_usage where company_id = $1 and month <> '2026-11-01'`, [LAKESHORE.id]);
}

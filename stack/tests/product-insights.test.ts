/**
 * Coverage insights through supabase-js, as the dashboard will call them: a company signed up with
 * account_type company, a worker who joined it, and a January 2026 history (America/Toronto, EST)
 * recorded by the superuser with explicit past timestamps (the API forbids backdating).
 *
 *   a  posted Jan 5 10:00, filled in 10 min, clocked in 5 min after its 09:00 start (on time)
 *   b  posted Jan 5 11:00, filled in 30 min, clocked in 15 min after its 10:00 start (late)
 *   c  posted Jan 6 08:00, never accepted
 * Fill minutes 10 and 30: median 20, continuous p90 10 + 0.9 * 20 = 28.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient, superuser, TEST_PASSWORD, uniqueEmail } from '../../tests/support/clients.ts';

interface Account {
  id: string;
  client: SupabaseClient;
}

const createdUsers: string[] = [];

async function signUp(label: string, data: Record<string, string>): Promise<Account> {
  const client = anonClient();
  const { data: result, error } = await client.auth.signUp({
    email: uniqueEmail(label),
    password: TEST_PASSWORD,
    options: { data },
  });
  if (error) throw error;
  if (!result.user || !result.session) throw new Error('sign-up returned no session');
  createdUsers.push(result.user.id);
  return { id: result.user.id, client };
}

const JANUARY = { p_from: '2026-01-05T00:00:00-05:00', p_to: '2026-01-08T00:00:00-05:00' };
const HEADER =
  'Staff name,Date,Location,Start,End,Clocked in,Clocked out,Hours done,Clocked hours,Hours check,Skill,Staff type';

let company: Account;
let otherCompany: Account;
const shift = { a: randomUUID(), b: randomUUID(), c: randomUUID() };

beforeAll(async () => {
  company = await signUp('insights-agency', { account_type: 'company' });
  otherCompany = await signUp('insights-other', { account_type: 'company' });
  const { data: code, error } = await company.client.from('companies').select('company_code').single();
  if (error) throw error;
  await signUp('insights-worker', {
    account_type: 'staff',
    first_name: 'Ines',
    last_name: 'Insight',
    phone: '4165550199',
    company_code: (code as { company_code: string }).company_code,
  });
  const worker = createdUsers[createdUsers.length - 1] as string;

  const db = await superuser();
  try {
    const insert = `insert into public.shifts (id, company_id, staff_type, skill, street_number, street_name, city,
                      province, country, postal_code, starts_at, ends_at, created_at)
                    values ($1, $2, 'PSW', 'Personal care', '100', $3, 'Toronto', 'ON', 'Canada', 'M5H 2N2',
                            $4, $4::timestamptz + interval '8 hours', $5)`;
    await db.query(insert, [shift.a, company.id, 'King Street, Suite 2', '2026-01-06 09:00-05', '2026-01-05 10:00-05']);
    await db.query(insert, [shift.b, company.id, 'Queen Street', '2026-01-06 10:00-05', '2026-01-05 11:00-05']);
    await db.query(insert, [shift.c, company.id, 'Bay Street', '2026-01-07 09:00-05', '2026-01-06 08:00-05']);
    const live = `update public.shifts set accepted_by = $2, accepted_at = $3, clocked_in_at = $4,
                    clocked_out_at = $5, time_done = $6
                  where id = $1`;
    await db.query(live, [shift.a, worker, '2026-01-05 10:10-05', '2026-01-06 09:05-05', '2026-01-06 17:00-05', '=8h']);
    await db.query(live, [
      shift.b,
      worker,
      '2026-01-05 11:30-05',
      '2026-01-06 10:15-05',
      '2026-01-06 18:00-05',
      '7.75 hours',
    ]);
  } finally {
    await db.end();
  }
});

afterAll(async () => {
  const admin = serviceClient();
  await Promise.all(createdUsers.map((id) => admin.auth.admin.deleteUser(id)));
});

describe('coverage_overview', () => {
  it('answers the known fill rate, times to fill, late clock-ins and per-day series', async () => {
    const { data, error } = await company.client.rpc('coverage_overview', JANUARY);
    expect(error).toBeNull();
    expect(data).toMatchObject({
      posted: 3,
      accepted: 2,
      filled_before_start: 2,
      fill_rate: 0.6667,
      median_minutes_to_fill: 20,
      p90_minutes_to_fill: 28,
      late_clock_ins: { count: 1, shifts: [{ id: shift.b, minutes_late: 15, staff_name: 'Ines Insight' }] },
      per_day: [
        { day: '2026-01-05', posted: 2, filled: 2 },
        { day: '2026-01-06', posted: 1, filled: 0 },
        { day: '2026-01-07', posted: 0, filled: 0 },
      ],
    });
  });

  it('shows another company none of these shifts', async () => {
    const { data, error } = await otherCompany.client.rpc('coverage_overview', JANUARY);
    expect(error).toBeNull();
    expect(data).toMatchObject({ posted: 0, fill_rate: null, late_clock_ins: { count: 0, shifts: [] } });
  });

  it('refuses a reversed period with a sentence, and a visitor with only the anon key', async () => {
    const reversed = await company.client.rpc('coverage_overview', { p_from: JANUARY.p_to, p_to: JANUARY.p_from });
    expect(reversed.error?.message).toBe('The end of the period must be after its start');
    const anon = await anonClient().rpc('coverage_overview', JANUARY);
    expect(anon.error).not.toBeNull();
  });
});

describe('shift_timeline', () => {
  it("tells the shift's history in order with local times", async () => {
    const { data, error } = await company.client.rpc('shift_timeline', { p_shift_id: shift.a });
    expect(error).toBeNull();
    expect(data).toEqual([
      expect.objectContaining({ kind: 'posted', at_local: '2026-01-05T10:00:00-05:00' }),
      expect.objectContaining({ kind: 'notified', detail: '1 staff member notified' }),
      expect.objectContaining({ kind: 'accepted', actor_name: 'Ines Insight', detail: '10 mins after posting' }),
      expect.objectContaining({ kind: 'clocked_in', at_local: '2026-01-06T09:05:00-05:00', detail: 'On time' }),
      expect.objectContaining({
        kind: 'clocked_out',
        detail: 'Time done: =8h. Clocked 7 hrs 55 mins: could not be compared with the clocked time',
        flagged: true,
      }),
    ]);
    const other = await otherCompany.client.rpc('shift_timeline', { p_shift_id: shift.a });
    expect(other.data).toEqual([]);
  });
});

describe('timesheet_csv', () => {
  it('returns the CSV intact: BOM, header, CRLF rows, quoting and the formula guard', async () => {
    const { data, error } = await company.client.rpc('timesheet_csv', { p_from: '2026-01-01', p_to: '2026-01-31' });
    expect(error).toBeNull();
    const csv = data as string;
    expect(csv.startsWith(`\ufeff${HEADER}\r\n`)).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toEqual([
      HEADER,
      'Ines Insight,2026-01-06,"100 King Street, Suite 2, Toronto, ON M5H 2N2, Canada",2026-01-06T09:00:00-05:00,' +
        "2026-01-06T17:00:00-05:00,2026-01-06T09:05:00-05:00,2026-01-06T17:00:00-05:00,'=8h,7.92,Could not be compared with the clocked time,Personal care,PSW",
      'Ines Insight,2026-01-06,"100 Queen Street, Toronto, ON M5H 2N2, Canada",2026-01-06T10:00:00-05:00,' +
        '2026-01-06T18:00:00-05:00,2026-01-06T10:15:00-05:00,2026-01-06T18:00:00-05:00,7.75 hours,7.75,,Personal care,PSW',
      '',
    ]);
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it('gives another company only the header', async () => {
    const { data, error } = await otherCompany.client.rpc('timesheet_csv', {
      p_from: '2026-01-01',
      p_to: '2026-01-31',
    });
    expect(error).toBeNull();
    expect(data).toBe(`\ufeff${HEADER}\r\n`);
  });
});

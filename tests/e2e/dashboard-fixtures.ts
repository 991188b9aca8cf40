/// <reference lib="dom" />
/** Companies, staff and sessions for the dashboard's browser tests, made through the admin API and SQL. */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, startPreview } from '../support/browser.ts';
import { TEST_PASSWORD, anonClient, serviceClient, superuser, uniqueEmail } from '../support/clients.ts';
import { recordedPushes } from '../support/pushes.ts';

export interface TestCompany {
  id: string;
  email: string;
  code: string;
  session: unknown;
}

/**
 * An onboarded agency (profile complete), signed in through the API; `premium` set by the superuser.
 * It has already been offered the tutorial unless `isFirstVisit`, so the first-visit tutorial does
 * not cover the dashboard in tests about something else.
 */
export async function createCompany(
  label: string,
  options: { name?: string | null; premium?: boolean; timeZone?: string; isFirstVisit?: boolean } = {},
): Promise<TestCompany> {
  const email = uniqueEmail(label);
  const created = await serviceClient().auth.admin.createUser({
    email,
    password: TEST_PASSWORD,
    email_confirm: true,
    user_metadata: { account_type: 'company' },
  });
  if (created.error) throw created.error;
  const id = created.data.user.id;
  const db = await superuser();
  try {
    const { rows } = await db.query<{ company_code: string }>(
      `update public.companies set company_name = $2, phone = '4165550100', street = '1 King St W', city = 'Toronto',
         province = 'ON', country = 'Canada', postal_code = 'M5H 1A1', staff_size = '10-30',
         referral_source = 'Email', company_type = 'Homecare Company', premium = $3, time_zone = $4,
         tutorial_seen_at = case when $5 then null else now() end
       where id = $1 returning company_code`,
      [
        id,
        options.name === undefined ? `Agency ${label}` : options.name,
        options.premium ?? false,
        options.timeZone ?? 'America/Toronto',
        options.isFirstVisit ?? false,
      ],
    );
    const code = rows[0]?.company_code;
    if (!code) throw new Error('The sign-up trigger created no company row');
    const client = anonClient();
    const signIn = await client.auth.signInWithPassword({ email, password: TEST_PASSWORD });
    if (signIn.error) throw signIn.error;
    return { id, email, code, session: signIn.data.session };
  } finally {
    await db.end();
  }
}

/** `count` staff employed by the company (through the sign-up trigger, as the app does), each with a push token. */
export async function createStaff(company: TestCompany, count: number, marker: string): Promise<string[]> {
  const db = await superuser();
  try {
    await db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                               raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
              format('%s-%s@staff.carecover.local', $1::text, i), '', now(),
              '{"provider": "email", "providers": ["email"]}',
              jsonb_build_object('account_type', 'staff', 'first_name', 'Staff', 'last_name', i::text,
                                 'company_code', $2::text),
              now(), now()
       from generate_series(1, $3::int) i`,
      [marker, company.code, count],
    );
    const { rows } = await db.query<{ id: string }>(
      `update public.staff set push_token = format('ExponentPushToken[%s]', split_part(email, '@', 1))
       where email like $1 returning id`,
      [`${marker}-%@staff.carecover.local`],
    );
    return rows.map((r) => r.id);
  } finally {
    await db.end();
  }
}

/** Removes staff created by createStaff and the companies (their shifts and notifications cascade). */
export async function removeTestData(markers: string[], companies: TestCompany[]): Promise<void> {
  const db = await superuser();
  try {
    for (const marker of markers) {
      await db.query('delete from auth.users where email like $1', [`${marker}-%@staff.carecover.local`]);
    }
    for (const company of companies) await db.query('delete from auth.users where id = $1', [company.id]);
  } finally {
    await db.end();
  }
}

/**
 * Shift Details shows a default set of columns that fits a laptop screen; the tests about shift
 * rows read every SPEC column, as a scheduler who turned them all on in the Columns menu.
 */
export const EVERY_SHIFT_COLUMN = ['carecover-shift-details-hidden-columns', '[]'] as const;

/**
 * Signs the browser in by storing the company's session where supabase-js looks for it; with
 * `everyShiftColumn` (the default) Shift Details starts with every column shown.
 */
export async function signInBrowser(
  context: BrowserContext,
  company: TestCompany,
  options: { everyShiftColumn?: boolean } = {},
): Promise<void> {
  if (options.everyShiftColumn ?? true) {
    await context.addInitScript(([key, value]) => {
      if (location.protocol === 'http:' && localStorage.getItem(key) === null) localStorage.setItem(key, value);
    }, EVERY_SHIFT_COLUMN);
  }
  await context.addInitScript(
    ([key, value]) => {
      // Init scripts also run in about:blank frames and popups, where storage is off limits.
      if (location.protocol !== 'http:') return;
      if (!sessionStorage.getItem('carecover-test-signed-in')) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('carecover-test-signed-in', '1');
      }
    },
    ['carecover-auth', JSON.stringify(company.session)] as const,
  );
}

export interface Push {
  to: string;
  title?: string;
  body?: string;
}

/** The push sink's messages to devices whose token contains `marker`. */
export async function pushesFor(marker: string): Promise<Push[]> {
  return (await recordedPushes<Push>()).filter((p) => p.to.includes(marker));
}

/** A shift's columns as Shift Call inserts them; `postShiftAs` fills what a test leaves out. */
export interface ShiftFields {
  staff_type?: string;
  skill?: string;
  street_number?: string;
  street_name?: string;
  city?: string;
  province?: string;
  country?: string;
  postal_code?: string;
  notes?: string;
  latitude?: number;
  longitude?: number;
}

/**
 * Posts a shift as the company through its own supabase-js session (what Shift Call's insert does):
 * by default a 4-hour PSW shift at 100 Queen St W, Toronto, two days ahead (clock-in opens 30
 * minutes before the start). Answers the shift's id.
 */
export async function postShiftAs(
  c: TestCompany,
  fields: ShiftFields = {},
  timing: { startsInMs?: number; hours?: number } = {},
): Promise<string> {
  const client = anonClient();
  await client.auth.setSession(c.session as { access_token: string; refresh_token: string });
  const start = new Date(Date.now() + (timing.startsInMs ?? 2 * 86_400_000));
  const { data, error } = await client
    .from('shifts')
    .insert({
      staff_type: 'PSW',
      skill: 'Personal care',
      street_number: '100',
      street_name: 'Queen St W',
      city: 'Toronto',
      province: 'ON',
      country: 'Canada',
      postal_code: 'M5H 2N2',
      ...fields,
      starts_at: start.toISOString(),
      ends_at: new Date(start.getTime() + (timing.hours ?? 4) * 3_600_000).toISOString(),
    })
    .select('id')
    .single();
  if (error) throw error;
  return (data as { id: string }).id;
}

/** What a dashboard browser test file shares: Chromium, the built dashboard, and what to clean up. */
export interface DashboardSuite {
  browser: Browser;
  preview: Awaited<ReturnType<typeof startPreview>>;
  /** Companies the file created; deleted (with their shifts and staff) after the file. */
  companies: TestCompany[];
  /** Markers of staff made by createStaff; deleted after the file. */
  markers: string[];
}

/**
 * Starts `vite preview` of dist/ and Chromium before the file's tests and stops them after, then
 * removes the test data: the lifecycle every dashboard browser test file had written out.
 */
export function dashboardSuite(): DashboardSuite {
  const suite = { companies: [], markers: [] } as unknown as DashboardSuite;
  beforeAll(async () => {
    suite.preview = await startPreview();
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.preview?.stop();
    await removeTestData(suite.markers, suite.companies);
  });
  return suite;
}

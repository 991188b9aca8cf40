/// <reference lib="dom" />
/**
 * CareCover Staff's accessibility gate, at the phone size it is designed for (390×844) and on a
 * desktop (1440×900): axe-core finds no serious or critical violation, and the production CSP
 * reports nothing, on any screen (log in, sign up, forgot password, set a new password, Home with
 * open shifts, My shifts' three parts, Notifications read and unread, Agencies, Profile, offline)
 * nor with the Clock in modal (with its reason field), Clock out or Leave agency open. By keyboard
 * alone a worker accepts a shift, uses every tab and the Clock in modal (focus trapped, Escape,
 * focus back on its button); every control a screen reader meets has a name, and the tab bar says
 * which page is current.
 */
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Locator, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { anonClient, superuser, TEST_PASSWORD } from '../support/clients.ts';
import { watchCsp } from './csp-watch.ts';
import { createCompany, signInBrowser, type TestCompany } from './dashboard-fixtures.ts';
import { MOBILE, expectAlert, expectPath, screenshot, seriousViolations } from './helpers.ts';
import { staffAppSuite } from './staff-fixtures.ts';

const WIDE = { width: 1440, height: 900 };
type Viewport = typeof MOBILE;

/** Where the test shifts are: Toronto City Hall. */
const SHIFT_PLACE = { latitude: 43.6534, longitude: -79.3841 };
/** Union Station, about 900 m away: outside the clock-in radius. */
const FAR = { latitude: 43.6453, longitude: -79.3806 };

const suite = staffAppSuite();
const { companies, workers } = suite;

interface SeededWorker {
  /** The worker's session, stored in the suite.browser the way supabase-js keeps it. */
  account: TestCompany;
  /** Skills of the open shifts on Home, soonest first. */
  open: string[];
  upcoming: string;
  inProgress: string;
  completed: string;
  /** Unread notifications: one per shift posted after the worker joined, less the two marked read. */
  unread: number;
}

/**
 * A worker employed by two agencies, with two open shifts, one accepted shift starting in ten
 * minutes (Clock in applies), one in progress and one completed, and notifications both unread and
 * read. Shift life columns are set by the superuser, as the RPCs would have set them.
 */
async function seedWorker(label: string): Promise<SeededWorker> {
  const tag = randomUUID().slice(0, 6);
  const agency = await createCompany(`${label}-${tag}`, { premium: true, timeZone: 'America/Toronto' });
  const second = await createCompany(`${label}-2-${tag}`, { premium: true, timeZone: 'America/Toronto' });
  companies.push(agency, second);

  const email = `staff-a11y-${randomUUID().slice(0, 8)}@example.com`;
  const client = anonClient();
  const { data, error } = await client.auth.signUp({
    email,
    password: TEST_PASSWORD,
    options: {
      data: {
        account_type: 'staff',
        first_name: 'Rosa',
        last_name: 'Tester',
        phone: '4165550123',
        company_code: agency.code,
      },
    },
  });
  if (error || !data.user || !data.session) throw error ?? new Error('no session');
  workers.push({ id: data.user.id });
  const joined = await client.rpc('join_company', { code: second.code });
  if (joined.error) throw joined.error;

  const skill = (what: string) => `${what} ${tag}`;
  const seeded = {
    open: [skill('Dementia care'), skill('Palliative care')],
    upcoming: skill('Mobility support'),
    inProgress: skill('Meal preparation'),
    completed: skill('Medication reminders'),
  };
  const db = await superuser();
  try {
    const shift = async (what: string, startsIn: string, companyId = agency.id): Promise<string> => {
      const { rows } = await db.query<{ id: string }>(
        `insert into public.shifts (company_id, staff_type, skill, street_number, street_name, city, province,
                                    country, postal_code, notes, starts_at, ends_at, latitude, longitude)
         values ($1, 'PSW', $2, '100', 'Queen St W', 'Toronto', 'ON', 'Canada', 'M5H 2N2',
                 'Ask for Rosa at the front desk', now() + $3::interval, now() + $3::interval + interval '4 hours',
                 $4, $5)
         returning id`,
        [companyId, what, startsIn, SHIFT_PLACE.latitude, SHIFT_PLACE.longitude],
      );
      return rows[0]!.id;
    };
    const accept = (id: string) =>
      db.query('update public.shifts set accepted_by = $2, accepted_at = now() - interval $$1 hour$$ where id = $1', [
        id,
        data.user!.id,
      ]);
    // A worker never holds two overlapping shifts, and is offered only shifts that fit around the
    // ones they hold: the shift in progress ends before the upcoming one starts, and the open ones
    // start after that.
    await shift(seeded.open[0]!, '5 hours');
    await shift(seeded.open[1]!, '1 day', second.id);
    await accept(await shift(seeded.upcoming, '10 minutes'));
    const inProgress = await shift(seeded.inProgress, '-235 minutes');
    await accept(inProgress);
    await db.query('update public.shifts set clocked_in_at = starts_at where id = $1', [inProgress]);
    const completed = await shift(seeded.completed, '-1 day', second.id);
    await accept(completed);
    await db.query(
      `update public.shifts set clocked_in_at = starts_at, clocked_out_at = ends_at, time_done = '4 hrs'
       where id = $1`,
      [completed],
    );
    // The notifications of the two shifts already worked are read.
    await db.query(
      `update public.notifications set read_at = now()
       where staff_id = $1 and shift_id = any($2::uuid[])`,
      [data.user.id, [inProgress, completed]],
    );
  } finally {
    await db.end();
  }
  return { account: { id: data.user.id, email, code: '', session: data.session }, ...seeded, unread: 3 };
}

interface Phone {
  context: BrowserContext;
  page: Page;
  errors: string[];
  csp: string[];
}

/** A suite.browser context at `viewport` whose location is `position`, watched for CSP reports and page errors. */
async function open(viewport: Viewport, worker?: SeededWorker, position = FAR): Promise<Phone> {
  const context = await suite.browser.newContext({
    viewport,
    geolocation: position,
    permissions: ['geolocation'],
    timezoneId: 'America/Toronto',
  });
  const csp = await watchCsp(context);
  if (worker) await signInBrowser(context, worker.account, { everyShiftColumn: false });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors, csp };
}

async function close({ context, csp, errors }: Phone): Promise<void> {
  expect(csp).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
}

/** Every scan's findings by the state it was taken in; each test asserts the whole map at the end. */
type Findings = Record<string, string[]>;

/** Roles a screen reader announces by name (controls and dialogs): every element of them must have one. */
const NAMED_ROLES = ['button', 'link', 'textbox', 'switch', 'radio', 'checkbox', 'combobox', 'dialog'] as const;

/** Elements of `role` without an accessible name, by role query (what a screen reader would announce). */
async function unnamed(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const role of NAMED_ROLES) {
    const all = await page.getByRole(role).count();
    const named = await page.getByRole(role, { name: /\S/ }).count();
    if (all !== named) found.push(`${all - named} ${role}(s) without an accessible name`);
  }
  return found;
}

/** axe's serious and critical findings, and any control without a name, in the page as it is now. */
async function scan(page: Page, state: string, findings: Findings): Promise<void> {
  const found = [...(await seriousViolations(page)), ...(await unnamed(page))];
  if (found.length) findings[state] = found;
}

const shiftCard = (page: Page, skill: string) => page.locator('article').filter({ hasText: skill });
const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const bell = (page: Page, unread: number) =>
  page.getByRole('link', { name: unread ? `Notifications, ${unread} unread` : 'Notifications', exact: true });

/** Holds the page's requests to `url` (those `when` picks) until the returned function is called. */
async function hold(page: Page, url: string, when: (request: Request) => boolean = () => true): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (when(route.request())) await released;
    await route.fallback();
  });
  return release;
}

async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el === document.activeElement).catch(() => false);
}

/** Tabs forward until `target` has focus (at most `max` presses). */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  const at = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? 'nothing');
  throw new Error(`Tab never reached ${target.toString()}; focus is on ${at}`);
}

/** My shifts' part switcher: Upcoming, In progress or Completed. */
async function showPart(page: Page, part: 'Upcoming' | 'In progress' | 'Completed'): Promise<void> {
  await page.getByText(new RegExp(`^${part} · \\d+$`)).click();
  await expect.poll(() => page.getByRole('radio', { name: new RegExp(`^${part}`) }).isChecked()).toBe(true);
}

async function signedOutScreens(viewport: Viewport, findings: Findings): Promise<void> {
  const phone = await open(viewport);
  const { page } = phone;
  const at = (state: string) => `${state} at ${viewport.width}`;

  await page.goto(`${suite.staffApp.url}/login`);
  await page.getByRole('heading', { name: 'Log in' }).waitFor();
  await scan(page, at('Log in'), findings);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('alert').first().waitFor();
  await scan(page, at('Log in with errors'), findings);

  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  await scan(page, at('Sign up'), findings);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('alert').first().waitFor();
  await page.getByRole('textbox', { name: 'Password', exact: true }).focus();
  await page.getByRole('list', { name: 'Password requirements' }).waitFor();
  await scan(page, at('Sign up with errors and the password checklist'), findings);

  await page.goto(`${suite.staffApp.url}/forgot-password`);
  await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
  await scan(page, at('Forgot password'), findings);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByRole('alert').first().waitFor();
  await scan(page, at('Forgot password with errors'), findings);
  // The answer is the same for any address; the stack's mail limit is left for the recovery tests.
  await page.route('**/auth/v1/recover*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }),
  );
  await page.getByRole('textbox', { name: 'Email' }).fill('nobody@example.com');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByRole('status').filter({ hasText: 'Check your email' }).waitFor();
  await scan(page, at('Forgot password, link sent'), findings);

  await page.goto(`${suite.staffApp.url}/reset-password`);
  await page.getByRole('alert').filter({ hasText: 'This link has expired or was already used' }).waitFor();
  await scan(page, at('Set new password, expired link'), findings);

  await page.goto(`${suite.staffApp.url}/accept-invite`);
  await page.getByRole('alert').filter({ hasText: 'This invitation link has expired or was already used' }).waitFor();
  await scan(page, at('Accept an invitation, expired link'), findings);
  await close(phone);
}

async function signedInScreens(viewport: Viewport, findings: Findings): Promise<void> {
  const worker = await seedWorker(`staff-a11y-${viewport.width}`);
  const phone = await open(viewport, worker);
  const { page, context } = phone;
  const at = (state: string) => `${state} at ${viewport.width}`;

  // Opening Notifications marks them read: held until the unread ones have been scanned.
  const releaseMarking = await hold(page, '**/rest/v1/rpc/mark_notifications_read');

  // The app starting (the session being checked), then every screen while its data is on its way
  // (a slow network): the placeholders, each held there for its scan.
  const releaseCheck = await hold(page, '**/rest/v1/rpc/account_type');
  const releaseReads = await hold(
    page,
    '**/rest/v1/**',
    (request) =>
      request.method() === 'GET' ||
      ['/rpc/my_employers', '/rpc/my_shift_board'].some((rpc) => request.url().includes(rpc)),
  );
  await page.goto(`${suite.staffApp.url}/`);
  await page.getByRole('status', { name: 'Loading' }).waitFor();
  await scan(page, at('Starting'), findings);
  releaseCheck();
  await page.getByRole('heading', { name: 'Open shifts' }).waitFor();
  await page.getByRole('status', { name: 'Loading shifts' }).waitFor();
  await scan(page, at('Home, loading'), findings);
  for (const [tab, placeholder] of [
    ['My shifts', 'Loading your shifts'],
    ['Agencies', 'Loading your agencies'],
    ['Profile', 'Loading your profile'],
  ] as const) {
    await tabBar(page).getByRole('link', { name: tab }).click();
    await page.getByRole('status', { name: placeholder }).waitFor();
    await scan(page, at(`${tab}, loading`), findings);
  }
  await bell(page, worker.unread).click();
  await page.getByRole('status', { name: 'Loading notifications' }).waitFor();
  await scan(page, at('Notifications, loading'), findings);
  releaseReads();

  // Home: open shifts from both agencies, distances (location is allowed), the unread badge.
  await page.goto(`${suite.staffApp.url}/`);
  await page.getByRole('heading', { name: 'Open shifts' }).waitFor();
  for (const skill of worker.open) await shiftCard(page, skill).getByText(/away$/).waitFor();
  await bell(page, worker.unread).waitFor();
  await scan(page, at('Home'), findings);
  await screenshot(page, `staff-a11y-home-${viewport.width}`);

  // My shifts: opens on the shift in progress, then upcoming and completed.
  await tabBar(page).getByRole('link', { name: 'My shifts' }).click();
  await shiftCard(page, worker.inProgress).waitFor();
  await expect.poll(() => page.getByRole('radio', { name: /^In progress/ }).isChecked()).toBe(true);
  await scan(page, at('My shifts, in progress'), findings);
  await screenshot(page, `staff-a11y-my-shifts-${viewport.width}`);
  await shiftCard(page, worker.inProgress).getByRole('button', { name: 'Clock out' }).click();
  const clockOut = page.getByRole('dialog', { name: 'Clock out now?' });
  await clockOut.waitFor();
  await scan(page, at('Clock out confirmation'), findings);
  await page.keyboard.press('Escape');
  await clockOut.waitFor({ state: 'hidden' });

  await showPart(page, 'Completed');
  await shiftCard(page, worker.completed).getByText('Hours done:').waitFor();
  await scan(page, at('My shifts, completed'), findings);
  await showPart(page, 'Upcoming');
  await shiftCard(page, worker.upcoming).waitFor();
  await scan(page, at('My shifts, upcoming'), findings);

  // Clock in from about 900 m away: the reason field, then its error.
  await shiftCard(page, worker.upcoming).getByRole('button', { name: 'Clock in' }).click();
  const clockIn = page.getByRole('dialog', { name: 'Clock in' });
  await clockIn.getByText('That is more than 300 m away', { exact: false }).waitFor();
  await clockIn.getByRole('textbox', { name: 'Reason' }).waitFor();
  await scan(page, at('Clock in, outside the radius'), findings);
  await clockIn.getByRole('button', { name: 'Clock in' }).click();
  await expectAlert(page, 'Add a reason to clock in more than 300 m from the shift');
  await scan(page, at('Clock in, reason missing'), findings);
  await screenshot(page, `staff-a11y-clock-in-${viewport.width}`);
  await page.keyboard.press('Escape');
  await clockIn.waitFor({ state: 'hidden' });

  // Notifications: unread and read ones, then all read once the held marking goes through.
  await bell(page, worker.unread).click();
  await page.getByRole('heading', { name: 'Notifications' }).waitFor();
  await expect.poll(() => page.getByRole('list', { name: 'Notifications' }).getByRole('listitem').count()).toBe(5);
  await scan(page, at('Notifications, unread and read'), findings);
  await screenshot(page, `staff-a11y-notifications-${viewport.width}`);
  releaseMarking();
  await bell(page, 0).waitFor();
  await scan(page, at('Notifications, all read'), findings);

  // Agencies: the list, the join form with its error, the Leave confirmation.
  await tabBar(page).getByRole('link', { name: 'Agencies' }).click();
  await expect.poll(() => page.getByRole('list', { name: 'Your agencies' }).getByRole('listitem').count()).toBe(2);
  await scan(page, at('Agencies'), findings);
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await expectAlert(page, 'Enter your agency’s company code');
  await scan(page, at('Agencies, join error'), findings);
  await page
    .getByRole('button', { name: /^Leave / })
    .first()
    .click();
  const leave = page.getByRole('dialog', { name: /^Leave .*\?$/ });
  await leave.waitFor();
  await scan(page, at('Leave agency confirmation'), findings);
  await screenshot(page, `staff-a11y-leave-${viewport.width}`);
  await page.keyboard.press('Escape');
  await leave.waitFor({ state: 'hidden' });

  // Profile with the notification settings.
  await tabBar(page).getByRole('link', { name: 'Profile' }).click();
  await expect.poll(() => page.getByRole('textbox', { name: 'First name' }).inputValue()).toBe('Rosa');
  await page.getByRole('switch', { name: 'New shift alerts' }).waitFor();
  await scan(page, at('Profile'), findings);
  await screenshot(page, `staff-a11y-profile-${viewport.width}`);

  // Offline: the banner over the last-loaded shifts.
  await tabBar(page).getByRole('link', { name: 'Home' }).click();
  await shiftCard(page, worker.open[0]!).waitFor();
  await context.setOffline(true);
  await page.getByRole('status').filter({ hasText: 'You are offline' }).waitFor();
  await scan(page, at('Home, offline'), findings);
  await screenshot(page, `staff-a11y-offline-${viewport.width}`);
  await context.setOffline(false);
  await page.getByRole('status').filter({ hasText: 'You are offline' }).waitFor({ state: 'detached' });

  // Set a new password: where the reset email's link lands, signed in, once the link is checked.
  const releaseLink = await hold(page, '**/rest/v1/rpc/account_type');
  await page.goto(`${suite.staffApp.url}/reset-password`);
  await page.getByRole('status', { name: 'Checking the link' }).waitFor();
  await scan(page, at('Set new password, checking the link'), findings);
  releaseLink();
  await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
  await page.getByRole('textbox', { name: 'New password', exact: true }).focus();
  await page.getByRole('list', { name: 'Password requirements' }).waitFor();
  await scan(page, at('Set new password'), findings);

  // An agency's invitation: where its email's link lands, signed in.
  await page.goto(`${suite.staffApp.url}/accept-invite`);
  await page.getByRole('heading', { name: 'Set your password' }).waitFor();
  await page.getByRole('button', { name: 'Save and join' }).click();
  await page.getByRole('alert').first().waitFor();
  await scan(page, at('Accept an invitation, with errors'), findings);
  await close(phone);
}

describe('axe on every staff screen', () => {
  for (const viewport of [MOBILE, WIDE]) {
    it(`finds nothing serious signed out at ${viewport.width}×${viewport.height}`, async () => {
      const findings: Findings = {};
      await signedOutScreens(viewport, findings);
      expect(findings).toEqual({});
    });

    it(`finds nothing serious signed in at ${viewport.width}×${viewport.height}, with every dialog open`, async () => {
      const findings: Findings = {};
      await signedInScreens(viewport, findings);
      expect(findings).toEqual({});
    });
  }
});

describe('keyboard only', () => {
  for (const viewport of [MOBILE, WIDE]) {
    it(`accepts a shift, uses every tab and the Clock in modal at ${viewport.width}×${viewport.height}`, async () => {
      const worker = await seedWorker(`staff-keys-${viewport.width}`);
      const phone = await open(viewport, worker);
      const { page } = phone;
      await page.goto(`${suite.staffApp.url}/`);
      const first = worker.open[0]!;
      await shiftCard(page, first).waitFor();

      // The bell says how many are unread.
      await bell(page, worker.unread).waitFor();

      // On the phone, the answer to Accept comes after the live update has removed the card (a slow
      // network): focus must still land on the next shift once the other buttons are enabled again.
      const liveUpdateFirst = viewport === MOBILE;
      let answer = () => {};
      if (liveUpdateFirst) {
        const answered = new Promise<void>((resolve) => (answer = resolve));
        await page.route('**/rest/v1/rpc/accept_shift', async (route) => {
          const response = await route.fetch();
          await answered;
          await route.fulfill({ response });
        });
      }

      // Tab from the top of Home to the first shift's Accept button; Enter accepts it.
      await page.locator('body').focus();
      await tabTo(page, shiftCard(page, first).getByRole('button', { name: /^Accept shift/ }));
      await page.keyboard.press('Enter');
      await expect.poll(() => shiftCard(page, first).count()).toBe(0);
      answer();
      await expectAlert(page, 'Shift accepted');
      // Focus moves on to the next shift's Accept, not back to the top of the page.
      const next = shiftCard(page, worker.open[1]!).getByRole('button', { name: /^Accept shift/ });
      await expect.poll(() => next.evaluate((button) => button === document.activeElement)).toBe(true);

      // Every tab of the bottom bar: reached with Tab, followed with Enter, marked current.
      const tabs = ['My shifts', 'Agencies', 'Profile', 'Home'] as const;
      const paths = { Home: '/', 'My shifts': '/my-shifts', Agencies: '/agencies', Profile: '/profile' };
      for (const name of tabs) {
        const link = tabBar(page).getByRole('link', { name, exact: true });
        await tabTo(page, link);
        await page.keyboard.press('Enter');
        await expectPath(page, paths[name]);
        await expect.poll(() => link.getAttribute('aria-current')).toBe('page');
        for (const other of tabs.filter((t) => t !== name)) {
          expect(await tabBar(page).getByRole('link', { name: other, exact: true }).getAttribute('aria-current')).toBe(
            null,
          );
        }
        expect(await isFocused(link)).toBe(true);
      }

      // My shifts by keyboard: the part switcher's arrows, then Clock in.
      await tabTo(page, tabBar(page).getByRole('link', { name: 'My shifts', exact: true }));
      await page.keyboard.press('Enter');
      await shiftCard(page, worker.inProgress).waitFor();
      await tabTo(page, page.getByRole('radio', { checked: true }));
      for (let i = 0; i < 3 && !(await page.getByRole('radio', { name: /^Upcoming/ }).isChecked()); i += 1) {
        await page.keyboard.press('ArrowLeft');
      }
      await expect.poll(() => page.getByRole('radio', { name: /^Upcoming/ }).isChecked()).toBe(true);
      const opener = shiftCard(page, worker.upcoming).getByRole('button', { name: 'Clock in' });
      await tabTo(page, opener);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Clock in' });
      await dialog.getByRole('textbox', { name: 'Reason' }).waitFor();

      // Focus is inside the dialog and stays there, forwards and backwards.
      const inDialog = () => dialog.evaluate((el) => el.contains(document.activeElement));
      await expect.poll(inDialog).toBe(true);
      for (const key of ['Tab', 'Shift+Tab']) {
        for (let i = 0; i < 8; i += 1) {
          await page.keyboard.press(key);
          expect(await inDialog(), `focus after ${i + 1} × ${key}`).toBe(true);
        }
      }
      // The reason can be typed without leaving the keyboard.
      await tabTo(page, dialog.getByRole('textbox', { name: 'Reason' }), 8);
      await page.keyboard.type('Client moved next door');

      // Escape closes it and focus comes back to the button that opened it.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => isFocused(opener)).toBe(true);

      // The bell: reached with Tab, opened with Enter; reading the list clears its count.
      await tabTo(page, bell(page, worker.unread));
      await page.keyboard.press('Enter');
      await expectPath(page, '/notifications');
      await bell(page, 0).waitFor();
      await close(phone);
    });
  }
});

describe('screen-reader labels', () => {
  it('names every icon-only control, labels every input and marks the current tab', async () => {
    const worker = await seedWorker('staff-labels');
    const phone = await open(MOBILE);
    const { page } = phone;

    // Signed out: each field by its label; the password's show button by its name.
    await page.goto(`${suite.staffApp.url}/login`);
    await page.getByRole('textbox', { name: 'Email' }).waitFor();
    await page.getByRole('textbox', { name: 'Password' }).waitFor();
    await page.goto(`${suite.staffApp.url}/signup`);
    for (const label of ['First name', 'Last name', 'Email', 'Phone', 'Password', 'Confirm Password']) {
      await page.getByRole('textbox', { name: label, exact: true }).waitFor();
    }
    await page.getByRole('button', { name: 'Show password', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Show confirm password', exact: true }).waitFor();
    expect(await unnamed(page)).toEqual([]);
    await close(phone);

    const signedIn = await open(MOBILE, worker);
    const p = signedIn.page;
    await p.goto(`${suite.staffApp.url}/`);
    await shiftCard(p, worker.open[0]!).waitFor();
    // The bell is an icon: its name says what it is and how many are unread.
    await bell(p, worker.unread).waitFor();
    // The badge beside it is not read out a second time.
    expect(await p.getByRole('banner').ariaSnapshot()).not.toMatch(/text: "?\d/);
    // Home's tab is the current page, and only it.
    const nav = tabBar(p);
    expect(await nav.getByRole('link').count()).toBe(4);
    expect(await nav.getByRole('link', { name: 'Home', exact: true }).getAttribute('aria-current')).toBe('page');
    expect(await nav.locator('[aria-current]').count()).toBe(1);
    // Each Accept button names the shift it takes.
    for (const skill of worker.open) {
      await shiftCard(p, skill)
        .getByRole('button', { name: new RegExp(`^Accept shift: PSW, ${skill}, at `) })
        .waitFor();
    }
    expect(await unnamed(p)).toEqual([]);

    // Unread notifications say so in words, not only in bold and a tint.
    const releaseMarking = await hold(p, '**/rest/v1/rpc/mark_notifications_read');
    await bell(p, worker.unread).click();
    const items = p.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
    await expect.poll(() => items.count()).toBe(5);
    expect(await items.filter({ hasText: /^Unread: / }).count()).toBe(0);
    expect(await items.filter({ hasText: 'Unread: Your employer just posted a new shift.' }).count()).toBe(
      worker.unread,
    );
    releaseMarking();
    await bell(p, 0).waitFor();
    await expect.poll(() => items.filter({ hasText: 'Unread:' }).count()).toBe(0);
    expect(await nav.locator('[aria-current]').count()).toBe(0);

    await nav.getByRole('link', { name: 'My shifts', exact: true }).click();
    await expect.poll(() => nav.getByRole('link', { name: 'My shifts' }).getAttribute('aria-current')).toBe('page');
    await p.getByRole('radiogroup', { name: 'Which shifts' }).waitFor();
    await showPart(p, 'Upcoming');
    await shiftCard(p, worker.upcoming).getByRole('button', { name: 'Clock in' }).click();
    const dialog = p.getByRole('dialog', { name: 'Clock in' });
    await dialog.getByRole('textbox', { name: 'Reason' }).waitFor();
    // The modal's close button is an icon.
    await dialog.getByRole('button', { name: 'Close', exact: true }).waitFor();
    expect(await unnamed(p)).toEqual([]);
    await p.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await nav.getByRole('link', { name: 'Agencies', exact: true }).click();
    await p.getByRole('textbox', { name: 'Company code' }).waitFor();
    await expect.poll(() => p.getByRole('button', { name: /^Leave Agency staff-labels/ }).count()).toBe(2);
    expect(await unnamed(p)).toEqual([]);

    await nav.getByRole('link', { name: 'Profile', exact: true }).click();
    for (const label of ['First name', 'Last name', 'Phone']) {
      await p.getByRole('textbox', { name: label, exact: true }).waitFor();
    }
    await p.getByRole('switch', { name: 'New shift alerts' }).waitFor();
    await p.getByRole('button', { name: 'Save profile' }).waitFor();
    expect(await nav.locator('[aria-current]').count()).toBe(1);
    expect(await nav.getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBe('page');
    // A toast's close button is an icon too.
    await p.getByRole('textbox', { name: 'Phone', exact: true }).fill('647-555-0100');
    await p.getByRole('button', { name: 'Save profile' }).click();
    await expectAlert(p, 'Profile saved');
    await p.getByRole('button', { name: 'Dismiss notification' }).first().waitFor();
    expect(await unnamed(p)).toEqual([]);
    await close(signedIn);
  });
});

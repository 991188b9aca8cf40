/// <reference lib="dom" />
/**
 * CareCover Staff as frontline workers use it on a phone (390×844), against the built app and the
 * local stack, with the agency's dashboard open beside it: sign up and join with a company code
 * (wrong code, full free plan, already joined), a shift posted by the agency just joined and one
 * posted later appearing live, two workers accepting the same shift at once (exactly one wins),
 * clock-in outside the radius (a reason, which the agency reads) and inside it, clock-out, and the
 * dashboard following each step.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startPreview, startStaffPreview } from '../support/browser.ts';
import { superuser, TEST_PASSWORD } from '../support/clients.ts';
import {
  createCompany,
  createStaff,
  postShiftAs,
  removeTestData,
  signInBrowser,
  type TestCompany,
} from './dashboard-fixtures.ts';
import { removeWorkers, signUpWorker, type TestWorker } from './staff-fixtures.ts';
import {
  DESKTOP,
  MOBILE,
  expectAlert,
  newPage,
  rowOrCard,
  screenshot,
  seriousViolations,
  showAllShifts,
} from './helpers.ts';

/** Where the test shifts are: Toronto City Hall. */
const SHIFT_PLACE = { latitude: 43.6534, longitude: -79.3841 };
/** About 60 m from it: inside the clock-in radius. */
const NEAR = { latitude: 43.6539, longitude: -79.3844 };
/** Union Station, about 900 m away: outside it. */
const FAR = { latitude: 43.6453, longitude: -79.3806 };

let browser: Browser;
let staffApp: Awaited<ReturnType<typeof startStaffPreview>>;
let dashboard: Awaited<ReturnType<typeof startPreview>>;
const companies: TestCompany[] = [];
const markers: string[] = [];

beforeAll(async () => {
  [staffApp, dashboard, browser] = await Promise.all([startStaffPreview(), startPreview(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await staffApp?.stop();
  await dashboard?.stop();
  await removeWorkers(workers);
  await removeTestData(markers, companies);
});

async function company(label: string, options: { premium?: boolean } = {}): Promise<TestCompany> {
  const created = await createCompany(label, { premium: options.premium ?? true, timeZone: 'America/Toronto' });
  companies.push(created);
  return created;
}

const workers: TestWorker[] = [];

async function worker(firstName: string, c?: TestCompany): Promise<TestWorker> {
  const made = await signUpWorker(firstName, c);
  workers.push(made);
  return made;
}

async function phone(position = SHIFT_PLACE): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: MOBILE,
    geolocation: position,
    permissions: ['geolocation'],
    timezoneId: 'America/Toronto',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

async function logIn(page: Page, who: TestWorker): Promise<void> {
  await page.goto(`${staffApp.url}/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.locator('input[type=password]').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Open shifts' }).waitFor();
}

/** A shift at Toronto City Hall, `startsInMinutes` ahead, with a note for the worker. */
const postShift = (c: TestCompany, skill: string, startsInMinutes = 10): Promise<string> =>
  postShiftAs(
    c,
    { skill, notes: 'Ask for Rosa at the front desk', ...SHIFT_PLACE },
    { startsInMs: startsInMinutes * 60_000 },
  );

const shiftCard = (page: Page, skill: string) => page.locator('article').filter({ hasText: skill });

async function expectToast(page: Page, title: string): Promise<void> {
  await expectAlert(page, title);
}

describe('CareCover Staff on a phone', () => {
  it('signs up, is refused a wrong code and a full agency, joins, and is told when already joined', async () => {
    const agency = await company(`staff-join-${randomUUID().slice(0, 4)}`);
    const full = await company(`staff-full-${randomUUID().slice(0, 4)}`, { premium: false });
    const marker = `staff-full-${randomUUID().slice(0, 8)}`;
    markers.push(marker);
    await createStaff(full, 30, marker);

    const { context, page, errors } = await phone();
    await page.goto(`${staffApp.url}/`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    const email = `staff-app-signup-${randomUUID().slice(0, 8)}@example.com`;
    await page.getByLabel('First name').fill('Noor');
    await page.getByLabel('Last name').fill('Haddad');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('(416) 555-0199');
    await page.locator('input[type=password]').nth(0).fill('Str0ng!pass');
    await page.locator('input[type=password]').nth(1).fill('Str0ng!pass');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Join your agency' }).waitFor();
    const db = await superuser();
    try {
      const { rows } = await db.query<{ id: string; phone: string }>(
        'select id, phone from public.staff where email = $1',
        [email],
      );
      expect(rows[0]?.phone).toBe('4165550199');
      workers.push({ id: rows[0]!.id, email: '', firstName: '' });
    } finally {
      await db.end();
    }
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'staff-app-join-390');

    const code = page.getByLabel('Company code');
    await code.fill('ZZZZ');
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await expectAlert(page, 'No company found with that code');

    await code.fill(full.code);
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await expectAlert(page, 'This company has reached the free plan limit of 30 staff');

    await code.fill(` ${agency.code} `);
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await expectToast(page, 'Agency joined');
    await page.getByText('No open shifts right now').waitFor();
    // Live from the agency just joined (the app listens by agency, so it must have listened again),
    // marked New: a refetch would bring the card without the mark.
    const skill = `Joined ${randomUUID().slice(0, 6)}`;
    await postShift(agency, skill);
    await shiftCard(page, skill).getByText('New').waitFor({ timeout: 15_000 });

    await page.getByRole('link', { name: 'Agencies' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Your agencies' }).getByRole('listitem').count()).toBe(1);
    await page.getByLabel('Company code').fill(agency.code);
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await expectAlert(page, 'You already work for this agency.');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'staff-app-agencies-390');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sees a posted shift live; of two workers accepting at once exactly one wins; clock-in needs a reason far away; the dashboard follows', async () => {
    const agency = await company(`staff-flow-${randomUUID().slice(0, 4)}`);
    const ana = await worker('Ana', agency);
    const ben = await worker('Ben', agency);

    const board = await newPage(browser, DESKTOP);
    await signInBrowser(board.context, agency);
    await board.page.goto(`${dashboard.url}/dashboard/shift-info`);

    const a = await phone(FAR);
    const b = await phone(NEAR);
    await Promise.all([logIn(a.page, ana), logIn(b.page, ben)]);
    await Promise.all([
      a.page.getByText('No open shifts right now').waitFor(),
      b.page.getByText('No open shifts right now').waitFor(),
    ]);

    const skill = `Race ${randomUUID().slice(0, 6)}`;
    const shiftId = await postShift(agency, skill);
    // Live, without a reload: Realtime brings the new shift to both phones and the bell's badge.
    await Promise.all([shiftCard(a.page, skill).waitFor(), shiftCard(b.page, skill).waitFor()]);
    await expect.poll(() => a.page.getByRole('link', { name: 'Notifications, 1 unread' }).count()).toBe(1);
    await expect(shiftCard(a.page, skill).getByText('New').count()).resolves.toBe(1);
    await screenshot(a.page, 'staff-app-home-390');
    expect(await seriousViolations(a.page)).toEqual([]);

    await Promise.all([
      shiftCard(a.page, skill)
        .getByRole('button', { name: /^Accept/ })
        .click(),
      shiftCard(b.page, skill)
        .getByRole('button', { name: /^Accept/ })
        .click(),
    ]);
    const won = async (page: Page) =>
      (await page.getByRole('alert').filter({ hasText: 'Shift accepted' }).count()) > 0 ? 'won' : 'lost';
    await expect
      .poll(async () =>
        (
          await Promise.all(
            [a.page, b.page].map(
              async (page) =>
                (await page
                  .getByRole('alert')
                  .filter({ hasText: /Shift accepted|just taken/ })
                  .count()) > 0,
            ),
          )
        ).every(Boolean),
      )
      .toBe(true);
    const outcomes = [await won(a.page), await won(b.page)];
    expect(outcomes.filter((o) => o === 'won')).toHaveLength(1);
    const [winner, loser] = outcomes[0] === 'won' ? [a, b] : [b, a];
    await expectAlert(loser.page, 'Sorry, this shift was just taken');
    await expect.poll(() => shiftCard(loser.page, skill).count()).toBe(0);

    // The dashboard shows the acceptance live.
    await showAllShifts(board.page);
    await expect.poll(() => rowOrCard(board.page, skill).filter({ hasText: 'Assigned' }).count()).toBe(1);

    // Clock in from far away: a reason is required, and the agency sees it.
    await winner.context.setGeolocation(FAR);
    await winner.page.getByRole('link', { name: 'My shifts' }).click();
    await shiftCard(winner.page, skill).getByRole('button', { name: 'Clock in' }).click();
    const dialog = winner.page.getByRole('dialog', { name: 'Clock in' });
    await dialog.getByText(/You are [\d.]+ (m|km) from the shift/).waitFor();
    await dialog.getByText('That is more than 300 m away', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Clock in' }).click();
    await expectAlert(winner.page, 'Add a reason to clock in more than 300 m from the shift');
    expect(await seriousViolations(winner.page)).toEqual([]);
    await screenshot(winner.page, 'staff-app-clock-in-far-390');
    await dialog.getByLabel('Reason').fill('Client moved to the day program across the street');
    await dialog.getByRole('button', { name: 'Clock in' }).click();
    await expectToast(winner.page, 'Clocked in');
    await expect.poll(() => rowOrCard(board.page, skill).filter({ hasText: 'In-progress' }).count()).toBe(1);
    const db = await superuser();
    try {
      const { rows } = await db.query<{ clock_in_reason: string; clock_in_distance_m: number }>(
        'select clock_in_reason, clock_in_distance_m from public.shifts where id = $1',
        [shiftId],
      );
      expect(rows[0]?.clock_in_reason).toBe('Client moved to the day program across the street');
      expect(rows[0]?.clock_in_distance_m).toBeGreaterThan(300);
    } finally {
      await db.end();
    }

    // Clock out: the hours are worked out by the database.
    await expect.poll(() => winner.page.getByRole('radio', { name: /In progress/ }).isChecked()).toBe(true);
    await shiftCard(winner.page, skill).getByRole('button', { name: 'Clock out' }).click();
    await winner.page
      .getByRole('dialog', { name: 'Clock out now?' })
      .getByRole('button', { name: 'Clock out' })
      .click();
    await expectToast(winner.page, 'Clocked out');
    await expect.poll(() => rowOrCard(board.page, skill).filter({ hasText: 'Completed' }).count()).toBe(1);
    await expect.poll(() => winner.page.getByRole('radio', { name: /Completed/ }).isChecked()).toBe(true);
    await winner.page.getByText(/^Upcoming · \d+$/).click();
    await winner.page.getByText(/^Completed · \d+$/).click();
    await shiftCard(winner.page, skill).getByText('Hours done:').waitFor();

    // The other worker takes the next shift and clocks in on the spot: no reason asked.
    const nextSkill = `Near ${randomUUID().slice(0, 6)}`;
    await postShift(agency, nextSkill);
    await loser.context.setGeolocation(NEAR);
    await shiftCard(loser.page, nextSkill)
      .getByRole('button', { name: /^Accept/ })
      .click();
    await expectToast(loser.page, 'Shift accepted');
    await loser.page.getByRole('link', { name: 'My shifts' }).click();
    await shiftCard(loser.page, nextSkill).getByRole('button', { name: 'Clock in' }).click();
    const nearDialog = loser.page.getByRole('dialog', { name: 'Clock in' });
    await nearDialog.getByText('That is within 300 m. You can clock in.').waitFor();
    expect(await nearDialog.getByLabel('Reason').count()).toBe(0);
    await nearDialog.getByRole('button', { name: 'Clock in' }).click();
    await expectToast(loser.page, 'Clocked in');
    await expect.poll(() => rowOrCard(board.page, nextSkill).filter({ hasText: 'In-progress' }).count()).toBe(1);

    expect([...a.errors, ...b.errors, ...board.errors]).toEqual([]);
    await Promise.all([a.context.close(), b.context.close(), board.context.close()]);
  });

  it('tells an agency account that the app is for staff, and keeps the last shifts readable offline', async () => {
    const agency = await company(`staff-offline-${randomUUID().slice(0, 4)}`);
    const { context, page, errors } = await phone();
    await page.goto(`${staffApp.url}/login`);
    await page.getByLabel('Email').fill(agency.email);
    await page.locator('input[type=password]').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectAlert(page, 'This app is for care staff. Agencies use the CareCover dashboard in a web browser.');

    const cara = await worker('Cara', agency);
    const skill = `Offline ${randomUUID().slice(0, 6)}`;
    await postShift(agency, skill, 24 * 60);
    await logIn(page, cara);
    await shiftCard(page, skill).waitFor();
    // The service worker has the shell once it controls the page.
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 15_000 });
    await context.setOffline(true);
    await page.reload();
    await page.getByText('You are offline').waitFor();
    await shiftCard(page, skill).waitFor();
    await screenshot(page, 'staff-app-offline-390');
    await context.setOffline(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('edits the profile and turns new shift alerts off, which keeps the in-app notification', async () => {
    const agency = await company(`staff-profile-${randomUUID().slice(0, 4)}`);
    const dana = await worker('Dana', agency);
    const { context, page, errors } = await phone();
    await logIn(page, dana);
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect.poll(() => page.getByLabel('First name').inputValue()).toBe('Dana');
    await page.getByLabel('Phone').fill('647-555-0100');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expectAlert(page, 'Profile saved');
    const alerts = page.getByRole('switch', { name: 'New shift alerts' });
    await expect.poll(() => alerts.isChecked()).toBe(true);
    await alerts.click();
    await expectAlert(page, 'New shift alerts off');
    await expect.poll(() => alerts.isChecked()).toBe(false);
    const db = await superuser();
    try {
      const { rows } = await db.query<{ phone: string; notify_new_shifts: boolean }>(
        'select phone, notify_new_shifts from public.staff where email = $1',
        [dana.email],
      );
      expect(rows[0]).toEqual({ phone: '6475550100', notify_new_shifts: false });
    } finally {
      await db.end();
    }
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'staff-app-profile-390');

    await postShift(agency, `Quiet ${randomUUID().slice(0, 6)}`, 120);
    await expect.poll(() => page.getByRole('link', { name: 'Notifications, 1 unread' }).count()).toBe(1);
    await page.getByRole('link', { name: 'Notifications, 1 unread' }).click();
    await page.getByText('Your employer just posted a new shift. View in home page').waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Notifications', exact: true }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

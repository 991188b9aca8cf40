/// <reference lib="dom" />
/**
 * Time off in CareCover Staff, on a phone (390×844, in Toronto): the worker reaches it from
 * Profile (a list that fails to load says so beside a working form, and loads on retry), is told
 * what to fix (nothing entered, an end before its start, a weekly period of a week or more, a note
 * too long), adds a one-off period and a weekly one, sees them listed soonest first, and deletes
 * one after a confirmation. An open shift inside the time off leaves Open shifts and comes back
 * when the time off is deleted; opened from its notification meanwhile, it says why it cannot be
 * taken. A worker of two agencies who was given a shift at one is refused the overlapping shift at
 * the other, with the reason, and the notification for it says why; live, a shift posted at a time
 * they hold is never offered, and one they take elsewhere takes the shifts overlapping it off the
 * list. axe finds nothing serious; screenshots at 390×844 and 1440×900.
 */
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { anonClient, superuser, TEST_PASSWORD } from '../support/clients.ts';
import { createCompany, type TestCompany } from './dashboard-fixtures.ts';
import { MOBILE, expectAlert, expectPath, screenshot, seriousViolations } from './helpers.ts';
import { pickerDropdown, torontoDay } from './shift-call-steps.ts';
import { signUpWorker, staffAppSuite, type TestWorker } from './staff-fixtures.ts';

const WIDE = { width: 1440, height: 900 };
const TORONTO = 'America/Toronto';

const suite = staffAppSuite();

async function company(label: string): Promise<TestCompany> {
  const created = await createCompany(`${label}-${randomUUID().slice(0, 4)}`, { premium: true, timeZone: TORONTO });
  suite.companies.push(created);
  return created;
}

async function worker(firstName: string, c: TestCompany): Promise<TestWorker> {
  const made = await signUpWorker(firstName, c);
  suite.workers.push(made);
  return made;
}

/** A shift of `c` on the day `days` after today in Toronto, from `fromHour` to `toHour` there. */
async function postAt(c: TestCompany, skill: string, days: number, fromHour: number, toHour: number): Promise<string> {
  const db = await superuser();
  try {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.shifts (company_id, staff_type, skill, street_number, street_name, city, province,
                                  country, postal_code, starts_at, ends_at, latitude, longitude)
       select $1, 'PSW', $2, '100', 'Queen St W', 'Toronto', 'ON', 'Canada', 'M5H 2N2',
              (d + make_interval(hours => $4)) at time zone 'America/Toronto',
              (d + make_interval(hours => $5)) at time zone 'America/Toronto', 43.6534, -79.3841
       from (select date_trunc('day', now() at time zone 'America/Toronto') + make_interval(days => $3) as d) day
       returning id`,
      [c.id, skill, days, fromHour, toHour],
    );
    return rows[0]!.id;
  } finally {
    await db.end();
  }
}

async function phone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await suite.browser.newContext({ viewport: MOBILE, timezoneId: TORONTO });
  return { context, page: await context.newPage() };
}

async function logIn(page: Page, who: TestWorker): Promise<void> {
  await page.goto(`${suite.staffApp.url}/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.locator('input[type=password]').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Open shifts' }).waitFor();
}

const shiftCard = (page: Page, skill: string) => page.locator('article').filter({ hasText: skill });
const timeOffItems = (page: Page) => page.getByRole('list', { name: 'Your time off' }).getByRole('listitem');
const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Picks the day `days` after today (Toronto) in the date picker named `label`. */
async function pickDay(page: Page, label: string, days: number): Promise<void> {
  const day = torontoDay(days);
  const dropdown = pickerDropdown(page);
  await expect
    .poll(async () => {
      if (!(await dropdown.isVisible())) await page.getByRole('button', { name: label, exact: true }).click();
      return dropdown.isVisible();
    })
    .toBe(true);
  const button = dropdown.getByRole('button', { name: day.label, exact: true });
  // The calendar opens on the month of the field's day, or this one: step towards the day's month.
  const target = Date.parse(`1 ${day.label.split(' ').slice(1).join(' ')}`);
  for (let i = 0; i < 6 && !(await button.isVisible()); i += 1) {
    const shown = Date.parse(`1 ${await dropdown.locator('[class*="calendarHeaderLevel"]').first().innerText()}`);
    await dropdown
      .locator(`[data-direction="${shown < target ? 'next' : 'previous'}"]`)
      .first()
      .click();
  }
  await button.click();
  await expect.poll(() => pickerDropdown(page).count()).toBe(0);
}

/** 'Tue, Dec 1' for the day `days` after today in Toronto, as the list writes it (this year). */
function shortDay(days: number): string {
  const at = new Date(`${torontoDay(days).date}T12:00:00Z`);
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    at,
  );
}

function weekdayOf(days: number): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(`${torontoDay(days).date}T12:00:00Z`),
  );
}

/** Takes the toasts down, so a screenshot shows the screen under them. */
async function dismissToasts(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Dismiss notification' });
  await expect
    .poll(async () => {
      // A toast on its way out may go between finding its button and clicking it.
      if ((await close.count()) > 0)
        await close
          .first()
          .click({ timeout: 2_000 })
          .catch(() => undefined);
      return close.count();
    })
    .toBe(0);
}

/** A full-page screenshot from the top: scrolled, the sticky header would sit mid-page. */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** Holds the page's requests to `url` until the returned function is called. */
async function hold(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.fallback();
  });
  return release;
}

describe('Time off in CareCover Staff', () => {
  it('adds one-off and weekly time off with clear checks, lists and deletes it, and Open shifts follows', async () => {
    const agency = await company('time-off');
    const tara = await worker('Tara', agency);
    const tag = randomUUID().slice(0, 6);
    const inside = `Inside ${tag}`;
    const outside = `Outside ${tag}`;
    const insideId = await postAt(agency, inside, 3, 10, 14);
    await postAt(agency, outside, 4, 10, 14);

    const { context, page } = await phone();
    await logIn(page, tara);
    await shiftCard(page, inside).waitFor();
    await shiftCard(page, outside).waitFor();

    // From Profile, by keyboard; the list failing to load says so and offers a retry.
    const failing = '**/rest/v1/staff_time_off?*';
    await page.route(failing, (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"unavailable"}' })
        : route.fallback(),
    );
    await tabBar(page).getByRole('link', { name: 'Profile' }).click();
    const manage = page.getByRole('link', { name: 'Manage time off' });
    await manage.focus();
    await page.keyboard.press('Enter');
    await expectPath(page, '/profile/time-off');
    await page.getByRole('heading', { name: 'Time off', level: 1 }).waitFor();
    // Still under Profile in the tab bar.
    expect(await tabBar(page).getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBe('page');
    const loadError = page.getByRole('alert').filter({ hasText: 'Your time off could not load' });
    await loadError.waitFor();
    await page.getByRole('button', { name: 'Add time off' }).waitFor();
    await page.unroute(failing);
    await loadError.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('No time off planned').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Nothing entered, then an end before its start, then a note too long.
    const add = page.getByRole('button', { name: 'Add time off' });
    await add.click();
    for (const message of [
      'Pick the day it starts',
      'Enter the time it starts',
      'Pick the day it ends',
      'Enter the time it ends',
    ]) {
      await expectAlert(page, message);
    }
    await pickDay(page, 'Start day', 3);
    // The end day follows the start day.
    await expect
      .poll(() => page.getByRole('button', { name: 'End day', exact: true }).textContent())
      .toContain(shortDay(3).split(', ')[1]!);
    await page.getByLabel('Start time').fill('09:00');
    await page.getByLabel('End time').fill('08:00');
    await add.click();
    await expectAlert(page, 'The end must be after the start');
    await page.getByLabel('End time').fill('17:00');
    await page.getByRole('textbox', { name: 'Note' }).fill('x'.repeat(201));
    await add.click();
    await expectAlert(page, 'Keep the note to 200 characters or fewer (it has 201)');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'staff-time-off-errors-390');
    await page.getByRole('textbox', { name: 'Note' }).fill('Dentist');
    await add.click();
    await expectAlert(page, 'Time off added');
    await expect.poll(() => timeOffItems(page).count()).toBe(1);
    const oneOff = timeOffItems(page).filter({ hasText: `${shortDay(3)}, 9:00 AM – 5:00 PM` });
    await oneOff.filter({ hasText: 'Dentist' }).waitFor();

    // Weekly: a week or more is refused; evenings on day 5's weekday for three weeks are added.
    await page.getByRole('switch', { name: 'All day' }).check();
    await page.getByRole('checkbox', { name: 'Repeat weekly' }).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByRole('checkbox', { name: 'Repeat weekly' }).isChecked()).toBe(true);
    await pickDay(page, 'First day', 5);
    await pickDay(page, 'Last day', 12);
    await add.click();
    await expectAlert(page, 'A weekly period must be shorter than a week');
    await page.getByRole('switch', { name: 'All day' }).uncheck();
    await pickDay(page, 'End day', 5);
    await page.getByLabel('Start time').fill('18:00');
    await page.getByLabel('End time').fill('22:00');
    await pickDay(page, 'Until', 19);
    await add.click();
    await expectAlert(page, 'Time off added');
    await expect.poll(() => timeOffItems(page).count()).toBe(2);
    // Soonest first: the one-off period, then the weekly one.
    await expect
      .poll(() => timeOffItems(page).nth(1).textContent())
      .toContain(
        `Every ${weekdayOf(5)}, 6:00 PM – 10:00 PM, from ${shortDay(5).split(', ')[1]}, until ${shortDay(19).split(', ')[1]}`,
      );
    expect(await timeOffItems(page).nth(0).textContent()).toContain('Dentist');
    expect(await seriousViolations(page)).toEqual([]);
    await dismissToasts(page);
    await shot(page, 'staff-time-off-390');

    // The shift inside the one-off period is no longer offered; the other one still is.
    await tabBar(page).getByRole('link', { name: 'Home' }).click();
    await shiftCard(page, outside).waitFor();
    await expect.poll(() => shiftCard(page, inside).count()).toBe(0);

    // Its notification leads to Home, which says why it cannot be taken.
    await page.goto(`${suite.staffApp.url}/?shift=${insideId}`);
    const notice = page.getByRole('status').filter({ hasText: 'You can’t take this shift' });
    await notice.filter({ hasText: 'This shift is during your time off.' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'staff-time-off-notice-390');
    await notice.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => notice.count()).toBe(0);
    await expectPath(page, '/');

    // Delete the one-off period (after a confirmation): the shift is offered again.
    await page.goto(`${suite.staffApp.url}/profile/time-off`);
    await expect.poll(() => timeOffItems(page).count()).toBe(2);
    await page.setViewportSize(WIDE);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'staff-time-off-1440');
    await page.setViewportSize(MOBILE);
    await oneOff.getByRole('button', { name: /^Delete time off: / }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this time off?' });
    await dialog.getByText('Shifts at that time can be offered to you again.', { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectAlert(page, 'Time off deleted');
    await expect.poll(() => timeOffItems(page).count()).toBe(1);
    expect(await timeOffItems(page).first().textContent()).toContain(`Every ${weekdayOf(5)}`);
    await tabBar(page).getByRole('link', { name: 'Home' }).click();
    await shiftCard(page, inside).waitFor();

    const db = await superuser();
    try {
      const { rows } = await db.query<{ repeats_weekly: boolean; time_zone: string; note: string | null }>(
        'select repeats_weekly, time_zone, note from public.staff_time_off where staff_id = $1',
        [tara.id],
      );
      expect(rows).toEqual([{ repeats_weekly: true, time_zone: TORONTO, note: null }]);
    } finally {
      await db.end();
    }
    await context.close();
  });

  it('refuses a shift overlapping one held at another agency with the reason, and its notification says why', async () => {
    const first = await company('overlap-a');
    const second = await company('overlap-b');
    const omar = await worker('Omar', first);
    const api = anonClient();
    const signIn = await api.auth.signInWithPassword({ email: omar.email, password: TEST_PASSWORD });
    if (signIn.error) throw signIn.error;
    const joined = await api.rpc('join_company', { code: second.code });
    if (joined.error) throw joined.error;

    const tag = randomUUID().slice(0, 6);
    const held = `Held ${tag}`;
    const clash = `Clash ${tag}`;
    const later = `Later ${tag}`;
    const heldId = await postAt(first, held, 2, 9, 17);
    await postAt(second, clash, 2, 12, 20);
    const laterId = await postAt(first, later, 3, 9, 17);

    const { context, page } = await phone();
    await logIn(page, omar);
    for (const skill of [held, clash, later]) await shiftCard(page, skill).waitFor();

    // The first agency's shift is given to the worker elsewhere (another phone) while this one's
    // list has not caught up yet.
    const release = await hold(page, '**/rest/v1/rpc/my_shift_board*');
    const accepted = await api.rpc('accept_shift', { shift_id: heldId });
    expect(accepted.error).toBeNull();
    await expect.poll(() => shiftCard(page, held).count()).toBe(0);
    await shiftCard(page, clash)
      .getByRole('button', { name: /^Accept shift/ })
      .click();
    const toast = page.getByRole('alert').filter({ hasText: 'You can’t take this shift' });
    await toast.filter({ hasText: 'You already have another shift at this time' }).waitFor();
    await expect.poll(() => shiftCard(page, clash).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'staff-time-off-overlap-refused-390');
    release();
    // Loaded afresh, the list still leaves the clashing shift out; the later one is offered.
    const loaded = page.waitForResponse((r) => r.url().includes('/rest/v1/rpc/my_shift_board') && r.ok());
    await page.reload();
    await loaded;
    await shiftCard(page, later).waitFor();
    await expect.poll(() => shiftCard(page, clash).count()).toBe(0);

    // The notification of the second agency's shift says why it cannot be taken.
    await page.getByRole('link', { name: /^Notifications/ }).click();
    const fromSecond = page
      .getByRole('list', { name: 'Notifications' })
      .getByRole('listitem')
      .filter({ hasText: 'Agency overlap-b' });
    await fromSecond.getByRole('button', { name: 'View shift' }).click();
    await expectPath(page, '/');
    const notice = page.getByRole('status').filter({ hasText: 'You can’t take this shift' });
    await notice.filter({ hasText: 'You already have another shift at this time.' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'staff-time-off-overlap-notice-390');

    // The shift the worker holds, opened the same way, is theirs.
    await page.goto(`${suite.staffApp.url}/?shift=${heldId}`);
    await page.getByRole('status').filter({ hasText: 'This shift is yours' }).waitFor();

    // Live: a shift posted at a time the worker already holds never shows up among open shifts…
    await page.goto(`${suite.staffApp.url}/`);
    await shiftCard(page, later).waitFor();
    const busy = `Busy ${tag}`;
    const fresh = `Fresh ${tag}`;
    await postAt(second, busy, 2, 13, 15);
    await postAt(second, fresh, 4, 9, 12);
    await shiftCard(page, fresh).waitFor();
    expect(await shiftCard(page, busy).count()).toBe(0);
    // …and a shift the worker takes elsewhere takes the ones overlapping it off the list.
    const overlapsLater = `Overlaps ${tag}`;
    await postAt(second, overlapsLater, 3, 12, 14);
    await shiftCard(page, overlapsLater).waitFor();
    const acceptedLater = await api.rpc('accept_shift', { shift_id: laterId });
    expect(acceptedLater.error).toBeNull();
    await expect.poll(() => shiftCard(page, overlapsLater).count()).toBe(0);
    await shiftCard(page, fresh).waitFor();
    await api.auth.signOut();
    await context.close();
  });
});

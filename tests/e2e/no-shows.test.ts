/// <reference lib="dom" />
/**
 * No-shows on the board, at 1440×900 and 390×844 (issue 28, part 4). Two workers have not clocked
 * in: one 20 minutes after the start, one 12. The watchdog's tick (run here with the database's
 * clock, as pg_cron runs it each minute) alerts them; the board opens on Needs action with a notice
 * giving each worker's phone number and a Late badge on each row; Re-post is offered for the first
 * and, for the second, says when it opens (the agency's 15 minutes). Re-posting asks first, then
 * the shift is Pending again, offered to the one other free worker, and its timeline says what
 * happened. The late worker sees the reminder in CareCover Staff. axe finds nothing serious.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startPreview, startStaffPreview } from '../support/browser.ts';
import { superuser, TEST_PASSWORD } from '../support/clients.ts';
import { createCompany, removeTestData, signInBrowser, type TestCompany } from './dashboard-fixtures.ts';
import { expectAlert, MOBILE, newPage, screenshot, seriousViolations } from './helpers.ts';
import { removeWorkers, signUpWorker, type TestWorker } from './staff-fixtures.ts';

const WIDE = { width: 1440, height: 900 };
let browser: Browser;
let preview: Awaited<ReturnType<typeof startPreview>>;
let staffApp: Awaited<ReturnType<typeof startStaffPreview>>;
const companies: TestCompany[] = [];
const workers: TestWorker[] = [];

beforeAll(async () => {
  [preview, staffApp, browser] = await Promise.all([startPreview(), startStaffPreview(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([preview?.stop(), staffApp?.stop()]);
  await removeWorkers(workers);
  await removeTestData([], companies);
});

/** A shift of `company` that started `minutesAgo` minutes ago, held by `holder`; answers its id. */
async function heldShift(company: TestCompany, street: string, minutesAgo: number, holder: string): Promise<string> {
  const db = await superuser();
  try {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.shifts (company_id, staff_type, skill, street_number, street_name, city, province,
                                  country, postal_code, starts_at, ends_at)
       values ($1, 'PSW', 'Personal care', '100', $2, 'Toronto', 'ON', 'Canada', 'M5H 2N2',
               now() - make_interval(mins => $3), now() - make_interval(mins => $3) + interval '8 hours')
       returning id`,
      [company.id, street, minutesAgo],
    );
    const id = rows[0]!.id;
    await db.query("update public.shifts set accepted_by = $2, accepted_at = now() - interval '1 day' where id = $1", [
      id,
      holder,
    ]);
    return id;
  } finally {
    await db.end();
  }
}

async function watchdogTick(): Promise<void> {
  const db = await superuser();
  try {
    await db.query('select private.watchdog_tick(now())');
  } finally {
    await db.end();
  }
}

const lateItem = (page: Page, street: string) =>
  page.getByRole('list', { name: 'Late staff' }).getByRole('listitem').filter({ hasText: street });
const viewRadio = (page: Page, label: string) => page.getByRole('radio', { name: new RegExp(`^${label}: \\d+$`) });

describe('no-shows on the board', () => {
  it('alerts the late workers with their phone numbers, re-posts one past the threshold, and tells the worker', async () => {
    const agency = await createCompany(`noshow-${randomUUID().slice(0, 6)}`, { premium: true });
    companies.push(agency);
    const [wendy, sam, free] = await Promise.all(['Wendy', 'Sam', 'Fran'].map((name) => signUpWorker(name, agency)));
    workers.push(wendy!, sam!, free!);
    const late = await heldShift(agency, 'Late Lane', 20, wendy!.id);
    await heldShift(agency, 'Early Road', 12, sam!.id);
    await watchdogTick();

    const { context, page } = await newPage(browser, WIDE);
    await signInBrowser(context, agency, { everyShiftColumn: false });
    await page.goto(`${preview.url}/dashboard/shift-info`);
    await expect.poll(() => viewRadio(page, 'Needs action').isChecked()).toBe(true);
    const notice = page.getByTestId('late-alerts');
    await expect.poll(() => notice.getByText('2 staff members have not clocked in').isVisible()).toBe(true);

    // Who, how late, and how to reach them; the reminder the watchdog sent.
    const first = lateItem(page, 'Late Lane');
    await expect.poll(() => first.getByText('Wendy Tester has not clocked in').isVisible()).toBe(true);
    await expect.poll(() => first.getByText(/started 20 mins ago/).isVisible()).toBe(true);
    await expect.poll(() => first.getByText(/^Reminded in CareCover Staff at /).isVisible()).toBe(true);
    const call = first.getByRole('link', { name: 'Call Wendy Tester at (416) 555-0123' });
    expect(await call.getAttribute('href')).toBe('tel:+14165550123');
    const table = page.getByRole('table', { name: 'Shift Details' });
    await expect.poll(() => table.locator('[data-attention="late"]').count()).toBe(2);
    // The sidebar's Shift Details link carries the count, from any section.
    const navLink = page.getByRole('link', { name: 'Shift Details 2', exact: true });
    await expect.poll(() => navLink.count()).toBe(1);
    expect(await navLink.getAttribute('aria-describedby').then((id) => page.locator(`#${id}`).textContent())).toBe(
      '2 workers have not clocked in',
    );

    // Before the agency's 15 minutes Re-post says when it opens and does nothing.
    const early = lateItem(page, 'Early Road').getByRole('button', { name: 'Re-post the shift of Sam Tester' });
    expect(await early.getAttribute('aria-disabled')).toBe('true');
    expect(await early.getAttribute('aria-describedby')).toBeTruthy();
    await expect
      .poll(async () => page.locator(`#${await early.getAttribute('aria-describedby')}`).textContent())
      .toMatch(/^Re-post opens 15 mins after the start \(at \d{1,2}:\d{2} [AP]M\)$/);
    await early.click({ force: true }); // aria-disabled: Playwright would wait for it to enable
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'no-shows-board-1440');

    // The agency moves its threshold in Agency settings; the board follows without a reload.
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Agency settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Agency settings' });
    const threshold = settings.getByRole('textbox', { name: 'Re-post from' });
    expect(await threshold.inputValue()).toBe('15 mins');
    expect(await settings.getByRole('switch', { name: 'Re-post automatically' }).isChecked()).toBe(false);
    await threshold.fill('9');
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => settings.getByText('Choose between 10 and 240 minutes').isVisible()).toBe(true);
    await threshold.fill('18');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'no-shows-agency-settings-1440');
    await settings.getByRole('button', { name: 'Save' }).click();
    await expectAlert(page, 'Agency settings saved');
    await expect
      .poll(async () => page.locator(`#${await early.getAttribute('aria-describedby')}`).textContent())
      .toMatch(/^Re-post opens 18 mins after the start/);

    // Re-post asks first; then the worker is released and the shift offered again.
    await first.getByRole('button', { name: 'Re-post the shift of Wendy Tester' }).click();
    const dialog = page.getByRole('dialog', { name: 'Re-post this shift?' });
    await expect.poll(() => dialog.getByText('Wendy Tester cannot take it again.').isVisible()).toBe(true);
    await screenshot(page, 'no-shows-repost-dialog-1440');
    await dialog.getByRole('button', { name: 'Re-post' }).click();
    await expectAlert(page, 'Shift re-posted and offered to 1 staff member');
    await expect.poll(() => notice.getByText('1 staff member has not clocked in').isVisible()).toBe(true);
    await expect.poll(() => table.locator('[data-attention="late"]').count()).toBe(1);

    // The timeline of the re-posted shift.
    await page.goto(`${preview.url}/dashboard/shift-info?timeline=${late}`);
    const drawer = page.getByRole('dialog', { name: 'Shift timeline' });
    await expect.poll(() => drawer.getByText('Late alert').isVisible()).toBe(true);
    await expect.poll(() => drawer.getByText(/^No-show recorded by /).isVisible()).toBe(true);
    await expect
      .poll(() => drawer.getByText('1 staff member notified; Wendy Tester cannot take it again').isVisible())
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.count()).toBe(0);

    // Reliability on Staff List and on the worker's page: Wendy's one shift was a no-show.
    await page.goto(`${preview.url}/dashboard/staff`);
    const wendyRow = page.getByRole('row').filter({ hasText: wendy!.email });
    await expect.poll(() => wendyRow.getByRole('cell').allInnerTexts()).toEqual(expect.arrayContaining(['53%', '1']));
    const staffTable = page.getByRole('table', { name: 'Staff List' });
    const cellsUnder = async (row: typeof wendyRow, wanted: string[]) => {
      const headers = (await staffTable.getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
      const cells = await row.getByRole('cell').allInnerTexts();
      return wanted.map((header) => cells[headers.indexOf(header)]?.trim());
    };
    // By default the score and no-shows, within the screen; the other counts one click away.
    expect(await cellsUnder(wendyRow, ['Reliability', 'No-shows'])).toEqual(['53%', '1']);
    expect(await staffTable.evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth)).toBe(true);
    await screenshot(page, 'no-shows-staff-list-1440');
    await page.getByRole('button', { name: 'Columns' }).click();
    for (const name of ['Accepted', 'Completed', 'Late', 'Cancelled within 24 h']) {
      await page.getByRole('checkbox', { name }).check();
    }
    await page.keyboard.press('Escape');
    expect(
      await cellsUnder(wendyRow, ['Reliability', 'Accepted', 'Completed', 'Late', 'No-shows', 'Cancelled within 24 h']),
    ).toEqual(['53%', '1', '0', '0', '1', '0']);
    const franRow = page.getByRole('row').filter({ hasText: free!.email });
    expect(await franRow.getByRole('cell').allInnerTexts()).toContain('No record yet');
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${preview.url}/dashboard/view?staff=${wendy!.id}`);
    const panel = page.getByRole('region', { name: 'Reliability' });
    await expect.poll(() => panel.getByTestId('reliability-score').textContent()).toBe('53%');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'no-shows-worker-page-1440');

    // On a phone: the worker's page, then the board: the notice stacks above the cards, the call
    // and Re-post buttons within reach.
    await page.setViewportSize(MOBILE);
    await expect.poll(() => panel.getByTestId('reliability-score').isVisible()).toBe(true);
    await screenshot(page, 'no-shows-worker-page-390');
    await page.goto(`${preview.url}/dashboard/shift-info`);
    await expect.poll(() => lateItem(page, 'Early Road').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'no-shows-board-390');
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Agency settings' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Re-post from' }).inputValue()).toBe('18 mins');
    await screenshot(page, 'no-shows-agency-settings-390');
    await page.getByRole('button', { name: 'Close agency settings' }).click();
    await context.close();

    // The late worker, in CareCover Staff: the reminder and then the release, in the notifications.
    const staff = await browser.newContext({ viewport: MOBILE });
    const phone = await staff.newPage();
    await phone.goto(`${staffApp.url}/login`);
    await phone.getByLabel('Email').fill(wendy!.email);
    await phone.locator('input[type=password]').fill(TEST_PASSWORD);
    await phone.getByRole('button', { name: 'Log in' }).click();
    await phone.getByRole('link', { name: /^Notifications, \d+ unread$/ }).click();
    const notes = phone.getByRole('list', { name: 'Notifications' });
    await expect
      .poll(() => notes.getByText('Your shift at 100 Late Lane started 20 minutes ago').isVisible())
      .toBe(true);
    await expect
      .poll(() =>
        notes
          .getByText('You did not clock in to your shift at 100 Late Lane, so it was offered to other staff')
          .isVisible(),
      )
      .toBe(true);
    await screenshot(phone, 'no-shows-staff-notifications-390');
    await staff.close();
  });
});

/// <reference lib="dom" />
/**
 * What a scheduler just did is on screen (issue #26), at 1280×800, 390×844 and 1440×900: a late
 * shift opens the board on Needs action, a post seen from there switches the board to a view that
 * holds it and highlights it, and an empty timesheet range says so instead of downloading a file.
 * (The post that reached nobody, and both posts on the board, are in workflow-shift-call.test.ts.)
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { superuser } from '../support/clients.ts';
import { createCompany, createStaff, dashboardSuite, signInBrowser } from './dashboard-fixtures.ts';
import { DESKTOP, expectAlert, MOBILE, newPage, screenshot, seriousViolations } from './helpers.ts';

const WIDE = { width: 1440, height: 900 };
const suite = dashboardSuite();

const viewRadio = (page: Page, label: string) => page.getByRole('radio', { name: new RegExp(`^${label}: \\d+$`) });
/** The highlighted row or phone card: marked current, with its "Just posted" cue. */
const highlighted = (page: Page) =>
  page.locator('tr[aria-current="true"], li[data-card][aria-current="true"]').filter({ hasText: 'Just posted' });
const shiftEntry = (page: Page, id: string) =>
  page.locator('tbody tr, li[data-card]').filter({ has: page.getByText(id, { exact: true }) });

describe('what you just did is on screen', () => {
  it('opens on Needs action for a late shift, switches to show a new post, and says when a timesheet range is empty', async () => {
    const agency = await createCompany('feedback-late', { timeZone: 'America/Toronto' });
    suite.companies.push(agency);
    const marker = `feedback-${randomUUID().slice(0, 8)}`;
    suite.markers.push(marker);
    const [staffId] = await createStaff(agency, 1, marker);
    const db = await superuser();
    // In the past, so through SQL: the API refuses a start in the past.
    const insert = async (startsIn: string): Promise<string> => {
      const { rows } = await db.query<{ id: string }>(
        `insert into public.shifts (company_id, street_number, street_name, city, province, postal_code, country,
                                    staff_type, skill, starts_at, ends_at)
         values ($1, '100', 'Robson St', 'Toronto', 'ON', 'M5H 1A1', 'Canada', 'PSW', 'Dementia care',
                 now() + $2::interval, now() + $2::interval + interval '8 hours')
         returning id`,
        [agency.id, startsIn],
      );
      return rows[0]!.id;
    };
    let late: string, done: string;
    try {
      late = await insert('-30 minutes');
      done = await insert('-2 days');
      await db.query(
        "update public.shifts set accepted_by = $2, accepted_at = now() - interval '3 days' where id = any($1)",
        [[late, done], staffId],
      );
      await db.query(
        `update public.shifts set clocked_in_at = starts_at, clocked_out_at = ends_at, time_done = '8 hrs'
         where id = $1`,
        [done],
      );
    } finally {
      await db.end();
    }

    const { context, page } = await newPage(suite.browser, DESKTOP);
    await signInBrowser(context, agency);
    await page.goto(`${suite.preview.url}/dashboard/shift-info`);
    await expect.poll(() => viewRadio(page, 'Needs action').isChecked()).toBe(true);
    expect(await viewRadio(page, 'Needs action').getAttribute('aria-label')).toBe('Needs action: 1');
    await expect.poll(() => shiftEntry(page, late).count()).toBe(1);
    expect(await shiftEntry(page, done).count()).toBe(0);
    await screenshot(page, 'feedback-needs-action-1280');
    for (const viewport of [MOBILE, WIDE]) {
      await page.setViewportSize(viewport);
      await expect.poll(() => shiftEntry(page, late).count()).toBe(1);
      expect(await viewRadio(page, 'Needs action').isChecked()).toBe(true);
      if (viewport === MOBILE) await screenshot(page, 'feedback-needs-action-390');
    }

    // "View on board" right after a post, on a board that opens on Needs action, and the shift only
    // arrives through Realtime after the board has loaded: the board moves to Upcoming to show it.
    const posted = randomUUID();
    await page.goto(`${suite.preview.url}/dashboard/shift-info?new=${posted}`);
    await expect.poll(() => viewRadio(page, 'Needs action').isChecked()).toBe(true);
    const later = await superuser();
    try {
      await later.query(
        `insert into public.shifts (id, company_id, street_number, street_name, city, province, postal_code, country,
                                    staff_type, skill, starts_at, ends_at)
         values ($2, $1, '100', 'Queen St W', 'Toronto', 'ON', 'M5H 2N2', 'Canada', 'PSW', 'Personal care',
                 now() + interval '2 days', now() + interval '2 days 8 hours')`,
        [agency.id, posted],
      );
    } finally {
      await later.end();
    }
    await expect.poll(() => highlighted(page).filter({ hasText: posted }).count()).toBe(1);
    expect(await viewRadio(page, 'Upcoming').isChecked()).toBe(true);
    expect(await shiftEntry(page, late).count()).toBe(1);
    await screenshot(page, 'feedback-board-arrived-1440');
    expect(await seriousViolations(page)).toEqual([]);

    // The timesheet: a range without completed shifts says so and downloads nothing; one with does.
    let downloads = 0;
    page.on('download', () => (downloads += 1));
    await page.getByRole('tab', { name: 'Timesheet export' }).click();
    await page.getByRole('textbox', { name: 'From', exact: true }).fill('2025-01-01');
    await page.getByRole('textbox', { name: 'To', exact: true }).fill('2025-01-31');
    await page.getByRole('button', { name: 'Download timesheet (CSV)' }).click();
    const empty = page
      .getByRole('status')
      .filter({ hasText: 'No completed shifts between Jan 1, 2025 and Jan 31, 2025.' });
    await expect.poll(() => empty.isVisible()).toBe(true);
    await screenshot(page, 'feedback-timesheet-empty-1440');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
    const lastWeek = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(
      new Date(Date.now() - 7 * 86_400_000),
    );
    await page.getByRole('textbox', { name: 'From', exact: true }).fill(lastWeek);
    await page.getByRole('textbox', { name: 'To', exact: true }).fill(today);
    // A changed range clears the message.
    await expect.poll(() => empty.count()).toBe(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download timesheet (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`timesheet-${lastWeek}-to-${today}.csv`);
    expect(downloads).toBe(1);
    await expectAlert(page, 'Timesheet downloaded');
    await context.close();
  });
});

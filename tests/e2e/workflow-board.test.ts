/// <reference lib="dom" />
/**
 * Shift Details as the board a scheduler works from, at 1440×900 and 390×844: it opens on what
 * needs action, the views follow a worker live, the default columns fit the screen, a column
 * choice is remembered, the right-click menu opens at the pointer however the table is scrolled,
 * and the timesheet export takes changed dates without blanking the page.
 */
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startPreview } from '../support/browser.ts';
import { superuser } from '../support/clients.ts';
import { createCompany, createStaff, removeTestData, signInBrowser, type TestCompany } from './dashboard-fixtures.ts';
import { expectAlert, MOBILE, newPage, screenshot, seriousViolations } from './helpers.ts';

const WIDE = { width: 1440, height: 900 };
const ADDRESS = `'Robson St', 'Toronto', 'ON', 'M5H 1A1', 'Canada', 'PSW', 'Dementia care'`;
let browser: Browser;
let preview: Awaited<ReturnType<typeof startPreview>>;
const companies: TestCompany[] = [];
const markers: string[] = [];

interface Board {
  company: TestCompany;
  staffIds: string[];
  late: string;
  soon: string;
  later: string;
}

/** A late assigned shift, one open shift starting in 3 hours, one open in 3 days. */
async function seedBoard(label: string): Promise<Board> {
  const company = await createCompany(label, { timeZone: 'America/Toronto' });
  companies.push(company);
  const marker = `board-${randomUUID().slice(0, 8)}`;
  markers.push(marker);
  const staffIds = await createStaff(company, 1, marker);
  const db = await superuser();
  try {
    const insert = async (startsIn: string): Promise<string> => {
      const { rows } = await db.query<{ id: string }>(
        `insert into public.shifts (company_id, street_number, street_name, city, province, postal_code, country,
                                    staff_type, skill, starts_at, ends_at)
         values ($1, '100', ${ADDRESS}, now() + $2::interval, now() + $2::interval + interval '8 hours')
         returning id`,
        [company.id, startsIn],
      );
      return rows[0]!.id;
    };
    const late = await insert('-30 minutes');
    await db.query(
      "update public.shifts set accepted_by = $2, accepted_at = now() - interval '2 hours' where id = $1",
      [late, staffIds[0]],
    );
    return { company, staffIds, late, soon: await insert('3 hours'), later: await insert('3 days') };
  } finally {
    await db.end();
  }
}

async function openBoard(company: TestCompany, viewport: { width: number; height: number }) {
  const opened = await newPage(browser, viewport);
  // The default columns, as a new scheduler sees them.
  await signInBrowser(opened.context, company, { everyShiftColumn: false });
  await opened.page.goto(`${preview.url}/dashboard/shift-info`);
  await expect.poll(() => opened.page.getByRole('status').filter({ hasText: 'Live' }).count()).toBeGreaterThan(0);
  return opened;
}

const viewRadio = (page: Page, label: string) => page.getByRole('radio', { name: new RegExp(`^${label}: \\d+$`) });
const countOf = async (page: Page, label: string) =>
  Number(/: (\d+)$/.exec((await viewRadio(page, label).getAttribute('aria-label')) ?? '')?.[1]);

beforeAll(async () => {
  preview = await startPreview();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await preview?.stop();
  await removeTestData(markers, companies);
});

describe('Shift Details board', () => {
  it('opens on Needs action for the late shift, counts every view, and follows a clock-in live', async () => {
    const board = await seedBoard('board-views');
    const { context, page } = await openBoard(board.company, WIDE);
    await expect.poll(() => viewRadio(page, 'Needs action').isChecked()).toBe(true);
    expect(await countOf(page, 'Needs action')).toBe(1);
    expect(await countOf(page, 'Upcoming')).toBe(3);
    expect(await countOf(page, 'Starting in 24 h')).toBe(1);
    expect(await countOf(page, 'Open')).toBe(2);
    expect(await countOf(page, 'All')).toBe(3);
    const rows = page.getByRole('table', { name: 'Shift Details' }).getByRole('row');
    await expect.poll(() => rows.count()).toBe(2); // header + the late shift
    await screenshot(page, 'board-late-1440');

    await page.getByText(/^Open · \d+$/).click();
    await expect.poll(() => rows.count()).toBe(3);
    await page.getByText(/^Starting in 24 h · \d+$/).click();
    await expect.poll(() => rows.count()).toBe(2);

    // The worker clocks in: the shift leaves Needs action and joins In progress, without a reload.
    const db = await superuser();
    try {
      await db.query('update public.shifts set clocked_in_at = now() where id = $1', [board.late]);
    } finally {
      await db.end();
    }
    await expect.poll(() => countOf(page, 'Needs action')).toBe(0);
    expect(await countOf(page, 'In progress')).toBe(1);
    await page.getByText(/^In progress · \d+$/).click();
    await expect.poll(() => rows.count()).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('fits the default columns in 1440 px, remembers a column choice, and opens the right-click menu at the pointer', async () => {
    const board = await seedBoard('board-columns');
    // An overnight shift has the longest Start–End label (both days): the default set fits anyway.
    const db = await superuser();
    try {
      await db.query(
        `update public.shifts set starts_at = (current_date + 3 + time '23:00') at time zone 'America/Toronto',
           ends_at = (current_date + 4 + time '07:00') at time zone 'America/Toronto' where id = $1`,
        [board.later],
      );
    } finally {
      await db.end();
    }
    const { context, page } = await openBoard(board.company, WIDE);
    await page.getByText(/^All · \d+$/).click();
    const table = page.getByRole('table', { name: 'Shift Details' });
    await expect.poll(() => table.getByRole('row').count()).toBe(4);
    const headers = await table.getByRole('columnheader').allInnerTexts();
    // The first header is the row menus' column, named for screen readers only.
    expect(headers.map((h) => h.trim()).slice(1)).toEqual([
      'Status',
      'Start–End',
      'Staff',
      'Shift location',
      'Staff type',
      'Skill',
      'Hours done',
    ]);
    const overflow = await page.evaluate(() => {
      const container = document.querySelector('table[aria-label="Shift Details"]')?.parentElement;
      return {
        page: document.documentElement.scrollWidth - window.innerWidth,
        table: container ? container.scrollWidth - container.clientWidth : -1,
      };
    });
    expect(overflow.page).toBeLessThanOrEqual(0);
    expect(overflow.table).toBeLessThanOrEqual(0);
    await screenshot(page, 'board-default-columns-1440');

    // Every SPEC column is one menu away, and the choice survives a reload.
    await page.getByRole('button', { name: 'Columns' }).click();
    for (const name of ['ShiftID', 'Date created', 'Time accepted', 'Duration', 'Time clockedin', 'Time clockedout']) {
      await page.getByRole('checkbox', { name, exact: true }).check();
      await expect.poll(() => page.getByRole('checkbox', { name, exact: true }).isChecked()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByText(/^All · \d+$/).click();
    await expect.poll(() => table.getByRole('columnheader', { name: 'Time clockedout' }).isVisible()).toBe(true);

    // Now wider than the screen: scrolled to the far right, a right-click opens the menu there.
    // The table's scroll container: its nearest ancestor that may scroll sideways.
    const scrollRight = () =>
      table.evaluate((el) => {
        let node: HTMLElement | null = el.parentElement;
        while (node && !/auto|scroll/.test(getComputedStyle(node).overflowX)) node = node.parentElement;
        if (!node) return 0;
        node.scrollLeft = node.scrollWidth;
        return node.scrollLeft;
      });
    await expect.poll(scrollRight).toBeGreaterThan(0);
    const cell = table.getByRole('row').filter({ hasText: board.soon }).getByRole('cell').last();
    const box = (await cell.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.click(x, y, { button: 'right' });
    const menu = page.getByRole('menu', { name: 'Shift actions' });
    await expect.poll(() => menu.isVisible()).toBe(true);
    // At the pointer: starting there, or ending there when the screen's edge is too close. Placed
    // once the dropdown is measured, a frame after it shows (at once, for reduced motion).
    const placement = async () => {
      const menuBox = (await menu.boundingBox())!;
      return {
        nearPointer:
          Math.min(Math.abs(menuBox.x - x), Math.abs(menuBox.x + menuBox.width - x)) < 24 &&
          Math.abs(menuBox.y - y) < 24,
        onScreen: menuBox.x + menuBox.width <= WIDE.width,
      };
    };
    await expect.poll(placement).toEqual({ nearPointer: true, onScreen: true });
    await screenshot(page, 'board-context-menu-scrolled-1440');
    await menu.getByRole('menuitem', { name: 'View timeline' }).click();
    await page.getByRole('dialog', { name: 'Shift timeline' }).getByText('Posted').first().waitFor();
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('exports the timesheet after both dates are changed, and the page stays', async () => {
    const board = await seedBoard('board-export');
    const db = await superuser();
    try {
      await db.query(
        `update public.shifts set accepted_by = $2, accepted_at = starts_at - interval '1 day',
           clocked_in_at = now() - interval '20 minutes', clocked_out_at = now(), time_done = '8 hrs' where id = $1`,
        [board.late, board.staffIds[0]],
      );
    } finally {
      await db.end();
    }
    for (const viewport of [WIDE, MOBILE]) {
      const { context, page } = await openBoard(board.company, viewport);
      await page.getByRole('tab', { name: 'Timesheet export' }).click();
      const from = page.getByRole('textbox', { name: 'From', exact: true });
      const to = page.getByRole('textbox', { name: 'To', exact: true });
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
      const lastWeek = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(
        new Date(Date.now() - 7 * 86_400_000),
      );
      await from.fill(lastWeek);
      await to.fill(today);
      await expect.poll(() => from.inputValue()).toBe(lastWeek);
      expect(await page.getByRole('heading', { name: 'Shift Details' }).isVisible()).toBe(true);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download timesheet (CSV)' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`timesheet-${lastWeek}-to-${today}.csv`);
      const csv = (await readFile((await download.path())!)).toString('utf8');
      expect(csv.split('\r\n').filter((l) => l.includes('Robson St'))).toHaveLength(1);
      await expectAlert(page, 'Timesheet downloaded');
      if (viewport === MOBILE) await screenshot(page, 'board-export-390');
      await context.close();
    }
  });

  it('on a phone: no horizontal overflow, views wrap, and the hint does not mention right-click', async () => {
    const board = await seedBoard('board-phone');
    const { context, page } = await openBoard(board.company, MOBILE);
    await expect.poll(() => viewRadio(page, 'Needs action').isChecked()).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await page.getByText(/Right-click/).count()).toBe(0);
    await page.getByRole('button', { name: `Actions for shift ${board.late}` }).click();
    await page.getByRole('menuitem', { name: 'Copy ShiftID' }).waitFor();
    await screenshot(page, 'board-phone-390');
    await context.close();
  });
});

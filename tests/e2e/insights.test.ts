/// <reference lib="dom" />
/**
 * Coverage insights on Shift Details in Chromium against the local stack: the overview's numbers
 * for a seeded history with known answers (and its live update), a shift's timeline in the
 * drawer, re-notify reaching the staff's devices, and the timesheet CSV download.
 */
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { superuser } from '../support/clients.ts';
import {
  createCompany,
  createStaff,
  pushesFor,
  signInBrowser,
  type TestCompany,
  dashboardSuite,
} from './dashboard-fixtures.ts';
import {
  DESKTOP,
  MOBILE,
  chooseOption,
  expectAlert,
  newPage,
  screenshot,
  seriousViolations,
  settleAnimations,
  showAllShifts,
} from './helpers.ts';

const suite = dashboardSuite();
const { companies, markers } = suite;

interface Seeded {
  late: string;
  onTime: string;
  unfilled: string;
  openSoon: string;
}

const ADDRESS = `'Robson St', 'Toronto', 'ON', 'M5H 1A1', 'Canada', 'PSW', 'Dementia care'`;

/**
 * Four shifts posted in the last week, with known answers: two filled before their start (30 and
 * 90 minutes after posting: median 60, p90 84), one of them clocked in 15 minutes late, one never
 * accepted, and one open shift starting in 6 hours. Fill rate 2/4.
 */
async function seed(company: TestCompany, marker: string): Promise<Seeded> {
  const db = await superuser();
  try {
    const insert = async (createdAgo: string, startsIn: string): Promise<string> => {
      const { rows } = await db.query<{ id: string }>(
        `insert into public.shifts (company_id, street_number, street_name, city, province, postal_code, country,
                                    staff_type, skill, created_at, starts_at, ends_at)
         values ($1, '100', ${ADDRESS}, now() - $2::interval, now() + $3::interval,
                 now() + $3::interval + interval '8 hours')
         returning id`,
        [company.id, createdAgo, startsIn],
      );
      return rows[0]!.id;
    };
    const staffId = async (n: number): Promise<string> => {
      const { rows } = await db.query<{ id: string }>('select id from public.staff where email = $1', [
        `${marker}-${n}@staff.carecover.local`,
      ]);
      return rows[0]!.id;
    };
    const complete = async (id: string, staff: string, acceptAfter: string, clockInAfterStart: string) => {
      await db.query(
        `update public.shifts set accepted_by = $2, accepted_at = created_at + $3::interval where id = $1`,
        [id, staff, acceptAfter],
      );
      await db.query(`update public.shifts set clocked_in_at = starts_at + $2::interval where id = $1`, [
        id,
        clockInAfterStart,
      ]);
      await db.query(
        `update public.shifts set clocked_out_at = starts_at + interval '8 hours', time_done = '8 hrs' where id = $1`,
        [id],
      );
    };
    const late = await insert('5 days', '-4 days');
    await complete(late, await staffId(1), '30 minutes', '15 minutes');
    const onTime = await insert('3 days', '-2 days');
    await complete(onTime, await staffId(2), '90 minutes', '5 minutes');
    const unfilled = await insert('2 days', '-1 day');
    const openSoon = await insert('1 hour', '6 hours');
    return { late, onTime, unfilled, openSoon };
  } finally {
    await db.end();
  }
}

async function setUp(label: string): Promise<{ company: TestCompany; marker: string; shifts: Seeded }> {
  const company = await createCompany(label, { premium: true, timeZone: 'America/Toronto' });
  companies.push(company);
  const marker = `e2e11-${randomUUID().slice(0, 8)}`;
  markers.push(marker);
  await createStaff(company, 2, marker);
  const shifts = await seed(company, marker);
  return { company, marker, shifts };
}

/** Shift Details on one of its tabs: the shift table (first), the coverage overview or the export. */
async function openShiftDetails(
  company: TestCompany,
  viewport = DESKTOP,
  tab: 'Shifts' | 'Coverage' | 'Timesheet export' = 'Coverage',
) {
  const opened = await newPage(suite.browser, viewport);
  await signInBrowser(opened.context, company);
  await opened.page.goto(`${suite.preview.url}/dashboard/shift-info`);
  // A table, or on a phone the list of shift cards.
  await opened.page
    .getByRole('table', { name: 'Shift Details' })
    .or(opened.page.getByRole('list', { name: 'Shift Details' }))
    .waitFor();
  if (tab === 'Shifts') await showAllShifts(opened.page);
  if (tab !== 'Shifts') await opened.page.getByRole('tab', { name: tab }).click();
  if (tab === 'Coverage') await opened.page.getByRole('heading', { name: 'Coverage overview' }).waitFor();
  return opened;
}

const stat = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

async function expectStat(page: Page, name: string, text: string): Promise<void> {
  await expect
    .poll(async () => ((await stat(page, name).count()) > 0 ? await stat(page, name).innerText() : ''), {
      timeout: 15_000,
      message: `${name} shows ${text}`,
    })
    .toContain(text);
}

describe('Coverage insights', () => {
  it('shows the seeded fill rate, times to fill, late clock-ins and open shifts, live', async () => {
    const { company, shifts } = await setUp('insights-overview');
    const { page, errors } = await openShiftDetails(company);

    await expectStat(page, 'Fill rate', '50%');
    await expectStat(page, 'Fill rate', '2 of 4 posted filled before start');
    await expectStat(page, 'Median time to fill', '1 hr');
    await expectStat(page, 'P90 time to fill', '1 hr 24 min');
    await expectStat(page, 'Late clock-ins', '1');
    const open = page.getByRole('listitem', { name: `Open shift ${shifts.openSoon}` });
    await open.waitFor();
    expect(await page.getByRole('listitem', { name: /^Open shift / }).count()).toBe(1);
    await page.getByRole('img', { name: /Shifts posted vs filled per day: 4 posted, 2 filled before start/ }).waitFor();

    // The 7-day period holds the same four shifts.
    await page.getByRole('radiogroup', { name: 'Period' }).getByText('Last 7 days').click();
    expect(await page.getByRole('radio', { name: 'Last 7 days' }).isChecked()).toBe(true);
    await expectStat(page, 'Fill rate', '50%');

    // Live: a shift posted elsewhere (the mobile app, another tab) shows up without a reload.
    const db = await superuser();
    try {
      await db.query(
        `insert into public.shifts (company_id, street_number, street_name, city, province, postal_code, country,
                                    staff_type, skill, starts_at, ends_at)
         values ($1, '200', ${ADDRESS}, now() + interval '3 hours', now() + interval '11 hours')`,
        [company.id],
      );
    } finally {
      await db.end();
    }
    await expectStat(page, 'Fill rate', '40%');
    await expect.poll(() => page.getByRole('listitem', { name: /^Open shift / }).count()).toBe(2);

    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'insights-overview-1280');
    expect(errors).toEqual([]);

    const mobile = await openShiftDetails(company, MOBILE);
    await expectStat(mobile.page, 'Fill rate', '40%');
    await mobile.page.getByRole('img', { name: /Shifts posted vs filled per day/ }).waitFor();
    await settleAnimations(mobile.page);
    await screenshot(mobile.page, 'insights-overview-390');
  });

  it('opens a shift timeline from the row menu with its posted, accepted and late clock-in steps', async () => {
    const { company, shifts } = await setUp('insights-timeline');
    for (const [viewport, width] of [
      [DESKTOP, 1280],
      [MOBILE, 390],
    ] as const) {
      const { page } = await openShiftDetails(company, viewport, 'Shifts');
      const menuButton = page.getByRole('button', { name: `Actions for shift ${shifts.late}` });
      await menuButton.scrollIntoViewIfNeeded();
      await menuButton.click();
      await page.getByRole('menuitem', { name: 'View timeline', exact: true }).click();
      const drawer = page.getByRole('dialog', { name: 'Shift timeline' });
      await drawer.waitFor();
      await drawer.getByText('Accepted by Staff 1').waitFor();
      const text = await drawer.innerText();
      expect(text).toContain('Posted');
      expect(text).toContain('30 mins after posting');
      expect(text).toContain('Clocked in by Staff 1');
      expect(text).toContain('15 mins late');
      expect(text).toContain('Time done: 8 hrs');
      // In order: posted before accepted before the clock-in.
      expect(text.indexOf('Posted')).toBeLessThan(text.indexOf('Accepted by'));
      expect(text.indexOf('Accepted by')).toBeLessThan(text.indexOf('Clocked in by'));
      expect(await seriousViolations(page)).toEqual([]);
      // The viewport, not the full page: the drawer is fixed to it.
      await screenshot(page, `insights-timeline-${width}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      await page.context().close();
    }
  });

  it('re-notifies the staff about an open shift starting soon', async () => {
    const { company, marker, shifts } = await setUp('insights-renotify');
    const { page } = await openShiftDetails(company);
    const before = (await pushesFor(marker)).length;
    await page
      .getByRole('listitem', { name: `Open shift ${shifts.openSoon}` })
      .getByRole('button', { name: 'Re-notify staff' })
      .click();
    await expectAlert(page, '2 staff members re-notified');
    await expect.poll(async () => (await pushesFor(marker)).length).toBe(before + 2);
  });

  it('downloads the timesheet CSV with its byte order mark and header, in English or French column names', async () => {
    const { company } = await setUp('insights-export');
    const { page } = await openShiftDetails(company, DESKTOP, 'Timesheet export');
    const from = await page.getByRole('textbox', { name: 'From', exact: true }).inputValue();
    const to = await page.getByRole('textbox', { name: 'To', exact: true }).inputValue();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download timesheet (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`timesheet-${from}-to-${to}.csv`);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'Staff name,Date,Location,Start,End,Clocked in,Clocked out,Hours done,Clocked hours,Hours check,Skill,Staff type',
    );
    expect(lines.filter((l) => l.startsWith('Staff 1,') || l.startsWith('Staff 2,'))).toHaveLength(2);
    await expectAlert(page, 'Timesheet downloaded');

    // French column names on request, for a person to read; the same rows.
    await chooseOption(page, 'Column names', 'French');
    const [french] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download timesheet (CSV)' }).click(),
    ]);
    const frenchLines = (await readFile((await french.path())!)).subarray(3).toString('utf8').split('\r\n');
    expect(frenchLines[0]).toBe(
      'Personnel,Date,Lieu,Début,Fin,Arrivée pointée,Départ pointé,Heures effectuées,Heures pointées,' +
        'Vérification des heures,Compétence,Type de personnel',
    );
    expect(frenchLines.slice(1)).toEqual(lines.slice(1));
  });
});

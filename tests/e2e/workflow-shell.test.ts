/// <reference lib="dom" />
/**
 * The dashboard's frame as an agency uses it over a day, at 1440×900 and 390×844: the plan card
 * counts the free shifts, the sidebar marks Staff List on a worker's shifts, Payments & Plan never
 * flashes a blank tab for a free agency, and a new log-in starts without the last one's toasts.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { staffShiftsPath } from '@shared/config/dashboard-paths.ts';
import { superuser, TEST_PASSWORD } from '../support/clients.ts';
import { createCompany, createStaff, signInBrowser, type TestCompany, dashboardSuite } from './dashboard-fixtures.ts';
import { expectAlert, expectPath, MOBILE, newPage, screenshot } from './helpers.ts';

const WIDE = { width: 1440, height: 900 };
const suite = dashboardSuite();
const { companies, markers } = suite;

async function company(label: string): Promise<TestCompany> {
  const created = await createCompany(label);
  companies.push(created);
  return created;
}

async function setFreeShiftsUsed(id: string, used: number): Promise<void> {
  const db = await superuser();
  try {
    await db.query('update public.companies set free_shifts_used = $2 where id = $1', [id, used]);
  } finally {
    await db.end();
  }
}

describe('dashboard frame', () => {
  for (const viewport of [WIDE, MOBILE]) {
    it(`the plan card counts the free plan's shifts, live, at ${viewport.width} px`, async () => {
      const agency = await company(`plan-card-${viewport.width}`);
      await setFreeShiftsUsed(agency.id, 3);
      const { context, page } = await newPage(suite.browser, viewport);
      await signInBrowser(context, agency);
      await page.goto(`${suite.preview.url}/dashboard/shiftcall`);
      if (viewport === MOBILE) await page.getByRole('button', { name: 'Open navigation' }).click();
      const used = page.getByTestId('free-shifts-used');
      await expect.poll(() => used.textContent()).toBe('3 of 10 shifts used');
      await setFreeShiftsUsed(agency.id, 4);
      await expect.poll(() => used.textContent()).toBe('4 of 10 shifts used');
      await screenshot(page, `plan-card-${viewport.width}`);
      await context.close();
    });
  }

  for (const viewport of [WIDE, MOBILE]) {
    it(`Staff List shows the company code to share and the free plan's staff count, live, at ${viewport.width} px`, async () => {
      const agency = await company(`staff-code-${viewport.width}`);
      const marker = `code-${randomUUID().slice(0, 8)}`;
      markers.push(marker);
      const { context, page } = await newPage(suite.browser, viewport);
      await signInBrowser(context, agency);
      await page.goto(`${suite.preview.url}/dashboard/staff`);
      await expect.poll(() => page.getByTestId('staff-company-code').textContent()).toBe(agency.code);
      await expect.poll(() => page.getByTestId('staff-count').textContent()).toBe('0 of 30 staff');
      await expect.poll(() => page.getByText('Live', { exact: true }).isVisible()).toBe(true);
      await createStaff(agency, 2, marker);
      await expect.poll(() => page.getByTestId('staff-count').textContent()).toBe('2 of 30 staff');
      await screenshot(page, `staff-list-code-${viewport.width}`);
      await context.close();
    });
  }

  it('marks Staff List in the sidebar on a worker’s shifts', async () => {
    const agency = await company('sidebar-view');
    const marker = `side-${randomUUID().slice(0, 8)}`;
    markers.push(marker);
    const [staffId] = await createStaff(agency, 1, marker);
    const { context, page } = await newPage(suite.browser, WIDE);
    await signInBrowser(context, agency);
    await page.goto(`${suite.preview.url}${staffShiftsPath(staffId!)}`);
    const nav = page.getByRole('navigation', { name: 'Sections' });
    await expect.poll(() => nav.getByRole('link', { name: 'Staff List' }).getAttribute('data-active')).toBe('true');
    expect(await nav.getByRole('link', { name: 'Shift Call' }).getAttribute('data-active')).toBeNull();
    await context.close();
  });

  it('Payments & Plan shows a free agency the plans with no blank tab', async () => {
    const agency = await company('no-blank-tab');
    const { context, page } = await newPage(suite.browser, WIDE);
    await signInBrowser(context, agency);
    await page.goto(`${suite.preview.url}/dashboard/shiftcall`);
    let tabs = 0;
    context.on('page', () => (tabs += 1));
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Payments & Plan' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Upgrade your plan' }).isVisible()).toBe(true);
    expect(tabs).toBe(0);
    await context.close();
  });

  it('a new log-in starts without the last session’s toasts', async () => {
    const agency = await company('toast-relogin');
    const { context, page } = await newPage(suite.browser, MOBILE);
    await signInBrowser(context, agency);
    await page.goto(`${suite.preview.url}/dashboard/shiftcall`);
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log Out' }).click();
    await expectAlert(page, 'Logged out successfully');
    await expectPath(page, '/login');
    // Straight back in, within the toast's 7 seconds.
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(agency.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectPath(page, '/dashboard/shiftcall');
    await expect.poll(() => page.getByText('Logged out successfully').count()).toBe(0);
    await context.close();
  });
});

/// <reference lib="dom" />
/**
 * Staff List: the Joined column and Remove staff in Chromium against the local stack, with the
 * staff simulator acting as the workers' mobile app. A removal confirmed in one tab leaves the list
 * live in a second tab, the removed worker stops seeing the company's shifts, and a worker who is
 * clocked in cannot be removed (the database's sentence in the failure toast).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptShift, clockIn, listShifts, signUpStaff, type StaffSession } from '../../scripts/staff/operations.ts';
import { formatInstant } from '../../shared/i18n/format.ts';
import { launchBrowser, startPreview } from '../support/browser.ts';
import { TEST_PASSWORD } from '../support/clients.ts';
import { createCompany, postShiftAs, removeTestData, signInBrowser, type TestCompany } from './dashboard-fixtures.ts';
import {
  DESKTOP,
  expectAlert,
  newPage,
  openButtonMenu,
  openContextMenu,
  rowOrCard,
  screenshot,
  seriousViolations,
  settleAnimations,
} from './helpers.ts';

let browser: Browser;
let preview: Awaited<ReturnType<typeof startPreview>>;
const companies: TestCompany[] = [];
const markers: string[] = [];
const sessionDir = mkdtempSync(path.join(tmpdir(), 'carecover-e2e-remove-'));

beforeAll(async () => {
  preview = await startPreview();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await preview?.stop();
  await removeTestData(markers, companies);
});

/** A worker signing up in the mobile app with the company's code. */
async function worker(c: TestCompany, firstName: string): Promise<StaffSession> {
  const marker = `e2e-remove-${randomUUID().slice(0, 8)}`;
  markers.push(marker);
  return signUpStaff(
    {
      email: `${marker}-1@staff.carecover.local`,
      password: TEST_PASSWORD,
      firstName,
      lastName: 'Tester',
      phone: '4165550123',
      companyCode: c.code,
    },
    { sessionDir },
  );
}

/** Posts a shift as the company through its own supabase-js session, two days ahead unless told. */
async function postShift(c: TestCompany, startsInMs = 2 * 86_400_000): Promise<string> {
  return postShiftAs(c, { latitude: 43.65, longitude: -79.38 }, { startsInMs, hours: 8 });
}

async function openStaffList(c: TestCompany) {
  const opened = await newPage(browser, DESKTOP);
  await signInBrowser(opened.context, c);
  await opened.page.goto(`${preview.url}/dashboard/staff`);
  await expect
    .poll(() => opened.page.getByRole('status').filter({ hasText: 'Live' }).count(), { timeout: 15_000 })
    .toBeGreaterThan(0);
  return opened;
}

const row = rowOrCard;

async function rowCount(page: Page, text: string): Promise<number> {
  return row(page, text).count();
}

describe('Remove staff', () => {
  it('removes a worker after confirmation, live in a second tab, and refuses one who is clocked in', async () => {
    const c = await createCompany('remove-staff');
    companies.push(c);
    const leaving = await worker(c, 'Rosa');
    const onShift = await worker(c, 'Omar');
    const shiftId = await postShift(c);
    const busyShift = await postShift(c, 10 * 60_000); // clock-in opens 30 minutes before the start
    await acceptShift(onShift, busyShift);
    await clockIn(onShift, busyShift, { latitude: 43.65, longitude: -79.38 });
    expect((await listShifts(leaving)).map((s) => s.id)).toContain(shiftId);

    const { page, context, errors } = await openStaffList(c);
    const watcher = await openStaffList(c);
    await expect.poll(() => rowCount(page, leaving.email)).toBe(1);
    await expect.poll(() => rowCount(watcher.page, leaving.email)).toBe(1);
    await page.getByRole('columnheader', { name: 'Joined' }).waitFor();
    expect(await row(page, leaving.email).innerText()).toContain(
      // The Joined column: the day in the agency's zone (src/features/staff/staff-member.ts formatJoined).
      formatInstant(new Date().toISOString(), { locale: 'en', timeZone: 'America/Toronto', style: 'date' }) ?? '',
    );
    await screenshot(page, 'staff-remove-list-1280');

    // The row menu's Remove staff asks first; Cancel keeps the worker.
    await openButtonMenu(page, page.getByRole('button', { name: 'Actions for Rosa Tester' }));
    await page.getByRole('menuitem', { name: 'Remove staff', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove staff member?' });
    await dialog.waitFor();
    await dialog.getByText('Rosa Tester will no longer work for your company', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await rowCount(page, leaving.email)).toBe(1);

    // Right-click gives the same menu; confirming removes the worker in both tabs.
    await openContextMenu(page, row(page, leaving.email));
    await page.getByRole('menuitem', { name: 'Remove staff', exact: true }).click();
    await dialog.waitFor();
    await settleAnimations(page);
    await screenshot(page, 'staff-remove-confirm-1280');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expectAlert(page, 'Staff member removed');
    await expect.poll(() => rowCount(page, leaving.email)).toBe(0);
    await expect.poll(() => rowCount(watcher.page, leaving.email)).toBe(0);
    await screenshot(page, 'staff-remove-done-1280');

    // The removed worker's app no longer lists the company's shifts.
    expect((await listShifts(leaving)).filter((s) => s.id === shiftId || s.id === busyShift)).toEqual([]);

    // A worker clocked in to a shift stays, and the toast says why.
    await openButtonMenu(page, page.getByRole('button', { name: 'Actions for Omar Tester' }));
    await page.getByRole('menuitem', { name: 'Remove staff', exact: true }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expectAlert(page, 'Failed to remove staff member');
    await expectAlert(page, 'This staff member is on a shift. Clock them out before removing them.');
    expect(await rowCount(page, onShift.email)).toBe(1);
    expect(await rowCount(watcher.page, onShift.email)).toBe(1);

    expect(errors).toEqual([]);
    expect(watcher.errors).toEqual([]);
    await watcher.context.close();
    await context.close();
  });
});

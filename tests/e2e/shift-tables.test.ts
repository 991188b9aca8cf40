/// <reference lib="dom" />
/**
 * Shift Details, Staff List and View Staff Shift in Chromium against the local stack, with the
 * staff simulator (scripts/staff/operations.ts) acting as the mobile app in parallel: shifts move
 * Pending → Assigned → In-progress → Completed live, the row actions, the staff list following a
 * sign-up, View Shifts and back, and a second agency that never sees the first one's rows.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptShift, clockIn, signUpStaff, type StaffSession } from '../../scripts/staff/operations.ts';
import { launchBrowser, startPreview } from '../support/browser.ts';
import { superuser, TEST_PASSWORD } from '../support/clients.ts';
import { createCompany, postShiftAs, removeTestData, signInBrowser, type TestCompany } from './dashboard-fixtures.ts';
import {
  DESKTOP,
  expectAlert,
  expectPath,
  MOBILE,
  newPage,
  openContextMenu,
  rowOrCard,
  screenshot,
  seriousViolations,
  showAllShifts,
} from './helpers.ts';

let browser: Browser;
let preview: Awaited<ReturnType<typeof startPreview>>;
const companies: TestCompany[] = [];
const markers: string[] = [];
const sessionDir = mkdtempSync(path.join(tmpdir(), 'carecover-e2e-staff-'));

beforeAll(async () => {
  preview = await startPreview();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await preview?.stop();
  await removeTestData(markers, companies);
});

async function company(label: string): Promise<TestCompany> {
  const created = await createCompany(label, { premium: true, timeZone: 'America/Vancouver' });
  companies.push(created);
  // The first-visit tutorial (another feature) would cover the tables; these tests are not about it.
  const db = await superuser();
  try {
    await db.query('update public.companies set tutorial_seen_at = now() where id = $1', [created.id]).catch(() => {});
  } finally {
    await db.end();
  }
  return created;
}

/** A worker signing up in the mobile app with the company's code. */
async function worker(c: TestCompany, firstName: string): Promise<StaffSession> {
  const marker = `e2e7-${randomUUID().slice(0, 8)}`;
  markers.push(marker);
  return signUpStaff(
    {
      email: `${marker}-1@staff.carecover.local`,
      password: TEST_PASSWORD,
      firstName,
      lastName: 'Tester',
      phone: '6045550123',
      companyCode: c.code,
    },
    { sessionDir },
  );
}

/**
 * Posts a shift as the company through its own supabase-js session (what Shift Call's insert does),
 * two days ahead unless told (clock-in opens 30 minutes before the start).
 */
async function postShift(c: TestCompany, startsInMs = 2 * 86_400_000): Promise<string> {
  return postShiftAs(
    c,
    {
      skill: 'Dementia care',
      street_number: '800',
      street_name: 'Robson St',
      city: 'Vancouver',
      province: 'BC',
      postal_code: 'V6Z 2E7',
      latitude: 49.28,
      longitude: -123.12,
    },
    { startsInMs, hours: 8.5 },
  );
}

async function openSection(c: TestCompany, pathname: string, viewport = DESKTOP) {
  const opened = await newPage(browser, viewport);
  await signInBrowser(opened.context, c);
  await opened.page.goto(preview.url + pathname);
  await waitLive(opened.page);
  return opened;
}

/** The table's Realtime channel is joined (the indicator reads Live). */
async function waitLive(page: Page): Promise<void> {
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: 'Live' }).count(), { timeout: 15_000, message: 'Live' })
    .toBeGreaterThan(0);
}

const row = rowOrCard;

async function expectRowText(page: Page, key: string, text: string): Promise<void> {
  await expect
    .poll(async () => ((await row(page, key).count()) > 0 ? await row(page, key).first().innerText() : ''), {
      message: `row ${key} shows ${text}`,
    })
    .toContain(text);
}

async function menuItem(page: Page, name: string): Promise<void> {
  await page.getByRole('menuitem', { name, exact: true }).click();
}

/** The open menu marks Clock Staff Out unavailable and gives SPEC's reason on hover; Escape closes it. */
async function expectRefusedClockOut(page: Page, reason: string): Promise<void> {
  const item = page.getByRole('menuitem', { name: 'Clock Staff Out', exact: true });
  await expect.poll(() => item.getAttribute('aria-disabled')).toBe('true');
  await item.hover();
  await expect.poll(() => page.getByRole('tooltip', { name: reason }).isVisible()).toBe(true);
  await page.keyboard.press('Escape');
  await expect.poll(() => item.count()).toBe(0);
}

describe('Shift Details', () => {
  it('follows a shift live from posting to Completed, with clock-out, copy and delete, and keeps it from another agency', async () => {
    const a = await company('shifts-a');
    const b = await company('shifts-b');
    const staff = await worker(a, 'Priya');

    const { page, context, errors } = await openSection(a, '/dashboard/shift-info');
    await showAllShifts(page);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: preview.url });
    await page.getByText('You currently have no shifts').waitFor();
    await screenshot(page, 'shift-details-empty-1280');

    // Agency B watches its own (empty) Shift Details and records every shift id its page ever shows.
    const other = await openSection(b, '/dashboard/shift-info');
    await showAllShifts(other.page);
    await other.page.evaluate(() => {
      const seen = new Set<string>();
      (window as unknown as { seenIds: Set<string> }).seenIds = seen;
      const scan = () => {
        for (const m of document.body.innerText.matchAll(
          /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g,
        )) {
          seen.add(m[0]);
        }
      };
      new MutationObserver(scan).observe(document.body, { subtree: true, childList: true, characterData: true });
    });

    const shiftId = await postShift(a, 10 * 60_000);
    await expectRowText(page, shiftId, 'Pending');
    await expectRowText(page, shiftId, 'N/A');
    await expectRowText(page, shiftId, 'Not Clocked In');
    await expectRowText(page, shiftId, '8 hrs 30 mins');
    await expectRowText(page, shiftId, '800 Robson St, Vancouver, BC V6Z 2E7');

    await acceptShift(staff, shiftId);
    await expectRowText(page, shiftId, 'Assigned');
    await expectRowText(page, shiftId, 'Priya Tester');

    // Clock Staff Out is refused before the worker clocked in.
    await openContextMenu(page, row(page, shiftId));
    await expectRefusedClockOut(page, 'Staff has not clocked in');

    // About 1.1 km north of the shift, with the reason the app asks for beyond 300 m.
    await clockIn(staff, shiftId, { latitude: 49.29, longitude: -123.12, reason: 'Parked around the block' });
    await expectRowText(page, shiftId, 'In-progress');
    await expectRowText(page, shiftId, 'Not Clocked Out');
    await screenshot(page, 'shift-details-data-1280');

    // Right-click → Clock Staff Out: Time Done starts as the clocked time so far (a minute or less
    // here); emptied it is refused; '8 hrs' after a minute of work is saved and flagged, not refused.
    await openContextMenu(page, row(page, shiftId));
    await menuItem(page, 'Clock Staff Out');
    const dialog = page.getByRole('dialog', { name: 'Clock Staff Out' });
    await dialog.waitFor();
    const timeDone = dialog.getByRole('textbox', { name: 'Time Done' });
    await expect.poll(() => timeDone.inputValue()).toMatch(/^[01] mins?$/);
    await timeDone.fill('');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectAlert(page, 'Time Done cannot be empty');
    await timeDone.fill('8 hrs');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectAlert(page, 'Staff clocked out successfully');
    await expectRowText(page, shiftId, 'Completed');
    await expectRowText(page, shiftId, '8 hrs');
    await expect
      .poll(() => row(page, shiftId).first().innerText())
      .toMatch(/Clocked (less than 1 min|1 min): differs by more than 15 mins/);
    await expect.poll(() => row(page, shiftId).locator('[data-time-done-flag="differs"]').count()).toBe(1);

    // The timeline says the same: the clock-in was far from the shift, the Time Done is flagged.
    await openContextMenu(page, row(page, shiftId));
    await menuItem(page, 'View timeline');
    const timeline = page.getByRole('dialog', { name: 'Shift timeline' });
    await timeline.getByText('On time · 1.1 km from the shift. Reason: Parked around the block').waitFor();
    await timeline
      .getByText(/^Time done: 8 hrs\. Clocked .*: differs from the clocked time by more than 15 mins$/)
      .waitFor();
    expect(await timeline.locator('[data-flagged]').count()).toBe(2);
    await page.keyboard.press('Escape');
    await timeline.waitFor({ state: 'hidden' });
    const db = await superuser();
    try {
      const { rows } = await db.query<{ on_shift: boolean }>('select on_shift from public.staff where id = $1', [
        staff.userId,
      ]);
      expect(rows[0]?.on_shift).toBe(false);
    } finally {
      await db.end();
    }

    // A completed shift cannot be clocked out again; the keyboard route opens the same menu.
    const actions = page.getByRole('button', { name: `Actions for shift ${shiftId}` });
    await actions.focus();
    await page.keyboard.press('Enter');
    await expectRefusedClockOut(page, 'Staff already clocked out');

    await actions.click();
    await menuItem(page, 'Copy ShiftID');
    await expectAlert(page, 'Shift ID successfully copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shiftId);

    expect(await seriousViolations(page)).toEqual([]);

    // The phone layout with data.
    const phone = await openSection(a, '/dashboard/shift-info', MOBILE);
    await showAllShifts(phone.page);
    await expectRowText(phone.page, shiftId, 'Completed');
    // A phone gets cards, not a squeezed table; the card carries the row's actions menu.
    expect(await phone.page.getByRole('table').count()).toBe(0);
    await expectRowText(phone.page, shiftId, 'Hours done: 8 hrs');
    await phone.page.getByRole('button', { name: `Actions for shift ${shiftId}` }).click();
    await phone.page.getByRole('menuitem', { name: 'Copy ShiftID' }).waitFor();
    await phone.page.keyboard.press('Escape');
    await screenshot(phone.page, 'shift-details-data-390');
    await phone.context.close();

    await actions.click();
    await menuItem(page, 'Delete');
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Delete' }).click();
    await expectAlert(page, 'Shift deleted successfully');
    await expect.poll(() => row(page, shiftId).count()).toBe(0);
    await page.getByText('You currently have no shifts').waitFor();

    // B saw none of it, even while A's changes streamed.
    await other.page.getByText('You currently have no shifts').waitFor();
    const seen = await other.page.evaluate(() => [...(window as unknown as { seenIds: Set<string> }).seenIds]);
    expect(seen).not.toContain(shiftId);
    await screenshot(other.page, 'shift-details-other-agency-1280');

    const emptyPhone = await openSection(b, '/dashboard/shift-info', MOBILE);
    await emptyPhone.page.getByText('You currently have no shifts').waitFor();
    await screenshot(emptyPhone.page, 'shift-details-empty-390');
    await emptyPhone.context.close();

    expect(errors).toEqual([]);
    await other.context.close();
    await context.close();
  });

  it('shows newly posted shifts on a page that reconnected (refetch after the channel returns)', async () => {
    const c = await company('shifts-reconnect');
    const { page, context } = await openSection(c, '/dashboard/shift-info');
    await showAllShifts(page);
    await page.getByText('You currently have no shifts').waitFor();
    // Drop the network: the page says so at once (the browser's offline event, not a missed
    // heartbeat a minute later); a shift is posted meanwhile and shows once the network is back.
    await context.setOffline(true);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Reconnecting...' }).count(), { timeout: 5_000 })
      .toBeGreaterThan(0);
    const shiftId = await postShift(c);
    await context.setOffline(false);
    await waitLive(page);
    await expectRowText(page, shiftId, 'Pending');
    await context.close();
  });
});

describe('Staff List and View Staff Shift', () => {
  it('lists a worker the moment they join, opens their shifts from the URL and goes back', async () => {
    const c = await company('staff-list');
    const { page, context, errors } = await openSection(c, '/dashboard/staff');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: preview.url });
    await page.getByText('You currently have no staff', { exact: false }).waitFor();
    await screenshot(page, 'staff-list-empty-1280');
    const phoneEmpty = await openSection(c, '/dashboard/staff', MOBILE);
    await screenshot(phoneEmpty.page, 'staff-list-empty-390');
    await phoneEmpty.context.close();

    const staff = await worker(c, 'Noor');
    await expectRowText(page, staff.email, 'Noor');
    await expectRowText(page, staff.email, '(604) 555-0123');
    await screenshot(page, 'staff-list-data-1280');
    const phone = await openSection(c, '/dashboard/staff', MOBILE);
    await expectRowText(phone.page, staff.email, 'Noor');
    await expectRowText(phone.page, staff.email, 'Joined');
    expect(await phone.page.getByRole('table').count()).toBe(0);
    await screenshot(phone.page, 'staff-list-data-390');
    await phone.context.close();
    expect(await seriousViolations(page)).toEqual([]);

    await openContextMenu(page, row(page, staff.email));
    await menuItem(page, 'View Shifts');
    await expect.poll(() => new URL(page.url()).search).toBe(`?staff=${staff.userId}`);
    await page.getByRole('heading', { name: 'Shifts of Noor Tester' }).waitFor();
    await page.getByText('This staff member has no shifts with you yet').waitFor();
    await waitLive(page);
    await screenshot(page, 'staff-shifts-empty-1280');

    const shiftId = await postShift(c);
    await acceptShift(staff, shiftId);
    await expectRowText(page, 'Assigned', 'Not Clocked In');

    // The page comes back from its URL alone.
    await page.reload();
    await waitLive(page);
    await expectRowText(page, 'Assigned', '800 Robson St');
    await screenshot(page, 'staff-shifts-data-1280');
    await page.getByRole('button', { name: `Actions for shift ${shiftId}` }).click();
    await menuItem(page, 'Copy ShiftID');
    await expectAlert(page, 'Shift ID successfully copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shiftId);
    expect(await seriousViolations(page)).toEqual([]);

    const phoneView = await openSection(c, `/dashboard/view?staff=${staff.userId}`, MOBILE);
    await expectRowText(phoneView.page, 'Assigned', '800 Robson St');
    expect(await phoneView.page.getByRole('table').count()).toBe(0);
    await screenshot(phoneView.page, 'staff-shifts-data-390');
    await phoneView.context.close();

    await page.getByRole('link', { name: 'Back' }).click();
    await expectPath(page, '/dashboard/staff');
    await expectRowText(page, staff.email, 'Noor');
    expect(errors).toEqual([]);
    await context.close();
  });
});

/// <reference lib="dom" />
/**
 * The dashboard shell and Shift Call in Chromium against the local stack: posting a shift end to
 * end (validation, draft, confirmation, geocode, insert, notifications, pushes), an address that
 * cannot be geocoded, the profile menu and log-out, the plan corner and the phone layout.
 */
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
import { DESKTOP, MOBILE, expectAlert, expectPath, newPage, screenshot, seriousViolations } from './helpers.ts';
import { choose, pickDateTime, shiftsOf, textbox, torontoDay } from './shift-call-steps.ts';

const suite = dashboardSuite();
const { companies, markers } = suite;

async function company(label: string, options: Parameters<typeof createCompany>[1] = {}): Promise<TestCompany> {
  const created = await createCompany(label, options);
  companies.push(created);
  return created;
}

async function openDashboard(c: TestCompany, viewport = DESKTOP) {
  const opened = await newPage(suite.browser, viewport);
  await signInBrowser(opened.context, c);
  await opened.page.goto(suite.preview.url + '/dashboard');
  await expectPath(opened.page, '/dashboard/shiftcall');
  return opened;
}

/** Whether an element is inside the viewport (the collapsed navbar is moved off-screen, not hidden). */
async function isOnScreen(page: Page, name: string): Promise<boolean> {
  const link = page.getByRole('link', { name, exact: true });
  const box = await link.boundingBox();
  return box != null && box.x + box.width > 0 && box.x < MOBILE.width && (await link.isVisible());
}

const REQUIRED_MESSAGES = [
  'Staff type is required',
  'Skill is required',
  'Start date is required',
  'End date is required',
  'Street number is required',
  'Street name is required',
  'City is required',
  'Province is required',
  'Country is required',
  'Postal code is required',
];

describe('Shift Call', () => {
  it('posts a shift: validation, draft, confirmation, row, notifications and one push per device', async () => {
    const agency = await company('shiftcall', { name: 'Harbour Homecare' });
    const marker = `e2e-${randomUUID().slice(0, 8)}`;
    markers.push(marker);
    const staffIds = await createStaff(agency, 3, marker);
    expect(staffIds).toHaveLength(3);

    const { context, page, errors } = await openDashboard(agency);
    await expect.poll(() => page.getByRole('heading', { name: 'Hello, Harbour Homecare' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'Shift Call' }).isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'shiftcall-1280');

    // Errors appear on submit and each clears when its field gets focus.
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    for (const message of REQUIRED_MESSAGES) await expectAlert(page, message);
    await screenshot(page, 'shiftcall-errors-1280');
    await page.getByRole('combobox', { name: 'Staff type', exact: true }).focus();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Staff type is required' }).count()).toBe(0);
    await textbox(page, 'Street number').focus();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Street number is required' }).count()).toBe(0);
    await textbox(page, 'Street number').fill('12a');
    await textbox(page, 'Postal code').fill('M5H');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expectAlert(page, 'Street number must be numeric');
    await expectAlert(page, 'Postal code must be at least 6 characters');

    await choose(page, 'Staff type', 'Personal Support Worker');
    await choose(page, 'Skill', 'Dementia care');
    await pickDateTime(page, 'Start', 2, 9);
    await pickDateTime(page, 'End', 2, 17);
    await expect.poll(() => page.getByText('Duration: 8 hrs').isVisible()).toBe(true);
    await textbox(page, 'Street number').fill('12');
    await textbox(page, 'Street name').fill('King St W');
    await textbox(page, 'City').fill('Toronto');
    await choose(page, 'Province', 'Ontario');
    // Picking a province fills in its country.
    expect(await page.getByRole('combobox', { name: 'Country', exact: true }).inputValue()).toBe('Canada');
    await textbox(page, 'Postal code').fill('M5H 1A1');
    await page.getByRole('textbox', { name: 'Extra information' }).fill('Ring the side door.');

    // The draft is saved 200 ms after the last change and survives a reload.
    const key = `carecover-shift-call-draft:${agency.id}`;
    await expect.poll(() => page.evaluate((k) => localStorage.getItem(k) ?? '', key)).toContain('Ring the side door.');
    await page.reload();
    await expect.poll(() => textbox(page, 'Street name').inputValue()).toBe('King St W');
    expect(await page.getByRole('combobox', { name: 'Staff type', exact: true }).inputValue()).toBe(
      'Personal Support Worker',
    );
    await expect.poll(() => page.getByText('Duration: 8 hrs').isVisible()).toBe(true);
    await screenshot(page, 'shiftcall-filled-1280');

    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() => dialog.textContent())
      .toContain('Requesting coverage for 12 King St W, Toronto, ON M5H 1A1 by a Personal Support Worker for 8 hrs?');
    await screenshot(page, 'shiftcall-confirm-1280');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectAlert(page, 'Your new shift has been sent. All frontline staff are notified');

    const shifts = await shiftsOf(agency.id);
    expect(shifts).toHaveLength(1);
    const shift = shifts[0]!;
    expect(shift).toMatchObject({
      staff_type: 'Personal Support Worker',
      skill: 'Dementia care',
      street_number: '12',
      street_name: 'King St W',
      city: 'Toronto',
      province: 'ON',
      country: 'Canada',
      postal_code: 'M5H 1A1',
      notes: 'Ring the side door.',
    });
    expect((shift.ends_at as Date).getTime() - (shift.starts_at as Date).getTime()).toBe(8 * 3_600_000);
    expect(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', hour: 'numeric', hour12: false }).format(
        shift.starts_at as Date,
      ),
    ).toBe('09');
    expect(Math.abs((shift.latitude as number) - 43.65)).toBeLessThan(0.2);

    const db = await superuser();
    try {
      const { rows } = await db.query<{ staff_id: string; n: string }>(
        'select staff_id, count(*) as n from public.notifications where shift_id = $1 group by staff_id',
        [shift.id],
      );
      expect(rows.map((r) => r.staff_id).sort()).toEqual([...staffIds].sort());
      expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
    } finally {
      await db.end();
    }
    await expect.poll(async () => (await pushesFor(marker)).length).toBe(3);
    const pushes = await pushesFor(marker);
    expect(new Set(pushes.map((p) => p.to)).size).toBe(3);
    expect(pushes.every((p) => p.body === 'Your employer just posted a new shift. View in home page')).toBe(true);

    // The form and the draft are cleared after success.
    await expect.poll(() => textbox(page, 'Street name').inputValue()).toBe('');
    await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), key)).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an address that cannot be geocoded shows its message and creates nothing', async () => {
    const agency = await company('ungeocodable');
    const { context, page } = await openDashboard(agency);
    const day = torontoDay(3).date;
    await page.evaluate(([k, v]) => localStorage.setItem(k, v), [
      `carecover-shift-call-draft:${agency.id}`,
      JSON.stringify({
        staffType: 'Registered Nurse',
        skill: 'Palliative care',
        startsAt: `${day} 08:00:00`,
        endsAt: `${day} 20:30:00`,
        streetNumber: '1',
        streetName: 'Nowhere Rd',
        city: 'Qwxyz',
        province: 'ON',
        country: 'Canada',
        postalCode: 'ZZZ ZZZ',
        notes: '',
      }),
    ] as const);
    await page.reload();
    await expect.poll(() => textbox(page, 'City').inputValue()).toBe('Qwxyz');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() => dialog.textContent())
      .toContain('Requesting coverage for 1 Nowhere Rd, Qwxyz, ON ZZZ ZZZ by a Registered Nurse for 12 hrs 30 mins?');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectAlert(page, 'Failed to submit: address could not be geocoded');
    expect(await shiftsOf(agency.id)).toEqual([]);
    // The form keeps what was typed so the address can be corrected.
    expect(await textbox(page, 'City').inputValue()).toBe('Qwxyz');
    await context.close();
  });
});

describe('dashboard shell', () => {
  it('greets with the default name, shows Get Premium to a free company and only built sections', async () => {
    const agency = await company('free', { name: null });
    const { context, page } = await openDashboard(agency);
    await expect.poll(() => page.getByRole('heading', { name: 'Hello, User' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Get Premium' }).isVisible()).toBe(true);
    expect(await page.getByTestId('premium-badge').count()).toBe(0);
    const nav = page.getByRole('navigation', { name: 'Sections' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Shift Call', 'Shift Details', 'Staff List']);
    // /dashboard lands on Shift Call by a redirect, so the current link is marked a moment later.
    await expect.poll(() => nav.getByRole('link', { name: 'Shift Call' }).getAttribute('aria-current')).toBe('page');
    // An unknown section goes back to Shift Call.
    await page.goto(suite.preview.url + '/dashboard/nowhere');
    await expectPath(page, '/dashboard/shiftcall');

    // The plan corner follows the company row live.
    const db = await superuser();
    try {
      await db.query('update public.companies set premium = true where id = $1', [agency.id]);
    } finally {
      await db.end();
    }
    await expect.poll(() => page.getByTestId('premium-badge').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Get Premium' }).count()).toBe(0);
    await context.close();
  });

  it('shows the Premium badge to a premium company; the profile menu links and log-out', async () => {
    const agency = await company('premium', { name: 'Maple Care', premium: true });
    const { context, page } = await openDashboard(agency);
    await expect.poll(() => page.getByTestId('premium-badge').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Get Premium' }).count()).toBe(0);
    await screenshot(page, 'dashboard-shell-1280');

    await page.getByRole('button', { name: 'Profile menu' }).click();
    const support = page.getByRole('menuitem', { name: 'Contact Support' });
    expect(await support.getAttribute('href')).toBe('mailto:support@carecover.app');
    const policies = page.getByRole('menuitem', { name: 'Policies' });
    expect(await policies.getAttribute('href')).toBe('/privacy');
    expect(await policies.getAttribute('target')).toBe('_blank');
    expect(await policies.getAttribute('rel')).toContain('noopener');
    // SPEC §2's order: Payments & Plan, Tutorial, Feedback, Contact Support, divider, Policies, Log Out.
    const items = await page.getByRole('menuitem').allTextContents();
    expect(items).toEqual([
      'Payments & Plan',
      'Account settings',
      'Agency settings',
      'Tutorial',
      'Feedback',
      'Contact Support',
      'Français',
      'Policies',
      'Log Out',
    ]);
    await screenshot(page, 'profile-menu-1280');

    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Are you sure?').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expectPath(page, '/dashboard/shiftcall');

    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log Out' }).click();
    await expectAlert(page, 'Logged out successfully');
    await expectPath(page, '/login');
    expect(await page.evaluate(() => localStorage.getItem('carecover-auth'))).toBeNull();
    await context.close();
  });

  it('collapses the sidebar behind a burger on a phone', async () => {
    const agency = await company('phone', { name: 'Prairie Support' });
    const { context, page } = await openDashboard(agency, MOBILE);
    await expect.poll(() => page.getByRole('heading', { name: 'Shift Call' }).isVisible()).toBe(true);
    const burger = page.getByRole('button', { name: 'Open navigation' });
    expect(await burger.isVisible()).toBe(true);
    expect(await isOnScreen(page, 'Shift Call')).toBe(false);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'shiftcall-390');
    await burger.click();
    await expect.poll(() => isOnScreen(page, 'Shift Call')).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Get Premium' }).isVisible()).toBe(true);
    await screenshot(page, 'dashboard-shell-390');
    await page.getByRole('link', { name: 'Shift Call' }).click();
    await expect.poll(() => isOnScreen(page, 'Shift Call')).toBe(false);
    await context.close();
  });
});

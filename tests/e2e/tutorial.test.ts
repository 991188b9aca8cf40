/// <reference lib="dom" />
/**
 * The tutorial in Chromium against the local stack: its steps (next/back, progress, the company
 * code with its copy button), and the first-visit offer, remembered per company in the database:
 * shown once for a newly onboarded company, not after a reload, not in another browser.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startPreview } from '../support/browser.ts';
import { superuser } from '../support/clients.ts';
import { createCompany, removeTestData, signInBrowser, type TestCompany } from './dashboard-fixtures.ts';
import { DESKTOP, MOBILE, expectPath, newPage, screenshot, seriousViolations } from './helpers.ts';

let browser: Browser;
let preview: Awaited<ReturnType<typeof startPreview>>;
const companies: TestCompany[] = [];

beforeAll(async () => {
  preview = await startPreview();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await preview?.stop();
  await removeTestData([], companies);
});

async function company(label: string, options: Parameters<typeof createCompany>[1] = {}): Promise<TestCompany> {
  const created = await createCompany(label, options);
  companies.push(created);
  return created;
}

async function tutorialSeenAt(c: TestCompany): Promise<Date | null> {
  const db = await superuser();
  try {
    const { rows } = await db.query<{ tutorial_seen_at: Date | null }>(
      'select tutorial_seen_at from public.companies where id = $1',
      [c.id],
    );
    return rows[0]?.tutorial_seen_at ?? null;
  } finally {
    await db.end();
  }
}

/** The machine may be busy with other browser tests: give slow renders time. */
const POLL = { timeout: 15_000 };
const TITLE = 'Getting started with CareCover';
const tutorial = (page: Page) => page.getByRole('dialog', { name: TITLE });

/**
 * Opens the dashboard and waits for the shell's first-visit check (the mark_tutorial_seen call) to
 * answer, so "no tutorial" is asserted after the decision, not before it. Returns that answer.
 */
async function openDashboard(page: Page): Promise<boolean> {
  const answered = page.waitForResponse((r) => r.url().includes('/rest/v1/rpc/mark_tutorial_seen'));
  await page.goto(preview.url + '/dashboard');
  const response = await answered;
  await expectPath(page, '/dashboard/shiftcall');
  expect(response.status()).toBe(200);
  return (await response.json()) as boolean;
}

async function expectStep(page: Page, n: number, title: string): Promise<void> {
  const dialog = tutorial(page);
  await dialog.getByText(`Step ${n} of 5`).waitFor();
  expect(await dialog.getByRole('heading', { name: title }).isVisible()).toBe(true);
  expect(await dialog.getByRole('progressbar', { name: 'Tutorial progress' }).getAttribute('aria-valuenow')).toBe(
    String(n * 20),
  );
}

describe('tutorial', () => {
  it('is offered once on a new company’s first visit and walks through every step', async () => {
    const c = await company('tutorial-first', { isFirstVisit: true });
    expect(await tutorialSeenAt(c)).toBeNull();
    const { context, page, errors } = await newPage(browser, DESKTOP);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: preview.url });
    await signInBrowser(context, c);

    expect(await openDashboard(page)).toBe(true);
    await tutorial(page).waitFor();
    // Recorded before it opened: the database, not the browser, remembers the visit.
    expect(await tutorialSeenAt(c)).not.toBeNull();

    const dialog = tutorial(page);
    const back = dialog.getByRole('button', { name: 'Back' });
    const next = dialog.getByRole('button', { name: 'Next' });
    await expectStep(page, 1, 'Post a shift');
    expect(await back.isDisabled()).toBe(true);
    await next.click();
    await expectStep(page, 2, 'Follow it in Shift Details');
    for (const status of ['Pending', 'Assigned', 'In-progress', 'Completed']) {
      expect(await dialog.getByRole('listitem').filter({ hasText: status }).count()).toBe(1);
    }
    await back.click();
    await expectStep(page, 1, 'Post a shift');
    await next.click();
    await next.click();
    await expectStep(page, 3, 'Your staff join with your company code');
    await expect.poll(() => dialog.getByTestId('tutorial-company-code').textContent(), POLL).toBe(c.code);
    await dialog.getByRole('button', { name: 'Copy company code' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText()), POLL).toBe(c.code);
    await dialog.getByRole('button', { name: 'Company code copied' }).waitFor();
    await page.mouse.move(0, 0);
    await screenshot(page, 'tutorial-1280');
    expect(await seriousViolations(page)).toEqual([]);

    await next.click();
    await expectStep(page, 4, 'Ask the assistant');
    await next.click();
    await expectStep(page, 5, 'Pick the plan that fits');
    expect(await dialog.getByRole('button', { name: 'Next' }).count()).toBe(0);
    await screenshot(page, 'tutorial-plans-1280');
    await dialog.getByRole('button', { name: 'Finish' }).click();
    await tutorial(page).waitFor({ state: 'detached' });

    // Not offered again after a reload…
    expect(await openDashboard(page)).toBe(false);
    expect(await tutorial(page).count()).toBe(0);
    // …but always available from the profile menu, from the first step.
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Tutorial' }).click();
    await tutorial(page).waitFor();
    await expectStep(page, 1, 'Post a shift');
    await tutorial(page).getByRole('button', { name: 'Close tutorial' }).click();
    await tutorial(page).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();

    // …nor in another browser: the visit is remembered per company.
    const other = await newPage(browser, DESKTOP);
    await signInBrowser(other.context, c);
    expect(await openDashboard(other.page)).toBe(false);
    expect(await tutorial(other.page).count()).toBe(0);
    expect(other.errors).toEqual([]);
    await other.context.close();
  });

  it('is not offered to a company that has already seen it', async () => {
    const c = await company('tutorial-seen');
    const { context, page } = await newPage(browser, DESKTOP);
    await signInBrowser(context, c);
    expect(await openDashboard(page)).toBe(false);
    expect(await tutorial(page).count()).toBe(0);
    await context.close();
  });

  it('reads well on a phone', async () => {
    const c = await company('tutorial-phone', { isFirstVisit: true });
    const { context, page, errors } = await newPage(browser, MOBILE);
    await signInBrowser(context, c);
    expect(await openDashboard(page)).toBe(true);
    await tutorial(page).waitFor();
    const dialog = tutorial(page);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expectStep(page, 3, 'Your staff join with your company code');
    await expect.poll(() => dialog.getByTestId('tutorial-company-code').textContent(), POLL).toBe(c.code);

    const box = await page.locator('.mantine-Modal-content').boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(MOBILE.width);
    for (const name of ['Back', 'Next']) {
      const button = await dialog.getByRole('button', { name }).boundingBox();
      expect(button!.x + button!.width, `${name} fits`).toBeLessThanOrEqual(box!.x + box!.width);
    }
    await screenshot(page, 'tutorial-390');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expectStep(page, 5, 'Pick the plan that fits');
    await screenshot(page, 'tutorial-plans-390');
    expect(errors).toEqual([]);
    await context.close();
  });
});

/// <reference lib="dom" />
/**
 * The plan follows the database live under the dev server `npm start` serves, where StrictMode
 * mounts every effect twice: a payment seen by another open tab, and the free plan's shift limit
 * reached while the dashboard is open (SPEC §4: the pricing modal opens by itself at 10).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startDevServer } from '../support/browser.ts';
import { superuser } from '../support/clients.ts';
import { ANON_KEY, API_URL } from '../support/stack-env.ts';
import { createCompany, removeTestData, signInBrowser, type TestCompany } from './dashboard-fixtures.ts';
import { DESKTOP, MOBILE, newPage } from './helpers.ts';

let browser: Browser;
let server: Awaited<ReturnType<typeof startDevServer>>;
const companies: TestCompany[] = [];

beforeAll(async () => {
  server = await startDevServer({ VITE_SUPABASE_URL: API_URL, VITE_SUPABASE_ANON_KEY: ANON_KEY });
  browser = await launchBrowser();
  // The dev server transforms each module on its first request (and pre-bundles the dependencies):
  // one first load pays for that here, under the hook's timeout, not under a test's page.goto.
  const warm = await browser.newPage();
  await warm.goto(`${server.url}/dashboard/shiftcall`, { timeout: 150_000 });
  await warm.getByRole('heading').first().waitFor({ timeout: 150_000 });
  await warm.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await removeTestData([], companies);
});

async function setCompany(id: string, values: { premium?: boolean; free_shifts_used?: number }): Promise<void> {
  const db = await superuser();
  try {
    await db.query(
      `update public.companies set premium = coalesce($2, premium), free_shifts_used = coalesce($3, free_shifts_used)
        where id = $1`,
      [id, values.premium ?? null, values.free_shifts_used ?? null],
    );
  } finally {
    await db.end();
  }
}

describe('plan changes under the dev server (StrictMode)', () => {
  for (const [name, viewport] of [
    ['1440×900', { width: 1440, height: 900 }],
    ['390×844', MOBILE],
  ] as const) {
    it(`a payment reaches every open tab without a reload at ${name}`, async () => {
      const company = await createCompany(`live-plan-${viewport.width}`);
      companies.push(company);
      const { context, page } = await newPage(browser, viewport ?? DESKTOP);
      await signInBrowser(context, company);
      await page.goto(`${server.url}/dashboard/shiftcall`);
      const other = await context.newPage();
      await other.goto(`${server.url}/dashboard/staff`);
      for (const tab of [page, other]) {
        await expect
          .poll(() => tab.getByRole('heading', { name: /^Hello/ }).isVisible(), { timeout: 30_000 })
          .toBe(true);
        if (viewport.width < 1000) await tab.getByRole('button', { name: 'Open navigation' }).click();
        await expect.poll(() => tab.getByRole('button', { name: 'Get Premium' }).isVisible()).toBe(true);
      }
      // Both tabs have joined their channels by now (the Live badge of the Staff List).
      await expect.poll(() => other.getByText('Live', { exact: true }).isVisible()).toBe(true);

      // What the Stripe webhook writes when the payment lands.
      await setCompany(company.id, { premium: true });
      for (const tab of [page, other]) {
        await expect.poll(() => tab.getByTestId('premium-badge').isVisible()).toBe(true);
        await expect(tab.getByRole('button', { name: 'Get Premium' }).count()).resolves.toBe(0);
      }
      await context.close();
    });
  }

  it('opens the pricing modal by itself when the 10th free shift is used while the dashboard is open', async () => {
    const company = await createCompany('live-limit');
    companies.push(company);
    await setCompany(company.id, { free_shifts_used: 9 });
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    await signInBrowser(context, company);
    await page.goto(`${server.url}/dashboard/shift-info`);
    await expect.poll(() => page.getByText('Live', { exact: true }).isVisible(), { timeout: 30_000 }).toBe(true);
    const pricing = page.getByRole('dialog', { name: 'Upgrade your plan' });
    expect(await pricing.count()).toBe(0);

    await setCompany(company.id, { free_shifts_used: 10 });
    await expect.poll(() => pricing.isVisible()).toBe(true);
    await context.close();
  });
});

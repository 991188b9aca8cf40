/// <reference lib="dom" />
/**
 * Where a free plan's limit is hit in the dashboard, the upsell popup offers Premium: here the
 * staff limit (30 employed staff) on Staff List. The shift and assistant limits open the same
 * popup (see the billing and assistant browser tests).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCompany, createStaff, signInBrowser, dashboardSuite } from './dashboard-fixtures.ts';
import { DESKTOP, seriousViolations } from './helpers.ts';

const suite = dashboardSuite();
const { companies, markers } = suite;

describe('free plan limits', () => {
  it('tells a free agency with 30 staff that new staff cannot join, and Go Premium opens the upsell', async () => {
    const agency = await createCompany('staff-limit');
    companies.push(agency);
    const marker = `e2e-limit-${randomUUID().slice(0, 8)}`;
    markers.push(marker);
    expect(await createStaff(agency, 30, marker)).toHaveLength(30);

    const context = await suite.browser.newContext({ viewport: DESKTOP });
    await signInBrowser(context, agency);
    const page = await context.newPage();
    await page.goto(`${suite.preview.url}/dashboard/staff`);
    const notice = page.getByRole('alert').filter({ hasText: 'Staff limit reached' });
    await expect.poll(() => notice.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await notice.getByRole('button', { name: 'Go Premium' }).click();
    const upsell = page.getByRole('dialog', { name: 'Go unlimited' });
    await expect.poll(() => upsell.isVisible()).toBe(true);
    await expect(upsell.getByText('Unlock Premium', { exact: true }).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('shows no staff-limit notice below the limit', async () => {
    const agency = await createCompany('staff-below-limit');
    companies.push(agency);
    const marker = `e2e-limit-${randomUUID().slice(0, 8)}`;
    markers.push(marker);
    await createStaff(agency, 29, marker);

    const context = await suite.browser.newContext({ viewport: DESKTOP });
    await signInBrowser(context, agency);
    const page = await context.newPage();
    await page.goto(`${suite.preview.url}/dashboard/staff`);
    await expect.poll(() => page.getByRole('row').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    expect(await page.getByText('Staff limit reached').count()).toBe(0);
    await context.close();
  });
});

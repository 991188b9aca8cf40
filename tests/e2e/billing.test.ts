/// <reference lib="dom" />
/**
 * Plans and payments in Chromium against the local stack and its Stripe stand-in: a free company at
 * its 10 shifts gets the pricing modal by itself, pays with 4242 on the hosted checkout page, comes
 * back to 'Welcome to the family!', sees the Premium badge arrive live (webhook → Realtime) and can
 * post an 11th shift; Payments & Plan opens the billing portal in a new tab. A declined card leaves
 * a company free. Screenshots of the pricing modal and the upsell popup at 1280 and 390 px.
 *
 * Checkout returns to the functions' SITE_URL (http://127.0.0.1:5173 by default), not to this
 * test's preview port: the test catches that navigation, checks its path and query, and opens the
 * same address on the preview itself.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standinsUrl } from '../../stack/src/config.ts';
import { launchBrowser, startPreview } from '../support/browser.ts';
import { anonClient, superuser, TEST_PASSWORD } from '../support/clients.ts';
import { createCompany, removeTestData, signInBrowser, type TestCompany } from './dashboard-fixtures.ts';
import { DESKTOP, MOBILE, expectAlert, expectPath, newPage, screenshot, seriousViolations } from './helpers.ts';

const PLAN_LIMIT = 'Free plan limit reached: upgrade to Premium to post more than 10 shifts';

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

/** An onboarded company in `country`, having used `freeShiftsUsed` of its free shifts. */
async function company(label: string, country: string, freeShiftsUsed: number): Promise<TestCompany> {
  const created = await createCompany(label);
  companies.push(created);
  const db = await superuser();
  try {
    await db.query('update public.companies set country = $2, free_shifts_used = $3 where id = $1', [
      created.id,
      country,
      freeShiftsUsed,
    ]);
  } finally {
    await db.end();
  }
  return created;
}

async function isPremium(c: TestCompany): Promise<boolean> {
  const db = await superuser();
  try {
    const { rows } = await db.query<{ premium: boolean }>('select premium from public.companies where id = $1', [c.id]);
    return rows[0]?.premium ?? false;
  } finally {
    await db.end();
  }
}

/** Inserts a shift with the company's own session, as the Shift Call form does after geocoding. */
async function postShift(c: TestCompany): Promise<string | null> {
  const client = anonClient();
  const signIn = await client.auth.signInWithPassword({ email: c.email, password: TEST_PASSWORD });
  if (signIn.error) throw signIn.error;
  const start = new Date(Date.now() + 24 * 3600_000);
  const { error } = await client.from('shifts').insert({
    staff_type: 'PSW',
    skill: 'Personal care',
    street_number: '100',
    street_name: 'Queen Street West',
    city: 'Toronto',
    province: 'Ontario',
    country: 'Canada',
    postal_code: 'M5H 2N2',
    starts_at: start.toISOString(),
    ends_at: new Date(start.getTime() + 8 * 3600_000).toISOString(),
    latitude: 43.6525,
    longitude: -79.3839,
  });
  // Only this client's session: a global sign-out would also end the browser's.
  await client.auth.signOut({ scope: 'local' });
  return error?.message ?? null;
}

/**
 * Records where the hosted checkout page sends the browser after a payment (its 303 to the
 * functions' SITE_URL) and answers with a short page of the test's own instead; the browser does not follow redirects
 * through page routes, so the checkout's own POST is routed and its answer inspected.
 */
async function catchCheckoutReturns(context: BrowserContext): Promise<URL[]> {
  const returns: URL[] = [];
  await context.route(`${standinsUrl}/checkout/**`, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const response = await route.fetch({ maxRedirects: 0 });
    const location = response.headers()['location'];
    if (response.status() >= 300 && response.status() < 400 && location) {
      returns.push(new URL(location, route.request().url()));
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Back from checkout</title>' });
    } else {
      await route.fulfill({ response });
    }
  });
  return returns;
}

async function openDashboard(c: TestCompany, viewport = DESKTOP) {
  const opened = await newPage(browser, viewport);
  await signInBrowser(opened.context, c);
  await opened.page.goto(preview.url + '/dashboard');
  // Several suites share the stack: give the first load more than the default second.
  await expect.poll(() => new URL(opened.page.url()).pathname, { timeout: 15_000 }).toBe('/dashboard/shiftcall');
  return opened;
}

const pricingDialog = (page: Page) => page.getByRole('dialog', { name: 'Upgrade your plan' });
const upsellDialog = (page: Page) => page.getByRole('dialog', { name: 'Go unlimited' });

async function payOnCheckoutPage(page: Page, card: string): Promise<void> {
  await page.waitForURL((url) => url.href.startsWith(`${standinsUrl}/checkout/cs_`));
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Dana Owner');
  await page.getByRole('button', { name: 'Pay' }).click();
}

/** Opens an overlay the way a section does, through the shell's context (no section opens 'upsell' yet). */
async function openOverlayFromSection(page: Page, name: string): Promise<void> {
  // A loaded machine may still be mounting the section: its elements carry the shell's context.
  await page.locator('main form, main section').first().waitFor();
  const opened = await page.evaluate((overlay) => {
    const inside =
      document.querySelector('main form, main section, main [role="alert"]') ?? document.querySelector('main');
    if (!inside) return false;
    const key = Object.keys(inside).find((k) => k.startsWith('__reactFiber$'));
    type Fiber = { memoizedProps?: { value?: { openOverlay?: (n: string) => void } }; return: Fiber | null };
    let fiber = key ? ((inside as unknown as Record<string, Fiber>)[key] ?? null) : null;
    while (fiber) {
      const open = fiber.memoizedProps?.value?.openOverlay;
      if (typeof open === 'function') {
        open(overlay);
        return true;
      }
      fiber = fiber.return;
    }
    return false;
  }, name);
  expect(opened).toBe(true);
}

describe('upgrading to Premium from the dashboard', () => {
  let paid: TestCompany;

  it('prompts a free company at its 10 shifts, takes the 4242 payment and welcomes it to Premium, live', async () => {
    paid = await company('billing-upgrade', 'Canada', 10);
    expect(await postShift(paid)).toBe(PLAN_LIMIT);

    const { context, page, errors } = await openDashboard(paid);
    const returns = await catchCheckoutReturns(context);
    try {
      // The premium prompt: the pricing modal opens by itself.
      const pricing = pricingDialog(page);
      await expect.poll(() => pricing.isVisible()).toBe(true);
      const free = pricing.getByRole('region', { name: 'Free' });
      const premium = pricing.getByRole('region', { name: 'Premium' });
      await expect(free.getByTestId('plan-free-price').textContent()).resolves.toBe('0');
      await expect(premium.getByTestId('plan-premium-price').textContent()).resolves.toBe('CA$499');
      await expect(free.getByRole('button', { name: 'Current plan' }).isDisabled()).resolves.toBe(true);
      await expect(premium.getByText('Most popular').isVisible()).resolves.toBe(true);
      for (const text of [
        'Coverage of up to 10 shifts',
        '25 AI assistant questions per month',
        'Onboarding of up to 30 frontline staff',
      ]) {
        await expect(free.getByText(text).isVisible(), text).resolves.toBe(true);
      }
      for (const text of [
        'Unlimited shift coverage',
        'Unlimited frontline staff',
        'Premium badge',
        'Personalised support',
      ]) {
        await expect(premium.getByText(text).isVisible(), text).resolves.toBe(true);
      }
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'billing-pricing-1280');

      // A second tab stays on the dashboard to see the plan change arrive without a reload.
      const watcher = await context.newPage();
      await watcher.goto(preview.url + '/dashboard/shiftcall');
      await expect.poll(() => pricingDialog(watcher).isVisible()).toBe(true);
      await expect(watcher.getByTestId('premium-badge').count()).resolves.toBe(0);

      await premium.getByRole('button', { name: 'Upgrade to Premium' }).click();
      await payOnCheckoutPage(page, '4242 4242 4242 4242');
      await expect.poll(() => returns.length, { message: 'checkout returned to the dashboard' }).toBe(1);
      expect(returns[0]?.pathname).toBe('/dashboard');
      expect(returns[0]?.search).toBe('?success=true');
      await expect.poll(() => isPremium(paid)).toBe(true);

      // Live: the webhook's update reaches the open tab over Realtime; the prompt closes itself.
      await expect.poll(() => watcher.getByTestId('premium-badge').isVisible()).toBe(true);
      await expect.poll(() => pricingDialog(watcher).count()).toBe(0);
      await expect(watcher.getByRole('button', { name: 'Get Premium' }).count()).resolves.toBe(0);
      await watcher.close();

      // The return address, opened on this preview: welcomed once, the parameter removed.
      await page.goto(`${preview.url}/dashboard?success=true`);
      await expectAlert(page, 'Welcome to the family!');
      await expectPath(page, '/dashboard/shiftcall');
      expect(new URL(page.url()).search).toBe('');
      await expect(page.getByText('Welcome to the family!').count()).resolves.toBe(1);
      await expect(page.getByTestId('premium-badge').isVisible()).resolves.toBe(true);
      await expect(pricingDialog(page).count()).resolves.toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    expect(await postShift(paid)).toBeNull();
  });

  it('returns to /dashboard/shiftcall?success=true with the parameter removed and the rest kept', async () => {
    const { context, page } = await openDashboard(paid);
    try {
      await page.goto(`${preview.url}/dashboard/shiftcall?success=true&tab=1`);
      await expectAlert(page, 'Welcome to the family!');
      await expect.poll(() => new URL(page.url()).search).toBe('?tab=1');
      await expectPath(page, '/dashboard/shiftcall');
      // A reload does not greet again.
      await page.reload();
      await expect.poll(() => page.getByRole('heading', { name: /^Hello/ }).isVisible()).toBe(true);
      await expect(page.getByText('Welcome to the family!').count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  });

  it('opens the billing portal in a new tab from Payments & Plan', async () => {
    const { context, page, errors } = await openDashboard(paid);
    try {
      await page.getByRole('button', { name: 'Profile menu' }).click();
      const [portal] = await Promise.all([
        context.waitForEvent('page'),
        page.getByRole('menuitem', { name: 'Payments & Plan' }).click(),
      ]);
      await portal.waitForURL((url) => url.href.startsWith(`${standinsUrl}/billing/bps_`));
      await expect(portal.getByRole('button', { name: 'Cancel subscription' }).isVisible()).resolves.toBe(true);
      // The dashboard tab is left as it was.
      await expect.poll(() => page.getByRole('dialog', { name: 'Payments & Plan' }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('staying on the free plan', () => {
  it('leaves a company free when its card is declined', async () => {
    const declined = await company('billing-declined', 'United States', 3);
    const { context, page } = await openDashboard(declined);
    const returns = await catchCheckoutReturns(context);
    try {
      // Not at the limit: no prompt until Get Premium is chosen.
      await expect(page.getByRole('button', { name: 'Get Premium' }).isVisible()).resolves.toBe(true);
      await expect(pricingDialog(page).count()).resolves.toBe(0);
      await page.getByRole('button', { name: 'Get Premium' }).click();
      const premium = pricingDialog(page).getByRole('region', { name: 'Premium' });
      await expect(premium.getByTestId('plan-premium-price').textContent()).resolves.toBe('$499');
      await premium.getByRole('button', { name: 'Upgrade to Premium' }).click();
      await payOnCheckoutPage(page, '4000 0000 0000 0002');
      await expectAlert(page, 'Your card was declined.');
      expect(returns).toEqual([]);
      expect(await isPremium(declined)).toBe(false);

      await page.goto(preview.url + '/dashboard');
      await expect.poll(() => page.getByRole('button', { name: 'Get Premium' }).isVisible()).toBe(true);
      await expect(page.getByTestId('premium-badge').count()).resolves.toBe(0);
    } finally {
      await context.close();
    }
  });

  it('tells a company that never paid that it has no billing, and shows the plans instead of a tab', async () => {
    const free = await company('billing-never-paid', 'Canada', 0);
    const { context, page } = await openDashboard(free);
    try {
      await page.getByRole('button', { name: 'Profile menu' }).click();
      await page.getByRole('menuitem', { name: 'Payments & Plan' }).click();
      await expectAlert(page, 'You have not subscribed yet, so there is no billing to manage.');
      await expect.poll(() => pricingDialog(page).isVisible()).toBe(true);
      // The blank tab opened for the portal was closed again.
      await expect.poll(() => context.pages().length).toBe(1);
    } finally {
      await context.close();
    }
  });
});

describe('plan screens on desktop and phone', () => {
  it('shows the pricing modal and the upsell popup at 1280 and 390 px', async () => {
    const c = await company('billing-screens', 'Canada', 4);
    for (const [viewport, width] of [
      [DESKTOP, 1280],
      [MOBILE, 390],
    ] as const) {
      const { context, page, errors } = await openDashboard(c, viewport);
      try {
        if (width === 390) {
          await page.getByRole('button', { name: 'Open navigation' }).click();
        }
        await page.getByRole('button', { name: 'Get Premium' }).click();
        const pricing = pricingDialog(page);
        await expect.poll(() => pricing.isVisible()).toBe(true);
        if (width === 390) await screenshot(page, 'billing-pricing-390');
        const box = await pricing.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= width, 'the modal fits the screen').toBe(true);
        await page.keyboard.press('Escape');
        await expect.poll(() => pricing.count()).toBe(0);

        await openOverlayFromSection(page, 'upsell');
        const upsell = upsellDialog(page);
        await expect.poll(() => upsell.isVisible()).toBe(true);
        await expect(upsell.getByText('Unlock Premium', { exact: true }).isVisible()).resolves.toBe(true);
        await expect(upsell.getByText(/CA\$499 per month/).isVisible()).resolves.toBe(true);
        await expect(upsell.getByRole('button', { name: 'Go Premium' }).isVisible()).resolves.toBe(true);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `billing-upsell-${width}`);

        // Go Premium starts the checkout with the button's loader.
        await upsell.getByRole('button', { name: 'Go Premium' }).click();
        await page.waitForURL((url) => url.href.startsWith(`${standinsUrl}/checkout/cs_`));
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});

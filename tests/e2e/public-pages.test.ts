/// <reference lib="dom" />
/** Landing page, privacy policy and 404: content, navigation, layout at every width and screenshots. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startPreview } from '../support/browser.ts';
import { DESKTOP, MOBILE, expectPath, newPage, screenshot } from './helpers.ts';

let browser: Browser;
let preview: Awaited<ReturnType<typeof startPreview>>;

beforeAll(async () => {
  preview = await startPreview();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await preview?.stop();
});

describe('landing page', () => {
  it('has the hero, statistics, testimonials, supporters and privacy link, and no broken images', async () => {
    const { context, page, errors } = await newPage(browser);
    await page.goto(preview.url);
    const hero = page.getByRole('heading', { level: 1 });
    await expect.poll(() => hero.textContent()).toMatch(/Verified care workers/);
    for (const name of [
      'Demand for care is growing faster than staff',
      'Agencies trust CareCover with their shifts',
      'Supported by',
    ]) {
      expect(await page.getByRole('heading', { name }).isVisible()).toBe(true);
    }
    expect(await page.getByText('For agencies', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('For caregivers', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('/privacy');
    // Only inline SVG artwork: no <img> that could break.
    expect(await page.locator('img').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Get Access goes to /signup and Go to Account to /login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(preview.url);
    await page.getByRole('link', { name: 'Get Access' }).click();
    await expectPath(page, '/signup');
    await expect.poll(() => page.getByRole('heading', { name: 'Sign up' }).isVisible()).toBe(true);
    await page.goto(preview.url);
    await page.getByRole('link', { name: 'Go to Account' }).click();
    await expectPath(page, '/login');
    await expect.poll(() => page.getByRole('heading', { name: 'Log in' }).isVisible()).toBe(true);
    await context.close();
  });

  it('the logo bar holds only the logo and changes style after 50 px of scroll', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(preview.url);
    const bar = page.getByRole('banner');
    await expect.poll(() => bar.isVisible()).toBe(true);
    // SPEC §2: "Top navigation bar holds only the logo".
    expect(await bar.locator('a, button').count()).toBe(1);
    expect(await bar.getByRole('link', { name: 'CareCover home' }).isVisible()).toBe(true);
    expect(await bar.getAttribute('data-scrolled')).toBeNull();
    await page.evaluate(() => window.scrollTo(0, 40));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await bar.getAttribute('data-scrolled')).toBeNull();
    await page.evaluate(() => window.scrollTo(0, 120));
    await expect.poll(() => bar.getAttribute('data-scrolled')).toBe('true');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => bar.getAttribute('data-scrolled')).toBeNull();
    await context.close();
  });

  it('does not overflow horizontally from 360 px up', async () => {
    // One load per page, then the same page at each width: a resize relays it out as a fresh load would.
    const { context, page } = await newPage(browser, { width: 360, height: 800 });
    for (const path of ['/', '/signup', '/login', '/forgot-password', '/privacy', '/no-such-page']) {
      await page.setViewportSize({ width: 360, height: 800 });
      await page.goto(preview.url + path);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
      for (const width of [360, 390, 768, 1280, 1920]) {
        await page.setViewportSize({ width, height: 800 });
        const overflow = await page.evaluate(
          () =>
            new Promise<number>((resolve) =>
              requestAnimationFrame(() => resolve(document.documentElement.scrollWidth - window.innerWidth)),
            ),
        );
        expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
      }
    }
    await context.close();
  });
});

describe('privacy policy', () => {
  it('covers collected information, use, security, rights and contact', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(preview.url + '/privacy');
    await expect.poll(() => page.getByRole('heading', { name: 'Privacy policy', level: 1 }).isVisible()).toBe(true);
    for (const name of ['Information we collect', 'How we use it', 'Security', 'Your rights', 'Contact']) {
      expect(await page.getByRole('heading', { name, level: 2 }).isVisible()).toBe(true);
    }
    await context.close();
  });
});

describe('404', () => {
  it('any unknown path shows the not-found page with a way home', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(preview.url + '/definitely/not/here');
    await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expectPath(page, '/');
    await context.close();
  });
});

// axe scans these pages in accessibility.test.ts, under the production CSP; here they are looked at.
describe('screenshots of the public pages', () => {
  const pages = [
    { name: 'home', path: '/', heading: /Verified care workers/ },
    { name: 'signup', path: '/signup', heading: /^Sign up$/ },
    { name: 'login', path: '/login', heading: /^Log in$/ },
    { name: 'forgot-password', path: '/forgot-password', heading: /^Forgot password\?$/ },
    { name: 'privacy', path: '/privacy', heading: /^Privacy policy$/ },
    { name: '404', path: '/no-such-page', heading: /^Page not found$/ },
  ];
  it('shows each public page at 1280 and 390 px', async () => {
    const { context, page } = await newPage(browser);
    for (const { name, path, heading } of pages) {
      await page.setViewportSize(DESKTOP);
      await page.goto(preview.url + path);
      await expect.poll(() => page.getByRole('heading', { level: 1, name: heading }).isVisible()).toBe(true);
      await screenshot(page, `${name}-1280`);
      await page.setViewportSize(MOBILE);
      await screenshot(page, `${name}-390`);
    }
    await context.close();
  });

  it('/signup with its validation messages and checklist', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(preview.url + '/signup');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => page.getByText('Email is required').isVisible()).toBe(true);
    await page.getByRole('textbox', { name: 'Password', exact: true }).focus();
    await expect.poll(() => page.getByRole('list', { name: 'Password requirements' }).isVisible()).toBe(true);
    await screenshot(page, 'signup-errors-1280');
    await context.close();
  });
});

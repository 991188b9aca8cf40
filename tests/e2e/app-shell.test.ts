/** The dashboard's production build starts and renders with Mantine in a real browser. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startPreview } from '../support/browser.ts';
import { newPage, screenshot } from './helpers.ts';

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

describe('app shell', () => {
  it('renders the home page with its calls to action and no console errors', async () => {
    const { context, page, errors } = await newPage(browser);
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(preview.url);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Get Access' }).getAttribute('href')).toBe('/signup');
    expect(await page.getByRole('link', { name: 'Go to Account' }).getAttribute('href')).toBe('/login');
    await screenshot(page, 'home-1280');
    expect(errors).toEqual([]);
    await context.close();
  });
});

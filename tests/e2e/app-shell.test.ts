/** The dashboard's production build starts and renders with Mantine in a real browser. */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotsDir, startPreview } from '../support/browser.ts';

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
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(preview.url);
    await expect.poll(() => page.getByRole('heading', { name: 'CareCover' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Get Access' }).getAttribute('href')).toBe('/signup');
    expect(await page.getByRole('link', { name: 'Go to Account' }).getAttribute('href')).toBe('/login');
    await page.screenshot({ path: path.join(screenshotsDir, 'home-1280.png') });
    expect(errors).toEqual([]);
    await page.close();
  });
});

/**
 * The dashboard's production build starts and renders with Mantine in a real browser; both apps
 * stop their animations for people whose system asks for reduced motion.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startPreview, startStaffPreview } from '../support/browser.ts';
import { newPage, screenshot } from './helpers.ts';

let browser: Browser;
let preview: Awaited<ReturnType<typeof startPreview>>;
let staffPreview: Awaited<ReturnType<typeof startStaffPreview>>;

beforeAll(async () => {
  preview = await startPreview();
  staffPreview = await startStaffPreview();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await preview?.stop();
  await staffPreview?.stop();
});

/** How a spinner-like element (an endless animation, a transition) is computed on the app's page. */
async function motionOf(url: string, reducedMotion: 'reduce' | 'no-preference') {
  const context = await browser.newContext({ reducedMotion });
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  await page.locator('input[type=password]').first().waitFor();
  const computed = await page.evaluate(() => {
    const el = document.createElement('div');
    el.style.animation = 'spin 1s linear infinite';
    el.style.transition = 'opacity 200ms';
    document.body.append(el);
    const style = getComputedStyle(el);
    return {
      iterations: style.animationIterationCount,
      animation: style.animationDuration,
      transition: style.transitionDuration,
    };
  });
  await context.close();
  return computed;
}

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

  it('stops every animation and transition in both apps when the system asks for reduced motion', async () => {
    for (const url of [preview.url, staffPreview.url]) {
      expect(await motionOf(url, 'no-preference'), url).toEqual({
        iterations: 'infinite',
        animation: '1s',
        transition: '0.2s',
      });
      expect(await motionOf(url, 'reduce'), url).toEqual({
        iterations: '1',
        animation: '1e-05s',
        transition: '1e-05s',
      });
    }
  });
});

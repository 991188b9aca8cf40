/// <reference lib="dom" />
/** Shared steps of the dashboard's browser tests: pages at a width, axe scans, screenshots. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshotsDir } from '../support/browser.ts';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

export async function newPage(
  browser: Browser,
  viewport = DESKTOP,
  options: { timezoneId?: string } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport, timezoneId: options.timezoneId });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's serious and critical violations on the page as it is now. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await settleAnimations(page);
  // Evaluated through DevTools, which the page's CSP does not govern (a <script> tag would be blocked).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    type Axe = { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> };
    const axe = (window as unknown as { axe: Axe }).axe;
    // Only violations are read: axe then skips building the node details of every passing check,
    // most of a scan's time on a page as large as a full table.
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/**
 * Waits until running transitions have finished: a half-faded modal or toast fails axe's contrast
 * check, and looks wrong in a screenshot, for the wrong reason. Endless animations (a loader
 * spinning) never settle and change no colour axe measures. Three frames in a row without one: a
 * Mantine transition starts a frame after its element mounts, so one idle frame can be the gap.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.waitForFunction(
    (token) => {
      const w = window as unknown as { settleToken?: number; idleFrames?: number };
      if (w.settleToken !== token) Object.assign(w, { settleToken: token, idleFrames: 0 });
      const idle = document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity);
      w.idleFrames = idle ? (w.idleFrames ?? 0) + 1 : 0;
      return w.idleFrames >= 3;
    },
    Math.random(),
    { timeout: 10_000, polling: 'raf' },
  );
}

/**
 * Screenshots are for people to look at (.stack/screenshots); no test reads them. `npm test` takes
 * none (E2E_SCREENSHOTS=0, scripts/test-all.ts): they were 5% of its browser run. `npm run test:e2e`
 * takes them.
 */
const screenshotsWanted = process.env.E2E_SCREENSHOTS !== '0';

/** The whole page, or with `{ fullPage: false }` the viewport (for what is fixed to it). */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  if (!screenshotsWanted) return;
  await page.screenshot({ path: path.join(screenshotsDir, `${name}.png`), fullPage });
}

/**
 * What the user sees with the assistant panel open: the viewport (the panel is fixed to it; a
 * full-page shot would show the page under it), with no hover tooltip over the panel.
 */
export async function panelScreenshot(page: Page, name: string): Promise<void> {
  if (!screenshotsWanted) return;
  await page.mouse.move(1, 1);
  await expect.poll(() => page.getByRole('tooltip').count()).toBe(0);
  await screenshot(page, name, { fullPage: false });
}

/** Waits until some element with role alert (field error or toast) shows exactly `text`. */
export async function expectAlert(page: Page, text: string): Promise<void> {
  await expect
    .poll(() => page.getByRole('alert').filter({ hasText: text }).count(), { message: `alert "${text}"` })
    .toBeGreaterThan(0);
}

/**
 * Picks `option` from the select labelled `label` with the pointer, as a person does, and waits
 * until the field shows it. A list still placing itself (flipping above its field, re-positioning
 * as it renders) can move between Playwright's stability check and its click, which then lands on
 * a neighbour or on nothing: the pick is checked and made again rather than trusted.
 */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  const combobox = page.getByRole('combobox', { name: label, exact: true });
  const choice = page.getByRole('option', { name: option, exact: true });
  await expect
    .poll(
      async () => {
        if (!(await choice.isVisible())) await combobox.click();
        await choice.click({ timeout: 3_000 }).catch(() => undefined);
        return combobox.inputValue();
      },
      { message: `${label}: ${option}`, timeout: 20_000 },
    )
    .toBe(option);
}

export async function expectPath(page: Page, pathname: string): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname, { message: `path ${pathname}` }).toBe(pathname);
}

/**
 * A table row, or on a phone (≤ 600 px) the card that stands for it, holding `text`: the same
 * check reads both layouts.
 */
export const rowOrCard = (page: Page, text: string) =>
  page.getByRole('row').or(page.locator('li[data-card]')).filter({ hasText: text });

/**
 * Shift Details opens on Needs action or Upcoming (shift-views.ts openingView); tests about
 * particular rows look at all of them.
 */
export async function showAllShifts(page: Page): Promise<void> {
  const all = page.getByRole('radio', { name: /^All: \d+$/ });
  // The chip's radio is visually hidden behind its label.
  await all.waitFor({ state: 'attached' });
  if (!(await all.isChecked())) await page.getByText(/^All · \d+$/).click();
  await expect.poll(() => all.isChecked()).toBe(true);
}

/**
 * Opens the menu `target` opens (a right-click, or a click on its button) and waits for it to be
 * placed. The menu shows one frame before floating-ui measures it and moves it into place (at once,
 * with reduced motion); a click in that frame lands where the item was, not where it goes, and the
 * menu closes instead. Returns the menu.
 */
async function openMenuBy(page: Page, target: Locator, button: 'left' | 'right'): Promise<Locator> {
  await target.click({ button });
  const menu = page.getByRole('menu');
  await menu.waitFor();
  let last = '';
  await expect
    .poll(
      async () => {
        const box = await menu.boundingBox();
        const at = box ? `${Math.round(box.x)},${Math.round(box.y)}` : '';
        const settled = at !== '' && at === last;
        last = at;
        return settled;
      },
      { interval: 50 },
    )
    .toBe(true);
  return menu;
}

/** Right-clicks `target` and waits for its menu to be placed (openMenuBy). Returns the menu. */
export const openContextMenu = (page: Page, target: Locator): Promise<Locator> => openMenuBy(page, target, 'right');

/** Clicks a menu's button and waits for the menu to be placed (openMenuBy). Returns the menu. */
export const openButtonMenu = (page: Page, button: Locator): Promise<Locator> => openMenuBy(page, button, 'left');

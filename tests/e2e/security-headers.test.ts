/// <reference lib="dom" />
/**
 * The production headers as `vite preview` serves them from the build's `_headers` file (the same
 * file a static host deploys, docs/deployment.md): every header on the HTML, the SPA's deep links
 * and the assets, each CSP directive, and then a session through the app (log in, every section,
 * the assistant, the pricing modal) during which the browser reports no CSP violation.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspDirectives } from '../../scripts/security-headers.ts';
import { launchBrowser, startPreview } from '../support/browser.ts';
import { allowPageErrors } from '../support/page-guard.ts';
import { TEST_PASSWORD } from '../support/clients.ts';
import { API_URL } from '../support/stack-env.ts';
import { watchCsp } from './csp-watch.ts';
import { createCompany, removeTestData, type TestCompany } from './dashboard-fixtures.ts';
import { expectPath, newPage } from './helpers.ts';

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

/** `name value value; name value` → { name: [value, value] }. */
function parseCsp(header: string): Record<string, string[]> {
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('production headers', () => {
  it('sends the security headers with the page, deep links and assets', async () => {
    const html = await fetch(preview.url);
    const assetPath = /src="(\/assets\/[^"]+\.js)"/.exec(await html.text())?.[1];
    expect(assetPath).toBeDefined();
    for (const pathname of ['/', '/login', '/dashboard/shift-info', assetPath!, '/favicon.svg']) {
      const res = await fetch(preview.url + pathname);
      expect(res.status, pathname).toBe(200);
      expect(res.headers.get('x-content-type-options'), pathname).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), pathname).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options'), pathname).toBe('DENY');
      expect(res.headers.get('permissions-policy'), pathname).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);

      const csp = parseCsp(res.headers.get('content-security-policy') ?? '');
      const realtime = API_URL.replace(/^http/, 'ws');
      expect(csp['default-src'], pathname).toEqual(["'self'"]);
      expect(csp['script-src'], pathname).toEqual(["'self'"]);
      expect(csp['style-src'], pathname).toEqual(["'self'"]);
      expect(csp['style-src-elem'], pathname).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp['img-src'], pathname).toEqual(["'self'", 'data:']);
      expect(csp['font-src'], pathname).toEqual(["'self'"]);
      expect(csp['connect-src'], pathname).toEqual(["'self'", API_URL, realtime]);
      expect(csp['object-src'], pathname).toEqual(["'none'"]);
      expect(csp['base-uri'], pathname).toEqual(["'none'"]);
      expect(csp['frame-ancestors'], pathname).toEqual(["'none'"]);
      expect(csp['form-action'], pathname).toEqual(["'self'"]);
      // Nothing beyond the directives above (no stray unsafe-eval, no wildcard source).
      expect(Object.keys(csp).sort(), pathname).toEqual(
        cspDirectives(API_URL)
          .map(([name]) => name)
          .sort(),
      );
      expect(Object.values(csp).flat(), pathname).not.toContain("'unsafe-eval'");
      expect(Object.values(csp).flat(), pathname).not.toContain('*');
    }
  });

  it('reports no CSP violation while the app is used', async () => {
    const company = await createCompany('csp');
    companies.push(company);
    const { context, page, errors } = await newPage(browser);
    const violations = await watchCsp(context);

    await page.goto(preview.url);
    await page.getByRole('link', { name: 'Go to Account' }).click();
    await expectPath(page, '/login');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(company.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectPath(page, '/dashboard/shiftcall');
    // Realtime joins over the websocket (connect-src ws://): the tables say Live.
    for (const [section, pathname, empty] of [
      ['Shift Details', '/dashboard/shift-info', 'You currently have no shifts'],
      ['Staff List', '/dashboard/staff', 'You currently have no staff'],
    ] as const) {
      await page.getByRole('link', { name: section }).click();
      await expectPath(page, pathname);
      // The section's own empty state, then its Live indicator (the previous page may linger briefly).
      await page.getByText(empty, { exact: false }).waitFor();
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: 'Live' }).count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
    }
    await page.getByRole('link', { name: 'Shift Call' }).click();
    await expectPath(page, '/dashboard/shiftcall');

    await page.getByRole('button', { name: 'Open assistant', exact: true }).click();
    const panel = page.getByTestId('chat-panel');
    await panel.getByRole('button', { name: 'Provide me details about a shift', exact: true }).click();
    await expect.poll(() => panel.locator('[data-sender="ai"]').count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole('button', { name: 'Close assistant', exact: true }).click();

    await page.getByRole('button', { name: 'Get Premium' }).click();
    await page.getByRole('dialog', { name: 'Upgrade your plan' }).waitFor();
    await page.keyboard.press('Escape');

    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('does block what the policy forbids (the listener is live)', async () => {
    // The test provokes these refusals on purpose; Chromium logs each one as a console error.
    allowPageErrors(/violates the following Content Security Policy directive|Refused to connect because it violates/);
    const { context, page } = await newPage(browser);
    const violations = await watchCsp(context);
    await page.goto(`${preview.url}/privacy`);
    await page.getByRole('heading').first().waitFor();
    // An inline script and a fetch to an unlisted origin, as injected markup would try.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__ran = 1';
      document.body.append(script);
      return fetch('http://127.0.0.2:9/').catch(() => undefined);
    });
    expect(await page.evaluate(() => (window as unknown as { __ran?: number }).__ran)).toBeUndefined();
    await expect.poll(() => violations.some((v) => v.startsWith('script-src-elem'))).toBe(true);
    await expect.poll(() => violations.some((v) => v.startsWith('connect-src'))).toBe(true);
    await context.close();
  });
});

/// <reference lib="dom" />
/**
 * Sign-up with email confirmation on, as production runs it: "Check your inbox" with a
 * rate-limited resend, then the emailed link lands on onboarding, signed in. The local stack keeps
 * confirmations off (as `supabase start` does), so the browser's sign-up request is sent to a
 * second auth gateway on the same database with them on; everything else is the usual stack.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthService } from '../../stack/src/auth/service.ts';
import { createAdminPool } from '../../stack/src/db/pool.ts';
import { createGateway } from '../../stack/src/gateway/server.ts';
import { launchBrowser, startPreview } from '../support/browser.ts';
import { uniqueEmail } from '../support/clients.ts';
import { verifyLinkIn, waitForMail } from '../support/mail.ts';
import { API_URL } from '../support/stack-env.ts';
import { expectPath, MOBILE, newPage, screenshot, seriousViolations } from './helpers.ts';

const WIDE = { width: 1440, height: 900 };
let browser: Browser;
let preview: Awaited<ReturnType<typeof startPreview>>;
const pool = createAdminPool(2);
let confirmingUrl = '';
let server: http.Server;

beforeAll(async () => {
  const auth = createAuthService({ adminPool: pool }, { enableConfirmations: true });
  server = createGateway([{ prefix: '/auth/v1', service: auth.service, requiresApikey: true }]);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  confirmingUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  preview = await startPreview();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await preview?.stop();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await pool.end();
});

describe('sign-up with email confirmation on', () => {
  it('asks to check the inbox, offers a rate-limited resend, and the link opens onboarding signed in', async () => {
    const { context, page } = await newPage(browser, WIDE);
    await page.route(`${API_URL}/auth/v1/signup**`, (route) =>
      route.continue({ url: route.request().url().replace(API_URL, confirmingUrl) }),
    );
    const email = uniqueEmail('confirm-agency');
    await page.goto(`${preview.url}/signup`);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Agency!pass1');
    await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('Agency!pass1');
    await page.getByRole('button', { name: 'Sign up' }).click();

    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: `We sent a confirmation link to ${email}.` })
      .waitFor();
    const resend = page.getByRole('button', { name: /^Resend email \(\d+ s\)$/ });
    expect(await resend.isDisabled()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/signup');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'signup-check-inbox-1440');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'signup-check-inbox-390');

    const mail = await waitForMail(email);
    expect(mail.subject).toBe('Confirm your email for CareCover');
    await page.goto(verifyLinkIn(mail));
    await expectPath(page, '/onboard');
    await expect.poll(() => page.getByTestId('company-code').isVisible()).toBe(true);
    expect(new URL(page.url()).hash).toBe('');
    await context.close();
  });
});

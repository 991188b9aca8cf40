/// <reference lib="dom" />
/**
 * Forgot password as an agency does it, at 1440×900 and 390×844: Log in → Forgot password? → the
 * email (read from the local mail catcher) → its link → Set a new password with sign-up's checklist
 * → signed in on the dashboard with a success toast, and the new password works from then on. An
 * unknown address gets the same answer; a used link says so and offers a new one.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startPreview } from '../support/browser.ts';
import { anonClient, TEST_PASSWORD, uniqueEmail } from '../support/clients.ts';
import { mailTo, verifyLinkIn, waitForMail } from '../support/mail.ts';
import { createCompany, removeTestData, type TestCompany } from './dashboard-fixtures.ts';
import { expectAlert, expectPath, MOBILE, newPage, screenshot, seriousViolations } from './helpers.ts';

const WIDE = { width: 1440, height: 900 };
const SENT = 'If an account exists for that address, we sent a link';
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

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function askForLink(page: Page, email: string): Promise<void> {
  await page.goto(`${preview.url}/login`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expectPath(page, '/forgot-password');
  await page.getByRole('heading', { name: 'Forgot password?' }).waitFor();
  await textbox(page, 'Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByRole('status').filter({ hasText: SENT }).waitFor();
}

describe('forgot password', () => {
  for (const viewport of [WIDE, MOBILE]) {
    it(`resets a forgotten password from the emailed link and lands on the dashboard, at ${viewport.width} px`, async () => {
      const agency = await createCompany(`reset-${viewport.width}`);
      companies.push(agency);
      const { context, page } = await newPage(browser, viewport);
      await askForLink(page, agency.email);
      await screenshot(page, `forgot-password-sent-${viewport.width}`);
      if (viewport === WIDE) expect(await seriousViolations(page)).toEqual([]);

      const mail = await waitForMail(agency.email);
      expect(mail.subject).toBe('Reset your CareCover password');
      const link = verifyLinkIn(mail);
      await page.goto(link);
      await expectPath(page, '/reset-password');
      await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
      // Sign-up's rules and checklist.
      await textbox(page, 'New password').fill('weak');
      await page.getByRole('list', { name: 'Password requirements' }).waitFor();
      await textbox(page, 'Confirm new password').fill('other');
      await page.getByRole('button', { name: 'Save new password' }).click();
      await expectAlert(page, 'Password does not meet all criteria');
      await expectAlert(page, 'Passwords do not match');
      await screenshot(page, `reset-password-errors-${viewport.width}`);
      await textbox(page, 'New password').fill('Brand!new9');
      await textbox(page, 'Confirm new password').fill('Brand!new9');
      await page.getByRole('button', { name: 'Save new password' }).click();
      await expectPath(page, '/dashboard/shiftcall');
      await expectAlert(page, 'Your password has been updated');
      await expect.poll(() => page.getByRole('heading', { name: /^Hello, / }).isVisible()).toBe(true);

      // The new password is the one that works now.
      const fresh = anonClient();
      expect((await fresh.auth.signInWithPassword({ email: agency.email, password: 'Brand!new9' })).error).toBeNull();
      const old = await anonClient().auth.signInWithPassword({ email: agency.email, password: TEST_PASSWORD });
      expect(old.error?.code).toBe('invalid_credentials');

      // The link was used: opened again, it says so and offers a new one, without a page error.
      const second = await newPage(browser, viewport);
      await second.page.goto(link);
      await second.page.getByRole('heading', { name: 'This link has expired' }).waitFor();
      expect(new URL(second.page.url()).hash).toBe('');
      await screenshot(second.page, `reset-password-expired-${viewport.width}`);
      await textbox(second.page, 'Email').fill(agency.email);
      await second.page.getByRole('button', { name: 'Send reset link' }).click();
      await second.page.getByRole('status').filter({ hasText: SENT }).waitFor();
      // A second reset email; the account was also told its password changed.
      const subjects = async () => (await mailTo(agency.email)).map((m) => m.subject).sort();
      await expect
        .poll(subjects)
        .toEqual([
          'Reset your CareCover password',
          'Reset your CareCover password',
          'Your CareCover password was changed',
        ]);
      await second.context.close();
      await context.close();
    });
  }

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    const { context, page } = await newPage(browser, WIDE);
    const nobody = uniqueEmail('nobody');
    await askForLink(page, nobody);
    await page.waitForTimeout(300);
    expect(await mailTo(nobody)).toEqual([]);
    await context.close();
  });

  it('says what to do when /reset-password is opened without a link', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await page.goto(`${preview.url}/reset-password`);
    await page.getByText('Open the link in the password reset email', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Send reset link' }).isVisible()).toBe(true);
    await context.close();
  });
});

/// <reference lib="dom" />
/**
 * Forgot password in CareCover Staff, on a phone (390×844): Log in → Forgot password? → the email
 * (from the local mail catcher) → its link opens the staff app's Set a new password (not the
 * dashboard's) → Home, signed in, with the new password working and the old one refused. The used
 * link says it has expired and offers a new one; the form refuses a weak or mismatched password.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { anonClient, TEST_PASSWORD } from '../support/clients.ts';
import { verifyLinkIn, waitForMail } from '../support/mail.ts';
import { signUpWorker, staffAppSuite } from './staff-fixtures.ts';
import { expectAlert, expectPath, MOBILE, newPage, screenshot, seriousViolations } from './helpers.ts';

const SENT = 'If an account exists for that address, we sent a link';
const NEW_PASSWORD = 'Fresh!pass7';
const suite = staffAppSuite();
const { workers } = suite;

async function worker(): Promise<string> {
  const made = await signUpWorker('Rosa');
  workers.push(made);
  return made.email;
}

const password = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function askForLink(page: Page, email: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByRole('status').filter({ hasText: SENT }).waitFor();
}

describe('CareCover Staff: forgot password', () => {
  it('resets the password from the emailed link and lands on Home signed in; the used link says so', async () => {
    const email = await worker();
    const { context, page } = await newPage(suite.browser, MOBILE);
    await page.goto(`${suite.staffApp.url}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expectPath(page, '/forgot-password');
    await askForLink(page, email);
    expect(await seriousViolations(page)).toEqual([]);

    const link = verifyLinkIn(await waitForMail(email));
    await page.goto(link);
    await expectPath(page, '/reset-password');
    expect(new URL(page.url()).origin).toBe(suite.staffApp.url);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await password(page, 'New password').fill('weak');
    await password(page, 'Confirm new password').fill('other');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expectAlert(page, 'Password does not meet all criteria');
    await expectAlert(page, 'Passwords do not match');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'staff-reset-password-errors-390');

    await password(page, 'New password').fill(NEW_PASSWORD);
    await password(page, 'Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expectPath(page, '/');
    await page.getByRole('heading', { name: 'Open shifts' }).waitFor();
    await expectAlert(page, 'Password changed');

    expect((await anonClient().auth.signInWithPassword({ email, password: NEW_PASSWORD })).error).toBeNull();
    const old = await anonClient().auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect(old.error?.code).toBe('invalid_credentials');

    // Used once: opened again on another phone, it says so and offers a new link.
    const second = await newPage(suite.browser, MOBILE);
    await second.page.goto(link);
    await second.page.getByText('This link has expired or was already used').waitFor();
    await second.page.getByRole('link', { name: 'Send a new link' }).click();
    await expectPath(second.page, '/forgot-password');
    await askForLink(second.page, email);
    await second.context.close();
    await context.close();
  });

  it('opened without a link, the reset page offers a new one rather than a form', async () => {
    const { context, page } = await newPage(suite.browser, MOBILE);
    await page.goto(`${suite.staffApp.url}/reset-password`);
    await page.getByText('This link has expired or was already used').waitFor();
    expect(await page.getByRole('button', { name: 'Save new password' }).count()).toBe(0);
    await context.close();
  });
});

/// <reference lib="dom" />
/**
 * A session that ended elsewhere ends here, cleanly (issue #26): a password changed in another
 * browser context revokes this one's session (as hosted GoTrue does); the dashboard notices on
 * its next call to a function (the assistant), the staff app when its tab is refocused. Each
 * signs out once, says why on its log-in page (checked at 1440×900, 1280×800 and 390×844), and
 * after logging in with the new password the Shift Call draft is still there. A Log Out after the
 * session was revoked elsewhere still logs out, in both apps, without an error.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { anonClient, TEST_PASSWORD } from '../support/clients.ts';
import { createCompany, dashboardSuite, signInBrowser } from './dashboard-fixtures.ts';
import { expectPath, MOBILE, newPage, screenshot } from './helpers.ts';
import { signUpWorker, staffAppSuite } from './staff-fixtures.ts';

const PASSWORD_CHANGED = 'You were signed out because your password changed. Log in again.';
const NEW_PASSWORD = 'Fresh!pass7';
const WIDE = { width: 1440, height: 900 };
const LAPTOP = { width: 1280, height: 800 };
const SIZES = [WIDE, LAPTOP, MOBILE];

const dashboard = dashboardSuite();
const staff = staffAppSuite();

const textbox = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

/** The message shows once and alone, fully inside the viewport, above the log-in form, at every size. */
async function checkNoticeAtEverySize(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const notice = page.getByRole('alert').filter({ hasText: PASSWORD_CHANGED });
    await expect.poll(() => notice.count(), { message: `one notice at ${size.width}` }).toBe(1);
    expect(await page.getByText(PASSWORD_CHANGED).count()).toBe(1);
    // One message in all: no error toast from the refused call besides it.
    expect(await page.getByRole('alert').count()).toBe(1);
    const box = await notice.boundingBox();
    const button = await page.getByRole('button', { name: 'Log in' }).boundingBox();
    expect(box && button && box.x >= 0 && box.x + box.width <= size.width && box.y < button.y).toBe(true);
    await screenshot(page, `${name}-${size.width}`);
  }
}

/** As after a night asleep: the stored access token has expired, so signing out must refresh first. */
function expireStoredAccessToken(): void {
  const stored = JSON.parse(localStorage.getItem('carecover-auth') ?? '{}') as { expires_at?: number };
  stored.expires_at = Math.floor(Date.now() / 1000) - 60;
  localStorage.setItem('carecover-auth', JSON.stringify(stored));
}

/** Signs the account in through the API: a session of its own, as another browser would have. */
async function otherSession(email: string) {
  const client = anonClient();
  const { data, error } = await client.auth.signInWithPassword({ email, password: TEST_PASSWORD });
  if (error) throw error;
  return { client, session: data.session };
}

describe('a session ended elsewhere', () => {
  it('dashboard: the next call signs out once, says why, and the draft survives the new log-in', async () => {
    const company = await createCompany('session-ended');
    dashboard.companies.push(company);
    const a = await newPage(dashboard.browser, WIDE);
    await signInBrowser(a.context, company);
    await a.page.goto(`${dashboard.preview.url}/dashboard/shiftcall`);
    await textbox(a.page, 'Street name').fill('Draft Lane');
    const draftSaved = () =>
      a.page.evaluate(() =>
        Object.keys(localStorage).some(
          (key) => key.startsWith('carecover-shift-call-draft') && localStorage.getItem(key)?.includes('Draft Lane'),
        ),
      );
    await expect.poll(draftSaved).toBe(true);

    // Another browser changes the password in Account settings.
    const b = await newPage(dashboard.browser, LAPTOP);
    await signInBrowser(b.context, { ...company, session: (await otherSession(company.email)).session });
    await b.page.goto(`${dashboard.preview.url}/dashboard/shiftcall`);
    await b.page.getByRole('button', { name: 'Profile menu' }).click();
    await b.page.getByRole('menuitem', { name: 'Account settings' }).click();
    const form = b.page
      .getByRole('dialog', { name: 'Account settings' })
      .getByRole('form', { name: 'Change password' });
    await textbox(form, 'Current password').fill(TEST_PASSWORD);
    await textbox(form, 'New password').fill(NEW_PASSWORD);
    await textbox(form, 'Confirm new password').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => b.page.getByRole('alert').filter({ hasText: 'Password changed' }).count()).toBe(1);

    // Back in the first browser, the assistant's call is refused: one sign-out, one message.
    await a.page.getByRole('button', { name: 'Open assistant', exact: true }).click();
    await textbox(a.page, 'Message CareCover AI').fill('Which shifts are pending?');
    await a.page.getByRole('button', { name: 'Send message' }).click();
    await expectPath(a.page, '/login');
    await checkNoticeAtEverySize(a.page, 'session-ended-dashboard-login');
    expect(await a.page.getByText('Error logging out').count()).toBe(0);

    await a.page.setViewportSize(WIDE);
    await textbox(a.page, 'Email').fill(company.email);
    await textbox(a.page, 'Password').fill(NEW_PASSWORD);
    await a.page.getByRole('button', { name: 'Log in' }).click();
    await expectPath(a.page, '/dashboard/shiftcall');
    await expect.poll(() => textbox(a.page, 'Street name').inputValue()).toBe('Draft Lane');
    expect(await a.page.getByText(PASSWORD_CHANGED).count()).toBe(0);

    // Revoked again while this page's access token has run out: Log Out still logs out.
    const second = await otherSession(company.email).catch(() => null);
    expect(second).toBeNull(); // the old password no longer signs in
    const changer = anonClient();
    await changer.auth.signInWithPassword({ email: company.email, password: NEW_PASSWORD });
    expect((await changer.auth.updateUser({ password: 'Third!pass9' })).error).toBeNull();
    await a.page.getByRole('button', { name: 'Profile menu' }).click();
    await a.page.getByRole('menuitem', { name: 'Log Out' }).click();
    await a.page.evaluate(expireStoredAccessToken);
    await a.page.getByRole('dialog').getByRole('button', { name: 'Log Out' }).click();
    await expect.poll(() => a.page.getByRole('alert').filter({ hasText: 'Logged out successfully' }).count()).toBe(1);
    await expectPath(a.page, '/login');
    expect(await a.page.getByText('Error logging out').count()).toBe(0);
    expect(await a.page.getByText(PASSWORD_CHANGED).count()).toBe(0);
    await a.context.close();
    await b.context.close();
  });

  it('staff app: refocusing notices the revoked session, says why on log-in; Log out after a revocation works', async () => {
    const worker = await signUpWorker('Noor');
    staff.workers.push(worker);
    const { context, page } = await newPage(staff.browser, MOBILE);
    await page.goto(`${staff.staffApp.url}/login`);
    await page.getByLabel('Email').fill(worker.email);
    await page.locator('input[type=password]').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Open shifts' }).waitFor();

    const other = await otherSession(worker.email);
    expect((await other.client.auth.updateUser({ password: NEW_PASSWORD })).error).toBeNull();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expectPath(page, '/login');
    await checkNoticeAtEverySize(page, 'session-ended-staff-login');

    await page.setViewportSize(MOBILE);
    await page.getByLabel('Email').fill(worker.email);
    await page.locator('input[type=password]').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Open shifts' }).waitFor();
    expect(await page.getByText(PASSWORD_CHANGED).count()).toBe(0);

    // Revoked again while the phone's access token has run out: Log out still logs out.
    expect((await other.client.auth.updateUser({ password: 'Third!pass9' })).error).toBeNull();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    const logOut = page.getByRole('button', { name: 'Log out' });
    await logOut.waitFor();
    await page.evaluate(expireStoredAccessToken);
    await logOut.click();
    await expectPath(page, '/login');
    expect(await page.getByText('Could not log out').count()).toBe(0);
    expect(await page.getByText(PASSWORD_CHANGED).count()).toBe(0);
    await context.close();
  });
});

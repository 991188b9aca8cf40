/// <reference lib="dom" />
/**
 * Account settings from the profile menu, at 1440×900 and 390×844: a new password only with the
 * current one (the account is told by email), and a new sign-in email (applied at once locally,
 * where confirmations are off; the old address is told and the agency's profile follows).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthService } from '../../stack/src/auth/service.ts';
import { createAdminPool } from '../../stack/src/db/pool.ts';
import { createGateway } from '../../stack/src/gateway/server.ts';
import { launchBrowser, startPreview } from '../support/browser.ts';
import { anonClient, serviceClient, TEST_PASSWORD, uniqueEmail } from '../support/clients.ts';
import { mailTo, verifyLinkIn, waitForMail } from '../support/mail.ts';
import { API_URL } from '../support/stack-env.ts';
import { createCompany, removeTestData, signInBrowser, type TestCompany } from './dashboard-fixtures.ts';
import { expectAlert, MOBILE, newPage, screenshot, seriousViolations } from './helpers.ts';

const WIDE = { width: 1440, height: 900 };
let browser: Browser;
let preview: Awaited<ReturnType<typeof startPreview>>;
const companies: TestCompany[] = [];

beforeAll(async () => {
  preview = await startPreview();
  browser = await launchBrowser();
});

const pool = createAdminPool(2);
let confirming: http.Server | undefined;

afterAll(async () => {
  await browser?.close();
  await preview?.stop();
  await removeTestData([], companies);
  confirming?.closeAllConnections();
  await new Promise<void>((resolve) => (confirming ? confirming.close(() => resolve()) : resolve()));
  await pool.end();
});

/** A second auth gateway on the same database with confirmations on, as production runs. */
async function confirmingGateway(): Promise<string> {
  const auth = createAuthService({ adminPool: pool }, { enableConfirmations: true, doubleConfirmChanges: false });
  confirming = createGateway([{ prefix: '/auth/v1', service: auth.service, requiresApikey: true }]);
  await new Promise<void>((resolve) => confirming!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(confirming.address() as AddressInfo).port}`;
}

async function openAccountSettings(company: TestCompany, viewport: { width: number; height: number }) {
  const opened = await newPage(browser, viewport);
  await signInBrowser(opened.context, company);
  await opened.page.goto(`${preview.url}/dashboard/shiftcall`);
  await opened.page.getByRole('button', { name: 'Profile menu' }).click();
  await opened.page.getByRole('menuitem', { name: 'Account settings' }).click();
  const dialog = opened.page.getByRole('dialog', { name: 'Account settings' });
  await dialog.waitFor();
  await expect.poll(() => dialog.getByTestId('account-email').textContent()).toBe(company.email);
  return { ...opened, dialog };
}

const textbox = (scope: ReturnType<Page['getByRole']>, name: string) =>
  scope.getByRole('textbox', { name, exact: true });

describe('account settings', () => {
  it('changes the password only with the current one, and the account is told', async () => {
    const agency = await createCompany('new-password');
    companies.push(agency);
    const { context, page, dialog } = await openAccountSettings(agency, WIDE);
    const form = dialog.getByRole('form', { name: 'Change password' });
    await textbox(form, 'Current password').fill('Not!theR1ght');
    await textbox(form, 'New password').fill('Fresh!pass7');
    await textbox(form, 'Confirm new password').fill('Fresh!pass7');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expectAlert(page, 'Current password is incorrect');
    await screenshot(page, 'account-settings-wrong-current-1440');
    expect(await seriousViolations(page)).toEqual([]);

    await textbox(form, 'Current password').fill(TEST_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expectAlert(page, 'Password changed');
    expect(await textbox(form, 'Current password').inputValue()).toBe('');
    expect((await waitForMail(agency.email)).subject).toBe('Your CareCover password was changed');
    expect(
      (await anonClient().auth.signInWithPassword({ email: agency.email, password: 'Fresh!pass7' })).error,
    ).toBeNull();
    // Still signed in on this page.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('heading', { name: /^Hello, / }).isVisible()).toBe(true);
    await context.close();
  });

  it('moves the account to a new email on a phone; the old address is told and the profile follows', async () => {
    const agency = await createCompany('new-email');
    companies.push(agency);
    const { context, page, dialog } = await openAccountSettings(agency, MOBILE);
    const form = dialog.getByRole('form', { name: 'Change email' });
    await textbox(form, 'New email').fill('someone@gmail.com');
    await form.getByRole('button', { name: 'Change email' }).click();
    await expectAlert(page, 'It seems you are a worker. Download the app instead if so');
    const next = uniqueEmail('moved-agency');
    await textbox(form, 'New email').fill(next);
    await form.getByRole('button', { name: 'Change email' }).click();
    await dialog
      .getByRole('status')
      .filter({ hasText: `Your email is now ${next}` })
      .waitFor();
    await expect.poll(() => dialog.getByTestId('account-email').textContent()).toBe(next);
    await screenshot(page, 'account-settings-email-changed-390');
    expect((await waitForMail(agency.email)).subject).toBe('Your CareCover email address was changed');
    const { data } = await serviceClient().from('companies').select('email').eq('id', agency.id).single();
    expect(data?.email).toBe(next);
    expect((await anonClient().auth.signInWithPassword({ email: next, password: TEST_PASSWORD })).error).toBeNull();
    await context.close();
  });

  it('with confirmations on (production), waits for the link sent to the new address', async () => {
    const agency = await createCompany('confirm-email');
    companies.push(agency);
    const url = await confirmingGateway();
    const { context, page, dialog } = await openAccountSettings(agency, WIDE);
    await page.route(`${API_URL}/auth/v1/user**`, (route) =>
      route.continue({ url: route.request().url().replace(API_URL, url) }),
    );
    const form = dialog.getByRole('form', { name: 'Change email' });
    const next = uniqueEmail('confirmed-agency');
    await textbox(form, 'New email').fill(next);
    await form.getByRole('button', { name: 'Change email' }).click();
    await dialog
      .getByRole('status')
      .filter({ hasText: `We sent a confirmation link to ${next}.` })
      .waitFor();
    expect(await dialog.getByTestId('account-email').textContent()).toBe(agency.email);
    await screenshot(page, 'account-settings-email-pending-1440');

    const mail = await waitForMail(next);
    expect(mail.subject).toBe('Confirm your new email for CareCover');
    expect(await mailTo(agency.email)).toEqual([]);
    await page.goto(verifyLinkIn(mail));
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/dashboard/);
    expect((await waitForMail(agency.email)).subject).toBe('Your CareCover email address was changed');
    const { data } = await serviceClient().from('companies').select('email').eq('id', agency.id).single();
    expect(data?.email).toBe(next);
    await context.close();
  });
});

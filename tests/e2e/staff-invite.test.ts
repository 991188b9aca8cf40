/// <reference lib="dom" />
/**
 * Invite workers by email (issue 30), the whole way: an agency invites two workers from Staff List
 * (pasted as spreadsheet rows), the invite-workers function has Auth email each of them through
 * the local mail catcher, each opens their link in CareCover Staff on a phone (390×844), chooses a
 * password and lands on Home with the agency's open shift; the agency's Staff List, open all along,
 * shows them joined without a reload, and their invitations leave the pending list. A used link
 * says what to do instead. Also the dialog and the pending list on a phone, and Revoke.
 *
 * The emailed link names the staff app at STAFF_APP_URL (this stack's staff app port); this file
 * serves the built staff app on a port of its own, so after checking that target it points the
 * link's redirect_to at that server. Everything else of the link is as emailed.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../stack/src/config.ts';
import { startPreview } from '../support/browser.ts';
import { anonClient, superuser } from '../support/clients.ts';
import { verifyLinkIn, waitForMail } from '../support/mail.ts';
import { createCompany, postShiftAs, signInBrowser, type TestCompany } from './dashboard-fixtures.ts';
import { staffAppSuite } from './staff-fixtures.ts';
import {
  expectAlert,
  expectPath,
  MOBILE,
  newPage,
  rowOrCard,
  screenshot,
  seriousViolations,
  settleAnimations,
} from './helpers.ts';

const WIDE = { width: 1440, height: 900 };
const STAFF_APP_URL = `http://${config.host}:${config.staffAppPort}`;
const suite = staffAppSuite();
let dashboard: Awaited<ReturnType<typeof startPreview>>;

beforeAll(async () => {
  dashboard = await startPreview();
});
afterAll(async () => {
  await dashboard?.stop();
});

async function agency(label: string): Promise<TestCompany> {
  const made = await createCompany(`${label}-${randomUUID().slice(0, 4)}`, { premium: false });
  suite.companies.push(made);
  return made;
}

async function openStaffList(c: TestCompany, viewport = WIDE) {
  const opened = await newPage(suite.browser, viewport);
  await signInBrowser(opened.context, c);
  await opened.page.goto(`${dashboard.url}/dashboard/staff`);
  await opened.page.getByRole('heading', { name: 'Pending invites' }).waitFor();
  await expect
    .poll(() => opened.page.getByRole('status').filter({ hasText: 'Live' }).count(), { timeout: 15_000 })
    .toBeGreaterThan(0);
  return opened;
}

const pendingList = (page: Page) => page.getByRole('region', { name: 'Pending invites' });

/** The worker accounts the invitations made, deleted with the file's other data. */
async function forgetWorkers(emails: string[]): Promise<void> {
  const db = await superuser();
  try {
    const { rows } = await db.query<{ id: string }>('select id from auth.users where email = any($1)', [emails]);
    suite.workers.push(...rows);
  } finally {
    await db.end();
  }
}

/** The emailed link, checked to lead to the staff app's accept page, pointed at this file's staff app. */
async function invitationLink(email: string): Promise<string> {
  const message = await waitForMail(email);
  expect(message.subject).toBe('You are invited to CareCover');
  const link = new URL(verifyLinkIn(message));
  expect(link.searchParams.get('type')).toBe('invite');
  expect(link.searchParams.get('redirect_to')).toBe(`${STAFF_APP_URL}/accept-invite`);
  link.searchParams.set('redirect_to', `${suite.staffApp.url}/accept-invite`);
  return link.toString();
}

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

describe('Invite workers by email', () => {
  it('invites two workers; each sets a password from the email on a phone and sees the agency’s open shift; Staff List shows them joined, live', async () => {
    const c = await agency('invite-flow');
    await postShiftAs(c, { skill: 'Invitation care', street_name: 'Invite Lane' });
    const run = randomUUID().slice(0, 8);
    const workers = [
      { first: 'Nora', last: 'Smith', email: `invite-nora-${run}@example.com` },
      { first: 'Sam', last: 'Lee', email: `invite-sam-${run}@example.com` },
    ];
    const { page } = await openStaffList(c);
    expect(await rowOrCard(page, workers[0]!.email).count()).toBe(0);

    await page.getByRole('button', { name: 'Invite workers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite workers' });
    await dialog.waitFor();
    await dialog
      .getByRole('textbox', { name: 'Email addresses' })
      .fill(
        [
          'First name\tLast name\tEmail',
          ...workers.map((w) => `${w.first}\t${w.last}\t${w.email.toUpperCase()}`),
          'not-an-address@',
        ].join('\n'),
      );
    await dialog.getByText('2 valid addresses found.').waitFor();
    await dialog.getByText('1 entry is not a valid email address and will not be invited').waitFor();
    await dialog.getByRole('list', { name: 'Addresses to invite' }).getByText('Nora Smith').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'staff-invite-modal-1440');

    await dialog.getByRole('button', { name: 'Send 2 invitations' }).click();
    const results = dialog.getByRole('list', { name: 'Invitation results' });
    await results.waitFor();
    for (const w of workers) {
      await expect
        .poll(() => results.getByRole('listitem').filter({ hasText: w.email }).innerText())
        .toContain('Invited');
    }
    await expectAlert(page, '2 workers invited');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    for (const w of workers) await pendingList(page).getByText(w.email).waitFor();
    await pendingList(page).getByText(`${workers[0]!.first} ${workers[0]!.last} · Sent`, { exact: false }).waitFor();
    await expect.poll(() => page.getByText(', 2 invited').count()).toBe(1);
    await settleAnimations(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'staff-invite-pending-1440');

    const links: string[] = [];
    for (const [i, w] of workers.entries()) {
      const link = await invitationLink(w.email);
      links.push(link);
      const phone = await newPage(suite.browser, MOBILE, { timezoneId: 'America/Toronto' });
      await phone.page.goto(link);
      await expectPath(phone.page, '/accept-invite');
      expect(new URL(phone.page.url()).origin).toBe(suite.staffApp.url);
      await phone.page.getByRole('heading', { name: 'Set your password' }).waitFor();
      await phone.page.getByText(`Signed in as ${w.email}`, { exact: false }).waitFor();
      // The agency's spreadsheet gave the names.
      await expect.poll(() => field(phone.page, 'First name').inputValue()).toBe(w.first);
      expect(await field(phone.page, 'Last name').inputValue()).toBe(w.last);
      if (i === 0) {
        await phone.page.getByRole('button', { name: 'Save and join' }).click();
        await expectAlert(phone.page, 'Phone is required');
        await expectAlert(phone.page, 'Password does not meet all criteria');
        expect(await seriousViolations(phone.page)).toEqual([]);
        await screenshot(phone.page, 'staff-invite-set-password-390');
      }
      await field(phone.page, 'Phone').fill('(416) 555-01' + String(20 + i));
      const password = `Invited!${i}pass`;
      await field(phone.page, 'Password').fill(password);
      await field(phone.page, 'Confirm Password').fill(password);
      await phone.page.getByRole('button', { name: 'Save and join' }).click();

      // Home: the agency's open shift, and the welcome.
      await expectPath(phone.page, '/');
      await phone.page.getByRole('heading', { name: 'Open shifts' }).waitFor();
      await phone.page
        .locator('article')
        .filter({ hasText: 'Invitation care' })
        .getByText('Invite Lane', { exact: false })
        .waitFor();
      await expectAlert(phone.page, 'Welcome to CareCover Staff');
      if (i === 0) await screenshot(phone.page, 'staff-invite-home-390');
      await phone.context.close();

      // The dashboard, untouched since, shows the worker joined and no longer pending.
      await expect.poll(() => rowOrCard(page, w.email).count(), { timeout: 15_000 }).toBe(1);
      expect(await rowOrCard(page, w.email).innerText()).toContain(`${w.first}`);
      await expect.poll(() => pendingList(page).getByText(w.email).count()).toBe(0);
      // The password works on its own.
      expect((await anonClient().auth.signInWithPassword({ email: w.email, password })).error).toBeNull();
    }
    await forgetWorkers(workers.map((w) => w.email));
    await pendingList(page).getByText('No pending invitations.', { exact: false }).waitFor();
    await expect.poll(() => page.getByTestId('staff-count').textContent()).toBe('2 of 30 staff');

    // A used link, opened again on another phone, says what to do instead.
    const again = await newPage(suite.browser, MOBILE);
    await again.page.goto(links[0]!);
    await again.page.getByText('This invitation link has expired or was already used').waitFor();
    expect(await again.page.getByRole('button', { name: 'Save and join' }).count()).toBe(0);
    expect(await seriousViolations(again.page)).toEqual([]);
    await screenshot(again.page, 'staff-invite-used-link-390');
    await again.page.getByRole('link', { name: 'Log in' }).click();
    await expectPath(again.page, '/login');
    await again.context.close();
  });

  it('on a phone: the dialog, the pending list, and Revoke', async () => {
    const c = await agency('invite-phone');
    const email = `invite-revoke-${randomUUID().slice(0, 8)}@example.com`;
    const { page } = await openStaffList(c, MOBILE);
    await pendingList(page).getByText('No pending invitations.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Invite workers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite workers' });
    await dialog.getByRole('textbox', { name: 'Email addresses' }).fill(`Rosa Diaz <${email}>; nope`);
    await dialog.getByText('1 valid address found.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'staff-invite-modal-390');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByRole('list', { name: 'Invitation results' }).getByText('Invited').waitFor();
    await settleAnimations(page);
    await screenshot(page, 'staff-invite-results-390');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await pendingList(page).getByText(email).waitFor();
    await settleAnimations(page);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'staff-invite-pending-390');
    await forgetWorkers([email]);

    // Keyboard only: Revoke asks first, then the invitation leaves the list.
    await pendingList(page)
      .getByRole('button', { name: `Revoke invitation to ${email}` })
      .focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Revoke invitation?' });
    await confirm.getByText(`${email} will no longer be able to join your staff`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expectAlert(page, 'Invitation revoked');
    await expect.poll(() => pendingList(page).getByText(email).count()).toBe(0);
  });
});

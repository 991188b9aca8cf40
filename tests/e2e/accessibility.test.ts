/// <reference lib="dom" />
/**
 * The accessibility gate: axe-core finds no serious or critical violation on any route (public
 * pages, sign-up, log-in, onboarding, the 404, every dashboard section) nor with any modal, drawer,
 * menu or panel open; and the shift table's row actions and the assistant work by keyboard alone:
 * open, move, choose, confirm, Escape, and focus back where it was. Every scan also runs under the
 * production CSP, which must report nothing.
 */
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, anonClient, serviceClient, superuser, uniqueEmail } from '../support/clients.ts';
import { watchCsp } from './csp-watch.ts';
import { createCompany, createStaff, signInBrowser, type TestCompany, dashboardSuite } from './dashboard-fixtures.ts';
import {
  DESKTOP,
  expectAlert,
  expectPath,
  MOBILE,
  newPage,
  openContextMenu,
  seriousViolations,
  showAllShifts,
} from './helpers.ts';

const suite = dashboardSuite();
const { companies, markers } = suite;

interface Seeded {
  company: TestCompany;
  staffId: string;
  /** Accepted and clocked in: Clock Staff Out applies. */
  inProgress: string;
  completed: string;
}

/** A premium agency with one staff member, one shift in progress and one completed. */
async function seedAgency(label: string): Promise<Seeded> {
  const company = await createCompany(label, { premium: true });
  companies.push(company);
  const marker = `a11y-${randomUUID().slice(0, 8)}`;
  markers.push(marker);
  const [staffId] = await createStaff(company, 1, marker);
  const db = await superuser();
  try {
    const shift = async (startsIn: string): Promise<string> => {
      const { rows } = await db.query<{ id: string }>(
        `insert into public.shifts (company_id, staff_type, skill, street_number, street_name, city, province,
                                    country, postal_code, starts_at, ends_at, created_at)
         values ($1, 'PSW', 'Dementia care', '12', 'King St W', 'Toronto', 'ON', 'Canada', 'M5H 1A1',
                 now() + $2::interval, now() + $2::interval + interval '8 hours', now() - interval '2 days')
         returning id`,
        [company.id, startsIn],
      );
      const id = rows[0]!.id;
      await db.query(
        `update public.shifts set accepted_by = $2, accepted_at = now() - interval '1 day' where id = $1`,
        [id, staffId],
      );
      await db.query('update public.shifts set clocked_in_at = starts_at where id = $1', [id]);
      return id;
    };
    const inProgress = await shift('-1 hour');
    const completed = await shift('-1 day');
    await db.query(
      `update public.shifts set clocked_out_at = starts_at + interval '8 hours', time_done = '8 hrs' where id = $1`,
      [completed],
    );
    return { company, staffId: staffId!, inProgress, completed };
  } finally {
    await db.end();
  }
}

/** A company account that signed up but has not completed its profile: /onboard is its page. */
async function newSignup(): Promise<TestCompany> {
  const email = uniqueEmail('a11y-onboard');
  const created = await serviceClient().auth.admin.createUser({
    email,
    password: TEST_PASSWORD,
    email_confirm: true,
    user_metadata: { account_type: 'company' },
  });
  if (created.error) throw created.error;
  const signIn = await anonClient().auth.signInWithPassword({ email, password: TEST_PASSWORD });
  if (signIn.error) throw signIn.error;
  const company = { id: created.data.user.id, email, code: '', session: signIn.data.session };
  companies.push(company);
  return company;
}

/** Every scan's findings by the state it was taken in; the test asserts the whole map at the end. */
type Findings = Record<string, string[]>;

async function scan(page: Page, state: string, findings: Findings): Promise<void> {
  const found = await seriousViolations(page);
  if (found.length) findings[state] = found;
}

async function signedInPage(company: TestCompany, viewport = DESKTOP) {
  const opened = await newPage(suite.browser, viewport);
  const csp = await watchCsp(opened.context);
  await signInBrowser(opened.context, company);
  return { ...opened, csp };
}

async function waitLive(page: Page): Promise<void> {
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: 'Live' }).count(), { timeout: 15_000 })
    .toBeGreaterThan(0);
}

/** What has focus: its role or tag, and its accessible name. */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const name = el.getAttribute('aria-label') ?? (el as HTMLElement).innerText?.trim() ?? '';
    return `${el.getAttribute('role') ?? el.tagName.toLowerCase()} ${name}`.trim();
  });
}

/** Tabs forward until the element named `name` has focus (at most `max` presses). */
async function tabTo(page: Page, name: string, max = 80): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if ((await focused(page)).endsWith(` ${name}`)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${name}; focus is on ${await focused(page)}`);
}

/**
 * Moves through an open menu with the arrow keys until `item` has focus. Mantine's focus trap moves
 * focus into a menu a timer tick after it opens: arrows pressed before that land on the menu's button
 * and are lost (on a loaded machine all of them were), so each press waits for focus to move.
 */
async function arrowTo(page: Page, item: string): Promise<void> {
  await expect.poll(() => focused(page)).toMatch(/^menuitem /);
  for (let i = 0; i < 8; i += 1) {
    const current = await focused(page);
    if (current === `menuitem ${item}`) return;
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focused(page)).not.toBe(current);
  }
  throw new Error(`ArrowDown never reached ${item}; focus is on ${await focused(page)}`);
}

async function closeContext(context: BrowserContext, csp: string[], errors: string[]): Promise<void> {
  expect(csp).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
}

describe('axe on every route', () => {
  it('finds nothing serious on the public pages, sign-up, log-in, the 404 and onboarding', async () => {
    const findings: Findings = {};
    const { context, page, errors } = await newPage(suite.browser);
    const csp = await watchCsp(context);
    for (const pathname of ['/', '/signup', '/login', '/forgot-password', '/privacy', '/no-such-page']) {
      await page.goto(suite.preview.url + pathname);
      await page.getByRole('heading').first().waitFor();
      await scan(page, pathname, findings);
    }
    // Sign-up with its field errors and the password checklist open.
    await page.goto(`${suite.preview.url}/signup`);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByRole('textbox', { name: 'Password', exact: true }).focus();
    await page.getByRole('list', { name: 'Password requirements' }).waitFor();
    await scan(page, '/signup with errors', findings);
    // The log-in form with its field errors shown.
    await page.goto(`${suite.preview.url}/login`);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').first().waitFor();
    await scan(page, '/login with errors', findings);
    await closeContext(context, csp, errors);

    const signup = await newSignup();
    const onboard = await signedInPage(signup);
    await onboard.page.goto(`${suite.preview.url}/onboard`);
    await onboard.page.getByRole('heading', { name: 'Complete Your Profile' }).waitFor();
    await scan(onboard.page, '/onboard', findings);
    await closeContext(onboard.context, onboard.csp, onboard.errors);

    expect(findings).toEqual({});
  });
});

describe('axe on the dashboard', () => {
  let seeded: Seeded;
  beforeAll(async () => {
    seeded = await seedAgency('a11y-sections');
  });

  /** Runs `steps` on a signed-in page and expects no finding, no CSP report and no page error. */
  async function onDashboard(steps: (page: Page, findings: Findings) => Promise<void>, viewport = DESKTOP) {
    const findings: Findings = {};
    const { context, page, errors, csp } = await signedInPage(seeded.company, viewport);
    await steps(page, findings);
    expect(findings).toEqual({});
    await closeContext(context, csp, errors);
  }

  it('Shift Call, empty and with its field errors', () =>
    onDashboard(async (page, findings) => {
      await page.goto(`${suite.preview.url}/dashboard`);
      await expectPath(page, '/dashboard/shiftcall');
      await page.getByRole('button', { name: 'Submit' }).waitFor();
      await scan(page, 'Shift Call', findings);
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByRole('alert').first().waitFor();
      await scan(page, 'Shift Call with errors', findings);
    }));

  it('Shift Details with its row menu, Clock Staff Out, delete confirmation and timeline drawer', () =>
    onDashboard(async (page, findings) => {
      const { inProgress, completed } = seeded;
      await page.goto(`${suite.preview.url}/dashboard/shift-info`);
      await showAllShifts(page);
      await waitLive(page);
      await page.getByRole('row').filter({ hasText: inProgress }).waitFor();
      await scan(page, 'Shift Details', findings);
      await page.getByRole('tab', { name: 'Coverage' }).click();
      await page.getByRole('heading', { name: 'Coverage overview' }).waitFor();
      await scan(page, 'Shift Details, coverage tab', findings);
      await page.getByRole('tab', { name: 'Timesheet export' }).click();
      await page.getByRole('button', { name: 'Download timesheet (CSV)' }).waitFor();
      await scan(page, 'Shift Details, timesheet tab', findings);
      await page.getByRole('tab', { name: 'Shifts' }).click();
      await page.getByRole('row').filter({ hasText: inProgress }).waitFor();

      await page.getByRole('button', { name: `Actions for shift ${inProgress}` }).click();
      await page.getByRole('menu').waitFor();
      await scan(page, 'Shift Details row menu', findings);
      await page.getByRole('menuitem', { name: 'Clock Staff Out' }).click();
      const clockOut = page.getByRole('dialog', { name: 'Clock Staff Out' });
      await clockOut.waitFor();
      await scan(page, 'Clock Staff Out dialog', findings);
      await clockOut.getByRole('textbox', { name: 'Time Done' }).fill('');
      await clockOut.getByRole('button', { name: 'Submit' }).click();
      await expectAlert(page, 'Time Done cannot be empty');
      await scan(page, 'Clock Staff Out dialog with error', findings);
      await page.keyboard.press('Escape');
      await clockOut.waitFor({ state: 'hidden' });

      await openContextMenu(page, page.getByRole('row').filter({ hasText: completed }));
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
      await confirm.waitFor();
      await scan(page, 'Delete confirmation', findings);
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: `Actions for shift ${completed}` }).click();
      await page.getByRole('menuitem', { name: 'View timeline' }).click();
      const drawer = page.getByRole('dialog', { name: 'Shift timeline' });
      await drawer.getByText('Clocked in by', { exact: false }).waitFor();
      await scan(page, 'Shift timeline drawer', findings);
    }));

  it('Staff List with its row menu, and View Staff Shift', () =>
    onDashboard(async (page, findings) => {
      const staffRow = page.getByRole('row').filter({ hasText: '@staff.carecover.local' });
      await page.goto(`${suite.preview.url}/dashboard/staff`);
      await waitLive(page);
      await staffRow.waitFor();
      await scan(page, 'Staff List', findings);
      await openContextMenu(page, staffRow);
      await scan(page, 'Staff List row menu', findings);
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Invite workers' }).click();
      const invite = page.getByRole('dialog', { name: 'Invite workers' });
      await invite
        .getByRole('textbox', { name: 'Email addresses' })
        .fill('Nora Smith <nora@example.com>\nnot-an-address@');
      await invite.getByText('1 valid address found.').waitFor();
      await scan(page, 'Invite workers dialog', findings);
      await page.keyboard.press('Escape');
      await invite.waitFor({ state: 'hidden' });

      await page.goto(`${suite.preview.url}/dashboard/view?staff=${seeded.staffId}`);
      await waitLive(page);
      await page.getByRole('row').filter({ hasText: 'Completed' }).waitFor();
      await scan(page, 'View Staff Shift', findings);
    }));

  it('the profile menu, log-out confirmation, tutorial, feedback and Payments & Plan', () =>
    onDashboard(async (page, findings) => {
      await page.goto(`${suite.preview.url}/dashboard`);
      await page.getByRole('button', { name: 'Submit' }).waitFor();
      const profile = page.getByRole('button', { name: 'Profile menu' });
      await profile.click();
      await page.getByRole('menu').waitFor();
      await scan(page, 'Profile menu', findings);
      await page.getByRole('menuitem', { name: 'Log Out' }).click();
      await page.getByRole('dialog', { name: 'Are you sure?' }).waitFor();
      await scan(page, 'Log out confirmation', findings);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Are you sure?' }).waitFor({ state: 'hidden' });
      for (const [item, name] of [
        ['Agency settings', 'Agency settings'],
        ['Tutorial', 'Getting started with CareCover'],
        ['Feedback', 'Share your feedback'],
      ] as const) {
        await profile.click();
        await page.getByRole('menuitem', { name: item }).click();
        const dialog = page.getByRole('dialog', { name });
        await dialog.waitFor();
        await dialog.getByRole('button').first().waitFor();
        await scan(page, item, findings);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
      }
      // Payments & Plan shows a modal while the portal's URL is on its way: hold the answer there.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/functions/v1/billing-portal', async (route) => {
        await held;
        await route.abort();
      });
      await profile.click();
      await page.getByRole('menuitem', { name: 'Payments & Plan' }).click();
      await page.getByRole('dialog', { name: 'Payments & Plan' }).waitFor();
      await scan(page, 'Payments & Plan', findings);
      release();
      await page.getByRole('dialog', { name: 'Payments & Plan' }).waitFor({ state: 'hidden' });
    }));

  it('the assistant panel, empty and with a reply', () =>
    onDashboard(async (page, findings) => {
      await page.goto(`${suite.preview.url}/dashboard`);
      await page.getByRole('button', { name: 'Open assistant', exact: true }).click();
      const panel = page.getByTestId('chat-panel');
      await panel.waitFor();
      await scan(page, 'Assistant welcome', findings);
      await panel.getByRole('button', { name: 'Provide me details about a shift', exact: true }).click();
      await expect.poll(() => panel.locator('[data-sender="ai"]').count(), { timeout: 15_000 }).toBe(1);
      await scan(page, 'Assistant conversation', findings);
    }));

  it('the phone layout with the navigation open', () =>
    onDashboard(async (page, findings) => {
      await page.goto(`${suite.preview.url}/dashboard/shift-info`);
      await showAllShifts(page);
      await waitLive(page);
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await page.getByRole('link', { name: 'Staff List' }).waitFor();
      await scan(page, 'Phone navigation', findings);
    }, MOBILE));
});

describe('axe on the free plan', () => {
  it('finds nothing serious on a free company’s pricing modal, quota reply and upsell popup', async () => {
    const findings: Findings = {};
    const company = await createCompany('a11y-free');
    companies.push(company);
    const db = await superuser();
    try {
      await db.query(
        `insert into public.ai_usage (company_id, month, questions)
         select id, date_trunc('month', now() at time zone time_zone)::date, 25 from public.companies where id = $1`,
        [company.id],
      );
    } finally {
      await db.end();
    }
    const { context, page, errors, csp } = await signedInPage(company);
    await page.goto(`${suite.preview.url}/dashboard`);
    await page.getByRole('button', { name: 'Get Premium' }).click();
    await page.getByRole('dialog', { name: 'Upgrade your plan' }).waitFor();
    await scan(page, 'Pricing', findings);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Upgrade your plan' }).waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Open assistant', exact: true }).click();
    const input = page.getByRole('textbox', { name: 'Message CareCover AI', exact: true });
    await input.fill('Who is on shift now?');
    await input.press('Enter');
    const goPremium = page.getByTestId('chat-panel').getByRole('button', { name: 'Go Premium', exact: true });
    await goPremium.waitFor({ timeout: 15_000 });
    await scan(page, 'Assistant quota reply', findings);
    await goPremium.click();
    await page.getByRole('dialog', { name: 'Go unlimited' }).waitFor();
    await scan(page, 'Upsell', findings);
    await closeContext(context, csp, errors);

    expect(findings).toEqual({});
  });
});

describe('keyboard only', () => {
  it('runs the shift row actions: Copy ShiftID, View timeline, Clock Staff Out, Delete, with Escape and focus return', async () => {
    const { company, inProgress } = await seedAgency('a11y-keys');
    const { context, page, errors, csp } = await signedInPage(company);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.preview.url });
    await page.goto(`${suite.preview.url}/dashboard/shift-info`);
    await showAllShifts(page);
    await waitLive(page);
    const button = `Actions for shift ${inProgress}`;
    await page.getByRole('row').filter({ hasText: inProgress }).waitFor();

    // Tab from the top of the page to the row's action button; Enter opens its menu.
    await page.locator('body').focus();
    await tabTo(page, button);
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await arrowTo(page, 'Copy ShiftID');
    await page.keyboard.press('Enter');
    await expectAlert(page, 'Shift ID successfully copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(inProgress);
    await expect.poll(() => focused(page)).toBe(`button ${button}`);

    // Space opens it too; Escape closes it and focus stays on the button.
    await page.keyboard.press('Space');
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'hidden' });
    await expect.poll(() => focused(page)).toBe(`button ${button}`);

    // View timeline opens the drawer; Escape closes it and focus comes back to the button.
    await page.keyboard.press('Enter');
    await arrowTo(page, 'View timeline');
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Shift timeline' });
    await drawer.getByText('Clocked in by', { exact: false }).waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await expect.poll(() => focused(page)).toBe(`button ${button}`);

    // Clock Staff Out: the dialog focuses Time Done; Escape cancels and focus comes back.
    await page.keyboard.press('Space');
    await arrowTo(page, 'Clock Staff Out');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Clock Staff Out' });
    await dialog.waitFor();
    await expect.poll(() => focused(page)).toBe('input');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => focused(page)).toBe(`button ${button}`);
    await page.keyboard.press('Enter');
    await arrowTo(page, 'Clock Staff Out');
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await expect.poll(() => focused(page)).toBe('input');
    await page.keyboard.type('8 hrs');
    await page.keyboard.press('Enter');
    await expectAlert(page, 'Staff clocked out successfully');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByRole('row').filter({ hasText: inProgress }).innerText()).toContain('Completed');
    await expect.poll(() => focused(page)).toBe(`button ${button}`);

    // Delete: the confirmation's Delete button has focus; Escape keeps the shift, Enter deletes it.
    await page.keyboard.press('Enter');
    await arrowTo(page, 'Delete');
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.waitFor();
    await expect.poll(() => focused(page)).toBe('button Delete');
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => focused(page)).toBe(`button ${button}`);
    await page.keyboard.press('Enter');
    await arrowTo(page, 'Delete');
    await page.keyboard.press('Enter');
    await confirm.waitFor();
    await expect.poll(() => focused(page)).toBe('button Delete');
    await page.keyboard.press('Enter');
    await expectAlert(page, 'Shift deleted successfully');
    await expect.poll(() => page.getByRole('row').filter({ hasText: inProgress }).count()).toBe(0);
    await closeContext(context, csp, errors);
  });

  it('opens the assistant, asks, reads the reply and closes with Escape, focus back on its button', async () => {
    const company = await createCompany('a11y-chat', { premium: true });
    companies.push(company);
    const { context, page, errors, csp } = await signedInPage(company);
    await page.goto(`${suite.preview.url}/dashboard`);
    await expectPath(page, '/dashboard/shiftcall');
    await page.getByRole('button', { name: 'Submit' }).waitFor();

    await page.locator('body').focus();
    await tabTo(page, 'Open assistant');
    await page.keyboard.press('Enter');
    await page.getByTestId('chat-panel').waitFor();
    // The input has focus: type and send with Enter.
    await expect.poll(() => focused(page)).toBe('textarea Message CareCover AI');
    await page.keyboard.type('Provide me details about a staff');
    await page.keyboard.press('Enter');
    const reply = page.getByTestId('chat-panel').locator('[data-sender="ai"]');
    await expect.poll(() => reply.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => focused(page)).toBe('textarea Message CareCover AI');

    // The conversation is reachable with Shift+Tab (a focusable log) and holds the reply.
    let reached = false;
    for (let i = 0; i < 6 && !reached; i += 1) {
      await page.keyboard.press('Shift+Tab');
      reached = (await focused(page)).startsWith('log Conversation');
    }
    expect(reached).toBe(true);
    const log = await page.evaluate(() => (document.activeElement as HTMLElement).innerText);
    expect(log).toMatch(/name of the staff member/);

    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('chat-panel').count()).toBe(0);
    await expect.poll(() => focused(page)).toBe('button Open assistant');
    await closeContext(context, csp, errors);
  });
});

/// <reference lib="dom" />
/**
 * Sign-up, onboarding, log-in, log-out and auth-state routing in Chromium against the local stack.
 * Password sign-ins are kept few: the stack allows 500 per IP in five minutes across all suites.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startPreview } from '../support/browser.ts';
import { TEST_PASSWORD, anonClient, serviceClient, uniqueEmail } from '../support/clients.ts';
import {
  DESKTOP,
  MOBILE,
  chooseOption,
  expectAlert,
  expectPath,
  newPage,
  screenshot,
  seriousViolations,
} from './helpers.ts';

let browser: Browser;
let preview: Awaited<ReturnType<typeof startPreview>>;

beforeAll(async () => {
  preview = await startPreview();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await preview?.stop();
});

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function fillSignup(page: Page, email: string, password: string, confirm: string): Promise<void> {
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await field(page, 'Confirm Password').fill(confirm);
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function companyByEmail(email: string) {
  const { data, error } = await serviceClient().from('companies').select('*').eq('email', email).single();
  if (error) throw error;
  return data as Record<string, unknown>;
}

/** An agency created through the admin API (no onboarding yet). */
async function createCompany(label: string): Promise<string> {
  const email = uniqueEmail(label);
  const { error } = await serviceClient().auth.admin.createUser({
    email,
    password: TEST_PASSWORD,
    email_confirm: true,
    user_metadata: { account_type: 'company' },
  });
  if (error) throw error;
  return email;
}

describe('sign up', () => {
  it('shows each validation message, the live checklist and the worker-domain rule', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(preview.url + '/signup');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expectAlert(page, 'Email is required');
    await expectAlert(page, 'Password does not meet all criteria');
    await expectAlert(page, 'Please confirm your password');
    expect(await field(page, 'Email').getAttribute('aria-invalid')).toBe('true');

    await field(page, 'Email').fill('not-an-address');
    await field(page, 'Email').blur();
    await expectAlert(page, 'Please enter a valid email');
    for (const domain of ['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com', 'uwaterloo.ca']) {
      await field(page, 'Email').fill(`carer@${domain}`);
      await field(page, 'Email').blur();
      await expectAlert(page, 'It seems you are a worker. Download the app instead if so');
    }

    const checklist = page.getByRole('list', { name: 'Password requirements' });
    expect(await checklist.isVisible()).toBe(false);
    await field(page, 'Password').focus();
    await expect.poll(() => checklist.isVisible()).toBe(true);
    await field(page, 'Password').pressSequentially('Abc1');
    await expect.poll(() => checklist.getByText('(not met)').count()).toBe(2);
    await field(page, 'Password').fill('Abcdef1!');
    await expect.poll(() => checklist.getByText('(met)', { exact: false }).count()).toBe(4);
    await field(page, 'Confirm Password').fill('Abcdef1?');
    await expect.poll(() => checklist.isVisible()).toBe(false);
    await field(page, 'Confirm Password').blur();
    await expectAlert(page, 'Passwords do not match');

    // The show/hide toggle works from the keyboard.
    const toggle = page.getByRole('button', { name: 'Show password' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await field(page, 'Password').getAttribute('type')).toBe('text');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await context.close();
  });

  it('creates a company account, shows "Signing up..." and lands on /onboard; a taken email is refused', async () => {
    const email = uniqueEmail('signup');
    const { context, page } = await newPage(browser);
    await page.goto(preview.url + '/signup');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/auth/v1/signup**', async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    await fillSignup(page, email, 'Abcdef1!', 'Abcdef1!');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Signing up...' }).isDisabled()).toBe(true);
    release();
    await expectPath(page, '/onboard');
    await expect.poll(() => page.getByRole('heading', { name: 'Complete Your Profile' }).isVisible()).toBe(true);
    const company = await companyByEmail(email);
    expect(company.company_code).toMatch(/^.{4}$/);
    await context.close();

    const second = await newPage(browser);
    await second.page.goto(preview.url + '/signup');
    await fillSignup(second.page, email, 'Abcdef1!', 'Abcdef1!');
    await second.page.getByRole('button', { name: 'Sign up' }).click();
    await expectAlert(second.page, 'Email already in use. Please use another email');
    await expect.poll(() => second.page.getByRole('button', { name: 'Sign up' }).isEnabled()).toBe(true);
    await expectPath(second.page, '/signup');
    await second.context.close();
  });
});

describe('onboarding', () => {
  it('shows the company code with a copy button, defaults the time zone to the browser and saves the profile', async () => {
    const email = uniqueEmail('onboard');
    const { context, page } = await newPage(browser, DESKTOP, { timezoneId: 'America/Vancouver' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: preview.url });
    await page.goto(preview.url + '/signup');
    await fillSignup(page, email, 'Abcdef1!', 'Abcdef1!');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expectPath(page, '/onboard');

    const { company_code: code } = await companyByEmail(email);
    const shown = page.getByTestId('company-code');
    await expect.poll(() => shown.textContent()).toBe(code);
    await page.getByRole('button', { name: 'Copy company code' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    const submit = page.getByRole('button', { name: 'Save and continue' });
    expect(await submit.isDisabled()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Time zone' }).inputValue()).toBe('America/Vancouver');
    await screenshot(page, 'onboard-1280');
    expect(await seriousViolations(page)).toEqual([]);

    // Each rule's message, shown when a field is left.
    await field(page, 'Phone').fill('416-555-01');
    await field(page, 'Phone').blur();
    await expectAlert(page, 'Phone must be 10 digits');
    await field(page, 'Phone').fill('');
    await field(page, 'Phone').blur();
    await expectAlert(page, 'Phone is required');
    for (const [label, message] of [
      ['Street', 'Street is required'],
      ['City', 'City is required'],
      ['Province', 'Province is required'],
      ['Postal code', 'Postal code is required'],
    ] as const) {
      await field(page, label).focus();
      await field(page, label).blur();
      await expectAlert(page, message);
    }
    await field(page, 'Postal code').fill('V6B1A');
    await field(page, 'Postal code').blur();
    await expectAlert(page, 'Postal code must be at least 6 characters');
    await screenshot(page, 'onboard-errors-1280');

    await field(page, 'Company name').fill('Harbour Homecare');
    await field(page, 'Phone').fill('(604) 555-0188');
    await field(page, 'Street').fill('200 Granville St');
    await field(page, 'City').fill('Vancouver');
    await field(page, 'Province').fill('BC');
    // Every select is changed once (and picked again): what each shows is what gets saved.
    await chooseOption(page, 'Country', 'United States');
    await chooseOption(page, 'Country', 'Canada');
    await field(page, 'Postal code').fill('V6C 1S4');
    await chooseOption(page, 'Staff size', '10-30');
    await chooseOption(page, 'Staff size', '31-60');
    await chooseOption(page, 'How did you hear about us?', 'Social Media');
    expect(await submit.isDisabled()).toBe(true);
    await chooseOption(page, 'Company type', 'Homecare Company');
    await chooseOption(page, 'Company type', 'Homecare Company');
    expect(await page.getByRole('combobox', { name: 'Company type', exact: true }).inputValue()).toBe(
      'Homecare Company',
    );
    const zone = page.getByRole('combobox', { name: 'Time zone', exact: true });
    await zone.click();
    await zone.fill('Edmonton');
    // Picked with the keyboard: the filtered list re-positions as it shrinks, and a click aimed
    // while it moves lands on the input and closes it (seen on a loaded machine).
    await page.getByRole('option', { name: 'America/Edmonton', exact: true }).waitFor();
    await zone.press('ArrowDown');
    await zone.press('Enter');
    expect(await zone.inputValue()).toBe('America/Edmonton');
    // Failed once in CI under load (Submit still disabled after 10 s, not seen since): on failure,
    // every field's value and error, to see which one the form holds invalid.
    await expect
      .poll(() => submit.isEnabled(), { message: 'Submit enabled', timeout: 15_000 })
      .toBe(true)
      .catch(async (error: unknown) => {
        const fields = await page.evaluate(() =>
          [...document.querySelectorAll('input')].map(
            (input) => `${input.labels?.[0]?.textContent ?? input.id}="${input.value}" invalid=${input.ariaInvalid}`,
          ),
        );
        await screenshot(page, 'onboard-submit-disabled-1280');
        throw new Error(`Submit stayed disabled with ${fields.join('; ')}`, { cause: error });
      });
    await submit.click();

    await expectPath(page, '/dashboard/shiftcall');
    await expect.poll(() => page.getByRole('heading', { name: 'Hello, Harbour Homecare' }).isVisible()).toBe(true);
    const saved = await companyByEmail(email);
    expect(saved).toMatchObject({
      company_name: 'Harbour Homecare',
      phone: '6045550188',
      street: '200 Granville St',
      city: 'Vancouver',
      province: 'BC',
      country: 'Canada',
      postal_code: 'V6C 1S4',
      staff_size: '31-60',
      referral_source: 'Social Media',
      company_type: 'Homecare Company',
      time_zone: 'America/Edmonton',
      company_code: code,
    });
    await screenshot(page, 'dashboard-1280');
    await context.close();
  });

  it('looks right on a phone', async () => {
    const email = await createCompany('onboard-mobile');
    const { context, page } = await newPage(browser, MOBILE);
    await page.goto(preview.url + '/login');
    await logIn(page, email, TEST_PASSWORD);
    // Not onboarded yet: the dashboard sends the company to /onboard.
    await expectPath(page, '/onboard');
    await expect.poll(() => page.getByTestId('company-code').isVisible()).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'onboard-390');
    await context.close();
  });
});

describe('log in, log out and routing', () => {
  it('routes by auth state, survives a reload, logs out and logs back in', async () => {
    const email = await createCompany('login');
    const { context, page } = await newPage(browser);

    // Signed out: the dashboard and onboarding send you to /login.
    await page.goto(preview.url + '/dashboard/staff');
    await expectPath(page, '/login');
    await page.goto(preview.url + '/onboard');
    await expectPath(page, '/login');

    await page.getByRole('button', { name: 'Log in' }).click();
    await expectAlert(page, 'Email is required');
    await expectAlert(page, 'Password is required');
    await field(page, 'Email').fill('nope');
    await field(page, 'Email').blur();
    await expectAlert(page, 'Please enter a valid email');

    await logIn(page, email, 'Wrong-pass1!');
    await expectAlert(page, 'Invalid credentials. Please verify and try again');
    await expect.poll(() => page.getByRole('button', { name: 'Log in' }).isEnabled()).toBe(true);

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/auth/v1/token**', async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    await logIn(page, email, TEST_PASSWORD);
    await expect.poll(() => page.getByRole('button', { name: 'Logging in...' }).isDisabled()).toBe(true);
    release();
    // Not onboarded yet, so the dashboard hands over to /onboard.
    await expectPath(page, '/onboard');

    // Complete the profile through the company's own session, as the form would.
    const client = anonClient();
    await client.auth.signInWithPassword({ email, password: TEST_PASSWORD });
    const { error } = await client
      .from('companies')
      .update({
        phone: '4165550100',
        street: '1 King St W',
        city: 'Toronto',
        province: 'ON',
        country: 'Canada',
        postal_code: 'M5H 1A1',
        staff_size: '10-30',
        referral_source: 'Email',
        company_type: 'Homecare Company',
      })
      .eq('email', email);
    expect(error).toBeNull();

    await page.goto(preview.url + '/dashboard');
    await expectPath(page, '/dashboard/shiftcall');
    await expect.poll(() => page.getByRole('heading', { name: 'Hello, User' }).isVisible()).toBe(true);
    await screenshot(page, 'dashboard-placeholder-1280');

    // The session survives a reload; signed-in companies skip /login and /signup.
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Hello, User' }).isVisible()).toBe(true);
    await page.goto(preview.url + '/login');
    await expectPath(page, '/dashboard/shiftcall');
    await page.goto(preview.url + '/signup');
    await expectPath(page, '/dashboard/shiftcall');

    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log Out' }).click();
    await expectAlert(page, 'Logged out successfully');
    await expectPath(page, '/login');
    await page.goto(preview.url + '/dashboard');
    await expectPath(page, '/login');

    await logIn(page, email, TEST_PASSWORD);
    await expectPath(page, '/dashboard/shiftcall');
    await context.close();
  });

  it('refuses a worker account and signs it out', async () => {
    const email = uniqueEmail('worker');
    const { error } = await serviceClient().auth.admin.createUser({
      email,
      password: TEST_PASSWORD,
      email_confirm: true,
      user_metadata: { account_type: 'staff', first_name: 'Wendy', last_name: 'Worker', phone: '4165550199' },
    });
    expect(error).toBeNull();
    const { context, page } = await newPage(browser);
    await page.goto(preview.url + '/login');
    await logIn(page, email, TEST_PASSWORD);
    await expectAlert(page, 'This dashboard is for agencies. Please download the app for workers instead.');
    await expectPath(page, '/login');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('carecover-auth'))).toBeNull();
    await page.goto(preview.url + '/dashboard');
    await expectPath(page, '/login');
    await context.close();
  });

  it('shows the network message when the auth server cannot be reached', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(preview.url + '/login');
    await page.route('**/auth/v1/token**', (route) => route.abort('internetdisconnected'));
    await logIn(page, uniqueEmail('offline'), TEST_PASSWORD);
    await expectAlert(page, 'Network error. Check your internet connection and try again');
    await context.close();
  });

  it('answers repeated wrong passwords with the rate-limit message, not a hang', async () => {
    const email = await createCompany('ratelimit');
    const client = anonClient();
    // Ten failed attempts for one email within five minutes; the eleventh gets 429.
    for (let i = 0; i < 10; i += 1) {
      const { error } = await client.auth.signInWithPassword({ email, password: `Wrong-${i}!` });
      expect(error?.code).toBe('invalid_credentials');
    }
    const { context, page } = await newPage(browser);
    await page.goto(preview.url + '/login');
    await logIn(page, email, 'Wrong-again1!');
    await expectAlert(page, 'Too many requests. Please try again late.');
    await expect.poll(() => page.getByRole('button', { name: 'Log in' }).isEnabled()).toBe(true);
    await context.close();
  });
});

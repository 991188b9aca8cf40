/// <reference lib="dom" />
/**
 * My credentials in CareCover Staff (issue 28 §1), on a phone (390×844, in Toronto) and a wide
 * screen (1440×900): the worker reaches it from Profile by keyboard; a list that fails to load says
 * so and loads on retry, with a skeleton meanwhile; with nothing recorded it says so. Then two
 * agencies record credentials for the worker through their own supabase-js sessions (and one for a
 * colleague): the worker sees each under the agency that recorded it, with its type, registration
 * number, dates, whether it was verified, and its state (Valid, Expires in N days, Expired), and
 * nothing to edit; the colleague's never shows. axe finds nothing serious; screenshots at both sizes.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { anonClient, TEST_PASSWORD } from '../support/clients.ts';
import { createCompany, type TestCompany } from './dashboard-fixtures.ts';
import { MOBILE, expectPath, screenshot, seriousViolations } from './helpers.ts';
import { torontoDay } from './shift-call-steps.ts';
import { signUpWorker, staffAppSuite, type TestWorker } from './staff-fixtures.ts';

const WIDE = { width: 1440, height: 900 };
const TORONTO = 'America/Toronto';
const CREDENTIALS_API = '**/rest/v1/staff_credentials?*';

const suite = staffAppSuite();

async function company(name: string): Promise<TestCompany> {
  const created = await createCompany(`credentials-${randomUUID().slice(0, 4)}`, { name, timeZone: TORONTO });
  suite.companies.push(created);
  return created;
}

async function worker(firstName: string, c: TestCompany): Promise<TestWorker> {
  const made = await signUpWorker(firstName, c);
  suite.workers.push(made);
  return made;
}

/** Records a credential as the agency, through its own session (what the worker's page does). */
async function recordAs(
  c: TestCompany,
  staffId: string,
  fields: { credential_type: string; registration_number?: string; issued_on?: string; expires_on?: string },
  verifiedBy?: string,
): Promise<void> {
  const client = anonClient();
  await client.auth.setSession(c.session as { access_token: string; refresh_token: string });
  const { error } = await client.from('staff_credentials').insert({
    staff_id: staffId,
    ...fields,
    ...(verifiedBy ? { verified_at: new Date().toISOString(), verified_by: verifiedBy } : {}),
  });
  if (error) throw error;
}

/** The worker joins another agency with its code, as the Agencies screen does. */
async function join(who: TestWorker, c: TestCompany): Promise<void> {
  const client = anonClient();
  const signIn = await client.auth.signInWithPassword({ email: who.email, password: TEST_PASSWORD });
  if (signIn.error) throw signIn.error;
  const { error } = await client.rpc('join_company', { code: c.code });
  if (error) throw error;
}

async function logIn(page: Page, who: TestWorker): Promise<void> {
  await page.goto(`${suite.staffApp.url}/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.locator('input[type=password]').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Open shifts' }).waitFor();
}

/** 'Mar 1, 2027' for the Toronto day `days` from today, as the screen writes a calendar day. */
function dayLabel(days: number): string {
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${torontoDay(days).date}T12:00:00Z`),
  );
}

const agencySection = (page: Page, name: string) => page.getByRole('region', { name });
const credentialCard = (page: Page, type: string) => page.getByRole('article', { name: new RegExp(`^${type}: `) });

/** A full-page screenshot from the top: scrolled, the sticky header would sit mid-page. */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

describe('My credentials in CareCover Staff', () => {
  it('shows each credential under the agency that recorded it, with its state, and nothing of a colleague', async () => {
    const tag = randomUUID().slice(0, 4);
    const maple = await company(`Maple Care ${tag}`);
    const harbour = await company(`Harbour Home ${tag}`);
    const nia = await worker('Nia', maple);
    const colleague = await worker('Omar', maple);

    const context = await suite.browser.newContext({ viewport: MOBILE, timezoneId: TORONTO });
    const page = await context.newPage();
    await logIn(page, nia);

    // From Profile, by keyboard; a failed load says so, and the retry shows the skeleton, then the empty state.
    await page.route(CREDENTIALS_API, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"unavailable"}' }),
    );
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    const open = page.getByRole('link', { name: 'My credentials' });
    await open.focus();
    await page.keyboard.press('Enter');
    await expectPath(page, '/profile/credentials');
    await page.getByRole('heading', { name: 'My credentials', level: 1 }).waitFor();
    await page.getByText('Only the agency that recorded one can change it').waitFor();
    const loadError = page.getByRole('alert').filter({ hasText: 'Your credentials could not load' });
    await loadError.waitFor();
    await page.unroute(CREDENTIALS_API);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(CREDENTIALS_API, async (route) => {
      await released;
      await route.fallback();
    });
    await loadError.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('status', { name: 'Loading your credentials' }).waitFor();
    release();
    await page.getByText('Your agencies have not recorded any credentials for you yet.').waitFor();
    await page.unroute(CREDENTIALS_API);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'staff-credentials-empty-390');

    // Two agencies record credentials for Nia; Maple records one for her colleague too.
    await join(nia, harbour);
    await recordAs(maple, nia.id, { credential_type: 'CPR/First aid', expires_on: torontoDay(10).date }, 'Maple');
    await recordAs(maple, nia.id, {
      credential_type: 'Nursing licence',
      registration_number: `RN-${tag}-0042`,
      issued_on: torontoDay(-300).date,
      expires_on: torontoDay(400).date,
    });
    await recordAs(harbour, nia.id, { credential_type: 'TB test', expires_on: torontoDay(-5).date }, 'Harbour');
    await recordAs(maple, colleague.id, {
      credential_type: 'Police vulnerable-sector check',
      expires_on: torontoDay(90).date,
    });

    // Back to Profile and in again (by pointer this time): a fresh load.
    await page.getByRole('link', { name: 'Profile' }).first().click();
    await expectPath(page, '/profile');
    await page.getByRole('heading', { name: 'Credentials', level: 2 }).waitFor();
    await shot(page, 'staff-credentials-profile-390');
    await page.getByRole('link', { name: 'My credentials' }).click();
    const mapleSection = agencySection(page, `Maple Care ${tag}`);
    await mapleSection.waitFor();
    const harbourSection = agencySection(page, `Harbour Home ${tag}`);

    const cpr = mapleSection.getByRole('article', { name: /^CPR\/First aid: / });
    expect(await cpr.getAttribute('aria-label')).toBe('CPR/First aid: Expires in 10 days');
    expect(await cpr.innerText()).toContain(`Expires\n${dayLabel(10)}`);
    expect(await cpr.innerText()).toContain('Verified by Maple on');

    const licence = mapleSection.getByRole('article', { name: /^Nursing licence: / });
    expect(await licence.getAttribute('aria-label')).toBe('Nursing licence: Valid');
    const licenceText = await licence.innerText();
    expect(licenceText).toContain(`RN-${tag}-0042`);
    expect(licenceText).toContain(`Issued\n${dayLabel(-300)}`);
    expect(licenceText).toContain(`Expires\n${dayLabel(400)}`);
    expect(licenceText).toContain('Not verified by the agency yet');

    const tb = harbourSection.getByRole('article', { name: /^TB test: / });
    expect(await tb.getAttribute('aria-label')).toBe('TB test: Expired');
    expect(await tb.innerText()).toContain(`Expired\n${dayLabel(-5)}`);
    expect(await tb.innerText()).toContain('Verified by Harbour on');

    // Soonest to expire first within an agency; the colleague's credential is nowhere.
    expect(await mapleSection.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual([
      'CPR/First aid',
      'Nursing licence',
    ]);
    expect(await page.getByRole('article').count()).toBe(3);
    expect(await page.getByText('Police vulnerable-sector check').count()).toBe(0);
    // Read-only: nothing on the list to press.
    expect(await mapleSection.getByRole('button').count()).toBe(0);
    expect(await harbourSection.getByRole('button').count()).toBe(0);
    // Still under Profile in the tab bar.
    expect(
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Profile' })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'staff-credentials-390');
    await context.close();

    // The colleague sees only theirs, on a wide screen.
    const wide = await suite.browser.newContext({ viewport: WIDE, timezoneId: TORONTO });
    const widePage = await wide.newPage();
    await logIn(widePage, colleague);
    await widePage.goto(`${suite.staffApp.url}/profile/credentials`);
    const police = credentialCard(widePage, 'Police vulnerable-sector check');
    await police.waitFor();
    expect(await police.getAttribute('aria-label')).toBe('Police vulnerable-sector check: Valid');
    expect(await widePage.getByRole('article').count()).toBe(1);
    expect(await agencySection(widePage, `Harbour Home ${tag}`).count()).toBe(0);
    expect(await seriousViolations(widePage)).toEqual([]);
    await wide.close();

    // And Nia's list at 1440×900, for the screenshot.
    const nias = await suite.browser.newContext({ viewport: WIDE, timezoneId: TORONTO });
    const niasPage = await nias.newPage();
    await logIn(niasPage, nia);
    await niasPage.goto(`${suite.staffApp.url}/profile/credentials`);
    await credentialCard(niasPage, 'TB test').waitFor();
    expect(await seriousViolations(niasPage)).toEqual([]);
    await shot(niasPage, 'staff-credentials-1440');
    await nias.close();
  });
});

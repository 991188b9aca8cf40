/// <reference lib="dom" />
/**
 * Shift Call as an agency uses it all day, at 1440×900 and 390×844: two posts in a row with other
 * selects, the selects always showing what the form holds, a past start refused rather than
 * rewritten, a post that reached nobody (warned before SPEC's toast, then shown and highlighted on
 * the board at 390, 1280 and 1440 px), and the free plan's 11th post stopped before confirming.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { superuser } from '../support/clients.ts';
import {
  createCompany,
  createStaff,
  dashboardSuite,
  postShiftAs,
  signInBrowser,
  type TestCompany,
} from './dashboard-fixtures.ts';
import {
  DESKTOP,
  expectAlert,
  expectPath,
  MOBILE,
  newPage,
  rowOrCard,
  screenshot,
  seriousViolations,
} from './helpers.ts';
import { choose, pickDateTime, shiftsOf, textbox } from './shift-call-steps.ts';

const WIDE = { width: 1440, height: 900 };
const POSTED = 'Your new shift has been sent. All frontline staff are notified';
const NOBODY = 'Shift posted. Nobody was notified';
/** A highlighted row or phone card on Shift Details: marked current, with its "Just posted" cue. */
const justPosted = (page: Page) =>
  page.locator('tr[aria-current="true"], li[data-card][aria-current="true"]').filter({ hasText: 'Just posted' });
const suite = dashboardSuite();
const { companies, markers } = suite;

async function openShiftCall(company: TestCompany, viewport: { width: number; height: number }) {
  const opened = await newPage(suite.browser, viewport);
  await signInBrowser(opened.context, company);
  await opened.page.goto(`${suite.preview.url}/dashboard/shiftcall`);
  await expectPath(opened.page, '/dashboard/shiftcall');
  await expect.poll(() => textbox(opened.page, 'Street name').isVisible()).toBe(true);
  return opened;
}

/** What each select shows: the input's visible text. */
const shown = (page: Page, label: string) => page.getByRole('combobox', { name: label, exact: true }).inputValue();

interface Post {
  staffType: string;
  skill: string;
  province: string;
  country: string;
  provinceLabel: string;
  street: [string, string, string, string];
  day: number;
}

async function fillAndSubmit(page: Page, post: Post): Promise<void> {
  await choose(page, 'Staff type', post.staffType);
  await choose(page, 'Skill', post.skill);
  await pickDateTime(page, 'Start', post.day, 9);
  await pickDateTime(page, 'End', post.day, 17);
  const [number, name, city, postal] = post.street;
  await textbox(page, 'Street number').fill(number);
  await textbox(page, 'Street name').fill(name);
  await textbox(page, 'City').fill(city);
  await choose(page, 'Country', post.country);
  await choose(page, post.country === 'Canada' ? 'Province' : 'State', post.provinceLabel);
  await textbox(page, 'Postal code').fill(postal);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
}

async function fillAndPost(page: Page, post: Post): Promise<void> {
  await fillAndSubmit(page, post);
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.isVisible()).toBe(true);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  // The confirmation closes once the post is done (the previous post's toast may still be showing).
  await expect.poll(() => dialog.count(), { timeout: 20_000 }).toBe(0);
  await expectAlert(page, 'Your new shift has been sent. All frontline staff are notified');
}

const TORONTO: Post = {
  staffType: 'Personal Support Worker',
  skill: 'Dementia care',
  province: 'ON',
  provinceLabel: 'Ontario',
  country: 'Canada',
  street: ['100', 'Queen St W', 'Toronto', 'M5H 2N2'],
  day: 2,
};
const SEATTLE: Post = {
  staffType: 'Registered Nurse',
  skill: 'Palliative care',
  province: 'WA',
  provinceLabel: 'Washington',
  country: 'United States',
  street: ['400', 'Broad St', 'Seattle', '98109-4607'],
  day: 3,
};

describe('Shift Call, post after post', () => {
  for (const viewport of [WIDE, MOBILE]) {
    it(`posts two shifts in a row with other selects, each stored as shown, at ${viewport.width} px`, async () => {
      const agency = await createCompany(`two-posts-${viewport.width}`);
      companies.push(agency);
      const marker = `two-${randomUUID().slice(0, 8)}`;
      markers.push(marker);
      await createStaff(agency, 1, marker);
      const { context, page } = await openShiftCall(agency, viewport);

      await fillAndPost(page, TORONTO);
      // A reset clears what every select shows, not only what the form holds.
      for (const label of ['Staff type', 'Skill', 'Province', 'Country']) {
        await expect.poll(() => shown(page, label), { message: label }).toBe('');
      }
      await fillAndPost(page, SEATTLE);
      if (viewport === MOBILE) await screenshot(page, 'shift-call-second-post-390');
      // Staff were notified: no nobody-notified warning.
      expect(await page.getByText('Nobody was notified').count()).toBe(0);

      await expect.poll(async () => (await shiftsOf(agency.id)).length).toBe(2);
      const stored = (await shiftsOf(agency.id)).map((s) => [s.staff_type, s.skill, s.province, s.country]);
      expect(stored.sort()).toEqual(
        [
          ['Personal Support Worker', 'Dementia care', 'ON', 'Canada'],
          ['Registered Nurse', 'Palliative care', 'WA', 'United States'],
        ].sort(),
      );
      await context.close();
    });
  }

  it('Province first fills Country; clicking that Country again keeps both, shown and held', async () => {
    const agency = await createCompany('province-first');
    companies.push(agency);
    const { context, page } = await openShiftCall(agency, WIDE);
    await choose(page, 'Province', 'Manitoba');
    await expect.poll(() => shown(page, 'Country')).toBe('Canada');
    await choose(page, 'Country', 'Canada');
    await expect.poll(() => shown(page, 'Country')).toBe('Canada');
    expect(await shown(page, 'Province')).toBe('Manitoba');
    // Submitting now shows no error for either: the form holds what is shown.
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(() => page.getByText('Staff type is required').isVisible()).toBe(true);
    expect(await page.getByText('Province is required').count()).toBe(0);
    expect(await page.getByText('Country is required').count()).toBe(0);

    // Another country clears a province it does not have: nothing stale stays on screen.
    await choose(page, 'Country', 'United States');
    await expect.poll(() => shown(page, 'State')).toBe('');
    await context.close();
  });

  it('a start time already past today is kept as picked and refused with SPEC’s message', async () => {
    const agency = await createCompany('past-start', { timeZone: 'America/Toronto' });
    companies.push(agency);
    const { context, page } = await openShiftCall(agency, WIDE);
    const hourNow = Number(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', hour: 'numeric', hourCycle: 'h23' }).format(
        new Date(),
      ),
    );
    // Early this morning, or yesterday evening in the first hour after midnight (days before today
    // cannot be picked, so then the check is that 12 AM today is not moved).
    const pastHour = hourNow >= 1 ? hourNow - 1 : 0;
    await pickDateTime(page, 'Start', 0, pastHour);
    const time = textbox(page, 'Start time');
    const hour12 = pastHour % 12 === 0 ? 12 : pastHour % 12;
    expect(await time.inputValue()).toBe(`${hour12}:00 ${pastHour < 12 ? 'AM' : 'PM'}`);
    if (hourNow >= 1) {
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await expect.poll(() => page.getByText('Start date cannot be in the past').isVisible()).toBe(true);
      // Still what was typed: nothing rewrote it.
      expect(await time.inputValue()).toBe(`${hour12}:00 ${pastHour < 12 ? 'AM' : 'PM'}`);
    }
    await context.close();
  });
});

describe('who hears of a post', () => {
  it('warns that nobody was notified before the toast, with the company code, and the board shows both posts', async () => {
    const agency = await createCompany('nobody');
    companies.push(agency);
    // An earlier post starting within 24 h; the form's starts in 2 days (the board used to open on
    // "Starting in 24 h", which showed only the first).
    const first = await postShiftAs(agency, {}, { startsInMs: 3 * 3_600_000 });
    const { context, page } = await openShiftCall(agency, MOBILE);
    // Records the order in which the warning and SPEC's toast first appear.
    await page.evaluate(
      ([warning, toast]) => {
        const seen: string[] = [];
        (window as unknown as { seen: string[] }).seen = seen;
        new MutationObserver(() => {
          for (const text of [warning, toast]) {
            const shown = [...document.querySelectorAll('[role="alert"]')].some((el) => el.textContent?.includes(text));
            if (shown && !seen.includes(text)) seen.push(text);
          }
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      },
      [NOBODY, POSTED] as const,
    );
    await fillAndPost(page, TORONTO);
    const warning = page.getByRole('alert').filter({ hasText: NOBODY });
    await expect.poll(() => warning.isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([NOBODY, POSTED]);
    // Focused, so it is read first and scrolled to from the Submit button at the bottom.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.includes('Nobody was notified') ?? false))
      .toBe(true);
    expect(await warning.getByTestId('nobody-notified-code').textContent()).toBe(agency.code);
    await screenshot(page, 'shift-call-nobody-notified-390');
    expect(await seriousViolations(page)).toEqual([]);
    const second = (await shiftsOf(agency.id)).map((s) => s.id as string).find((id) => id !== first)!;
    const boardLink = warning.getByRole('link', { name: 'View on board' });
    expect(await boardLink.getAttribute('href')).toBe(`/dashboard/shift-info?new=${second}`);
    await warning.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => warning.count()).toBe(0);

    // On the board, at each size: both posts in Upcoming, the new one highlighted.
    for (const viewport of [MOBILE, DESKTOP, WIDE]) {
      await page.setViewportSize(viewport);
      await page.goto(`${suite.preview.url}/dashboard/shift-info?new=${second}`);
      await expect.poll(() => justPosted(page).filter({ hasText: second }).count()).toBe(1);
      expect(await page.getByRole('radio', { name: /^Upcoming: 2$/ }).isChecked()).toBe(true);
      expect(await rowOrCard(page, first).count()).toBe(1);
      await screenshot(page, `board-just-posted-${viewport.width}`);
    }
    // The parameter goes once the shift is shown (a reload does not highlight again), the highlight soon after.
    await expect.poll(() => new URL(page.url()).searchParams.has('new')).toBe(false);
    await expect.poll(() => justPosted(page).count(), { timeout: 10_000 }).toBe(0);
    await context.close();
  });
});

describe('the free plan’s limit', () => {
  it('is said when Submit is pressed for the 11th shift, before any confirmation, and nothing is posted', async () => {
    const agency = await createCompany('eleventh');
    companies.push(agency);
    const db = await superuser();
    try {
      await db.query('update public.companies set free_shifts_used = 10 where id = $1', [agency.id]);
    } finally {
      await db.end();
    }
    const { context, page } = await openShiftCall(agency, WIDE);
    // The pricing modal opens by itself at 10 (SPEC §4); closed, the agency tries to post anyway.
    const pricing = page.getByRole('dialog', { name: 'Upgrade your plan' });
    await expect.poll(() => pricing.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => pricing.count()).toBe(0);

    await choose(page, 'Staff type', TORONTO.staffType);
    await choose(page, 'Skill', TORONTO.skill);
    await pickDateTime(page, 'Start', 2, 9);
    await pickDateTime(page, 'End', 2, 17);
    await textbox(page, 'Street number').fill('100');
    await textbox(page, 'Street name').fill('Queen St W');
    await textbox(page, 'City').fill('Toronto');
    await choose(page, 'Province', 'Ontario');
    await textbox(page, 'Postal code').fill('M5H 2N2');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expectAlert(page, 'Free plan limit reached: upgrade to Premium to post more than 10 shifts');
    await expect.poll(() => page.getByRole('dialog', { name: 'Go unlimited' }).isVisible()).toBe(true);
    expect(await page.getByText(/^Requesting coverage for/).count()).toBe(0);
    expect(await shiftsOf(agency.id)).toEqual([]);
    await context.close();
  });
});

describe('an address found only to its street', () => {
  it('asks before saving, shows what was matched, and lets the number be corrected or the post go ahead', async () => {
    const agency = await createCompany('approximate');
    companies.push(agency);
    const { context, page } = await openShiftCall(agency, WIDE);
    // The geocoding stand-in finds the street but not house numbers from 90000 up (as Google does for
    // a number a street does not have).
    const far: Post = { ...TORONTO, street: ['95000', 'Queen St W', 'Toronto', 'M5H 2N2'] };
    await fillAndSubmit(page, far);
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Submit' }).click();
    const check = page.getByRole('dialog', { name: 'Check the address' });
    await check.waitFor();
    await check.getByText('The street was found, but not house number 95000.', { exact: false }).waitFor();
    await check.getByText(/^Queen St W, Toronto, ON M5H 2N2, Canada$/).waitFor();
    await screenshot(page, 'shift-call-approximate-1440');
    await check.getByRole('button', { name: 'Correct the address' }).click();
    await expect.poll(() => check.count()).toBe(0);
    // Nothing was saved; the form kept everything and the street number has focus for the fix.
    expect(await shiftsOf(agency.id)).toHaveLength(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-path')))
      .toBe('streetNumber');
    expect(await textbox(page, 'Street name').inputValue()).toBe('Queen St W');

    // Post it anyway this time: saved once, at the matched street.
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Submit' }).click();
    await check.getByRole('button', { name: 'Post anyway' }).click();
    await expectAlert(page, 'Your new shift has been sent. All frontline staff are notified');
    await expect.poll(async () => (await shiftsOf(agency.id)).length).toBe(1);

    // A number the street has goes straight through, with no extra question.
    await fillAndPost(page, { ...TORONTO, street: ['950', 'Queen St W', 'Toronto', 'M5H 2N2'] });
    await expect.poll(async () => (await shiftsOf(agency.id)).length).toBe(2);
    await context.close();
  });
});

/// <reference lib="dom" />
/**
 * The feedback survey in Chromium against the local stack: loading, validation, the frustrating
 * follow-up (revealed by Yes, cleared by No), submit → thank-you → the already-given state on
 * reopening, the stored row with every answer, and the database refusing a second response.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startPreview } from '../support/browser.ts';
import { TEST_PASSWORD, anonClient, superuser } from '../support/clients.ts';
import { createCompany, removeTestData, signInBrowser, type TestCompany } from './dashboard-fixtures.ts';
import { DESKTOP, MOBILE, expectPath, newPage, screenshot, seriousViolations } from './helpers.ts';

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

async function company(label: string): Promise<TestCompany> {
  const created = await createCompany(label);
  companies.push(created);
  return created;
}

const survey = (page: Page) => page.getByRole('dialog', { name: 'Share your feedback' });
const question = (page: Page, label: string) => survey(page).getByRole('radiogroup', { name: label });
const textbox = (page: Page, label: string) => survey(page).getByRole('textbox', { name: label, exact: true });

async function choose(page: Page, label: string, option: string): Promise<void> {
  await question(page, label).getByRole('radio', { name: option, exact: true }).check();
}

async function openFeedback(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Feedback' }).click();
  await survey(page).waitFor();
}

const SATISFACTION = 'How satisfied are you with CareCover?';
const FRUSTRATING = 'Has anything about CareCover frustrated you?';
const FOLLOW_UP = 'What was frustrating?';
/** The machine may be busy with other browser tests: give slow renders time. */
const POLL = { timeout: 15_000 };

describe('feedback', () => {
  it('validates, stores one response with every answer, then shows the thank-you', async () => {
    const c = await company('feedback');
    const { context, page, errors } = await newPage(browser, DESKTOP);
    await signInBrowser(context, c);
    await page.goto(preview.url + '/dashboard');
    await page.getByRole('button', { name: 'Profile menu' }).waitFor();
    await expectPath(page, '/dashboard/shiftcall');

    // Loading first: hold the status read until the spinner has been seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/rest/v1/companies?select=feedback_given*', async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    await openFeedback(page);
    await survey(page).getByRole('status', { name: 'Loading feedback' }).waitFor();
    release();
    await question(page, SATISFACTION).waitFor();
    await page.unroute('**/rest/v1/companies?select=feedback_given*');

    // Required answers, each with its own message.
    await survey(page).getByRole('button', { name: 'Submit feedback' }).click();
    for (const message of [
      'Please rate your satisfaction from 1 to 5',
      'Please choose the feature you value most',
      'Please rate how much CareCover helps, from 1 to 5',
      'Please choose how you would feel',
    ]) {
      await survey(page).getByText(message, { exact: true }).waitFor();
    }
    expect(await survey(page).getByText('Please answer Yes or No', { exact: true }).count()).toBe(2);
    const isInView = () =>
      question(page, SATISFACTION).evaluate((el) => {
        const r = el.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight;
      });
    await expect.poll(isInView, POLL).toBe(true);
    await screenshot(page, 'feedback-1280');
    // The first unanswered question is brought into view and focused.
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value), POLL)
      .toBe('1');

    await choose(page, SATISFACTION, '4');
    expect(await survey(page).getByText('Please rate your satisfaction from 1 to 5').count()).toBe(0);
    await textbox(page, 'What is the main reason for your score?').fill('Shifts get covered within the hour');

    // The follow-up: hidden, revealed by Yes, cleared by No.
    expect(await textbox(page, FOLLOW_UP).count()).toBe(0);
    await choose(page, FRUSTRATING, 'Yes');
    await textbox(page, FOLLOW_UP).fill('Typed before changing my mind');
    await choose(page, FRUSTRATING, 'No');
    await textbox(page, FOLLOW_UP).waitFor({ state: 'detached' });
    await choose(page, FRUSTRATING, 'Yes');
    expect(await textbox(page, FOLLOW_UP).inputValue()).toBe('');
    await survey(page).getByRole('button', { name: 'Submit feedback' }).click();
    await survey(page).getByText('Please tell us what was frustrating', { exact: true }).waitFor();
    await textbox(page, FOLLOW_UP).fill('The map pin is hard to move');

    await choose(page, 'Which feature do you value most?', 'CareCover AI');
    await textbox(page, 'Which feature do you wish CareCover had?').fill('Recurring shifts');
    await choose(page, 'How much does CareCover help you reach your staffing goals?', '5');
    await choose(page, 'How would you feel if you could no longer use CareCover?', 'Somewhat disappointed');
    await choose(page, 'Have you needed help from our support team?', 'No');
    await textbox(page, 'What would make CareCover more valuable to you?').fill('Live staff locations');
    await textbox(page, 'If you could change one thing about CareCover, what would it be?').fill('Bulk posting');
    await textbox(page, 'Anything else you would like to tell us?').fill('Thank you!');
    expect(await survey(page).locator('[data-error], .mantine-InputWrapper-error').count()).toBe(0);
    await screenshot(page, 'feedback-filled-1280');
    expect(await seriousViolations(page)).toEqual([]);

    await survey(page).getByRole('button', { name: 'Submit feedback' }).click();
    await survey(page).getByText('Your feedback has been received', { exact: true }).waitFor();
    expect(await question(page, SATISFACTION).count()).toBe(0);
    await screenshot(page, 'feedback-thanks-1280');
    expect(await seriousViolations(page)).toEqual([]);

    // The stored row has every answer, the time, and the database set the company's flag.
    const db = await superuser();
    try {
      const { rows } = await db.query(
        `select f.satisfaction, f.reason, f.frustrating, f.frustrating_detail, f.most_feature, f.wish_feature,
                f.goal_help, f.pmf, f.support, f.more_valuable, f.change_one, f.other_feedback,
                f.created_at > now() - interval '5 minutes' as is_recent, c.feedback_given
         from public.feedback_responses f join public.companies c on c.id = f.company_id
         where f.company_id = $1`,
        [c.id],
      );
      expect(rows).toEqual([
        {
          satisfaction: 4,
          reason: 'Shifts get covered within the hour',
          frustrating: 'Yes',
          frustrating_detail: 'The map pin is hard to move',
          most_feature: 'CareCover AI',
          wish_feature: 'Recurring shifts',
          goal_help: 5,
          pmf: 'Somewhat disappointed',
          support: 'No',
          more_valuable: 'Live staff locations',
          change_one: 'Bulk posting',
          other_feedback: 'Thank you!',
          is_recent: true,
          feedback_given: true,
        },
      ]);
    } finally {
      await db.end();
    }

    // Closing and reopening shows the already-given state, also after a reload.
    await survey(page).getByRole('button', { name: 'Close', exact: true }).click();
    await survey(page).waitFor({ state: 'detached' });
    await openFeedback(page);
    await survey(page).getByText('Your feedback has been received', { exact: true }).waitFor();
    expect(await question(page, SATISFACTION).count()).toBe(0);
    await page.reload();
    await page.getByRole('button', { name: 'Profile menu' }).waitFor();
    await openFeedback(page);
    await survey(page).getByText('Your feedback has been received', { exact: true }).waitFor();

    // A second response through the company's own session is refused by the database itself.
    const client = anonClient();
    const signIn = await client.auth.signInWithPassword({ email: c.email, password: TEST_PASSWORD });
    expect(signIn.error).toBeNull();
    const second = await client.from('feedback_responses').insert({ satisfaction: 1, pmf: 'Not disappointed' });
    expect(second.error?.message).toBe('Your feedback has already been received');
    const count = await client.from('feedback_responses').select('id', { count: 'exact', head: true });
    expect(count.count).toBe(1);
    await client.auth.signOut();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fills a phone screen and reads well there', async () => {
    const c = await company('feedback-phone');
    const { context, page, errors } = await newPage(browser, MOBILE);
    await signInBrowser(context, c);
    await page.goto(preview.url + '/dashboard');
    await page.getByRole('button', { name: 'Profile menu' }).waitFor();
    await expectPath(page, '/dashboard/shiftcall');
    await openFeedback(page);
    await question(page, SATISFACTION).waitFor();
    await choose(page, FRUSTRATING, 'Yes');
    await textbox(page, FOLLOW_UP).waitFor();

    const box = await page.locator('.mantine-Modal-content').boundingBox();
    expect(box).toMatchObject({ x: 0, width: MOBILE.width });
    const radios = await question(page, SATISFACTION).getByRole('radio').all();
    for (const radio of radios) {
      const r = await radio.boundingBox();
      expect(r!.x + r!.width).toBeLessThanOrEqual(MOBILE.width);
    }
    await screenshot(page, 'feedback-390');
    expect(await seriousViolations(page)).toEqual([]);

    await survey(page).getByRole('button', { name: 'Submit feedback' }).click();
    await survey(page).getByText('Please tell us what was frustrating', { exact: true }).waitFor();
    await screenshot(page, 'feedback-errors-390');
    expect(errors).toEqual([]);
    await context.close();
  });
});

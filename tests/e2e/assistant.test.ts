/// <reference lib="dom" />
/**
 * The assistant's side panel in Chromium against the local stack, whose `assistant` function runs
 * the built-in assistant (AI_PROVIDER=none): the welcome state and both quick prompts with their
 * follow-ups (a ShiftID, a staff name), Enter versus Shift+Enter, the waiting state, plain-text
 * replies, the 220 ms closing animation, the conversation surviving a close, and the free plan's
 * quota with Go Premium. Screenshots at 1280 and 390 px; axe with the panel open.
 */
import { randomUUID } from 'node:crypto';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { superuser } from '../support/clients.ts';
import { createCompany, createStaff, signInBrowser, type TestCompany, dashboardSuite } from './dashboard-fixtures.ts';
import { DESKTOP, MOBILE, expectPath, newPage, panelScreenshot as screenshot, seriousViolations } from './helpers.ts';

const SHIFT_PROMPT = 'Provide me details about a shift';
const STAFF_PROMPT = 'Provide me details about a staff';
const QUOTA_MESSAGE =
  'You have used all 25 assistant questions of the free plan this month. Go Premium for unlimited questions.';
const STAFF_FIRST = 'Marguerite';
const STAFF_LAST = 'Okonkwo';

const suite = dashboardSuite();
const { companies, markers } = suite;

/** A fresh free company; its first-visit tutorial is marked as offered so no modal covers the panel. */
async function company(label: string): Promise<TestCompany> {
  const created = await createCompany(label);
  companies.push(created);
  const db = await superuser();
  try {
    const { rowCount } = await db.query(
      `select 1 from information_schema.columns
       where table_schema = 'public' and table_name = 'companies' and column_name = 'tutorial_seen_at'`,
    );
    if (rowCount) await db.query('update public.companies set tutorial_seen_at = now() where id = $1', [created.id]);
  } finally {
    await db.end();
  }
  return created;
}

/** One employed staff member named Marguerite Okonkwo, and a shift she accepted, starting tomorrow. */
async function seedStaffAndShift(c: TestCompany): Promise<{ shiftId: string }> {
  const marker = `ai-${randomUUID().slice(0, 8)}`;
  markers.push(marker);
  const [staffId] = await createStaff(c, 1, marker);
  const db = await superuser();
  try {
    await db.query('update public.staff set first_name = $2, last_name = $3, phone = $4 where id = $1', [
      staffId,
      STAFF_FIRST,
      STAFF_LAST,
      '4165550199',
    ]);
    const { rows } = await db.query<{ id: string }>(
      `insert into public.shifts (company_id, staff_type, skill, street_number, street_name, city, province,
                                  country, postal_code, starts_at, ends_at, accepted_by, accepted_at)
       values ($1, 'Personal Support Worker', 'Dementia care', '88', 'Harbourview Crescent', 'Toronto', 'ON',
               'Canada', 'M5V 2T6', now() + interval '1 day', now() + interval '1 day 8 hours', $2, now())
       returning id`,
      [c.id, staffId],
    );
    const shiftId = rows[0]?.id;
    if (!shiftId) throw new Error('No shift was inserted');
    return { shiftId };
  } finally {
    await db.end();
  }
}

/** The assistant questions the database counted for the company this month. */
async function questionsUsed(companyId: string): Promise<number> {
  const db = await superuser();
  try {
    const { rows } = await db.query<{ questions: number }>(
      `select u.questions from public.ai_usage u join public.companies c on c.id = u.company_id
       where u.company_id = $1 and u.month = date_trunc('month', now() at time zone c.time_zone)::date`,
      [companyId],
    );
    return rows[0]?.questions ?? 0;
  } finally {
    await db.end();
  }
}

async function openDashboard(c: TestCompany, viewport = DESKTOP) {
  const opened = await newPage(suite.browser, viewport);
  await signInBrowser(opened.context, c);
  await opened.page.goto(suite.preview.url + '/dashboard');
  await expectPath(opened.page, '/dashboard/shiftcall');
  return opened;
}

const panel = (page: Page) => page.getByTestId('chat-panel');
const input = (page: Page) => page.getByRole('textbox', { name: 'Message CareCover AI', exact: true });
const aiMessages = (page: Page) => panel(page).locator('[data-sender="ai"]');
const userMessages = (page: Page) => panel(page).locator('[data-sender="user"]');

async function openPanel(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open assistant', exact: true }).click();
  await panel(page).waitFor({ state: 'visible' });
  await expect.poll(() => page.locator('main').getAttribute('data-chat-open')).not.toBeNull();
}

/** Waits for the `count`-th message from the assistant and returns its text. */
async function aiReply(page: Page, count: number): Promise<string> {
  await expect
    .poll(() => aiMessages(page).count(), { timeout: 15_000, message: `assistant reply ${count}` })
    .toBe(count);
  return aiMessages(page)
    .nth(count - 1)
    .innerText();
}

async function ask(page: Page, text: string): Promise<void> {
  await input(page).fill(text);
  await input(page).press('Enter');
}

describe('assistant panel', () => {
  it('opens on the sparkle icon in the welcome state and answers both quick prompts and their follow-ups', async () => {
    const c = await company('ai-flow');
    const { shiftId } = await seedStaffAndShift(c);
    const { context, page, errors } = await openDashboard(c);

    expect(await page.locator('main').getAttribute('data-chat-open')).toBeNull();
    await openPanel(page);
    await expect
      .poll(() => panel(page).getByRole('heading', { name: 'CareCover AI', exact: true }).isVisible())
      .toBe(true);
    for (const prompt of [SHIFT_PROMPT, STAFF_PROMPT]) {
      expect(await panel(page).getByRole('button', { name: prompt, exact: true }).isVisible()).toBe(true);
    }
    await screenshot(page, 'assistant-welcome-1280');
    expect(await seriousViolations(page)).toEqual([]);

    // Quick prompt for a shift: the reply asks for a ShiftID or address; then ask by ShiftID.
    await panel(page).getByRole('button', { name: SHIFT_PROMPT, exact: true }).click();
    expect(await userMessages(page).first().innerText()).toContain(SHIFT_PROMPT);
    expect(await aiReply(page, 1)).toMatch(/ShiftID or its address/);
    expect(await aiMessages(page).first().getByTestId('reply-kind').innerText()).toBe('Built-in assistant');
    await ask(page, shiftId);
    const shiftReply = await aiReply(page, 2);
    expect(shiftReply).toContain(`ShiftID: ${shiftId}`);
    expect(shiftReply).toContain('88 Harbourview Crescent');
    expect(shiftReply).toContain(`Staff: ${STAFF_FIRST} ${STAFF_LAST}`);
    // Plain text with its line breaks: numbered points and lettered sub-points on their own lines.
    expect(shiftReply.split('\n').length).toBeGreaterThan(5);
    expect(shiftReply).not.toMatch(/gemini|openai|gpt/i);

    // A new conversation brings the welcome back; quick prompt for a staff member, then the name.
    await panel(page).getByRole('button', { name: 'Start a new conversation', exact: true }).click();
    await panel(page).getByRole('button', { name: STAFF_PROMPT, exact: true }).click();
    expect(await aiReply(page, 1)).toMatch(/name of the staff member/);
    await ask(page, `${STAFF_FIRST} ${STAFF_LAST}`);
    const staffReply = await aiReply(page, 2);
    expect(staffReply).toContain(`${STAFF_FIRST} ${STAFF_LAST} works for your agency`);
    expect(staffReply).toContain('Phone: 4165550199');
    expect(staffReply).not.toMatch(/ExponentPushToken/);

    // The header says how many of the free plan's questions are left, as the database counted them
    // (answers count; clarifying questions may not, so the figure is read rather than assumed).
    const used = await questionsUsed(c.id);
    expect(used).toBeGreaterThan(0);
    expect(await panel(page).getByTestId('chat-remaining').innerText()).toBe(`${25 - used} questions left this month`);
    await screenshot(page, 'assistant-conversation-1280');
    expect(await seriousViolations(page)).toEqual([]);

    // Closed with the sparkle button and reopened: the conversation is still there.
    await page.getByRole('button', { name: 'Close assistant', exact: true }).click();
    await expect.poll(() => panel(page).count()).toBe(0);
    expect(await page.locator('main').getAttribute('data-chat-open')).toBeNull();
    await openPanel(page);
    expect(await userMessages(page).count()).toBe(2);
    expect(await aiMessages(page).nth(1).innerText()).toContain(`${STAFF_FIRST} ${STAFF_LAST} works for your agency`);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends on Enter, adds a line on Shift+Enter, refuses blank messages and waits with the input disabled', async () => {
    const c = await company('ai-keys');
    const { context, page, errors } = await openDashboard(c);
    await openPanel(page);

    // Hold the function's answer until the waiting state has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let requests = 0;
    await page.route('**/functions/v1/assistant', async (route: Route) => {
      requests += 1;
      await held;
      await route.continue();
    });

    // Blank messages cannot be sent, by Enter or by the button.
    await input(page).fill('   \n  ');
    await input(page).press('Enter');
    expect(await page.getByRole('button', { name: 'Send message', exact: true }).isDisabled()).toBe(true);
    expect(await userMessages(page).count()).toBe(0);

    await input(page).fill('');
    await input(page).pressSequentially('Line one');
    await input(page).press('Shift+Enter');
    await input(page).pressSequentially('<b>Line two</b>');
    expect(await input(page).inputValue()).toBe('Line one\n<b>Line two</b>');
    expect(await userMessages(page).count()).toBe(0);

    await input(page).press('Enter');
    await expect.poll(() => userMessages(page).count()).toBe(1);
    // Shown as typed: the line break kept and the markup as text, never as HTML.
    expect(await userMessages(page).first().innerText()).toContain('Line one\n<b>Line two</b>');
    expect(await userMessages(page).first().locator('b').count()).toBe(0);
    // Waiting: the input is disabled and emptied, the send button off, a status says so.
    expect(await input(page).isDisabled()).toBe(true);
    expect(await input(page).inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'Send message', exact: true }).isDisabled()).toBe(true);
    expect(await panel(page).getByRole('status').innerText()).toContain('CareCover AI is answering');
    expect(requests).toBe(1);

    release();
    // Not a question about the agency's data: the reply says so rather than inventing an answer.
    expect(await aiReply(page, 1)).toMatch(/could not find|can't answer/i);
    expect(await input(page).isDisabled()).toBe(false);
    expect(await panel(page).getByRole('status').count()).toBe(0);
    await expect.poll(() => input(page).evaluate((el) => el === document.activeElement)).toBe(true);

    // A failed request: SPEC §8's apology followed by the message, and the input usable again.
    await page.unroute('**/functions/v1/assistant');
    await page.route('**/functions/v1/assistant', (route: Route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'upstream_error', message: 'The assistant is unavailable.' } }),
      }),
    );
    await ask(page, 'How many shifts are pending?');
    expect(await aiReply(page, 2)).toContain("Sorry, I can't help with that. The assistant is unavailable.");
    expect(await input(page).isDisabled()).toBe(false);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('closes with the 220 ms animation and gives focus back to the sparkle button', async () => {
    const c = await company('ai-close');
    const { context, page } = await openDashboard(c);
    await openPanel(page);
    await page.getByRole('button', { name: 'Close chat', exact: true }).focus();

    const timing = await page.evaluate(async () => {
      const panelEl = document.querySelector('[data-testid="chat-panel"]');
      const aside = panelEl?.closest('aside');
      const close = document.querySelector<HTMLButtonElement>('button[aria-label="Close chat"]');
      if (!panelEl || !aside || !close) throw new Error('The panel is not open');
      const started = performance.now();
      close.click();
      // React commits the click's update in a microtask; one frame later the closing state shows.
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const isClosing = aside.hasAttribute('data-closing') && panelEl.isConnected;
      const isMainOpen = document.querySelector('main')?.hasAttribute('data-chat-open') ?? false;
      await new Promise<void>((resolve) => {
        const observer = new MutationObserver(() => {
          if (!panelEl.isConnected) {
            observer.disconnect();
            resolve();
          }
        });
        observer.observe(document.body, { childList: true, subtree: true });
      });
      return {
        isClosing,
        isMainOpen,
        elapsed: performance.now() - started,
        focused: document.activeElement?.getAttribute('aria-label'),
      };
    });
    expect(timing.isClosing).toBe(true);
    expect(timing.isMainOpen).toBe(false);
    expect(timing.elapsed).toBeGreaterThanOrEqual(200);
    // Generous upper bound: the 220 ms timer may run late on a busy machine; the point is that it ends.
    expect(timing.elapsed).toBeLessThan(3000);
    expect(timing.focused).toBe('Open assistant');
    await context.close();
  });

  it('at 390 px the panel covers the page and still works', async () => {
    const c = await company('ai-phone');
    const { context, page, errors } = await openDashboard(c, MOBILE);
    await openPanel(page);
    const box = await panel(page).boundingBox();
    expect(box?.width).toBeGreaterThan(MOBILE.width - 2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(page, 'assistant-welcome-390');
    expect(await seriousViolations(page)).toEqual([]);

    await panel(page).getByRole('button', { name: SHIFT_PROMPT, exact: true }).click();
    expect(await aiReply(page, 1)).toMatch(/ShiftID or its address/);
    await ask(page, 'How many shifts are pending?');
    await aiReply(page, 2);
    await screenshot(page, 'assistant-conversation-390');
    expect(await seriousViolations(page)).toEqual([]);

    await panel(page).getByRole('button', { name: 'Close chat', exact: true }).click();
    await expect.poll(() => panel(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a free company that used its 25 questions this month shows the quota message and Go Premium', async () => {
    const c = await company('ai-quota');
    const db = await superuser();
    try {
      // The month as the quota counts it: the first day of the current month in the company's time zone.
      await db.query(
        `insert into public.ai_usage (company_id, month, questions)
         select id, date_trunc('month', now() at time zone time_zone)::date, 25 from public.companies where id = $1
         on conflict (company_id, month) do update set questions = excluded.questions`,
        [c.id],
      );
    } finally {
      await db.end();
    }
    const { context, page, errors } = await openDashboard(c);
    await openPanel(page);
    // Known as soon as the panel opens, before any question.
    await expect.poll(() => panel(page).getByTestId('chat-remaining').innerText()).toBe('0 questions left this month');
    await ask(page, 'Who is on shift now?');
    expect(await aiReply(page, 1)).toContain(QUOTA_MESSAGE);
    expect(await aiMessages(page).first().getAttribute('data-kind')).toBe('quota');
    expect(await panel(page).getByTestId('chat-remaining').innerText()).toBe('0 questions left this month');
    await screenshot(page, 'assistant-quota-1280');
    expect(await seriousViolations(page)).toEqual([]);

    const check = await superuser();
    try {
      const { rows } = await check.query<{ questions: number }>(
        'select questions from public.ai_usage where company_id = $1',
        [c.id],
      );
      expect(rows.map((r) => r.questions)).toEqual([25]);
    } finally {
      await check.end();
    }

    // The limit is hit: the upsell popup offers Premium.
    await panel(page).getByRole('button', { name: 'Go Premium', exact: true }).click();
    const upsell = page.getByRole('dialog', { name: 'Go unlimited' });
    await expect.poll(() => upsell.isVisible()).toBe(true);
    await expect(upsell.getByText('Unlock Premium', { exact: true }).isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

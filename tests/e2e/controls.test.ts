/// <reference lib="dom" />
/**
 * Controls that do what the fingers expect (issue #26 part 4), in one browser context at 1440×900,
 * 1280×800 and 390×844: a keyboard-only Shift Call post with typed times, the shift menu offering
 * Clock Staff Out only for an In-progress shift (the reason on focus otherwise), the company code
 * on one line beside its copy button, Shift Details' default columns unclipped at 1280 px, and
 * the assistant's tooltip gone once its panel is open.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { superuser } from '../support/clients.ts';
import { createCompany, createStaff, dashboardSuite, signInBrowser, type TestCompany } from './dashboard-fixtures.ts';
import { expectAlert, expectPath, MOBILE, newPage, screenshot, seriousViolations, showAllShifts } from './helpers.ts';
import { shiftsOf, textbox, torontoDay } from './shift-call-steps.ts';

const WIDE = { width: 1440, height: 900 };
const LAPTOP = { width: 1280, height: 800 };
const suite = dashboardSuite();

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Presses Tab (and nothing else) until `target` has focus. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  const passed: string[] = [];
  for (let i = 0; i < 6 && !(await isFocused(target)); i++) {
    await page.keyboard.press('Tab');
    passed.push(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? ''));
  }
  expect(await isFocused(target), `${target} not reached: focus went through ${passed.join('\n')}`).toBe(true);
}

/** A select chosen from the keyboard: open it, type to filter when it is searchable, Enter. */
async function chooseByKeyboard(page: Page, label: string, typed?: string): Promise<void> {
  await tabTo(page, page.getByRole('combobox', { name: label, exact: true }));
  if (typed) await page.keyboard.type(typed);
  await page.keyboard.press('ArrowDown');
  // Enter picks the highlighted option only once the list is open (slow on a loaded machine).
  await page.getByRole('option').first().waitFor();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByRole('combobox', { name: label, exact: true }).inputValue()).not.toBe('');
}

/** Start or End from the keyboard: the calendar opens on today; ArrowRight moves to tomorrow. */
async function dayAndTimeByKeyboard(page: Page, label: 'Start' | 'End', typedTime: string): Promise<void> {
  await tabTo(page, page.getByRole('button', { name: label, exact: true }));
  await page.keyboard.press('Enter');
  const today = page.getByRole('button', { name: torontoDay(0).label, exact: true });
  const tomorrow = page.getByRole('button', { name: torontoDay(1).label, exact: true });
  // The calendar traps focus: Tab reaches today's day, the one day in its tab order.
  for (let i = 0; i < 6 && !(await isFocused(today)) && !(await isFocused(tomorrow)); i++) {
    await page.keyboard.press('Tab');
  }
  if (await isFocused(today)) await page.keyboard.press('ArrowRight');
  expect(await isFocused(tomorrow)).toBe(true);
  // Enter then Tab at once, as a fast typist does: the day is set and Tab goes on from the field
  // (to its clear button, then the time), not from the top of the page.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  const clear = page.getByRole('button', { name: `Clear the ${label} day`, exact: true });
  const focused = () => page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160) ?? '');
  expect(await isFocused(clear), `${label}'s clear button after Enter and Tab: ${await focused()}`).toBe(true);
  await tabTo(page, textbox(page, `${label} time`));
  await page.keyboard.type(typedTime);
  await page.keyboard.press('Tab');
}

/** The element's rendered text sits on one line: its height is at most one line box. */
const isOneLine = (target: Locator) =>
  target.evaluate((el) => {
    const lineHeight = parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.6;
    return el.getBoundingClientRect().height <= lineHeight * 1.2 && el.scrollWidth <= el.clientWidth + 1;
  });

// One agency, one signed-in page for the whole file: each test goes on where the last one stopped.
let agency: TestCompany;
let context: BrowserContext;
let page: Page;
let inProgress: string;
let completed: string;

beforeAll(async () => {
  agency = await createCompany('controls', { timeZone: 'America/Toronto' });
  suite.companies.push(agency);
  const marker = `controls-${agency.id.slice(0, 8)}`;
  suite.markers.push(marker);
  const [staffId] = await createStaff(agency, 1, marker);
  const db = await superuser();
  const seeded = async (startsIn: string, isClockedOut: boolean): Promise<string> => {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.shifts (company_id, staff_type, skill, street_number, street_name, city, province,
                                  country, postal_code, starts_at, ends_at, accepted_by, accepted_at)
       values ($1, 'PSW', 'Dementia care', '12', 'King St W', 'Toronto', 'ON', 'Canada', 'M5H 1A1',
               now() + $2::interval, now() + $2::interval + interval '8 hours', $3, now() - interval '2 days')
       returning id`,
      [agency.id, startsIn, staffId],
    );
    const id = rows[0]!.id;
    await db.query('update public.shifts set clocked_in_at = starts_at where id = $1', [id]);
    if (isClockedOut) {
      await db.query(`update public.shifts set clocked_out_at = ends_at, time_done = '8 hrs' where id = $1`, [id]);
    }
    return id;
  };
  try {
    inProgress = await seeded('-1 hour', false);
    completed = await seeded('-1 day', true);
  } finally {
    await db.end();
  }
  ({ context, page } = await newPage(suite.browser, WIDE));
  await signInBrowser(context, agency, { everyShiftColumn: false });
});

afterAll(async () => {
  await context?.close();
});

it('reads a typed time as a whole: 0900, 9, 9:00 pm, 2130, 12am; arrows step a quarter hour', async () => {
  // 1. Typed times: the whole text is read, a retyped time replaces the old one, arrows step 15 min.
  await page.goto(`${suite.preview.url}/dashboard/shiftcall`);
  await expectPath(page, '/dashboard/shiftcall');
  const startTime = textbox(page, 'Start time');
  for (const [typed, shown] of [
    ['0900', '9:00 AM'],
    ['9', '9:00 AM'],
    ['9:00 pm', '9:00 PM'],
    ['2130', '9:30 PM'],
    ['12am', '12:00 AM'],
  ]) {
    await startTime.focus();
    await page.keyboard.type(typed!);
    await page.keyboard.press('Enter');
    expect(await startTime.inputValue(), typed).toBe(shown);
  }
  await page.keyboard.press('ArrowUp');
  expect(await startTime.inputValue()).toBe('12:15 AM');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  expect(await startTime.inputValue()).toBe('11:45 PM');
  await startTime.fill('25:00');
  await startTime.press('Enter');
  await expectAlert(page, 'Enter a time such as 9:00 AM, 9am or 21:30');
  await page.setViewportSize(MOBILE);
  await screenshot(page, 'controls-shift-call-time-error-390');
  await page.setViewportSize(WIDE);
  await startTime.fill('');
  await startTime.press('Enter');
});

it('posts a shift with the keyboard alone: Tab, typing, arrows and Enter', async () => {
  await page.getByRole('combobox', { name: 'Staff type', exact: true }).focus();
  await chooseByKeyboard(page, 'Staff type');
  await chooseByKeyboard(page, 'Skill');
  await dayAndTimeByKeyboard(page, 'Start', '0900');
  await dayAndTimeByKeyboard(page, 'End', '5:30 pm');
  await expect.poll(() => page.getByText('Duration: 8 hrs 30 mins').isVisible()).toBe(true);
  await tabTo(page, textbox(page, 'Street number'));
  await page.keyboard.type('100');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Queen St W');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Toronto');
  await chooseByKeyboard(page, 'Province', 'Ontario');
  await tabTo(page, textbox(page, 'Postal code'));
  await page.keyboard.type('M5H 2N2');
  await screenshot(page, 'controls-shift-call-keyboard-1440');
  await page.setViewportSize(MOBILE);
  await screenshot(page, 'controls-shift-call-keyboard-390');
  await page.setViewportSize(WIDE);
  await tabTo(page, page.getByRole('button', { name: 'Submit', exact: true }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect.poll(() => confirm.isVisible()).toBe(true);
  await tabTo(page, confirm.getByRole('button', { name: 'Submit' }));
  await page.keyboard.press('Enter');
  await expectAlert(page, 'Your new shift has been sent. All frontline staff are notified');
  const posted = (await shiftsOf(agency.id)).filter((s) => s.street_name === 'Queen St W');
  expect(posted).toHaveLength(1);
  const tomorrow = torontoDay(1).date;
  const wallClock = (at: unknown) =>
    new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Toronto', dateStyle: 'short', timeStyle: 'short' }).format(
      at as Date,
    );
  expect(wallClock(posted[0]!.starts_at)).toBe(`${tomorrow} 09:00`);
  expect(wallClock(posted[0]!.ends_at)).toBe(`${tomorrow} 17:30`);
});

it('offers Clock Staff Out for an In-progress shift, and says why not for a Completed one', async () => {
  await page.setViewportSize(LAPTOP);
  await page.goto(`${suite.preview.url}/dashboard/shift-info`);
  await showAllShifts(page);
  const menuOf = async (id: string) => {
    await page.getByRole('button', { name: `Actions for shift ${id}`, exact: true }).focus();
    await page.keyboard.press('Enter');
    const item = page.getByRole('menuitem', { name: 'Clock Staff Out', exact: true });
    await expect.poll(() => item.isVisible()).toBe(true);
    // The menu traps focus once its transition ends; an Escape pressed before that lands on the
    // button, which does not close it.
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="menu"]'))).toBe(true);
    return item;
  };
  const canClockOut = await menuOf(inProgress);
  expect(await canClockOut.getAttribute('aria-disabled')).toBeNull();
  await page.keyboard.press('Escape');
  await expect.poll(() => canClockOut.count()).toBe(0);
  const refused = await menuOf(completed);
  expect(await refused.getAttribute('aria-disabled')).toBe('true');
  // Reachable with the arrow keys (a disabled item would be skipped), and it says why.
  for (let i = 0; i < 4 && !(await isFocused(refused)); i++) await page.keyboard.press('ArrowDown');
  expect(await isFocused(refused)).toBe(true);
  await expect.poll(() => page.getByRole('tooltip', { name: 'Staff already clocked out' }).isVisible()).toBe(true);
  const describedBy = (await refused.getAttribute('aria-describedby')) ?? '';
  expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Staff already clocked out');
  await screenshot(page, 'controls-menu-refused-1280');
  expect(await seriousViolations(page)).toEqual([]);
  // Chosen anyway, it only repeats SPEC's refusal: no clock-out dialog opens.
  await page.keyboard.press('Enter');
  await expectAlert(page, 'Staff already clocked out');
  expect(await page.getByRole('dialog', { name: 'Clock Staff Out' }).count()).toBe(0);
});

it('fits Shift Details’ default columns at 1280 and 1440 px, Hours done included', async () => {
  for (const size of [LAPTOP, WIDE]) {
    await page.setViewportSize(size);
    const table = page.getByRole('table', { name: 'Shift Details' });
    await expect.poll(() => table.isVisible()).toBe(true);
    const clipped = await table.evaluate((el) => {
      const cut = [...el.querySelectorAll('th')]
        .filter((th) => th.scrollWidth > th.clientWidth + 1)
        .map((th) => th.textContent);
      const scroller = el.parentElement!;
      return { cut, isScrolling: scroller.scrollWidth > scroller.clientWidth + 1 };
    });
    await screenshot(page, `controls-shift-details-${size.width}`);
    expect(clipped, `${size.width} px`).toEqual({ cut: [], isScrolling: false });
    expect(await page.getByRole('columnheader', { name: /Hours done/ }).isVisible()).toBe(true);
  }
});

it('closes the assistant button’s tooltip once the panel opens', async () => {
  const assistant = page.getByRole('button', { name: 'Open assistant' });
  await assistant.hover();
  await expect.poll(() => page.getByRole('tooltip', { name: 'Assistant' }).isVisible()).toBe(true);
  await assistant.click();
  await expect.poll(() => page.getByRole('button', { name: 'Close assistant' }).isVisible()).toBe(true);
  await expect.poll(() => page.getByRole('tooltip', { name: 'Assistant' }).count()).toBe(0);
  await page.mouse.move(0, 0);
  await page.getByRole('button', { name: 'Close assistant' }).click();
  await expect.poll(() => page.getByRole('tooltip', { name: 'Assistant' }).count()).toBe(0);
});

it('shows the company code on one line with its copy button beside it, at 390, 1280 and 1440 px', async () => {
  for (const [pathname, testId] of [
    ['/dashboard/staff', 'staff-company-code'],
    ['/onboard', 'company-code'],
  ] as const) {
    await page.goto(suite.preview.url + pathname);
    const code = page.getByTestId(testId);
    await expect.poll(() => code.textContent()).toBe(agency.code);
    for (const size of [MOBILE, LAPTOP, WIDE]) {
      await page.setViewportSize(size);
      // Polled: the page re-lays out after a resize (media-query hooks re-render), and a box read
      // across that moment can show neither layout.
      await expect.poll(() => isOneLine(code), { message: `${pathname} at ${size.width}: one line` }).toBe(true);
      const copy = page.getByRole('button', { name: 'Copy company code' });
      // Beside it: the button's middle is level with the code and it starts after the code ends.
      await expect
        .poll(
          async () => {
            const [codeBox, copyBox] = [await code.boundingBox(), await copy.boundingBox()];
            const level = Math.abs(codeBox!.y + codeBox!.height / 2 - (copyBox!.y + copyBox!.height / 2)) < 12;
            return level && copyBox!.x >= codeBox!.x + codeBox!.width;
          },
          { message: `${pathname} at ${size.width}: copy button level with the code, after it` },
        )
        .toBe(true);
      if (size !== LAPTOP) await screenshot(page, `controls-code-${testId}-${size.width}`);
    }
  }
});

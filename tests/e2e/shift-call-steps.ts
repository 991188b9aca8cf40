/// <reference lib="dom" />
/** Steps of the Shift Call form in the browser tests: selects, day pickers and typed times, stored shifts. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { superuser } from '../support/clients.ts';
import { chooseOption } from './helpers.ts';

export const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

export async function choose(page: Page, label: string, option: string): Promise<void> {
  // Focusing first lets a shown error clear (and the layout settle) before the click opens the list.
  await page.getByRole('combobox', { name: label, exact: true }).focus();
  await chooseOption(page, label, option);
}

/** The wall clock in Toronto `days` from now, as the picker's day label and the draft's value. */
export function torontoDay(days: number): { label: string; date: string; monthsAhead: number } {
  const at = new Date(Date.now() + days * 86_400_000);
  const parts = (d: Date) =>
    Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', {
        timeZone: 'America/Toronto',
        year: 'numeric',
        month: 'long',
        day: 'numeric',
      })
        .formatToParts(d)
        .map((p) => [p.type, p.value]),
    );
  const target = parts(at);
  const today = parts(new Date());
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(at);
  const monthsAhead =
    (Number(target.year) - Number(today.year)) * 12 +
    (new Date(`${target.month} 1 2000`).getMonth() - new Date(`${today.month} 1 2000`).getMonth());
  return { label: `${target.day} ${target.month} ${target.year}`, date: iso, monthsAhead };
}

export const pickerDropdown = (page: Page) => page.locator('.mantine-Popover-dropdown[data-dates-dropdown]');

/** Picks a day in the Start or End calendar and types a time (any way people write one) into its time field. */
export async function pickDateTime(
  page: Page,
  label: 'Start' | 'End',
  days: number,
  time: number | string,
): Promise<void> {
  const day = torontoDay(days);
  const dropdown = pickerDropdown(page);
  await expect
    .poll(async () => {
      if (!(await dropdown.isVisible())) await page.getByRole('button', { name: label, exact: true }).click();
      return dropdown.isVisible();
    })
    .toBe(true);
  for (let i = 0; i < day.monthsAhead; i++) await dropdown.locator('[data-direction="next"]').first().click();
  await dropdown.getByRole('button', { name: day.label, exact: true }).click();
  await expect.poll(() => pickerDropdown(page).count()).toBe(0);
  const typed = typeof time === 'number' ? `${String(time).padStart(2, '0')}:00` : time;
  const field = textbox(page, `${label} time`);
  await field.fill(typed);
  await field.press('Enter');
}

export async function shiftsOf(companyId: string): Promise<Record<string, unknown>[]> {
  const db = await superuser();
  try {
    return (await db.query('select * from public.shifts where company_id = $1', [companyId])).rows;
  } finally {
    await db.end();
  }
}

/// <reference lib="dom" />
/**
 * Markup in agency data is text everywhere the dashboard shows it. A company name, a staff
 * member's name and a shift's address, notes and skill are stored with HTML in them (straight in
 * the database, as a hostile mobile client or import could), then every view that prints them is
 * opened: the greeting, Shift Details, the delete confirmation, the timeline drawer, Staff List,
 * View Staff Shift, the assistant's reply and the timesheet CSV. Nothing is parsed as HTML (no
 * injected element, no handler run), the text reads literally, and the CSV keeps its formula guard.
 * The CSP would block an injected handler anyway, so the DOM itself is checked, not just `__xss`.
 */
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { superuser } from '../support/clients.ts';
import { watchCsp } from './csp-watch.ts';
import { createCompany, createStaff, signInBrowser, type TestCompany, dashboardSuite } from './dashboard-fixtures.ts';
import { expectAlert, expectPath, newPage, showAllShifts, rowOrCard } from './helpers.ts';

const IMG = '<img src=x onerror=window.__xss=1>';
const SCRIPT = '<script>window.__xss=1</script>';
const SVG = '<svg onload=window.__xss=1>';
const COMPANY_NAME = `Harbour ${IMG} Care`;
const FIRST = `Ada${IMG}`;
const LAST = `Lee${SCRIPT}`;
const STREET = `${SVG} Main St`;
const CITY = `Toronto${SCRIPT}`;
const NOTES = `Side door ${IMG} please`;
// A spreadsheet formula with markup in it: the CSV must keep it as data ('-prefixed).
const SKILL = '=HYPERLINK("http://x.invalid","<b>pay</b>")';

const suite = dashboardSuite();
const { companies, markers } = suite;

/** A premium agency with one staff member and one completed shift from two days ago, all marked up. */
async function seed(): Promise<{ company: TestCompany; staffId: string; shiftId: string }> {
  const company = await createCompany('xss', { name: COMPANY_NAME, premium: true });
  companies.push(company);
  const marker = `xss-${randomUUID().slice(0, 8)}`;
  markers.push(marker);
  const [staffId] = await createStaff(company, 1, marker);
  const db = await superuser();
  try {
    await db.query('update public.staff set first_name = $2, last_name = $3 where id = $1', [staffId, FIRST, LAST]);
    const { rows } = await db.query<{ id: string }>(
      `insert into public.shifts (company_id, staff_type, skill, street_number, street_name, city, province, country,
                                  postal_code, notes, starts_at, ends_at, created_at)
       values ($1, 'PSW', $2, '12', $3, $4, 'ON', 'Canada', 'M5H 1A1', $5, now() - interval '2 days',
               now() - interval '2 days' + interval '8 hours', now() - interval '4 days')
       returning id`,
      [company.id, SKILL, STREET, CITY, NOTES],
    );
    const shiftId = rows[0]!.id;
    // One step at a time, as the mobile app moves it, so the history records each (the timeline).
    await db.query(
      "update public.shifts set accepted_by = $2, accepted_at = created_at + interval '1 hour' where id = $1",
      [shiftId, staffId],
    );
    await db.query('update public.shifts set clocked_in_at = starts_at where id = $1', [shiftId]);
    await db.query(
      `update public.shifts set clocked_out_at = starts_at + interval '8 hours', time_done = '8 hrs' where id = $1`,
      [shiftId],
    );
    return { company, staffId: staffId!, shiftId };
  } finally {
    await db.end();
  }
}

/** Nothing from the data became an element or ran, and `text` is on the page as characters. */
async function expectInert(page: Page, ...texts: string[]): Promise<void> {
  const injected = await page.evaluate(() => ({
    ran: (window as unknown as { __xss?: unknown }).__xss,
    elements: [
      ...document.querySelectorAll('img[src="x"], svg[onload], [onerror], [onload], b'),
      ...[...document.scripts].filter((s) => s.textContent?.includes('__xss')),
    ].map((e) => e.outerHTML),
  }));
  expect(injected).toEqual({ ran: undefined, elements: [] });
  const body = await page.locator('body').innerText();
  for (const text of texts) expect(body).toContain(text);
}

const row = rowOrCard;

describe('markup in agency data', () => {
  it('is rendered as text in every view and exported as data', async () => {
    const { company, staffId, shiftId } = await seed();
    const { context, page, errors } = await newPage(suite.browser);
    const violations = await watchCsp(context);
    await signInBrowser(context, company);

    // The greeting and Shift Details: address, staff name.
    await page.goto(`${suite.preview.url}/dashboard/shift-info`);
    await showAllShifts(page);
    await row(page, shiftId).waitFor();
    await expect.poll(() => row(page, shiftId).innerText()).toContain(`${FIRST} ${LAST}`);
    await expectInert(page, `Hello, ${COMPANY_NAME}`, `12 ${STREET}, ${CITY}, ON M5H 1A1`);

    // The delete confirmation (cancelled) and the timeline drawer.
    const actions = page.getByRole('button', { name: `Actions for shift ${shiftId}` });
    await actions.click();
    await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.waitFor();
    await expectInert(page, `Shift ${shiftId} will be deleted`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await actions.click();
    await page.getByRole('menuitem', { name: 'View timeline', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Shift timeline' });
    await drawer.getByText(`Accepted by ${FIRST} ${LAST}`).waitFor();
    await expectInert(page, `Clocked in by ${FIRST} ${LAST}`);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    // The timesheet CSV: the markup is data, and the skill's formula is guarded.
    await page.getByRole('tab', { name: 'Timesheet export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download timesheet (CSV)' }).click(),
    ]);
    await expectAlert(page, 'Timesheet downloaded');
    const csv = (await readFile((await download.path())!)).toString('utf8');
    const line = csv.split('\r\n').find((l) => l.startsWith(FIRST));
    expect(line).toBeDefined();
    expect(line).toContain(`${FIRST} ${LAST},`);
    expect(line).toContain(`"12 ${STREET}, ${CITY}, ON M5H 1A1, Canada"`);
    expect(line).toContain(`"'=HYPERLINK(""http://x.invalid"",""<b>pay</b>"")"`);

    // Staff List and View Staff Shift.
    await page.getByRole('link', { name: 'Staff List' }).click();
    await expectPath(page, '/dashboard/staff');
    // The staff row by its e-mail (the previous page's rows may still be on screen while this loads).
    await expect
      .poll(() =>
        row(page, '@staff.carecover.local')
          .innerText()
          .catch(() => ''),
      )
      .toContain(FIRST);
    await expectInert(page, FIRST, LAST);
    await page.goto(`${suite.preview.url}/dashboard/view?staff=${staffId}`);
    await page.getByRole('heading', { name: `Shifts of ${FIRST} ${LAST}` }).waitFor();
    await row(page, 'Completed').waitFor();
    await expectInert(page, `12 ${STREET}, ${CITY}`);

    // The assistant quotes the shift's address, staff and notes in its reply.
    await page.getByRole('button', { name: 'Open assistant', exact: true }).click();
    const input = page.getByRole('textbox', { name: 'Message CareCover AI', exact: true });
    await input.fill(`Tell me about shift ${shiftId}`);
    await input.press('Enter');
    const reply = page.getByTestId('chat-panel').locator('[data-sender="ai"]').first();
    await expect.poll(() => reply.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => reply.innerText(), { timeout: 15_000 }).toContain(`ShiftID: ${shiftId}`);
    const replyText = await reply.innerText();
    expect(replyText).toContain(`${FIRST} ${LAST}`);
    expect(replyText).toContain(STREET);
    expect(replyText).toContain(NOTES);
    await expectInert(page);

    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

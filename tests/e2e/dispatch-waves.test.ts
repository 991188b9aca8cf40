/// <reference lib="dom" />
/**
 * Dispatch waves in the browser, at 1440×900 and 390×844: the agency posts in "Best matches first"
 * (the choice is kept as its default), reads a toast that says what happened (not SPEC's "All
 * frontline staff are notified"), then watches the shift's timeline fill wave by wave without a
 * reload: wave 1 with its five best matches and why, the next wave due, then wave 2 to everyone else
 * once it falls due. Wave 2 is made due now and the schedule's pass (private.dispatch_tick, what
 * pg_cron runs every minute; tests/integration/dispatch-waves.test.ts waits for the real cron) is
 * run once, so the test does not wait out a clock.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { superuser } from '../support/clients.ts';
import { createCompany, createStaff, dashboardSuite, signInBrowser } from './dashboard-fixtures.ts';
import { expectPath, MOBILE, newPage, screenshot, seriousViolations } from './helpers.ts';
import { choose, pickDateTime, shiftsOf, textbox } from './shift-call-steps.ts';

const WIDE = { width: 1440, height: 900 };
const suite = dashboardSuite();
const { companies, markers } = suite;

async function sql<T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const db = await superuser();
  try {
    return (await db.query<T>(text, params)).rows;
  } finally {
    await db.end();
  }
}

describe('Best matches first', () => {
  for (const viewport of [WIDE, MOBILE]) {
    it(`posts to the best matches and the timeline fills wave by wave, at ${viewport.width} px`, async () => {
      const agency = await createCompany(`waves-${viewport.width}`, { premium: true });
      companies.push(agency);
      const marker = `waves-${randomUUID().slice(0, 8)}`;
      markers.push(marker);
      await createStaff(agency, 7, marker);

      const { context, page } = await newPage(suite.browser, viewport);
      await signInBrowser(context, agency);
      await page.goto(`${suite.preview.url}/dashboard/shiftcall`);
      await expectPath(page, '/dashboard/shiftcall');
      const best = page.getByRole('radio', { name: 'Best matches first' });
      await expect.poll(() => best.isVisible()).toBe(true);
      // SPEC's behaviour is where an agency starts.
      expect(await page.getByRole('radio', { name: 'Everyone' }).isChecked()).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);

      await choose(page, 'Staff type', 'Personal Support Worker');
      await choose(page, 'Skill', 'Dementia care');
      await pickDateTime(page, 'Start', 2, 9);
      await pickDateTime(page, 'End', 2, 17);
      await textbox(page, 'Street number').fill('100');
      await textbox(page, 'Street name').fill('Queen St W');
      await textbox(page, 'City').fill('Toronto');
      await choose(page, 'Country', 'Canada');
      await choose(page, 'Province', 'Ontario');
      await textbox(page, 'Postal code').fill('M5H 2N2');
      await best.check();
      // Kept as the agency's default for the next Shift Call.
      await expect
        .poll(async () => (await sql('select dispatch_mode from public.companies where id = $1', [agency.id]))[0])
        .toEqual({ dispatch_mode: 'best_matches' });
      await screenshot(page, `dispatch-shift-call-${viewport.width}`);

      // Every alert's text as it appears: a toast lasts 7 s, longer than a loaded machine may take to look.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { seen: string[] }).seen = seen;
        new MutationObserver(() => {
          for (const el of document.querySelectorAll('[role="alert"]')) {
            const text = el.textContent ?? '';
            if (!seen.includes(text)) seen.push(text);
          }
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await expect.poll(() => dialog.count(), { timeout: 20_000 }).toBe(0);
      // Wave 2 goes out an hour after posting for a shift two days away; the toast says when.
      const toast =
        /Your new shift has been sent to your 5 best matches\. If nobody accepts by \d{1,2}:\d{2}\s[AP]M, everyone else who can take it is notified/;
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { seen: string[] }).seen))
        .toContainEqual(expect.stringMatching(toast));
      expect(
        (await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).some((t) =>
          t.includes('All frontline staff are notified'),
        ),
      ).toBe(false);
      await expect
        .poll(() =>
          page
            .getByRole('status')
            .filter({ hasText: '5 staff members were notified first, as your best matches.' })
            .count(),
        )
        .toBe(1);

      const [shift] = await shiftsOf(agency.id);
      expect(shift).toMatchObject({ dispatch_mode: 'best_matches', next_wave: 2 });
      const shiftId = String(shift?.id);

      await page.goto(`${suite.preview.url}/dashboard/shift-info?timeline=${shiftId}`);
      const drawer = page.getByRole('dialog', { name: 'Shift timeline' });
      await expect
        .poll(() => drawer.getByText(/^Wave 1, best matches: 5 staff members notified:\s+#1 Staff \d: /).count())
        .toBe(1);
      await expect
        .poll(() =>
          drawer.getByText('Wave 2 to every other eligible staff member, if nobody has accepted by then').count(),
        )
        .toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `dispatch-timeline-wave-1-${viewport.width}`);

      // Wave 2 falls due and the schedule runs: the open drawer shows it by itself.
      await sql('update public.shifts set next_wave_at = now() where id = $1', [shiftId]);
      await sql('select private.dispatch_tick()');
      await expect
        .poll(() =>
          drawer
            .getByText(/^Wave 2, every other eligible staff member: 2 more staff members notified: Staff \d, Staff \d$/)
            .count(),
        )
        .toBe(1);
      await expect.poll(() => drawer.getByText('Next wave', { exact: true }).count()).toBe(0);
      await screenshot(page, `dispatch-timeline-wave-2-${viewport.width}`);

      // Every worker heard of it once: five in wave 1, two in wave 2.
      const notified = await sql<{ wave: number; n: number }>(
        'select wave, count(*)::int as n from public.shift_wave_recipients where shift_id = $1 group by wave order by wave',
        [shiftId],
      );
      expect(notified).toEqual([
        { wave: 1, n: 5 },
        { wave: 2, n: 2 },
      ]);
      await context.close();
    });
  }
});

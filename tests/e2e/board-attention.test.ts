/// <reference lib="dom" />
/**
 * Shift Details, issue 28 sections 5 and 1, at 1440×900 and 390×844: a best-matches shift whose
 * every wave went out with nobody accepting is in Needs action, marked "All waves sent, nobody
 * accepted" (the board opens there); one whose last wave went out less than 30 minutes ago, and
 * starts days later, is not yet. The strip of time off says when nobody is off, then shows a
 * worker's time off as soon as they mark it (Realtime, no reload), one-off and weekly, in the
 * company's zone, and never another agency's worker's. The waves go out through the real schedule's
 * pass (private.dispatch_tick, what pg_cron runs each minute) with wave 2 made due now, so the test
 * waits on no clock. axe finds nothing serious. A failed read of time off says so, leaves the board
 * standing, and Retry reads it again.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { anonClient, superuser, TEST_PASSWORD } from '../support/clients.ts';
import { createCompany, dashboardSuite, signInBrowser, type TestCompany } from './dashboard-fixtures.ts';
import { MOBILE, newPage, rowOrCard, screenshot, seriousViolations } from './helpers.ts';
import { removeWorkers, signUpWorker, type TestWorker } from './staff-fixtures.ts';

const WIDE = { width: 1440, height: 900 };
const ZONE = 'America/Toronto';
const suite = dashboardSuite();
const workers: TestWorker[] = [];
afterAll(() => removeWorkers(workers));

async function sql<T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const db = await superuser();
  try {
    return (await db.query<T>(text, params)).rows;
  } finally {
    await db.end();
  }
}

/**
 * A best-matches shift of `company` on `street`, starting `startsInHours` from now, posted an hour
 * ago, whose wave 2 (its last: no overtime) goes out now through the schedule's pass.
 */
async function bestMatchesShiftAfterItsWaves(company: TestCompany, street: string, startsInHours: number) {
  const [row] = await sql<{ id: string }>(
    `insert into public.shifts (company_id, staff_type, skill, street_number, street_name, city, province, country,
                                postal_code, starts_at, ends_at, dispatch_mode)
     values ($1, 'PSW', 'Personal care', '12', $2, 'Toronto', 'Ontario', 'Canada', 'M5H 2N2',
             now() + make_interval(hours => $3), now() + make_interval(hours => $3 + 8), 'best_matches')
     returning id`,
    [company.id, street, startsInHours],
  );
  await sql('update public.shifts set next_wave_at = now() where id = $1', [row!.id]);
  return row!.id;
}

async function workerClient(worker: TestWorker) {
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email: worker.email, password: TEST_PASSWORD });
  if (error) throw error;
  return client;
}

/** As the strip writes it (company zone): 'Fri, Nov 27, 9:00 AM – 5:00 PM'. */
function fromTo(starts: Date, ends: Date): string {
  const dayTime = new Intl.DateTimeFormat('en-US', {
    timeZone: ZONE,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  const time = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hour: 'numeric', minute: '2-digit' });
  const day = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, dateStyle: 'medium' });
  const sameDay = day.format(starts) === day.format(ends);
  return `${dayTime.format(starts)} – ${(sameDay ? time : dayTime).format(ends)}`;
}

const hoursFromNow = (hours: number) => {
  // On the hour, so the text is the same whatever second the test runs.
  const at = new Date(Date.now() + hours * 3_600_000);
  at.setUTCMinutes(0, 0, 0);
  return at;
};

const viewRadio = (page: Page, label: string) => page.getByRole('radio', { name: new RegExp(`^${label}: \\d+$`) });
const strip = (page: Page) => page.getByTestId('board-time-off');
const stripItems = (page: Page) =>
  page.getByRole('region', { name: 'Time off, next 7 days' }).getByRole('listitem').allInnerTexts();

describe('the board: waves exhausted and time off', () => {
  it('marks a best-matches shift nobody took after every wave, and shows who is off, live, at both sizes', async () => {
    const tag = randomUUID().slice(0, 6);
    const agency = await createCompany(`attention-${tag}`, { premium: true, timeZone: ZONE });
    const other = await createCompany(`attention-other-${tag}`, { premium: true, timeZone: ZONE });
    suite.companies.push(agency, other);
    const [nadia, omar, bea] = await Promise.all([
      signUpWorker('Nadia', agency),
      signUpWorker('Omar', agency),
      signUpWorker('Bea', other),
    ]);
    workers.push(nadia!, omar!, bea!);

    const exhausted = await bestMatchesShiftAfterItsWaves(agency, `Exhausted Ave ${tag}`, 3);
    const fresh = await bestMatchesShiftAfterItsWaves(agency, `Fresh Road ${tag}`, 48);
    await sql('select private.dispatch_tick(now())');
    const marks = await sql<{ id: string; next_wave: number | null; due: boolean }>(
      `select id, next_wave, waves_exhausted_at <= now() as due from public.shifts where id = any($1)`,
      [[exhausted, fresh]],
    );
    // Both sent their last wave; only the one starting within 4 hours needs the scheduler yet.
    expect(Object.fromEntries(marks.map((m) => [m.id, [m.next_wave, m.due]]))).toEqual({
      [exhausted]: [null, true],
      [fresh]: [null, false],
    });

    // Wide: the board opens on Needs action with the exhausted shift, marked; nobody is off yet.
    const { context, page } = await newPage(suite.browser, WIDE);
    await signInBrowser(context, agency);
    await page.goto(`${suite.preview.url}/dashboard/shift-info`);
    await expect.poll(() => viewRadio(page, 'Needs action').isChecked()).toBe(true);
    expect(await page.getByText(/^Needs action · \d+$/).innerText()).toBe('Needs action · 1');
    const row = rowOrCard(page, `Exhausted Ave ${tag}`);
    await expect
      .poll(() => row.locator('[data-attention="waves-exhausted"]').innerText())
      .toBe('All waves sent, nobody accepted');
    expect(await rowOrCard(page, `Fresh Road ${tag}`).count()).toBe(0);
    await expect.poll(() => strip(page).innerText()).toBe('No staff time off in the next 7 days.');

    // Another agency's worker marks time off: never on this board. Then Nadia (one-off) and Omar
    // (weekly, since 20 days ago) mark theirs in CareCover Staff: the strip shows them without a reload.
    const nadiaFrom = hoursFromNow(30);
    const nadiaTo = new Date(nadiaFrom.getTime() + 8 * 3_600_000);
    const omarFirst = hoursFromNow(-20 * 24 + 50);
    const omarFirstEnd = new Date(omarFirst.getTime() + 4 * 3_600_000);
    const [nadiaApp, omarApp, beaApp] = await Promise.all([
      workerClient(nadia!),
      workerClient(omar!),
      workerClient(bea!),
    ]);
    const period = (from: Date, to: Date, weekly = false) => ({
      starts_at: from.toISOString(),
      ends_at: to.toISOString(),
      repeats_weekly: weekly,
      time_zone: ZONE,
    });
    expect((await beaApp.from('staff_time_off').insert(period(nadiaFrom, nadiaTo))).error).toBeNull();
    expect((await nadiaApp.from('staff_time_off').insert(period(nadiaFrom, nadiaTo))).error).toBeNull();
    expect((await omarApp.from('staff_time_off').insert(period(omarFirst, omarFirstEnd, true))).error).toBeNull();
    // The weekly period's repeat in the next 7 days: 3 weeks on, at the same wall-clock hours.
    const omarNext = await sql<{ starts: Date; ends: Date }>(
      `select ((($1::timestamptz at time zone $3) + interval '21 days') at time zone $3) as starts,
              ((($2::timestamptz at time zone $3) + interval '21 days') at time zone $3) as ends`,
      [omarFirst.toISOString(), omarFirstEnd.toISOString(), ZONE],
    );
    // Nadia's starts in about 30 hours, Omar's repeat in about 74: the soonest first.
    expect(nadiaFrom.getTime()).toBeLessThan(omarNext[0]!.starts.getTime());
    const expected = [
      `Nadia Tester: ${fromTo(nadiaFrom, nadiaTo)}`,
      `Omar Tester: ${fromTo(omarNext[0]!.starts, omarNext[0]!.ends)}, weekly`,
    ];
    await expect.poll(() => stripItems(page)).toEqual(expected);
    expect(await strip(page).getByText('Bea', { exact: false }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'board-attention-1440');
    await context.close();

    // Phone: the card carries the same mark, and the strip the same workers.
    const phone = await newPage(suite.browser, MOBILE);
    await signInBrowser(phone.context, agency);
    await phone.page.goto(`${suite.preview.url}/dashboard/shift-info`);
    await expect.poll(() => viewRadio(phone.page, 'Needs action').isChecked()).toBe(true);
    const card = phone.page.locator('li[data-card]').filter({ hasText: `Exhausted Ave ${tag}` });
    await expect
      .poll(() => card.locator('[data-attention="waves-exhausted"]').innerText())
      .toBe('All waves sent, nobody accepted');
    await expect.poll(() => stripItems(phone.page)).toEqual(expected);

    // Live the other way too: Nadia deletes hers, and it goes.
    expect((await nadiaApp.from('staff_time_off').delete().eq('staff_id', nadia!.id)).error).toBeNull();
    await expect.poll(() => stripItems(phone.page)).toEqual(expected.filter((line) => line.startsWith('Omar')));
    expect(await seriousViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'board-attention-390');

    // Someone accepts: the shift leaves Needs action, live.
    await sql('update public.shifts set accepted_by = $2, accepted_at = now() where id = $1', [exhausted, omar!.id]);
    await expect.poll(() => phone.page.getByText(/^Needs action · \d+$/).innerText()).toBe('Needs action · 0');
    expect(await card.count()).toBe(0);
    await phone.context.close();
    await Promise.all([nadiaApp, omarApp, beaApp].map((client) => client.auth.signOut()));
  });

  it('says when time off cannot be read, keeps the board, and Retry reads it again', async () => {
    const agency = await createCompany(`attention-retry-${randomUUID().slice(0, 6)}`, { timeZone: ZONE });
    suite.companies.push(agency);
    const { context, page } = await newPage(suite.browser, WIDE);
    await signInBrowser(context, agency);
    let failing = true;
    await context.route('**/rest/v1/rpc/time_off_between**', (route) =>
      failing ? route.fulfill({ status: 503, body: 'unavailable' }) : route.fallback(),
    );
    await page.goto(`${suite.preview.url}/dashboard/shift-info`);
    await strip(page).getByText('Time off could not be loaded').waitFor();
    // The board itself is still there.
    await page.getByRole('radio', { name: /^All: \d+$/ }).waitFor({ state: 'attached' });
    failing = false;
    await strip(page).getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => strip(page).innerText()).toBe('No staff time off in the next 7 days.');
    await context.close();
  });
});

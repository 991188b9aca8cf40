/**
 * The agency sees a worker's time off on the worker's page (Staff List → View Shifts), issue 28: a
 * worker marks a one-off period and a weekly one through the API as the staff app does; the page
 * lists both (in the company's zone; the weekly one at its own hours), skips one that has ended,
 * says so when there is none, and comes back up after a failed read with Retry. Checked at
 * 1440×900 and 390×844, with axe.
 */
import { describe, expect, it } from 'vitest';
import { anonClient, TEST_PASSWORD } from '../support/clients.ts';
import { createCompany, dashboardSuite, signInBrowser } from './dashboard-fixtures.ts';
import { MOBILE, newPage, screenshot, seriousViolations } from './helpers.ts';
import { removeWorkers, signUpWorker, type TestWorker } from './staff-fixtures.ts';

const WIDE = { width: 1440, height: 900 };
const suite = dashboardSuite();
const workers: TestWorker[] = [];

async function workerClient(worker: TestWorker) {
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email: worker.email, password: TEST_PASSWORD });
  if (error) throw error;
  return client;
}

describe("a worker's time off on their page", () => {
  it('lists current and upcoming time off, one-off and weekly, at both sizes; an empty state otherwise', async () => {
    const company = await createCompany('time-off-page');
    suite.companies.push(company);
    const worker = await signUpWorker('Nadia', company);
    const idle = await signUpWorker('Idris', company);
    workers.push(worker, idle);

    const client = await workerClient(worker);
    // Rows of one bulk insert share their columns (PostgREST fills a missing one with null).
    const { error } = await client.from('staff_time_off').insert([
      // Mon Mar 1 2027, 9:00 AM – 1:00 PM in Toronto: a one-off in the company's zone.
      {
        starts_at: '2027-03-01T14:00:00Z',
        ends_at: '2027-03-01T18:00:00Z',
        repeats_weekly: false,
        time_zone: 'America/Toronto',
        note: 'Dentist',
      },
      // Tuesdays 9–5 in Toronto from Dec 1 2026 until Jan 31 2027 (repeat_until: Feb 1, 00:00).
      {
        starts_at: '2026-12-01T14:00:00Z',
        ends_at: '2026-12-01T22:00:00Z',
        repeats_weekly: true,
        repeat_until: '2027-02-01T05:00:00Z',
        time_zone: 'America/Toronto',
      },
      // Over already: not shown.
      {
        starts_at: '2026-01-05T14:00:00Z',
        ends_at: '2026-01-05T18:00:00Z',
        repeats_weekly: false,
        time_zone: 'America/Toronto',
      },
    ]);
    expect(error).toBeNull();

    for (const size of [WIDE, MOBILE]) {
      const { context, page } = await newPage(suite.browser, size);
      await signInBrowser(context, company);
      await page.goto(`${suite.preview.url}/dashboard/view?staff=${worker.id}`);
      const list = page.getByRole('list', { name: 'Current and upcoming time off' });
      await list.waitFor();
      await expect
        .poll(async () => (await list.getByRole('listitem').allInnerTexts()).map((text) => text.split(/\s*\n+\s*/)))
        .toEqual([
          ['Every Tuesday, 9:00 AM – 5:00 PM, until Jan 31, 2027'],
          ['Mon, Mar 1, 9:00 AM – 1:00 PM', 'Dentist'],
        ]);
      expect(await page.getByRole('heading', { name: 'Shifts of Nadia Tester' }).count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `worker-page-time-off-${size.width}`);

      await page.goto(`${suite.preview.url}/dashboard/view?staff=${idle.id}`);
      await page.getByText('No time off marked.', { exact: false }).waitFor();
      await context.close();
    }
  });

  it('says when the time off cannot be read, and Retry reads it again', async () => {
    const company = await createCompany('time-off-retry');
    suite.companies.push(company);
    const worker = await signUpWorker('Rafael', company);
    workers.push(worker);
    const { context, page } = await newPage(suite.browser, WIDE);
    await signInBrowser(context, company);
    let failing = true;
    await context.route('**/rest/v1/staff_time_off**', (route) =>
      failing ? route.fulfill({ status: 503, body: 'unavailable' }) : route.fallback(),
    );
    await page.goto(`${suite.preview.url}/dashboard/view?staff=${worker.id}`);
    await page.getByText('Time off could not be loaded').waitFor();
    // The rest of the page is still there.
    expect(await page.getByRole('heading', { name: 'Shifts of Rafael Tester' }).count()).toBe(1);
    failing = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('No time off marked.', { exact: false }).waitFor();
    await context.close();
    await removeWorkers(workers);
  });
});

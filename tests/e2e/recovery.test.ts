/// <reference lib="dom" />
/**
 * The dashboard survives restarts under it by itself. With Shift Details open:
 * - the stack's gateway is killed (as a crash would) and started again: the page shows
 *   'Reconnecting...' while it is gone, 'Live' again once it is back, and a shift inserted
 *   meanwhile appears without a reload (the channel's rejoin refetches);
 * - Postgres is stopped and started: the same, and a shift written right after the restart (perhaps
 *   before change capture resumed) appears too.
 *
 * This restarts parts of the stack the browser tests share. That is safe because this file runs
 * alone, in the e2e-exclusive project after every other browser test (vitest.config.ts), and no
 * test finishes (even when it fails) before the stack answers again.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY, apiUrl, paths, projectRoot, SERVICE_ROLE_KEY } from '../../stack/src/config.ts';
import { startPostgres, stopPostgres } from '../../stack/src/postgres/cluster.ts';
import { launchBrowser, startPreview } from '../support/browser.ts';
import { superuser } from '../support/clients.ts';
import { isStackUp } from '../support/stack-env.ts';
import { createCompany, postShiftAs, removeTestData, signInBrowser, type TestCompany } from './dashboard-fixtures.ts';
import { newPage, screenshot, showAllShifts } from './helpers.ts';

let browser: Browser;
let preview: Awaited<ReturnType<typeof startPreview>>;
const companies: TestCompany[] = [];

/** `up` of the shared stack: it starts a gateway that is not running and leaves the rest alone. */
function stackUp(): void {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'stack/src/cli.ts', 'up'], {
    cwd: projectRoot,
    encoding: 'utf8',
    env: process.env,
  });
  if (result.status !== 0) throw new Error(`stack up failed:\n${result.stdout}${result.stderr}`);
}

function gatewayPid(): number {
  return Number(readFileSync(path.join(paths.pids, 'gateway.pid'), 'utf8'));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
  } catch {
    return false;
  }
}

/** REST answers again: Postgres is up and the gateway's pool has reconnected. */
async function restAnswers(): Promise<boolean> {
  try {
    const res = await fetch(`${apiUrl}/rest/v1/companies?select=id&limit=1`, {
      headers: { apikey: ANON_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` },
      signal: AbortSignal.timeout(2_000),
    });
    return res.ok;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  preview = await startPreview();
  browser = await launchBrowser();
});

afterAll(async () => {
  // Whatever happened above, the next test file gets a stack that answers.
  startPostgres();
  if (!(await isStackUp())) stackUp();
  await browser?.close();
  await preview?.stop();
  await removeTestData([], companies);
}, 120_000);

/** A shift of the company, posted through its own session (what Shift Call's insert does). */
async function postShift(c: TestCompany): Promise<string> {
  return postShiftAs(c, { skill: 'Dementia care' });
}

/** A shift written straight into Postgres: the gateway is down, the database is not. */
async function insertShiftDirectly(c: TestCompany, street = 'Bay St'): Promise<string> {
  const db = await superuser();
  try {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.shifts (company_id, staff_type, skill, street_number, street_name, city, province,
                                  country, postal_code, starts_at, ends_at)
       values ($1, 'RN', 'Wound care', '200', $2, 'Toronto', 'ON', 'Canada', 'M5J 2J2',
               now() + interval '3 days', now() + interval '3 days 6 hours')
       returning id`,
      [c.id, street],
    );
    const id = rows[0]?.id;
    if (!id) throw new Error('the shift was not inserted');
    return id;
  } finally {
    await db.end();
  }
}

async function indicatorShows(page: Page, text: 'Live' | 'Reconnecting...'): Promise<void> {
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: text }).count(), { timeout: 30_000, message: text })
    .toBeGreaterThan(0);
}

async function rowShown(page: Page, text: string): Promise<void> {
  await expect
    .poll(() => page.getByRole('row').filter({ hasText: text }).count(), { timeout: 20_000, message: `row ${text}` })
    .toBeGreaterThan(0);
}

describe('a gateway restart under an open dashboard', () => {
  it('shows Reconnecting..., then Live again by itself, with the shift inserted meanwhile', async () => {
    const company = await createCompany('recovery');
    companies.push(company);
    const before = await postShift(company);

    const { page, context, errors } = await newPage(browser);
    await signInBrowser(context, company);
    await page.goto(`${preview.url}/dashboard/shift-info`);
    await showAllShifts(page);
    await indicatorShows(page, 'Live');
    await rowShown(page, before);

    const pid = gatewayPid();
    process.kill(pid, 'SIGKILL');
    try {
      await expect.poll(() => isAlive(pid)).toBe(false);
      await indicatorShows(page, 'Reconnecting...');
      await screenshot(page, 'recovery-reconnecting-1280');
      const during = await insertShiftDirectly(company);
      // Still down: the new shift cannot have arrived by any channel yet.
      expect(await page.getByRole('row').filter({ hasText: during }).count()).toBe(0);

      stackUp();
      expect(gatewayPid()).not.toBe(pid);
      await indicatorShows(page, 'Live');
      await rowShown(page, during);
      await rowShown(page, before);
      await screenshot(page, 'recovery-live-again-1280');
    } finally {
      if (!(await isStackUp())) stackUp();
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('a Postgres restart under an open dashboard', () => {
  it('shows Reconnecting..., keeps the rows, then Live again with a shift written right after the restart', async () => {
    const company = await createCompany('recovery-db');
    companies.push(company);
    const before = await postShift(company);

    const { page, context, errors } = await newPage(browser);
    await signInBrowser(context, company);
    await page.goto(`${preview.url}/dashboard/shift-info`);
    await showAllShifts(page);
    await indicatorShows(page, 'Live');
    await rowShown(page, before);

    stopPostgres();
    try {
      await indicatorShows(page, 'Reconnecting...');
      // The outage does not wipe what was shown.
      await rowShown(page, before);
      await screenshot(page, 'recovery-database-down-1280');
      startPostgres();
      // Written at once, possibly before realtime captures changes again: the rejoin's refetch finds it.
      const after = await insertShiftDirectly(company, 'Front St W');
      await indicatorShows(page, 'Live');
      await rowShown(page, after);
      await rowShown(page, before);
    } finally {
      startPostgres();
      await expect.poll(restAnswers, { timeout: 30_000, message: 'REST answers again' }).toBe(true);
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

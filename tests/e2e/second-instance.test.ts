/**
 * Two instances of the local stack from one checkout (README: "A second instance"): a second one
 * on other ports and its own state folder starts and stops without touching the first one's
 * `.env.development.local`, and the first instance's dashboard dev server still signs a person in.
 * (Stopping a second instance used to delete the file, and the first dashboard then threw
 * "VITE_SUPABASE_URL is not set" on its next action.)
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths, projectRoot } from '../../stack/src/config.ts';
import { devEnvFile, devServerEnv, envFileOwner, writeDevEnvFile } from '../../stack/src/dev-env.ts';
import { launchBrowser, startDevServer } from '../support/browser.ts';
import { TEST_PASSWORD } from '../support/clients.ts';
import { freePort } from '../support/free-port.ts';
import { createCompany, removeTestData, type TestCompany } from './dashboard-fixtures.ts';
import { DESKTOP, expectPath, newPage } from './helpers.ts';

let browser: Browser;
let firstDashboard: Awaited<ReturnType<typeof startDevServer>>;
const companies: TestCompany[] = [];
const fileBefore = existsSync(devEnvFile) ? readFileSync(devEnvFile, 'utf8') : null;
const secondState = mkdtempSync(path.join(tmpdir(), 'carecover-second-stack-'));

async function secondInstanceEnv(): Promise<NodeJS.ProcessEnv> {
  const ports: Record<string, number> = {};
  for (const name of ['API', 'DB', 'STANDINS', 'MAIL', 'SMTP', 'APP', 'STAFF_APP'])
    ports[`STACK_${name}_PORT`] = await freePort();
  return { ...process.env, ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])) };
}

async function cli(env: NodeJS.ProcessEnv, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'stack/src/cli.ts', ...args], {
    cwd: projectRoot,
    env: { ...env, STACK_STATE_DIR: secondState },
    timeout: 150_000,
  });
  return stdout;
}

beforeAll(async () => {
  // The first instance as `npm start` runs it: its file written, its dashboard served with its values.
  writeDevEnvFile();
  firstDashboard = await startDevServer(devServerEnv());
  browser = await launchBrowser();
});

afterAll(async () => {
  // A failed test may leave the second instance up: stopping a stopped instance is a no-op.
  await cli(process.env, 'down').catch(() => undefined);
  await browser?.close();
  await firstDashboard?.stop();
  await removeTestData([], companies);
  rmSync(secondState, { recursive: true, force: true });
  if (fileBefore === null) rmSync(devEnvFile, { force: true });
  else writeFileSync(devEnvFile, fileBefore);
});

describe('a second instance of the local stack', () => {
  it('starts and stops beside the first, which keeps its env file and still signs people in', async () => {
    const env = await secondInstanceEnv();
    const started = await cli(env, 'up', '--with-app', '--no-warm-up');
    expect(started).toContain(`API URL            http://127.0.0.1:${env.STACK_API_PORT}`);
    expect(started).toContain('belongs to another running instance of the stack: left as it is');
    expect(envFileOwner()).toBe(path.resolve(paths.state));

    await cli(env, 'down');
    expect(existsSync(devEnvFile)).toBe(true);
    expect(envFileOwner()).toBe(path.resolve(paths.state));

    const company = await createCompany('second-instance');
    companies.push(company);
    const { page } = await newPage(browser, DESKTOP);
    await page.goto(`${firstDashboard.url}/login`);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(company.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectPath(page, '/dashboard/shiftcall');
    await expect.poll(() => page.getByRole('heading', { name: /^Hello/ }).isVisible(), { timeout: 30_000 }).toBe(true);
  }, 240_000);
});

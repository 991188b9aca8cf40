/** Frontline workers for the staff app's browser tests, made as the app's sign-up makes them. */
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import type { Locale } from '../../shared/i18n/locale.ts';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, startStaffPreview } from '../support/browser.ts';
import { anonClient, superuser, TEST_PASSWORD } from '../support/clients.ts';
import { removeTestData, type TestCompany } from './dashboard-fixtures.ts';

export interface TestWorker {
  id: string;
  email: string;
  firstName: string;
}

/** Signs a worker up (password TEST_PASSWORD), employed by `company` when given, in `locale`'s language. */
export async function signUpWorker(
  firstName: string,
  company?: TestCompany,
  options: { locale?: Locale } = {},
): Promise<TestWorker> {
  const email = `staff-app-${randomUUID().slice(0, 8)}@example.com`;
  const { data, error } = await anonClient().auth.signUp({
    email,
    password: TEST_PASSWORD,
    options: {
      data: {
        account_type: 'staff',
        first_name: firstName,
        last_name: 'Tester',
        phone: '4165550123',
        ...(company ? { company_code: company.code } : {}),
        ...(options.locale ? { locale: options.locale } : {}),
      },
    },
  });
  if (error || !data.user) throw error ?? new Error('no user');
  return { id: data.user.id, email, firstName };
}

/** Deletes the workers' accounts (their staff rows, employments and subscriptions cascade). */
export async function removeWorkers(workers: { id: string }[]): Promise<void> {
  const db = await superuser();
  try {
    for (const { id } of workers) await db.query('delete from auth.users where id = $1', [id]);
  } finally {
    await db.end();
  }
}

/** What a staff-app browser test file shares: Chromium, the built staff app, and what to clean up. */
export interface StaffAppSuite {
  browser: Browser;
  staffApp: Awaited<ReturnType<typeof startStaffPreview>>;
  /** Worker accounts the file made; deleted after it. */
  workers: { id: string }[];
  /** Companies the file made; deleted after it. */
  companies: TestCompany[];
}

/** Starts `vite preview` of dist-staff/ and Chromium for the file's tests, and cleans up after. */
export function staffAppSuite(): StaffAppSuite {
  const suite = { workers: [], companies: [] } as unknown as StaffAppSuite;
  beforeAll(async () => {
    [suite.staffApp, suite.browser] = await Promise.all([startStaffPreview(), launchBrowser()]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.staffApp?.stop();
    await removeWorkers(suite.workers);
    await removeTestData([], suite.companies);
  });
  return suite;
}

/**
 * An agency records what a worker is qualified for on the worker's page (issue 28): staff type,
 * skills, a language typed in, weekly hours; a verified credential, then not verified, then deleted.
 * What is saved decides eligibility in the database (asked through the API as the agency). At
 * 1440×900 with every control used once, then read back and looked at on a phone (390×844).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { anonClient } from '../support/clients.ts';
import { createCompany, dashboardSuite, postShiftAs, signInBrowser } from './dashboard-fixtures.ts';
import { expectAlert, MOBILE, newPage, screenshot, seriousViolations } from './helpers.ts';
import { removeWorkers, signUpWorker, type TestWorker } from './staff-fixtures.ts';

const WIDE = { width: 1440, height: 900 };
const suite = dashboardSuite();
const workers: TestWorker[] = [];

async function choose(page: Page, field: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: field, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

describe("qualifications on a worker's page", () => {
  it('records types, skills, languages, hours and a credential, which the eligibility rules then use', async () => {
    const company = await createCompany('qualifications', { premium: true });
    suite.companies.push(company);
    const worker = await signUpWorker('Olga', company);
    workers.push(worker);
    const { context, page } = await newPage(suite.browser, WIDE);
    await signInBrowser(context, company);
    await page.goto(`${suite.preview.url}/dashboard/view?staff=${worker.id}`);
    const card = page.getByRole('region', { name: 'Qualifications' });
    await card.getByText('Nothing recorded yet: this staff member is offered every shift you post.').waitFor();

    await card.getByRole('button', { name: 'Edit qualifications' }).click();
    await choose(page, 'Staff types', 'Registered Practical Nurse');
    await choose(page, 'Skills', 'Dementia care');
    await page.getByRole('combobox', { name: 'Languages', exact: true }).fill('Ukrainian');
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Most hours per week', exact: true }).fill('200');
    await card.getByRole('button', { name: 'Save qualifications' }).click();
    await expectAlert(page, 'Enter hours from 1 to 168, or leave it empty');
    await page.getByRole('textbox', { name: 'Most hours per week', exact: true }).fill('32');
    await card.getByRole('button', { name: 'Save qualifications' }).click();
    await expectAlert(page, 'Qualifications saved');
    for (const value of ['Registered Practical Nurse', 'Dementia care', 'Ukrainian', 'At most 32']) {
      await expect.poll(() => card.getByText(value, { exact: true }).count()).toBe(1);
    }

    // The database now offers this worker RPN dementia-care shifts only.
    const agency = anonClient();
    await agency.auth.setSession(company.session as { access_token: string; refresh_token: string });
    const psw = await postShiftAs(company, { staff_type: 'Personal Support Worker', skill: 'Dementia care' });
    const rpn = await postShiftAs(company, { staff_type: 'Registered Practical Nurse', skill: 'Dementia care' });
    const ask = async (shiftId: string) =>
      (await agency.rpc('eligibility', { p_shift_id: shiftId, p_staff_id: worker.id })).data?.[0]?.reasons;
    expect(await ask(psw)).toEqual(['Is not recorded as a Personal Support Worker']);
    expect(await ask(rpn)).toEqual([]);

    // A credential, verified as it is added; then not verified; then deleted.
    const credentials = page.getByRole('region', { name: 'Credentials' });
    await credentials.getByRole('button', { name: 'Add credential' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add credential' });
    await dialog.getByRole('button', { name: 'Add credential' }).click();
    await expectAlert(page, 'Credential type is required');
    await dialog.getByRole('combobox', { name: 'Credential type' }).fill('Nursing licence');
    await page.keyboard.press('Escape');
    await dialog.getByRole('textbox', { name: 'Registration number' }).fill('RPN-7788');
    await dialog.getByLabel('Issued on').fill('2026-01-10');
    await dialog.getByLabel('Expires on').fill('2025-12-31');
    await dialog.getByRole('button', { name: 'Add credential' }).click();
    await expectAlert(page, 'The expiry date must be on or after the issue date');
    await dialog.getByLabel('Expires on').fill('2030-12-31');
    await dialog.getByRole('button', { name: 'Add credential' }).click();
    await expectAlert(page, 'Credential added');
    const item = credentials.getByRole('listitem').filter({ hasText: 'Nursing licence' });
    await item.getByText('Verified', { exact: true }).waitFor();
    await expect
      .poll(() => item.innerText())
      .toContain('No. RPN-7788 · Expires Dec 31, 2030 · Verified by Agency qualifications');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'worker-page-qualifications-1440');

    await item.getByRole('button', { name: 'Actions for Nursing licence' }).click();
    await page.getByRole('menuitem', { name: 'Mark as not verified' }).click();
    await item.getByText('Not verified', { exact: true }).waitFor();
    await item.getByRole('button', { name: 'Actions for Nursing licence' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this credential?' }).getByRole('button', { name: 'Delete' }).click();
    await credentials.getByText('No credentials recorded.').waitFor();
    await context.close();

    // Come back later, on a phone: what was saved is there.
    const phone = await newPage(suite.browser, MOBILE);
    await signInBrowser(phone.context, company);
    await phone.page.goto(`${suite.preview.url}/dashboard/view?staff=${worker.id}`);
    const again = phone.page.getByRole('region', { name: 'Qualifications' });
    await again.getByText('Registered Practical Nurse', { exact: true }).waitFor();
    expect(await seriousViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'worker-page-qualifications-390');
    await phone.context.close();
    await removeWorkers(workers);
  });
});

/// <reference lib="dom" />
/**
 * A French agency's dashboard behind sign-in (issue 29), at 1440×900 and 390×844: Shift Details
 * with a shift in each state, a late worker and a clock-out. Every screen is read for English
 * catalogue text left, text cut off, the page sticking out sideways, and axe's serious findings.
 * The stored values (staff types, statuses) stay the database's English ones; only their names change.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startPreview } from '../support/browser.ts';
import { superuser } from '../support/clients.ts';
import { createCompany, removeTestData, signInBrowser, type TestCompany } from './dashboard-fixtures.ts';
import { screenshot, seriousViolations } from './helpers.ts';
import { DASHBOARD_ENGLISH, clippedTexts, englishLeft, expectLang, overflow } from './i18n-helpers.ts';
import { removeWorkers, signUpWorker, type TestWorker } from './staff-fixtures.ts';

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const AGENCY = 'Soins Laurentides';

let browser: Browser;
let preview: Awaited<ReturnType<typeof startPreview>>;
const companies: TestCompany[] = [];
const workers: TestWorker[] = [];

beforeAll(async () => {
  [preview, browser] = await Promise.all([startPreview(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await preview?.stop();
  await removeWorkers(workers);
  await removeTestData([], companies);
});

interface Board {
  agency: TestCompany;
  late: TestWorker;
  inProgressShift: string;
}

/**
 * A French premium agency with four shifts: one open two days ahead, one whose worker is 20
 * minutes late, one in progress for 2 hours, and one completed yesterday with 7 hrs 30 mins done.
 */
async function frenchBoard(label: string): Promise<Board> {
  const agency = await createCompany(`fr-board-${label}-${randomUUID().slice(0, 6)}`, { name: AGENCY, premium: true });
  companies.push(agency);
  const [late, working, done] = await Promise.all(
    ['Wendy', 'Sam', 'Fran'].map((name) => signUpWorker(name, agency, { locale: 'fr-CA' })),
  );
  workers.push(late!, working!, done!);
  const db = await superuser();
  try {
    await db.query(`update public.companies set locale = 'fr-CA' where id = $1`, [agency.id]);
    const insert = async (street: string, startsAt: string, hours: number): Promise<string> => {
      const { rows } = await db.query<{ id: string }>(
        `insert into public.shifts (company_id, staff_type, skill, street_number, street_name, city, province,
                                    country, postal_code, starts_at, ends_at)
         values ($1, 'Personal Support Worker', 'Personal care', '100', $2, 'Montréal', 'QC', 'Canada', 'H3A 3G4',
                 ${startsAt}, ${startsAt} + make_interval(hours => $3))
         returning id`,
        [agency.id, street, hours],
      );
      return rows[0]!.id;
    };
    await insert('Rue Ouverte', "now() + interval '2 days'", 4);
    const lateShift = await insert('Rue Retard', "now() - interval '20 minutes'", 8);
    const inProgressShift = await insert('Rue En Cours', "now() - interval '2 hours'", 8);
    const doneShift = await insert('Rue Terminée', "now() - interval '1 day'", 8);
    await db.query(
      `update public.shifts s set accepted_by = h.worker, accepted_at = s.starts_at - interval '1 day'
       from (values ($1::uuid, $2::uuid), ($3::uuid, $4::uuid), ($5::uuid, $6::uuid)) h (shift, worker)
       where s.id = h.shift`,
      [lateShift, late!.id, inProgressShift, working!.id, doneShift, done!.id],
    );
    await db.query(`update public.shifts set clocked_in_at = starts_at + interval '2 minutes' where id in ($1, $2)`, [
      inProgressShift,
      doneShift,
    ]);
    await db.query(
      `update public.shifts set clocked_out_at = starts_at + interval '7 hours 32 minutes', time_done = '7 hrs 30 mins'
       where id = $1`,
      [doneShift],
    );
    return { agency, late: late!, inProgressShift };
  } finally {
    await db.end();
  }
}

/** Nothing in English, nothing cut off, nothing sticking out, axe clean: what every French screen must be. */
async function expectFrench(page: Page, what: string, within?: string): Promise<void> {
  expect(await englishLeft(page, DASHBOARD_ENGLISH, within), `${what}: English left`).toEqual([]);
  expect(await clippedTexts(page, [AGENCY]), `${what}: cut off`).toEqual([]);
  expect(await overflow(page), `${what}: wider than the window`).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page), `${what}: axe`).toEqual([]);
}

describe.each([
  ['1440', WIDE],
  ['390', PHONE],
] as const)('a French agency’s dashboard at %s px', (width, viewport) => {
  it('follows its shifts in French: views, statuses, the late worker, a row’s menu and a clock-out', async () => {
    const board = await frenchBoard(width);
    const context = await browser.newContext({ viewport, locale: 'fr-CA', timezoneId: 'America/Toronto' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInBrowser(context, board.agency);
    await page.goto(`${preview.url}/dashboard/shift-info`);
    await expectLang(page, 'fr-CA');
    await expect.poll(() => page.title()).toBe('Détails des quarts · CareCover');
    await page.getByRole('heading', { name: 'Détails des quarts', level: 2 }).waitFor();

    // A worker is late: the board opens on Needs action, with the notice.
    const late = page.getByTestId('late-alerts');
    await late.waitFor();
    await expect.poll(() => late.getByText('1 membre du personnel n’a pas pointé son arrivée').isVisible()).toBe(true);
    await late.getByText('Wendy Tester n’a pas pointé son arrivée').waitFor();
    expect(await page.getByRole('radio', { name: /^Action requise\s: 1$/ }).isChecked()).toBe(true);
    await page.getByText('En retard', { exact: true }).first().waitFor();
    await expectFrench(page, 'Shift Details, Needs action');
    await screenshot(page, `fr-board-needs-action-${width}`);

    // Every shift, each status named in French.
    await page.getByText(/^Tous · 4$/).click();
    await expect.poll(() => page.getByRole('radio', { name: /^Tous\s: 4$/ }).isChecked()).toBe(true);
    for (const status of ['En attente', 'Attribué', 'En cours', 'Terminé']) {
      await page.getByText(status, { exact: true }).first().waitFor();
    }
    await page.getByText('7 h 30 min', { exact: true }).first().waitFor();
    await expectFrench(page, 'Shift Details, All');
    await screenshot(page, `fr-board-all-${width}`);

    // The in-progress shift's menu, then Clock Staff Out.
    await page.getByRole('button', { name: `Actions du quart ${board.inProgressShift}` }).click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Copier l’identifiant du quart' }).waitFor();
    for (const item of ['Voir l’historique', 'Pointer le départ', 'Supprimer']) {
      await menu.getByRole('menuitem', { name: item }).waitFor();
    }
    expect(await englishLeft(page, DASHBOARD_ENGLISH, '[role="menu"]')).toEqual([]);
    await menu.getByRole('menuitem', { name: 'Pointer le départ' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pointer le départ' });
    await dialog.waitFor();
    const timeDone = dialog.getByRole('textbox', { name: 'Temps effectué' });
    // The suggestion is the time since the clock-in, in words the database reads back.
    await expect.poll(() => timeDone.inputValue()).toMatch(/^1 h 5\d min$/);
    await expectFrench(page, 'Clock Staff Out', '[role="dialog"]');
    await screenshot(page, `fr-board-clock-out-${width}`);
    await timeDone.fill('');
    await dialog.getByRole('button', { name: 'Soumettre' }).click();
    await dialog.getByText('Le temps effectué est obligatoire').waitFor();
    await timeDone.fill('2 h');
    await dialog.getByRole('button', { name: 'Soumettre' }).click();
    await page.getByText('Le départ a été pointé', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const db = await superuser();
    try {
      const { rows } = await db.query(`select time_done, time_done_minutes from public.shifts where id = $1`, [
        board.inProgressShift,
      ]);
      expect(rows[0]).toEqual({ time_done: '2 h', time_done_minutes: 120 });
    } finally {
      await db.end();
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the board’s other tabs, a timeline, the profile menu’s dialogs and the assistant in French', async () => {
    const board = await frenchBoard(`more-${width}`);
    const context = await browser.newContext({ viewport, locale: 'fr-CA', timezoneId: 'America/Toronto' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInBrowser(context, board.agency);
    await page.goto(`${preview.url}/dashboard/shift-info`);
    await page.getByTestId('late-alerts').waitFor();

    // The timeline of the in-progress shift, from its row's menu.
    await page.getByText(/^Tous · 4$/).click();
    await page.getByRole('button', { name: `Actions du quart ${board.inProgressShift}` }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Voir l’historique' }).click();
    const timeline = page.getByRole('dialog', { name: 'Historique du quart' });
    await timeline.waitFor();
    await timeline
      .getByText(/^Publié/)
      .first()
      .waitFor();
    // The steps' detail lines, written by the database (public.shift_timeline) in the agency's language.
    await timeline.getByText('À l’heure', { exact: true }).waitFor();
    await expectFrench(
      page,
      'the shift timeline',
      '[role="dialog"] .mantine-Drawer-title, [role="dialog"] .mantine-Timeline-itemTitle, [role="dialog"] button',
    );
    await screenshot(page, `fr-timeline-${width}`);
    await timeline.getByRole('button', { name: 'Fermer l’historique du quart' }).click();
    await timeline.waitFor({ state: 'hidden' });

    // Coverage, then the timesheet export.
    await page.getByRole('tab', { name: 'Couverture' }).click();
    await page.getByRole('heading', { name: 'Aperçu de la couverture' }).waitFor();
    await page.getByRole('group', { name: 'Taux de comblement' }).waitFor();
    // The period's choices are all on screen: a segmented control cannot wrap, and its card clips it.
    for (const choice of await page.getByRole('radiogroup', { name: 'Période' }).locator('label').all()) {
      const box = (await choice.boundingBox())!;
      expect(box.x + box.width, await choice.innerText()).toBeLessThanOrEqual(viewport.width - 16);
    }
    await expectFrench(page, 'Coverage', 'main');
    await screenshot(page, `fr-coverage-${width}`);
    await page.getByRole('tab', { name: 'Feuilles de temps' }).click();
    await page.getByRole('heading', { name: 'Exportation des feuilles de temps' }).waitFor();
    await expectFrench(page, 'Timesheet export', 'main');

    // The profile menu's dialogs.
    for (const [item, title] of [
      ['Paramètres du compte', 'Paramètres du compte'],
      ['Paramètres de l’agence', 'Paramètres de l’agence'],
      ['Commentaires', 'Donnez-nous votre avis'],
    ] as const) {
      await page.getByRole('button', { name: 'Menu du profil' }).click();
      await page.getByRole('menuitem', { name: item }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      // Each dialog has loaded what it shows (the email, the agency's setting, the survey) before it is read.
      await dialog.getByRole('button').last().waitFor();
      await page.waitForFunction(() => !document.querySelector('[role="dialog"] .mantine-Loader-root'));
      await expectFrench(page, title, '[role="dialog"]');
      await screenshot(page, `fr-dialog-${item.replace(/\W+/g, '-')}-${width}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }

    // The assistant: its panel, and an everyday question asked in French.
    await page.getByRole('button', { name: 'Ouvrir l’assistant' }).click();
    await page.getByRole('heading', { name: 'CareCover IA', level: 2 }).waitFor();
    const message = page.getByRole('textbox', { name: 'Écrire à CareCover IA' });
    await message.fill('Quels quarts sont en attente?');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.getByRole('log', { name: 'Conversation' }).getByText(/quart/).nth(1).waitFor({ timeout: 15_000 });
    await expectFrench(page, 'the assistant panel', 'aside, [role="dialog"], [data-testid="chat-panel"]');
    await screenshot(page, `fr-assistant-${width}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows its staff and a worker’s page in French', async () => {
    const board = await frenchBoard(`staff-${width}`);
    const context = await browser.newContext({ viewport, locale: 'fr-CA', timezoneId: 'America/Toronto' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInBrowser(context, board.agency);
    await page.goto(`${preview.url}/dashboard/staff`);
    await expect.poll(() => page.title()).toBe('Liste du personnel · CareCover');
    await page.getByRole('heading', { name: 'Liste du personnel', level: 2 }).waitFor();
    await page.getByText('Wendy Tester').or(page.getByText('Wendy')).first().waitFor();
    await expectFrench(page, 'the Staff List', 'main');
    await screenshot(page, `fr-staff-list-${width}`);

    // Inviting workers.
    await page.getByRole('button', { name: 'Inviter du personnel' }).click();
    const invite = page.getByRole('dialog', { name: 'Inviter du personnel' });
    await invite.getByRole('textbox', { name: 'Adresses courriel' }).waitFor();
    await expectFrench(page, 'inviting staff', '[role="dialog"]');
    await page.keyboard.press('Escape');
    await invite.waitFor({ state: 'hidden' });

    // A worker's page, from their row's menu.
    await page.getByRole('button', { name: /^Actions pour Wendy/ }).click();
    await page.getByRole('menuitem', { name: 'Voir les quarts' }).click();
    await page.getByRole('heading', { name: /^Quarts de Wendy/, level: 2 }).waitFor();
    for (const region of ['Fiabilité', 'Qualifications', 'Titres de compétence', 'Congés']) {
      await page.getByRole('region', { name: region }).waitFor();
    }
    await page.waitForFunction(
      () => !document.querySelector('main .mantine-Skeleton-root, main [role="status"] .mantine-Loader-root'),
    );
    await expectFrench(page, 'a worker’s page', 'main');
    await screenshot(page, `fr-worker-page-${width}`);

    // A credential picked from the French suggestions: named in French, stored as the English value
    // the agency's requirements match on.
    const credentials = page.getByRole('region', { name: 'Titres de compétence' });
    await credentials.getByRole('button', { name: 'Ajouter un titre' }).click();
    const add = page.getByRole('dialog', { name: 'Ajouter un titre de compétence' });
    await add.getByLabel('Type de titre').fill('RCR');
    await page.getByRole('option', { name: 'RCR/Premiers soins' }).click();
    await add.getByRole('button', { name: 'Ajouter un titre' }).click();
    await credentials.getByText('RCR/Premiers soins', { exact: true }).waitFor();
    const db = await superuser();
    try {
      const { rows } = await db.query<{ credential_type: string }>(
        'select credential_type from public.staff_credentials where staff_id = $1',
        [board.late.id],
      );
      expect(rows.map((r) => r.credential_type)).toEqual(['CPR/First aid']);
    } finally {
      await db.end();
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

/// <reference lib="dom" />
/**
 * English and Canadian French (issue 29): the visitor's switch on the landing, log-in and the staff
 * app's log-in at a desktop and a phone width, the browser's French, and a signed-in agency's
 * stored language followed live by another of its open sessions.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startPreview, startStaffPreview } from '../support/browser.ts';
import { ACCEPT_INVITE_PATH } from '@shared/lib/staff-invites.ts';
import { superuser, TEST_PASSWORD, uniqueEmail } from '../support/clients.ts';
import { createCompany, removeTestData, signInBrowser, type TestCompany } from './dashboard-fixtures.ts';
import { chooseOption, expectAlert, expectPath, newPage, screenshot, seriousViolations } from './helpers.ts';
import { DASHBOARD_ENGLISH, STAFF_ENGLISH, clippedTexts, englishLeft, expectLang, overflow } from './i18n-helpers.ts';

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

let browser: Browser;
let preview: Awaited<ReturnType<typeof startPreview>>;
let staffPreview: Awaited<ReturnType<typeof startStaffPreview>>;

beforeAll(async () => {
  [preview, staffPreview] = await Promise.all([startPreview(), startStaffPreview()]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await preview?.stop();
  await staffPreview?.stop();
});

describe.each([
  ['1440', WIDE],
  ['390', PHONE],
] as const)('a visitor switching to Français at %s px', (width, viewport) => {
  it('gets the landing and log-in pages in French, with nothing in English and nothing overflowing', async () => {
    const { context, page, errors } = await newPage(browser, viewport);
    await page.goto(preview.url);
    await expectLang(page, 'en');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Verified care workers/);
    // The hero's switch (the footer has another). Switching downloads the other language's
    // catalogues (shared and the dashboard's), data and not script, and nothing else.
    await page.waitForLoadState('networkidle');
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.getByRole('button', { name: 'Français' }).first().click();

    await expectLang(page, 'fr-CA');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Du personnel de soins vérifié, en poste quand vos clients en ont besoin');
    await page.waitForLoadState('networkidle');
    expect(fetched).toHaveLength(2);
    for (const path of fetched) expect(path).toMatch(/^\/assets\/fr-CA-[\w-]+\.json$/);
    expect(await page.getByRole('button', { name: 'English' }).first().isVisible()).toBe(true);
    expect(await englishLeft(page, DASHBOARD_ENGLISH)).toEqual([]);
    expect(await overflow(page), `landing at ${width} px`).toBeLessThanOrEqual(0);
    await screenshot(page, `i18n-landing-fr-${width}`);

    await page.getByRole('link', { name: 'Accéder à mon compte' }).click();
    await expectPath(page, '/login');
    await expect.poll(() => page.getByRole('heading', { name: 'Connexion', level: 1 }).isVisible()).toBe(true);
    await expectLang(page, 'fr-CA');
    // The rules' messages come through the catalogue too.
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect.poll(() => page.getByText('Le courriel est obligatoire').isVisible()).toBe(true);
    // A refused log-in's toast too.
    await page.getByRole('textbox', { name: 'Courriel', exact: true }).fill('nobody-i18n@example.com');
    await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('Wrong!2345');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect
      .poll(() => page.getByText('Identifiants invalides. Veuillez vérifier et réessayer').isVisible())
      .toBe(true);
    expect(await englishLeft(page, DASHBOARD_ENGLISH)).toEqual([]);
    expect(await overflow(page), `log-in at ${width} px`).toBeLessThanOrEqual(0);
    await screenshot(page, `i18n-login-fr-${width}`);

    // The choice is kept on this browser, and the switch goes back.
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Connexion', level: 1 }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'English' }).click();
    await expectLang(page, 'en');
    await expect.poll(() => page.getByRole('heading', { name: 'Log in', level: 1 }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gets the staff app’s log-in, sign-up and password recovery in French', async () => {
    const { context, page, errors } = await newPage(browser, viewport);
    await page.goto(`${staffPreview.url}/login`);
    await expect.poll(() => page.getByRole('heading', { name: 'Log in', level: 1 }).isVisible()).toBe(true);
    // As on the dashboard: the other language's two catalogues, and nothing else.
    await page.waitForLoadState('networkidle');
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.getByRole('button', { name: 'Français' }).click();
    await expectLang(page, 'fr-CA');
    await expect.poll(() => page.getByRole('heading', { name: 'Connexion', level: 1 }).isVisible()).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(fetched).toHaveLength(2);
    for (const path of fetched) expect(path).toMatch(/^\/assets\/fr-CA-[\w-]+\.json$/);
    expect(await englishLeft(page, STAFF_ENGLISH)).toEqual([]);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `i18n-staff-login-fr-${width}`);
    await page.getByRole('link', { name: 'Créer un compte' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Créez votre compte', level: 1 }).isVisible()).toBe(true);
    expect(await englishLeft(page, STAFF_ENGLISH)).toEqual([]);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `i18n-staff-signup-fr-${width}`);

    // Password recovery: the request, its rule and its answer; then a reset link that expired.
    await page.goto(`${staffPreview.url}/forgot-password`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Mot de passe oublié', level: 1 }).isVisible())
      .toBe(true);
    const send = page.getByRole('button', { name: 'Envoyer le lien de réinitialisation' });
    await send.click();
    await expectAlert(page, 'Le courriel est obligatoire');
    expect(await englishLeft(page, STAFF_ENGLISH)).toEqual([]);
    await page.getByRole('textbox', { name: 'Courriel' }).fill(uniqueEmail(`i18n-staff-forgot-${width}`));
    await send.click();
    await page.getByText('Si un compte existe pour cette adresse, nous y avons envoyé un lien').waitFor();
    expect(await englishLeft(page, STAFF_ENGLISH)).toEqual([]);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `i18n-staff-forgot-fr-${width}`);
    await page.goto(`${staffPreview.url}/reset-password#error_code=otp_expired&error_description=expired`);
    await page.getByRole('alert').filter({ hasText: 'Ce lien a expiré ou a déjà servi' }).waitFor();
    expect(await englishLeft(page, STAFF_ENGLISH)).toEqual([]);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `i18n-staff-reset-expired-fr-${width}`);
    // An invitation link opened signed out (used, or expired): what to do instead, link included.
    await page.goto(`${staffPreview.url}${ACCEPT_INVITE_PATH}`);
    const invite = page.getByRole('alert').filter({ hasText: 'Ce lien d’invitation a expiré ou a déjà servi' });
    await invite.getByRole('link', { name: 'Mot de passe oublié' }).waitFor();
    expect(await invite.innerText()).toMatch(/Ou choisissez vous-même un mot de passe avec Mot de passe oublié\u00a0:/);
    expect(await englishLeft(page, STAFF_ENGLISH)).toEqual([]);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `i18n-staff-invite-expired-fr-${width}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.each([
  ['1440', WIDE],
  ['390', PHONE],
] as const)('a French agency at %s px', (width, viewport) => {
  it('signs up and completes its profile in French: rules, choices and toast, nothing in English', async () => {
    const context = await browser.newContext({ viewport, locale: 'fr-CA', timezoneId: 'America/Toronto' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const field = (name: string) => page.getByRole('textbox', { name, exact: true });
    const choose = (label: string, option: string) => chooseOption(page, label, option);

    const email = uniqueEmail(`i18n-onboard-${width}`);
    await page.goto(`${preview.url}/signup`);
    await expectLang(page, 'fr-CA');
    await field('Courriel').fill(email);
    await field('Mot de passe').fill(TEST_PASSWORD);
    await field('Confirmer le mot de passe').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'S’inscrire' }).click();
    await expectPath(page, '/onboard');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Complétez votre profil', level: 1 }).isVisible())
      .toBe(true);
    await expect.poll(() => page.title()).toBe('Complétez votre profil · CareCover');
    await page.getByRole('button', { name: 'Copier le code d’entreprise' }).waitFor();

    // The rules speak French as each field is left.
    await field('Téléphone').fill('514-555-01');
    await field('Téléphone').blur();
    await expectAlert(page, 'Le numéro de téléphone doit comporter 10 chiffres');
    for (const [label, message] of [
      ['Adresse', 'L’adresse est obligatoire'],
      ['Ville', 'La ville est obligatoire'],
      ['Code postal', 'Le code postal est obligatoire'],
    ] as const) {
      await field(label).focus();
      await field(label).blur();
      await expectAlert(page, message);
    }
    expect(await englishLeft(page, DASHBOARD_ENGLISH)).toEqual([]);
    expect(await overflow(page), `onboarding with its errors at ${width} px`).toBeLessThanOrEqual(0);
    await screenshot(page, `i18n-onboard-errors-fr-${width}`);

    await field('Nom de l’entreprise').fill('Soins Laurentides');
    await field('Téléphone').fill('(514) 555-0188');
    await field('Adresse').fill('1000 rue Sherbrooke O');
    await field('Ville').fill('Montréal');
    await field('Province').fill('QC');
    await choose('Pays', 'Canada');
    await field('Code postal').fill('H3A 3G4');
    await choose('Taille du personnel', '121 et plus');
    await choose('Comment avez-vous entendu parler de nous?', 'Réseaux sociaux');
    await choose('Type d’entreprise', 'Entreprise de soins à domicile');
    expect(await page.getByRole('combobox', { name: 'Type d’entreprise', exact: true }).inputValue()).toBe(
      'Entreprise de soins à domicile',
    );
    expect(await englishLeft(page, DASHBOARD_ENGLISH)).toEqual([]);
    expect(await overflow(page), `onboarding filled at ${width} px`).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `i18n-onboard-fr-${width}`);
    const submit = page.getByRole('button', { name: 'Enregistrer et continuer' });
    await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
    await submit.click();

    await expectPath(page, '/dashboard/shiftcall');
    await expect.poll(() => page.getByText('Profil enregistré').isVisible()).toBe(true);
    // The first visit's tutorial opens over the dashboard, in French, every step of it; then the
    // dashboard's frame.
    const tutorial = page.getByRole('dialog', { name: 'Premiers pas avec CareCover' });
    await tutorial.waitFor();
    for (let step = 1; step <= 5; step++) {
      if (step > 1) await tutorial.getByRole('button', { name: 'Suivant' }).click();
      await tutorial.getByText(`Étape ${step} sur 5`).waitFor();
      expect(await englishLeft(page, DASHBOARD_ENGLISH, '[role="dialog"]'), `tutorial step ${step}`).toEqual([]);
      expect(await clippedTexts(page, ['Soins Laurentides']), `tutorial step ${step}`).toEqual([]);
      if (step === 2) {
        expect(await tutorial.getByRole('listitem').allTextContents()).toEqual([
          'En attente',
          'Attribué',
          'En cours',
          'Terminé',
        ]);
      }
      if (step === 1 || step === 5) await screenshot(page, `i18n-tutorial-${step}-fr-${width}`);
    }
    await tutorial.getByRole('button', { name: 'Terminer' }).click();
    await tutorial.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.getByRole('heading', { name: 'Bonjour, Soins Laurentides', level: 1 }).isVisible())
      .toBe(true);
    expect(await englishLeft(page, DASHBOARD_ENGLISH, 'header, .mantine-AppShell-navbar, h1')).toEqual([]);
    expect(await clippedTexts(page, ['Soins Laurentides'])).toEqual([]);
    expect(await page.getByRole('button', { name: 'Passer à Premium' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Menu du profil' }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).waitFor();
    expect(await englishLeft(page, DASHBOARD_ENGLISH, '[role="menu"]')).toEqual([]);
    await screenshot(page, `i18n-shell-menu-fr-${width}`);
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    const confirm = page.getByRole('dialog', { name: 'Êtes-vous certain?' });
    await confirm.waitFor();
    expect(await englishLeft(page, DASHBOARD_ENGLISH, '[role="dialog"]')).toEqual([]);
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    await confirm.waitFor({ state: 'hidden' });

    // Shift Call: its fields, choices and rules.
    await expect
      .poll(() => page.getByRole('heading', { name: 'Demande de remplacement', level: 2 }).isVisible())
      .toBe(true);
    await page.getByRole('button', { name: 'Soumettre' }).click();
    for (const message of [
      'Le type de personnel est obligatoire',
      'La compétence est obligatoire',
      'La date de début est obligatoire',
      'Le numéro civique est obligatoire',
      'La province est obligatoire',
    ])
      await expectAlert(page, message);
    await choose('Type de personnel', 'Préposé(e) aux bénéficiaires (PAB)');
    await choose('Compétence', 'Soins personnels');
    await choose('Province', 'Île-du-Prince-Édouard');
    // Picking a province fills in its country.
    expect(await page.getByRole('combobox', { name: 'Pays', exact: true }).inputValue()).toBe('Canada');
    await field('Numéro civique').fill('12b');
    await page.getByRole('button', { name: 'Soumettre' }).click();
    await expectAlert(page, 'Le numéro civique doit être numérique');
    await page.getByRole('textbox', { name: 'Heure de début', exact: true }).fill('25h');
    await page.getByRole('textbox', { name: 'Heure de début', exact: true }).blur();
    await expectAlert(page, 'Entrez une heure comme 9h00, 9:00 ou 21:30');
    expect(await englishLeft(page, DASHBOARD_ENGLISH, 'form')).toEqual([]);
    expect(await clippedTexts(page, ['Soins Laurentides'])).toEqual([]);
    expect(await overflow(page), `Shift Call at ${width} px`).toBeLessThanOrEqual(0);
    await screenshot(page, `i18n-shift-call-fr-${width}`);
    // The pricing modal: its plans, what they include and the price as Quebec writes it.
    if (viewport === PHONE) await page.getByRole('button', { name: 'Ouvrir la navigation' }).click();
    await page.getByRole('button', { name: 'Passer à Premium' }).click();
    const pricing = page.getByRole('dialog', { name: 'Changer de forfait' });
    await pricing.waitFor();
    expect(await pricing.getByTestId('plan-premium-price').textContent()).toBe('499,00\u00a0$');
    expect(await pricing.getByRole('button', { name: 'Passer à Premium' }).isEnabled()).toBe(true);
    expect(await englishLeft(page, DASHBOARD_ENGLISH, '[role="dialog"]')).toEqual([]);
    expect(await clippedTexts(page, ['Soins Laurentides'])).toEqual([]);
    expect(await overflow(page), `pricing at ${width} px`).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `i18n-pricing-fr-${width}`);
    await pricing.getByRole('button', { name: 'Fermer' }).click();
    await pricing.waitFor({ state: 'hidden' });
    // The choices are stored as the database's values, whatever language named them.
    const db = await superuser();
    try {
      const { rows } = await db.query(
        `select c.staff_size, c.referral_source, c.company_type, c.country, c.locale
         from public.companies c where c.email = $1`,
        [email],
      );
      expect(rows[0]).toEqual({
        staff_size: '121 and above',
        referral_source: 'Social Media',
        company_type: 'Homecare Company',
        country: 'Canada',
        locale: 'fr-CA',
      });
    } finally {
      await db.end();
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the language before and after sign-in', () => {
  it('starts in French for a browser that asks for French', async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'fr-FR' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${preview.url}/signup`);
    await expectLang(page, 'fr-CA');
    await expect.poll(() => page.getByRole('heading', { name: 'Inscription', level: 1 }).isVisible()).toBe(true);
    expect(await englishLeft(page, DASHBOARD_ENGLISH)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  let company: TestCompany | undefined;
  afterAll(async () => {
    if (company) await removeTestData([], [company]);
  });

  it('stores an agency’s choice from the profile menu and another open session follows it live', async () => {
    company = await createCompany('i18n-live');
    const open = async (): Promise<{ context: BrowserContext; page: Page; errors: string[] }> => {
      const session = await newPage(browser, WIDE);
      await signInBrowser(session.context, company as TestCompany);
      await session.page.goto(`${preview.url}/dashboard`);
      await expect.poll(() => session.page.getByRole('button', { name: 'Profile menu' }).isVisible()).toBe(true);
      return session;
    };
    const first = await open();
    const second = await open();
    await expectLang(second.page, 'en');

    await first.page.getByRole('button', { name: 'Profile menu' }).click();
    await first.page.getByRole('menuitem', { name: 'Français' }).click();
    await expectLang(first.page, 'fr-CA');
    // Stored in the database, and the other session switches without a reload.
    await expectLang(second.page, 'fr-CA');
    const db = await superuser();
    try {
      const { rows } = await db.query<{ locale: string }>('select locale from public.companies where id = $1', [
        company.id,
      ]);
      expect(rows[0]?.locale).toBe('fr-CA');
    } finally {
      await db.end();
    }
    await screenshot(second.page, 'i18n-dashboard-followed-fr-1440');

    // Back to English from the other session, whose menu is in French now.
    await second.page.getByRole('button', { name: 'Menu du profil' }).click();
    await second.page.getByRole('menuitem', { name: 'English' }).click();
    await expectLang(first.page, 'en');
    expect([...first.errors, ...second.errors]).toEqual([]);
    await first.context.close();
    await second.context.close();
  });
});

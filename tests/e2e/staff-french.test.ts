/// <reference lib="dom" />
/**
 * CareCover Staff signed in, in Canadian French (issue 29), on a phone (390×844) and a desktop
 * (1440×900): a worker who signed up in French joins an agency with its code, accepts a shift that
 * appears live, clocks in from too far away (the reason field), clocks out, and sees the agency
 * list and the offline notice, with no text left in English, nothing cut off or sticking out, and
 * axe clean under lang="fr-CA" on each screen.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, anonClient } from '../support/clients.ts';
import { createCompany, postShiftAs, type TestCompany } from './dashboard-fixtures.ts';
import { pickerDropdown, torontoDay } from './shift-call-steps.ts';
import { signUpWorker, staffAppSuite } from './staff-fixtures.ts';
import { expectAlert, screenshot, seriousViolations, settleAnimations } from './helpers.ts';
import { STAFF_ENGLISH, clippedTexts, englishLeft, expectLang, overflow } from './i18n-helpers.ts';

/** Where the shift is (Toronto City Hall), and Union Station, about 900 m away. */
const SHIFT_PLACE = { latitude: 43.6534, longitude: -79.3841 };
const FAR = { latitude: 43.6453, longitude: -79.3806 };

const suite = staffAppSuite();
/** A suggested type, stored as its English value and named in French on the worker's screen. */
const CREDENTIAL_VALUE = 'CPR/First aid';
const CREDENTIAL = 'RCR/Premiers soins';

/** The agency records a verified credential expiring in 10 days (Toronto), as its worker page does. */
async function recordCredential(agency: TestCompany, staffId: string, verifiedBy: string): Promise<void> {
  const client = anonClient();
  await client.auth.setSession(agency.session as { access_token: string; refresh_token: string });
  const { error } = await client.from('staff_credentials').insert({
    staff_id: staffId,
    credential_type: CREDENTIAL_VALUE,
    expires_on: torontoDay(10).date,
    verified_at: new Date().toISOString(),
    verified_by: verifiedBy,
  });
  if (error) throw error;
}

/** Picks the day `days` after today (Toronto) in the French date picker named `label`. */
async function pickFrenchDay(page: Page, label: string, days: number): Promise<void> {
  const name = new Intl.DateTimeFormat('fr-CA', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${torontoDay(days).date}T12:00:00Z`));
  await page.getByRole('button', { name: label, exact: true }).click();
  const dropdown = pickerDropdown(page);
  await dropdown.waitFor();
  const day = dropdown.getByRole('button', { name, exact: true });
  // The calendar opens on this month: the next one when the day is past its end.
  if (!(await day.isVisible())) await dropdown.locator('[data-direction="next"]').first().click();
  await day.click();
  await expect.poll(() => pickerDropdown(page).count()).toBe(0);
}

/** Each screen: all French, nothing clipped or overflowing, axe clean, and a screenshot to look at. */
async function checkScreen(page: Page, name: string, names: string[]): Promise<void> {
  await expectLang(page, 'fr-CA');
  expect(await englishLeft(page, STAFF_ENGLISH), name).toEqual([]);
  expect(await overflow(page), name).toBeLessThanOrEqual(0);
  expect(await clippedTexts(page, names), name).toEqual([]);
  expect(await seriousViolations(page), name).toEqual([]);
  // The toasts were checked with the screen; taken down, the picture shows what they covered.
  const dismiss = page.getByRole('button', { name: 'Fermer la notification' });
  await expect
    .poll(
      async () => {
        const shown = await dismiss.count();
        // A toast may close itself while it is being clicked: the poll looks again.
        if (shown)
          await dismiss
            .first()
            .click({ timeout: 1_000 })
            .catch(() => undefined);
        return shown;
      },
      { timeout: 20_000, message: 'toasts dismissed' },
    )
    .toBe(0);
  await settleAnimations(page);
  await screenshot(page, name);
}

describe.each([
  ['390', { width: 390, height: 844 }],
  ['1440', { width: 1440, height: 900 }],
] as const)('a French-speaking worker at %s px', (width, viewport) => {
  it('joins, accepts, clocks in with a reason and clocks out, all in French', async () => {
    const agencyName = `Soins Soleil ${randomUUID().slice(0, 4)}`;
    const agency = await createCompany(`staff-fr-${randomUUID().slice(0, 4)}`, {
      name: agencyName,
      timeZone: 'America/Toronto',
    });
    suite.companies.push(agency);
    const worker = await signUpWorker('Élise', undefined, { locale: 'fr-CA' });
    suite.workers.push(worker);
    const context = await suite.browser.newContext({
      viewport,
      locale: 'fr-CA',
      geolocation: SHIFT_PLACE,
      permissions: ['geolocation'],
      timezoneId: 'America/Toronto',
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const names = [agencyName, worker.firstName];

    await page.goto(`${suite.staffApp.url}/login`);
    await page.getByLabel('Courriel').fill(worker.email);
    await page.locator('input[type=password]').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();

    // Home without an agency: join with the code.
    await page.getByRole('heading', { name: 'Quarts ouverts', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Joignez votre agence' }).waitFor();
    await checkScreen(page, `staff-fr-home-join-${width}`, names);
    await page.getByRole('button', { name: 'Joindre', exact: true }).click();
    await expectAlert(page, 'Entrez le code d’entreprise de votre agence');
    // The database refuses a code no agency has, by its code: said in French.
    await page.getByLabel('Code d’entreprise').fill('Qq0Z');
    await page.getByRole('button', { name: 'Joindre', exact: true }).click();
    await expectAlert(page, 'Aucune entreprise ne correspond à ce code');
    await page.getByLabel('Code d’entreprise').fill(agency.code);
    await page.getByRole('button', { name: 'Joindre', exact: true }).click();
    await expectAlert(page, 'Agence jointe');
    await page.getByText('Aucun quart ouvert pour le moment').waitFor();

    // A shift posted now appears live, dated in French.
    const skill = `Soins ${randomUUID().slice(0, 6)}`;
    await postShiftAs(agency, { skill, ...SHIFT_PLACE }, { startsInMs: 10 * 60_000 });
    const card = page.locator('article').filter({ hasText: skill });
    await card.waitFor();
    await expect.poll(() => card.getByText('Nouveau').count()).toBe(1);
    // 'jeu. 26 nov., 5 h 28 – 9 h 28 (4 h)', or past midnight 'jeu. 26 nov., 20 h 04 – ven. 27 nov.,
    // 0 h 04 (4 h)': the 24-hour clock and French lengths.
    expect(await card.textContent()).toMatch(
      /\d{1,2} h \d{2} – ([a-zé]+\. \d{1,2} [a-zéû]+\.?, )?\d{1,2} h \d{2} \(4 h\)/,
    );
    await expect.poll(() => page.getByRole('link', { name: 'Notifications, 1 non lues' }).count()).toBe(1);
    await checkScreen(page, `staff-fr-home-${width}`, [...names, skill]);

    await card.getByRole('button', { name: /^Accepter le quart/ }).click();
    await expectAlert(page, 'Quart accepté');
    await expect.poll(() => card.count()).toBe(0);

    // My shifts: clock in from too far away, which asks for a reason.
    await context.setGeolocation(FAR);
    await page.getByRole('link', { name: 'Mes quarts' }).click();
    await page.getByRole('heading', { name: 'Mes quarts', level: 1 }).waitFor();
    const mine = page.locator('article').filter({ hasText: skill });
    await mine.getByText('Attribué').waitFor();
    await checkScreen(page, `staff-fr-my-shifts-${width}`, [...names, skill]);
    await mine.getByRole('button', { name: 'Pointer l’arrivée' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pointer l’arrivée' });
    await dialog.getByText(/Vous êtes à [\d,]+\s(m|km) du quart/).waitFor();
    await dialog.getByRole('button', { name: 'Pointer l’arrivée' }).click();
    await expectAlert(page, 'Ajoutez une raison pour pointer votre arrivée à plus de 300 m du quart');
    await checkScreen(page, `staff-fr-clock-in-${width}`, [...names, skill]);
    await dialog.getByLabel('Raison').fill('La cliente est au centre de jour en face');
    await dialog.getByRole('button', { name: 'Pointer l’arrivée' }).click();
    await expectAlert(page, 'Arrivée pointée');
    await expect.poll(() => page.getByRole('radio', { name: /En cours/ }).isChecked()).toBe(true);
    await mine.getByText(/^Arrivée pointée à \d{1,2} h \d{2}\.$/).waitFor();

    await mine.getByRole('button', { name: 'Pointer le départ' }).click();
    const confirm = page.getByRole('dialog', { name: 'Pointer le départ maintenant?' });
    await confirm.getByRole('button', { name: 'Annuler' }).waitFor();
    await checkScreen(page, `staff-fr-clock-out-${width}`, [...names, skill]);
    await confirm.getByRole('button', { name: 'Pointer le départ' }).click();
    await expectAlert(page, 'Départ pointé');
    await expect.poll(() => page.getByRole('radio', { name: /Terminés/ }).isChecked()).toBe(true);
    await mine.getByText('Heures effectuées :').waitFor();
    // The database writes the hours in English ('0 mins'); French reads its minutes.
    expect(await mine.locator('b').textContent()).toMatch(/^\d+ (h|min)( \d+ min)?$/);
    await checkScreen(page, `staff-fr-completed-${width}`, [...names, skill]);

    // Agencies: the one joined, and leaving asks first.
    await page.getByRole('link', { name: 'Agences' }).click();
    await page.getByRole('heading', { name: 'Agences', level: 1 }).waitFor();
    await page.getByText(/^Jointe le \d{1,2} [a-zé]+\.? \d{4}$/).waitFor();
    await checkScreen(page, `staff-fr-agencies-${width}`, names);
    await page.getByRole('button', { name: `Quitter ${agencyName}` }).click();
    await page.getByRole('dialog', { name: `Quitter ${agencyName}?` }).waitFor();
    await checkScreen(page, `staff-fr-leave-${width}`, names);
    await page.getByRole('button', { name: 'Annuler' }).click();

    // Notifications: the list, and the messages the database wrote in the worker's language.
    await page.getByRole('link', { name: /^Notifications/ }).click();
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Voir le quart' }).first().waitFor();
    await page
      .getByText('Votre employeur vient de publier un nouveau quart. Consultez la page d’accueil')
      .first()
      .waitFor();
    await checkScreen(page, `staff-fr-notifications-${width}`, names);

    // Profile: the worker's details saved, and the credential the agency recorded, dated in French.
    await recordCredential(agency, worker.id, agencyName);
    await page.getByRole('link', { name: 'Profil' }).click();
    await page.getByRole('heading', { name: 'Profil', level: 1 }).waitFor();
    await page.getByRole('switch', { name: /^Alertes de nouveaux quarts/ }).waitFor();
    await checkScreen(page, `staff-fr-profile-${width}`, names);
    await page.getByRole('textbox', { name: 'Nom de famille' }).fill('');
    await page.getByRole('button', { name: 'Enregistrer le profil' }).click();
    await expectAlert(page, 'Le nom de famille est obligatoire');
    await page.getByRole('textbox', { name: 'Nom de famille' }).fill('Tremblay');
    await page.getByRole('button', { name: 'Enregistrer le profil' }).click();
    await expectAlert(page, 'Profil enregistré');
    await page.getByRole('link', { name: 'Mes titres de compétence' }).click();
    await page.getByRole('heading', { name: 'Mes titres de compétence', level: 1 }).waitFor();
    const credential = page.getByRole('article', { name: `${CREDENTIAL}: Expire dans 10 jours` });
    await credential.waitFor();
    expect(await credential.innerText()).toMatch(
      new RegExp(
        `Expire le\\s+\\d{1,2} [a-zéû]+\\.? \\d{4}[\\s\\S]*Vérifié par ${agencyName} le \\d{1,2} [a-zéû]+\\.? \\d{4}`,
      ),
    );
    await checkScreen(page, `staff-fr-credentials-${width}`, [...names, CREDENTIAL]);

    // Time off: the form's checks in French, a whole day added, listed, and deleted after a question.
    await page.getByRole('link', { name: 'Profil', exact: true }).first().click();
    await page.getByRole('link', { name: 'Gérer mes congés' }).click();
    await page.getByRole('heading', { name: 'Congés', level: 1 }).waitFor();
    await page.getByText('Aucun congé prévu').waitFor();
    const addTimeOff = page.getByRole('button', { name: 'Ajouter le congé' });
    await addTimeOff.click();
    for (const message of ['Choisissez le jour où il commence', 'Entrez l’heure où il commence']) {
      await expectAlert(page, message);
    }
    await checkScreen(page, `staff-fr-time-off-errors-${width}`, names);
    await page.getByRole('switch', { name: 'Toute la journée' }).check();
    await pickFrenchDay(page, 'Premier jour', 1);
    await addTimeOff.click();
    await expectAlert(page, 'Congé ajouté');
    const dayOff = page.getByRole('list', { name: 'Vos congés' }).getByRole('listitem');
    await expect.poll(() => dayOff.innerText()).toMatch(/^[a-zé]+\. \d{1,2} [a-zéû]+\.?, toute la journée/);
    await checkScreen(page, `staff-fr-time-off-${width}`, names);
    await dayOff.getByRole('button', { name: /^Supprimer le congé\s:\s/ }).click();
    const deleteDialog = page.getByRole('dialog', { name: 'Supprimer ce congé?' });
    await deleteDialog.getByText(/Les quarts à ce moment pourront de nouveau vous être offerts\.$/).waitFor();
    await checkScreen(page, `staff-fr-time-off-delete-${width}`, names);
    await deleteDialog.getByRole('button', { name: 'Supprimer' }).click();
    await expectAlert(page, 'Congé supprimé');
    await page.getByText('Aucun congé prévu').waitFor();

    // Offline: the last shifts stay, under a French notice.
    await page.getByRole('link', { name: 'Accueil' }).click();
    await context.setOffline(true);
    await page.getByText('Vous êtes hors ligne').waitFor();
    await checkScreen(page, `staff-fr-offline-${width}`, names);
    await context.setOffline(false);

    expect(errors).toEqual([]);
    await context.close();
  });
});

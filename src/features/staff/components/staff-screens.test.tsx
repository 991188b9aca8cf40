// @vitest-environment happy-dom
/**
 * The Staff List and a worker's page in both languages (issue 29): SPEC's English words, the Quebec
 * French ones, dates and scores written each language's way, and the stored staff types named in
 * the person's language. The data is stubbed; the browser tests drive the real thing.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@shared/i18n/i18n.ts';
import { LocaleProvider } from '@shared/i18n/LocaleProvider.tsx';
import type { Locale } from '@shared/i18n/locale.ts';
import type { Qualifications } from '../qualifications.ts';
import type { StaffReliability } from '../reliability.ts';
import type { StaffMember } from '../staff-member.ts';
import { InviteWorkersModal } from './InviteWorkersModal.tsx';
import { PendingInvites } from './PendingInvites.tsx';
import { StaffCredentials } from './StaffCredentials.tsx';
import { StaffListTable } from './StaffListTable.tsx';
import { StaffQualifications } from './StaffQualifications.tsx';
import { StaffReliabilityPanel } from './StaffReliabilityPanel.tsx';
import { StaffTimeOff } from './StaffTimeOff.tsx';
import '../../../i18n/testing.ts';

const RELIABILITY: StaffReliability = {
  staff_id: 'w1',
  accepted: 6,
  completed: 3,
  late: 1,
  no_shows: 1,
  late_cancellations: 1,
  score: 0.586,
};
const QUALIFICATIONS: Qualifications = {
  staff_types: ['Personal Support Worker', 'Our own type'],
  skills: ['Dementia care'],
  languages: ['French'],
  max_weekly_hours: 37.5,
};

vi.mock('../hooks/use-staff-reliability.ts', () => ({
  useStaffReliability: () => ({
    state: { status: 'ready', byStaff: new Map([['w1', RELIABILITY]]) },
    reload: () => {},
  }),
}));
vi.mock('../hooks/use-time-off.ts', () => ({
  useTimeOff: () => ({
    state: {
      status: 'ready',
      periods: [
        {
          id: 'p1',
          starts_at: '2027-03-02T14:00:00Z',
          ends_at: '2027-03-02T22:00:00Z',
          repeats_weekly: true,
          repeat_until: '2027-04-01T04:00:00Z',
          time_zone: 'America/Toronto',
          note: 'School run',
        },
      ],
    },
    reload: () => {},
  }),
}));
vi.mock('../api/remove-staff.ts', () => ({ removeStaff: vi.fn() }));
vi.mock('../api/revoke-staff-invite.ts', () => ({ revokeStaffInvite: vi.fn() }));
vi.mock('../api/invite-workers.ts', () => ({
  inviteWorkers: vi.fn(),
  inviteMessages: { notLoggedIn: 'not logged in', failed: 'failed' },
}));
vi.mock('../api/qualifications.ts', () => ({
  NO_LONGER_EMPLOYED: 'gone',
  fetchQualifications: () => Promise.resolve(QUALIFICATIONS),
  saveQualifications: vi.fn(),
  listCredentials: () =>
    Promise.resolve([
      {
        id: 'c1',
        credential_type: 'CPR/First aid',
        registration_number: 'A-123',
        issued_on: null,
        expires_on: '2099-01-31',
        verified_at: '2026-11-01T00:00:00Z',
        verified_by: 'your agency',
      },
    ]),
  addCredential: vi.fn(),
  setCredentialVerified: vi.fn(),
  deleteCredential: vi.fn(),
}));

const nbsp = '\u00a0';
// happy-dom has no FontFaceSet, which the invite dialog's growing text box listens to.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}
const ADA: StaffMember = {
  id: 'w1',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: '4165550100',
  added_at: '2026-11-22T03:30:00Z',
};
const INVITE = {
  id: 'i1',
  email: 'sam@example.com',
  name: 'Sam Lee',
  sent_at: '2026-11-21T14:05:00Z',
  expires_at: '2099-01-01T00:00:00Z',
};

function renderIn(locale: Locale, ui: ReactNode) {
  i18n.activate(locale);
  return render(
    <LocaleProvider>
      <MantineProvider env="test">{ui}</MantineProvider>
    </LocaleProvider>,
  );
}

const staffList = () => (
  <>
    <PendingInvites invites={[INVITE]} error={null} staffLimit={30} timeZone="America/Toronto" onChanged={() => {}} />
    <StaffListTable
      staff={[ADA]}
      isLoading={false}
      error={null}
      isReconnecting={false}
      timeZone="America/Toronto"
      onViewShifts={() => {}}
    />
  </>
);

const workerPage = () => (
  <>
    <StaffReliabilityPanel staffId="w1" />
    <StaffQualifications companyId="co" staffId="w1" />
    <StaffCredentials staffId="w1" verifier={null} timeZone="America/Toronto" />
    <StaffTimeOff staffId="w1" timeZone="America/Toronto" />
  </>
);

const text = (element: Element) => element.textContent?.replace(/\s+/g, ' ').trim();

describe('the Staff List', () => {
  afterEach(() => {
    cleanup();
    i18n.activate('en');
  });

  it('shows SPEC’s English columns and View Shifts', () => {
    renderIn('en', staffList());
    const table = screen.getByRole('table', { name: 'Staff List' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => text(th));
    for (const header of ['First name', 'Last name', 'Email', 'Phone', 'Joined', 'Reliability', 'No-shows']) {
      expect(
        headers.some((h) => h?.startsWith(header)),
        header,
      ).toBe(true);
    }
    expect(within(table).getByText('Nov 21, 2026')).toBeTruthy();
    expect(within(table).getByText('59%')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Ada Lovelace' }));
    expect(screen.getByRole('menuitem', { name: 'View Shifts' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Remove staff' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Pending invites' })).toBeTruthy();
    expect(screen.getByText(/^Sam Lee · Sent Nov 21, 2026, 9:05 AM$/)).toBeTruthy();
  });

  it('speaks Quebec French', () => {
    renderIn('fr-CA', staffList());
    const table = screen.getByRole('table', { name: 'Liste du personnel' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => text(th));
    for (const header of ['Prénom', 'Nom', 'Courriel', 'Téléphone', 'Membre depuis', 'Fiabilité']) {
      expect(
        headers.some((h) => h?.startsWith(header)),
        header,
      ).toBe(true);
    }
    expect(within(table).getByText('21 nov. 2026')).toBeTruthy();
    // The text matcher folds the no-break space into a space: the exact text is read from the node.
    expect(within(table).getByText('59 %').textContent).toBe(`59${nbsp}%`);
    expect(screen.getByRole('textbox', { name: 'Rechercher dans le personnel' })).toBeTruthy();
    expect(screen.getByText(/^Fiabilité\s:\sUn quart terminé compte en entier/).textContent).toContain(
      `Fiabilité${nbsp}: `,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Actions pour Ada Lovelace' }));
    expect(screen.getByRole('menuitem', { name: 'Voir les quarts' })).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Retirer du personnel' }));
    const dialog = screen.getByRole('dialog', { name: 'Retirer ce membre du personnel?' });
    expect(within(dialog).getByText(/^Ada Lovelace ne travaillera plus pour votre agence/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Retirer' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));

    const invites = screen.getByRole('region', { name: 'Invitations en attente' });
    expect(within(invites).getByText(/^Sam Lee · Envoyée le 21 nov. 2026, 9 h 05$/)).toBeTruthy();
    expect(within(invites).getByRole('button', { name: 'Renvoyer l’invitation à sam@example.com' })).toBeTruthy();
    fireEvent.click(within(invites).getByRole('button', { name: 'Révoquer l’invitation envoyée à sam@example.com' }));
    expect(screen.getByRole('dialog', { name: 'Révoquer l’invitation?' }).textContent).toContain(
      'cessera de compter dans la limite de personnel de votre forfait',
    );
  });

  it('invites workers in French, counting the addresses as they are typed', () => {
    renderIn(
      'fr-CA',
      <InviteWorkersModal staffLimit={30} placesLeft={1} onClose={() => {}} onSent={() => {}} onGoPremium={() => {}} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Inviter du personnel' });
    expect(within(dialog).getByText('Aucune adresse courriel pour l’instant.')).toBeTruthy();
    const field = within(dialog).getByRole('textbox', { name: 'Adresses courriel' });
    expect(within(dialog).getByText(/^Collez-les depuis un tableur/).textContent).toContain(
      `Le format «${nbsp}Nom <courriel>${nbsp}» fonctionne aussi.`,
    );
    fireEvent.change(field, { target: { value: 'a@example.com, b@example.com; a@example.com\nbob@nowhere' } });
    expect(within(dialog).getByText('2 adresses valides trouvées (1 doublon écarté).')).toBeTruthy();
    expect(
      within(dialog).getByText('1 entrée n’est pas une adresse courriel valide et ne sera pas invitée'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Limite de personnel')).toBeTruthy();
    expect(within(dialog).getByText(/Il reste 1 place\s:/).textContent).toContain(`Il reste 1 place${nbsp}: `);
    expect(within(dialog).getByRole('button', { name: 'Envoyer les 2 invitations' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Fermer l’invitation du personnel' })).toBeTruthy();
  });
});

describe('a worker’s page', () => {
  afterEach(() => {
    cleanup();
    i18n.activate('en');
  });

  it('shows the English panels as before', async () => {
    renderIn('en', workerPage());
    expect(screen.getByRole('heading', { name: 'Reliability' })).toBeTruthy();
    expect(screen.getByTestId('reliability-score').textContent).toBe('59%');
    expect(await screen.findByText('Personal Support Worker')).toBeTruthy();
    expect(screen.getByText('At most 37.5')).toBeTruthy();
    expect(await screen.findByText('No. A-123 · Expires Jan 31, 2099 · Verified by your agency')).toBeTruthy();
    expect(screen.getByText('Every Tuesday, 9:00 AM – 5:00 PM, until Mar 31, 2027')).toBeTruthy();
  });

  it('speaks Quebec French, naming stored staff types and skills', async () => {
    renderIn('fr-CA', workerPage());
    const reliability = screen.getByRole('region', { name: 'Fiabilité' });
    expect(within(reliability).getByTestId('reliability-score').textContent).toBe(`59${nbsp}%`);
    expect(within(reliability).getByText('Absences sans préavis')).toBeTruthy();

    const qualifications = screen.getByRole('region', { name: 'Qualifications' });
    expect(await within(qualifications).findByText('Préposé(e) aux bénéficiaires (PAB)')).toBeTruthy();
    expect(within(qualifications).getByText('Our own type')).toBeTruthy();
    expect(within(qualifications).getByText('Heures par semaine')).toBeTruthy();
    expect(within(qualifications).getByText('Au plus 37,5')).toBeTruthy();
    fireEvent.click(within(qualifications).getByRole('button', { name: 'Modifier les qualifications' }));
    const form = within(qualifications).getByRole('form', { name: 'Qualifications' });
    expect(within(form).getAllByText('Préposé(e) aux bénéficiaires (PAB)').length).toBeGreaterThan(0);
    expect(within(form).getByText('Les quarts de ces types sont offerts à ce membre du personnel')).toBeTruthy();
    expect(
      (within(form).getByRole('textbox', { name: 'Nombre maximal d’heures par semaine' }) as HTMLInputElement).value,
    ).toBe('37,5');
    expect(within(form).getByRole('button', { name: 'Enregistrer les qualifications' })).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Annuler' }));

    const credentials = screen.getByRole('region', { name: 'Titres de compétence' });
    expect(await within(credentials).findByText('Vérifié')).toBeTruthy();
    expect(within(credentials).getByText('N° A-123 · Expire le 31 janv. 2099 · Vérifié par votre agence')).toBeTruthy();
    // A suggested type is stored in English and named in French.
    expect(within(credentials).getByText('RCR/Premiers soins')).toBeTruthy();
    expect(within(credentials).getByRole('button', { name: 'Actions pour RCR/Premiers soins' })).toBeTruthy();
    fireEvent.click(within(credentials).getByRole('button', { name: 'Ajouter un titre' }));
    const add = screen.getByRole('dialog', { name: 'Ajouter un titre de compétence' });
    expect(within(add).getByRole('checkbox', { name: 'Vérifié maintenant par votre agence' })).toBeTruthy();
    fireEvent.click(within(add).getByRole('button', { name: 'Ajouter un titre' }));
    await waitFor(() => expect(within(add).getByText('Le type de titre est obligatoire')).toBeTruthy());

    const timeOff = screen.getByRole('region', { name: 'Congés' });
    expect(within(timeOff).getByRole('list', { name: 'Congés en cours et à venir' })).toBeTruthy();
    expect(within(timeOff).getByText('Chaque mardi, 9 h 00 – 17 h 00, jusqu’au 31 mars 2027')).toBeTruthy();
  });
});

// @vitest-environment happy-dom
/**
 * Shift Details' coverage overview, timesheet export and shift timeline drawer in both languages
 * (issue 29): the English they have always said and the Quebec French, numbers, dates and times
 * written each language's way. The data hooks and the calls are mocked; the browser tests
 * (tests/e2e/insights.test.ts) run them against the database.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@shared/i18n/i18n.ts';
import { LocaleProvider } from '@shared/i18n/LocaleProvider.tsx';
import type { CoverageOverview as Overview } from '../api/fetch-coverage-overview.ts';
import type { TimelineStep } from '../api/fetch-shift-timeline.ts';
import { CoverageOverview } from './CoverageOverview.tsx';
import { ShiftTimelineDrawer } from './ShiftTimelineDrawer.tsx';
import { TimesheetExport } from './TimesheetExport.tsx';
import '../../../i18n/testing.ts';

const mocks = vi.hoisted(() => ({
  overview: null as Overview | null,
  steps: null as TimelineStep[] | null,
  renotify: vi.fn(),
  exportCsv: vi.fn(),
  showSuccess: vi.fn(),
  showError: vi.fn(),
}));

vi.mock('../hooks/use-coverage-overview.ts', () => ({
  useCoverageOverview: () => ({ overview: mocks.overview, isLoading: mocks.overview == null, refresh: () => {} }),
}));
vi.mock('../hooks/use-shift-timeline.ts', () => ({ useShiftTimeline: () => ({ steps: mocks.steps }) }));
vi.mock('../api/renotify-staff.ts', () => ({ renotifyStaff: mocks.renotify }));
vi.mock('../api/export-timesheet-csv.ts', () => ({ exportTimesheetCsv: mocks.exportCsv }));
vi.mock('@shared/lib/toast.ts', () => ({ showSuccess: mocks.showSuccess, showError: mocks.showError }));
// The chart's own drawing (recharts) needs a layout happy-dom has not; its label and legend are ours.
vi.mock('@mantine/charts', () => ({
  AreaChart: ({ series }: { series: { name: string; label?: string }[] }) => (
    <ul>
      {series.map((s) => (
        <li key={s.name}>{s.label}</li>
      ))}
    </ul>
  ),
}));

const nbsp = '\u00a0';
const OPEN_SHIFT = 'a1b2c3d4-0000-4000-8000-000000000001';
const OVERVIEW: Overview = {
  posted: 4,
  accepted: 2,
  filled_before_start: 2,
  fill_rate: 0.5,
  median_minutes_to_fill: 60,
  p90_minutes_to_fill: 84,
  open_soon: [
    {
      id: OPEN_SHIFT,
      starts_at: '2026-11-27T22:00:00-05:00',
      ends_at: '2026-11-28T06:00:00-05:00',
      address: '100 Robson St, Toronto',
      staff_type: 'PSW',
      skill: 'Dementia care',
    },
  ],
  late_clock_ins: { count: 1, shifts: [] },
  per_day: [
    { day: '2026-11-26', posted: 1, filled: 1 },
    { day: '2026-11-27', posted: 3, filled: 1 },
  ],
};
const STEPS: TimelineStep[] = [
  {
    at: '2026-11-27T14:00:00Z',
    at_local: '2026-11-27T09:00:00-05:00',
    kind: 'posted',
    actor_name: 'Agence A',
    detail: null,
    flagged: false,
  },
  {
    at: '2026-11-27T14:30:00Z',
    at_local: '2026-11-27T09:30:00-05:00',
    kind: 'accepted',
    actor_name: 'Staff 1',
    detail: '30 mins after posting',
    flagged: false,
  },
  {
    at: '2026-11-28T03:15:00Z',
    at_local: '2026-11-27T22:15:00-05:00',
    kind: 'clocked_in',
    actor_name: 'Staff 1',
    detail: '15 mins late',
    flagged: true,
  },
];

function renderIn(locale: 'en' | 'fr-CA', ui: React.ReactNode) {
  i18n.activate(locale);
  return render(
    <LocaleProvider>
      <MantineProvider>{ui}</MantineProvider>
    </LocaleProvider>,
  );
}

const stat = (name: string) => screen.getByRole('group', { name });
const text = (element: HTMLElement) => element.textContent?.replace(/\s+/g, ' ').trim();

describe('the insights tabs and the timeline drawer', () => {
  beforeEach(() => {
    mocks.overview = OVERVIEW;
    mocks.steps = STEPS;
  });

  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
    i18n.activate('en');
  });

  it('show the coverage overview in English as it always read', async () => {
    renderIn('en', <CoverageOverview companyId="c1" timeZone="America/Toronto" />);
    expect(screen.getByRole('heading', { name: 'Coverage overview' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Last 30 days' })).toBeTruthy();
    expect(text(stat('Fill rate'))).toBe('Fill rate50%2 of 4 posted filled before start');
    expect(text(stat('Median time to fill'))).toBe('Median time to fill1 hr');
    expect(text(stat('P90 time to fill'))).toBe('P90 time to fill1 hr 24 min');
    expect(text(stat('Late clock-ins'))).toBe('Late clock-ins1More than 10 min after start');
    const open = screen.getByRole('listitem', { name: `Open shift ${OPEN_SHIFT}` });
    expect(within(open).getByText('Starts Nov 27, 2026, 10:00 PM')).toBeTruthy();
    expect(within(open).getByText('PSW · Dementia care')).toBeTruthy();
    expect(
      await screen.findByRole('img', { name: 'Shifts posted vs filled per day: 4 posted, 2 filled before start' }),
    ).toBeTruthy();

    mocks.renotify.mockResolvedValue({ sent: 2, failed: 0, skipped: 0 });
    fireEvent.click(within(open).getByRole('button', { name: 'Re-notify staff' }));
    await waitFor(() =>
      expect(mocks.showSuccess).toHaveBeenCalledWith('2 staff members re-notified', 'Staff re-notified'),
    );
  });

  it('show the coverage overview in Quebec French', async () => {
    renderIn('fr-CA', <CoverageOverview companyId="c1" timeZone="America/Toronto" />);
    expect(screen.getByRole('heading', { name: 'Aperçu de la couverture' })).toBeTruthy();
    const period = screen.getByRole('radiogroup', { name: 'Période' });
    expect(within(period).getByRole('radio', { name: '7 jours' })).toBeTruthy();
    expect(within(period).getByRole('radio', { name: '30 jours' })).toBeTruthy();
    expect(stat('Taux de comblement').textContent).toBe(
      `Taux de comblement50${nbsp}%2 quarts comblés avant le début sur 4 publiés`,
    );
    expect(stat('Délai médian de comblement').textContent).toBe(`Délai médian de comblement1${nbsp}h`);
    expect(stat('Délai de comblement (P90)').textContent).toBe(`Délai de comblement (P90)1${nbsp}h 24${nbsp}min`);
    expect(stat('Arrivées pointées en retard').textContent).toBe(
      `Arrivées pointées en retard1Plus de 10${nbsp}min après le début`,
    );
    expect(
      screen.getByRole('heading', { name: 'Quarts ouverts qui commencent dans les 24 prochaines heures' }),
    ).toBeTruthy();
    const open = screen.getByRole('listitem', { name: `Quart ouvert ${OPEN_SHIFT}` });
    expect(within(open).getByText(/^Début/).textContent).toBe(`Début${nbsp}: 27 nov. 2026, 22 h 00`);
    expect(within(open).getByText('PAB · Soins aux personnes atteintes de démence')).toBeTruthy();
    const chart = await screen.findByRole('img', {
      name: `Quarts publiés et comblés par jour${nbsp}: 4 publiés, 2 comblés avant le début`,
    });
    expect(within(chart).getByText('Publiés')).toBeTruthy();
    expect(within(chart).getByText('Comblés')).toBeTruthy();

    mocks.renotify.mockResolvedValue({ sent: 1, failed: 0, skipped: 0 });
    fireEvent.click(within(open).getByRole('button', { name: 'Aviser le personnel de nouveau' }));
    await waitFor(() =>
      expect(mocks.showSuccess).toHaveBeenCalledWith(
        '1 membre du personnel avisé de nouveau',
        'Personnel avisé de nouveau',
      ),
    );
    mocks.renotify.mockRejectedValue(new Error('offline'));
    fireEvent.click(within(open).getByRole('button', { name: 'Aviser le personnel de nouveau' }));
    await waitFor(() => expect(mocks.showError).toHaveBeenCalledWith('Impossible d’aviser le personnel de nouveau'));
  });

  it('say in French that nothing opens soon and that coverage is loading', () => {
    mocks.overview = { ...OVERVIEW, open_soon: [] };
    renderIn('fr-CA', <CoverageOverview companyId="c1" timeZone="America/Toronto" />);
    expect(
      screen.getByText('Tous les quarts qui commencent dans les 24 prochaines heures ont été acceptés.'),
    ).toBeTruthy();
    cleanup();
    mocks.overview = null;
    renderIn('fr-CA', <CoverageOverview companyId="c1" timeZone="America/Toronto" />);
    expect(screen.getByRole('status').textContent).toBe('Chargement de la couverture…');
  });

  it('export the timesheet in both languages, with French column names kept on offer', async () => {
    renderIn('en', <TimesheetExport timeZone="America/Toronto" />);
    expect(screen.getByRole('heading', { name: 'Timesheet export' })).toBeTruthy();
    expect(screen.getByText('Completed shifts starting on these dates (America/Toronto).')).toBeTruthy();
    expect(screen.getByLabelText('From')).toBeTruthy();
    expect(screen.getByLabelText('To')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download timesheet (CSV)' })).toBeTruthy();
    cleanup();

    renderIn('fr-CA', <TimesheetExport timeZone="America/Toronto" />);
    expect(screen.getByRole('heading', { name: 'Exportation des feuilles de temps' })).toBeTruthy();
    expect(screen.getByText('Quarts terminés qui commencent à ces dates (America/Toronto).')).toBeTruthy();
    const from = screen.getByLabelText('Du') as HTMLInputElement;
    const to = screen.getByLabelText('Au') as HTMLInputElement;
    expect(
      (
        screen
          .getAllByLabelText('Noms des colonnes')
          .find((element) => element instanceof HTMLInputElement) as HTMLInputElement
      ).value,
    ).toBe('Anglais (stables, pour les logiciels)');

    // An empty range is said in French, with the dates the Quebec way.
    fireEvent.change(from, { target: { value: '2026-10-27' } });
    fireEvent.change(to, { target: { value: '2026-11-25' } });
    mocks.exportCsv.mockResolvedValue('\uFEFFNom,Date\r\n');
    fireEvent.click(screen.getByRole('button', { name: 'Télécharger la feuille de temps (CSV)' }));
    expect((await screen.findByText(/^Aucun quart terminé/)).textContent).toBe(
      'Aucun quart terminé entre le 27 oct. 2026 et le 25 nov. 2026.',
    );
    expect(mocks.exportCsv).toHaveBeenCalledWith('2026-10-27', '2026-11-25', 'en');

    fireEvent.change(to, { target: { value: '2026-10-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Télécharger la feuille de temps (CSV)' }));
    expect(mocks.showError).toHaveBeenCalledWith('La date de fin ne peut pas précéder la date de début');
  });

  it('show a shift’s timeline in English and in French', () => {
    renderIn('en', <ShiftTimelineDrawer shiftId="s1" onClose={() => {}} />);
    let drawer = screen.getByRole('dialog', { name: 'Shift timeline' });
    expect(within(drawer).getByText('Shift s1')).toBeTruthy();
    expect(within(drawer).getByText('Posted by Agence A')).toBeTruthy();
    expect(within(drawer).getByText('Clocked in by Staff 1')).toBeTruthy();
    expect(within(drawer).getByText('Nov 27, 2026, 10:15 PM')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Close shift timeline' })).toBeTruthy();
    expect(within(drawer).getByText(/^On time is from 30 mins before/)).toBeTruthy();
    cleanup();

    renderIn('fr-CA', <ShiftTimelineDrawer shiftId="s1" onClose={() => {}} />);
    drawer = screen.getByRole('dialog', { name: 'Historique du quart' });
    expect(within(drawer).getByText('Quart s1')).toBeTruthy();
    expect(within(drawer).getByText('Publié par Agence A')).toBeTruthy();
    expect(within(drawer).getByText('Accepté par Staff 1')).toBeTruthy();
    expect(within(drawer).getByText('Arrivée pointée par Staff 1')).toBeTruthy();
    // The step's sentence is the database's, as it wrote it.
    expect(within(drawer).getByText('15 mins late')).toBeTruthy();
    expect(within(drawer).getByText('27 nov. 2026, 22 h 15')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Fermer l’historique du quart' })).toBeTruthy();
    expect(within(drawer).getByText(/^À l’heure/).textContent).toBe(
      `À l’heure${nbsp}: de 30${nbsp}min avant à 10${nbsp}min après le début. Des heures effectuées qui s’écartent de plus de 15${nbsp}min du temps pointé sont signalées.`,
    );
  });

  it('say in French that the timeline is loading or empty', () => {
    mocks.steps = null;
    renderIn('fr-CA', <ShiftTimelineDrawer shiftId="s1" onClose={() => {}} />);
    expect(screen.getByRole('status', { name: 'Chargement de l’historique' })).toBeTruthy();
    cleanup();
    mocks.steps = [];
    renderIn('fr-CA', <ShiftTimelineDrawer shiftId="s1" onClose={() => {}} />);
    expect(screen.getByText('Aucun historique enregistré pour ce quart.')).toBeTruthy();
  });
});

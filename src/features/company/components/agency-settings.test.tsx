// @vitest-environment happy-dom
/**
 * Agency settings in both languages (issue 29): the no-show threshold, its rule, the automatic
 * re-post and the toasts. The save is mocked; tests/e2e/no-shows.test.ts saves them for real.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@shared/i18n/i18n.ts';
import { LocaleProvider } from '@shared/i18n/LocaleProvider.tsx';
import type { Company } from '../api/fetch-company.ts';
import { AgencySettingsModal } from './AgencySettingsModal.tsx';
import '../../../i18n/testing.ts';

const mocks = vi.hoisted(() => ({ save: vi.fn(), showSuccess: vi.fn(), showError: vi.fn() }));
vi.mock('../api/save-no-show-settings.ts', () => ({ saveNoShowSettings: mocks.save }));
vi.mock('@shared/lib/toast.ts', () => ({ showSuccess: mocks.showSuccess, showError: mocks.showError }));

const company = {
  id: 'company-1',
  no_show_repost_after_minutes: 15,
  auto_repost_no_shows: false,
} as Company;

function renderIn(locale: 'en' | 'fr-CA') {
  i18n.activate(locale);
  return render(
    <LocaleProvider>
      <MantineProvider>
        <AgencySettingsModal company={company} onClose={() => {}} />
      </MantineProvider>
    </LocaleProvider>,
  );
}

describe('agency settings', () => {
  beforeEach(() => {
    for (const mock of Object.values(mocks)) mock.mockReset();
  });
  afterEach(() => {
    cleanup();
    i18n.activate('en');
  });

  it('say what they always said in English', async () => {
    renderIn('en');
    const dialog = await screen.findByRole('dialog', { name: 'Agency settings' });
    expect(within(dialog).getByRole('heading', { name: 'No-shows' })).toBeTruthy();
    const threshold = within(dialog).getByRole('textbox', { name: /^Re-post from/ }) as HTMLInputElement;
    expect(threshold.value).toBe('15 mins');
    expect(within(dialog).getByRole('switch', { name: /^Re-post automatically/ })).toBeTruthy();
    expect(
      within(dialog).getByText(
        '15 minutes after the start, CareCover releases the worker, records a no-show and offers the shift to your other staff without asking.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Close agency settings' })).toBeTruthy();
  });

  it('speak Quebec French', async () => {
    renderIn('fr-CA');
    const dialog = await screen.findByRole('dialog', { name: 'Paramètres de l’agence' });
    expect(within(dialog).getByRole('button', { name: 'Fermer les paramètres de l’agence' })).toBeTruthy();
    expect(within(dialog).getByRole('form', { name: 'Absences sans préavis' })).toBeTruthy();
    expect(within(dialog).getByText(/^Un membre du personnel qui n’a pas pointé son arrivée 10 minutes/)).toBeTruthy();
    expect(
      within(dialog).getByText('Minutes après le début du quart. D’ici là, Republier reste en attente.'),
    ).toBeTruthy();
    const threshold = within(dialog).getByRole('textbox', { name: /^Republier à partir de/ }) as HTMLInputElement;
    expect(threshold.value).toBe('15 min');
    expect(within(dialog).getByRole('switch', { name: /^Republier automatiquement/ })).toBeTruthy();
    expect(
      within(dialog).getByText(/^15 minutes après le début, CareCover libère le membre du personnel/),
    ).toBeTruthy();

    fireEvent.change(threshold, { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await within(dialog).findByText('Choisissez entre 10 et 240 minutes');
    expect(within(dialog).getByText(/^À ce moment, CareCover libère le membre du personnel/)).toBeTruthy();
    expect(mocks.save).not.toHaveBeenCalled();

    mocks.save.mockResolvedValue(undefined);
    fireEvent.change(threshold, { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(mocks.showSuccess).toHaveBeenCalledWith('Paramètres de l’agence enregistrés'));
    expect(mocks.save).toHaveBeenCalledWith('company-1', {
      no_show_repost_after_minutes: 20,
      auto_repost_no_shows: false,
    });
  });

  it('say a failed save in French', async () => {
    mocks.save.mockRejectedValue(new Error('No user data found'));
    renderIn('fr-CA');
    const dialog = await screen.findByRole('dialog', { name: 'Paramètres de l’agence' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(mocks.showError).toHaveBeenCalledWith(
        'Une erreur inconnue s’est produite',
        'Les paramètres de l’agence n’ont pas été enregistrés',
      ),
    );
  });
});

// @vitest-environment happy-dom
/**
 * Account settings in both languages (issue 29): the email and password forms, their rules, the
 * outcome of a change and the toasts. The auth calls are mocked; tests/e2e/account-settings.test.ts
 * changes a real account.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@shared/i18n/i18n.ts';
import { LocaleProvider } from '@shared/i18n/LocaleProvider.tsx';
import type { EmailChange } from '../api/change-email.ts';
import { AccountSettingsModal } from './AccountSettingsModal.tsx';
import '../../../i18n/testing.ts';

const mocks = vi.hoisted(() => ({
  changeEmail: vi.fn<(email: string) => Promise<EmailChange>>(),
  changePassword: vi.fn<(current: string, next: string) => Promise<void>>(),
  showSuccess: vi.fn(),
  showError: vi.fn(),
}));
vi.mock('../api/change-email.ts', () => ({
  currentEmail: async () => 'owner@agency.ca',
  changeEmail: mocks.changeEmail,
}));
vi.mock('../api/change-password.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/change-password.ts')>()),
  changePassword: mocks.changePassword,
}));
vi.mock('@shared/lib/toast.ts', () => ({ showSuccess: mocks.showSuccess, showError: mocks.showError }));

function renderIn(locale: 'en' | 'fr-CA') {
  i18n.activate(locale);
  return render(
    <LocaleProvider>
      <MantineProvider>
        <AccountSettingsModal onClose={() => {}} />
      </MantineProvider>
    </LocaleProvider>,
  );
}

const text = (element: HTMLElement) => element.textContent?.replace(/\s+/g, ' ').trim();

describe('account settings', () => {
  beforeEach(() => {
    for (const mock of Object.values(mocks)) mock.mockReset();
  });
  afterEach(() => {
    cleanup();
    i18n.activate('en');
  });

  it('say what they always said in English', async () => {
    renderIn('en');
    const dialog = await screen.findByRole('dialog', { name: 'Account settings' });
    await waitFor(() => expect(within(dialog).getByTestId('account-email').textContent).toBe('owner@agency.ca'));
    expect(text(within(dialog).getByTestId('account-email').parentElement!)).toBe('You log in with owner@agency.ca.');
    expect(within(dialog).getByRole('heading', { name: 'Email' })).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Password' })).toBeTruthy();
    const emailForm = within(dialog).getByRole('form', { name: 'Change email' });
    mocks.changeEmail.mockResolvedValue({ status: 'pending', email: 'new@agency.ca' });
    fireEvent.change(within(emailForm).getByRole('textbox', { name: 'New email' }), {
      target: { value: 'new@agency.ca' },
    });
    fireEvent.click(within(emailForm).getByRole('button', { name: 'Change email' }));
    const status = await within(emailForm).findByRole('status');
    expect(text(status)).toBe(
      'We sent a confirmation link to new@agency.ca. Your email changes once you open it; until then, keep logging in with owner@agency.ca.',
    );
    expect(within(dialog).getByRole('form', { name: 'Change password' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Close account settings' })).toBeTruthy();
  });

  it('speak Quebec French', async () => {
    renderIn('fr-CA');
    const dialog = await screen.findByRole('dialog', { name: 'Paramètres du compte' });
    expect(within(dialog).getByRole('button', { name: 'Fermer les paramètres du compte' })).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Courriel' })).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Mot de passe' })).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByTestId('account-email').textContent).toBe('owner@agency.ca'));
    expect(text(within(dialog).getByTestId('account-email').parentElement!)).toBe(
      'Vous vous connectez avec owner@agency.ca.',
    );

    // The email: the shared rules, the own one, then a change done at once.
    const emailForm = within(dialog).getByRole('form', { name: 'Modifier le courriel' });
    const newEmail = within(emailForm).getByRole('textbox', { name: 'Nouveau courriel' });
    fireEvent.click(within(emailForm).getByRole('button', { name: 'Modifier le courriel' }));
    await within(emailForm).findByText('Le courriel est obligatoire');
    fireEvent.change(newEmail, { target: { value: 'OWNER@agency.ca' } });
    fireEvent.click(within(emailForm).getByRole('button', { name: 'Modifier le courriel' }));
    await within(emailForm).findByText('C’est déjà votre courriel');
    mocks.changeEmail.mockResolvedValue({ status: 'changed', email: 'new@agency.ca' });
    fireEvent.change(newEmail, { target: { value: 'new@agency.ca' } });
    fireEvent.click(within(emailForm).getByRole('button', { name: 'Modifier le courriel' }));
    const status = await within(emailForm).findByRole('status');
    expect(text(status)).toBe(
      'Votre courriel est maintenant new@agency.ca. Nous avons avisé votre ancienne adresse de ce changement.',
    );
    expect(mocks.showSuccess).toHaveBeenCalledWith('Courriel modifié');

    // The password: the current one first, said wrong in French.
    const passwordForm = within(dialog).getByRole('form', { name: 'Modifier le mot de passe' });
    expect(within(passwordForm).getByRole('button', { name: 'Afficher le mot de passe actuel' })).toBeTruthy();
    fireEvent.click(within(passwordForm).getByRole('button', { name: 'Modifier le mot de passe' }));
    await within(passwordForm).findByText('Le mot de passe est obligatoire');
    const { WrongCurrentPasswordError } = await import('../api/change-password.ts');
    mocks.changePassword.mockRejectedValue(new WrongCurrentPasswordError());
    fireEvent.change(within(passwordForm).getByLabelText(/^Mot de passe actuel/), { target: { value: 'old-Pass1!' } });
    fireEvent.change(within(passwordForm).getByLabelText(/^Nouveau mot de passe/), {
      target: { value: 'Fresh!pass7' },
    });
    fireEvent.change(within(passwordForm).getByLabelText(/^Confirmer le nouveau mot de passe/), {
      target: { value: 'Fresh!pass7' },
    });
    fireEvent.click(within(passwordForm).getByRole('button', { name: 'Modifier le mot de passe' }));
    await within(passwordForm).findByText('Le mot de passe actuel est incorrect');
    expect(mocks.changePassword).toHaveBeenCalledWith('old-Pass1!', 'Fresh!pass7');

    mocks.changePassword.mockResolvedValue();
    fireEvent.click(within(passwordForm).getByRole('button', { name: 'Modifier le mot de passe' }));
    await waitFor(() => expect(mocks.showSuccess).toHaveBeenCalledWith('Mot de passe modifié'));
  });
});

// @vitest-environment happy-dom
/**
 * The feedback survey in both languages (issue 29): SPEC's English, the Quebec French questions,
 * choices, rules and thank-you, and the answers stored as SPEC §3's English values whatever the
 * language. The database calls are mocked; tests/e2e/feedback.test.ts runs the survey against it.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@shared/i18n/i18n.ts';
import { LocaleProvider } from '@shared/i18n/LocaleProvider.tsx';
import { FeedbackModal } from './FeedbackModal.tsx';
import '../../../i18n/testing.ts';

const mocks = vi.hoisted(() => ({
  isGiven: false,
  submitFeedback: vi.fn(async () => 'submitted' as const),
}));
vi.mock('../api/fetch-feedback-status.ts', () => ({
  fetchFeedbackStatus: async () => ({ isGiven: mocks.isGiven }),
}));
vi.mock('../api/submit-feedback.ts', () => ({ submitFeedback: mocks.submitFeedback }));

function renderIn(locale: 'en' | 'fr-CA') {
  i18n.activate(locale);
  return render(
    <LocaleProvider>
      <MantineProvider>
        <FeedbackModal company={{ id: 'company-1' }} onClose={() => {}} />
      </MantineProvider>
    </LocaleProvider>,
  );
}

/** A question by the start of its label (the label ends with the required asterisk). */
const question = (scope: HTMLElement, label: string) =>
  within(scope).getByRole('radiogroup', { name: new RegExp(`^${label.replace(/[?()]/g, '\\$&')}`) });
const choose = (scope: HTMLElement, label: string, option: string) =>
  fireEvent.click(within(question(scope, label)).getByRole('radio', { name: option }));

describe('the feedback survey', () => {
  beforeEach(() => {
    mocks.isGiven = false;
    mocks.submitFeedback.mockClear();
    // happy-dom lays nothing out; the survey scrolls its first unanswered question into view.
    Element.prototype.scrollIntoView ??= () => {};
    // …and has no font loading, which Mantine's autosizing text boxes listen to.
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
  });
  afterEach(() => {
    cleanup();
    i18n.activate('en');
  });

  it('asks in English, with SPEC’s choices', async () => {
    renderIn('en');
    const dialog = await screen.findByRole('dialog', { name: 'Share your feedback' });
    const form = await within(dialog).findByRole('form', { name: 'Feedback survey' });
    expect(
      within(question(form, 'Which feature do you value most?'))
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['Shift Call', 'CareCover AI', 'Shift List', 'Staff List']);
    expect(
      within(question(form, 'Which feature do you value most?')).getByRole('radio', { name: 'CareCover AI' }),
    ).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Submit feedback' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Close feedback' })).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Submit feedback' }));
    await within(form).findByText('Please rate your satisfaction from 1 to 5');
    expect(within(form).getAllByText('Please answer Yes or No')).toHaveLength(2);
  });

  it('asks in Quebec French and stores SPEC’s English values', async () => {
    renderIn('fr-CA');
    const dialog = await screen.findByRole('dialog', { name: 'Donnez-nous votre avis' });
    const form = await within(dialog).findByRole('form', { name: 'Sondage sur votre expérience' });
    expect(within(dialog).getByRole('button', { name: 'Fermer le sondage' })).toBeTruthy();
    expect(within(form).getByText(/^Dites-nous comment CareCover fonctionne pour votre agence\./)).toBeTruthy();
    expect(within(form).getByText('1 = pas du tout satisfait, 5 = très satisfait')).toBeTruthy();
    expect(
      within(question(form, 'Quelle fonctionnalité appréciez-vous le plus?'))
        .getAllByRole('radio')
        .map((radio) => radio.closest('.mantine-Radio-root')?.textContent),
    ).toEqual(['Demande de remplacement', 'CareCover IA', 'Liste des quarts', 'Liste du personnel']);
    expect(within(form).getByRole('textbox', { name: 'Quelle est la principale raison de votre note?' })).toBeTruthy();

    // Nothing answered: each required question says what it needs, in French.
    fireEvent.click(within(form).getByRole('button', { name: 'Envoyer mes commentaires' }));
    await within(form).findByText('Veuillez noter votre satisfaction de 1 à 5');
    expect(within(form).getAllByText('Veuillez répondre Oui ou Non')).toHaveLength(2);
    expect(within(form).getByText('Veuillez choisir la fonctionnalité que vous appréciez le plus')).toBeTruthy();
    expect(within(form).getByText('Veuillez noter de 1 à 5 l’aide que vous apporte CareCover')).toBeTruthy();
    expect(within(form).getByText('Veuillez choisir comment vous vous sentiriez')).toBeTruthy();
    expect(mocks.submitFeedback).not.toHaveBeenCalled();

    choose(form, 'Dans quelle mesure êtes-vous satisfait de CareCover?', '4');
    choose(form, 'Quelque chose vous a-t-il frustré dans CareCover?', 'Oui');
    const followUp = within(form).getByRole('textbox', { name: /^Qu’est-ce qui vous a frustré\?/ });
    fireEvent.change(followUp, { target: { value: 'Trop de clics' } });
    choose(form, 'Quelle fonctionnalité appréciez-vous le plus?', 'Liste des quarts');
    choose(form, 'Dans quelle mesure CareCover vous aide-t-il à atteindre vos objectifs', '5');
    choose(form, 'Comment vous sentiriez-vous si vous ne pouviez plus utiliser CareCover?', 'Plutôt déçu');
    choose(form, 'Avez-vous eu besoin de l’aide de notre équipe de soutien?', 'Non');
    fireEvent.click(within(form).getByRole('button', { name: 'Envoyer mes commentaires' }));

    await within(dialog).findByText('Vos commentaires ont bien été reçus');
    expect(mocks.submitFeedback).toHaveBeenCalledTimes(1);
    expect(mocks.submitFeedback.mock.calls[0]).toEqual([
      expect.objectContaining({
        satisfaction: 4,
        frustrating: 'Yes',
        frustrating_detail: 'Trop de clics',
        most_feature: 'Shift List',
        goal_help: 5,
        pmf: 'Somewhat disappointed',
        support: 'No',
      }),
    ]);
    expect(within(dialog).getByRole('heading', { name: 'Merci!' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Fermer' })).toBeTruthy();
  });

  it('thanks a company that already answered, in French', async () => {
    mocks.isGiven = true;
    renderIn('fr-CA');
    const dialog = await screen.findByRole('dialog', { name: 'Donnez-nous votre avis' });
    await waitFor(() => expect(within(dialog).getByTestId('feedback-thanks')).toBeTruthy());
    expect(within(dialog).getByText('Vos commentaires ont bien été reçus')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'Nous lisons chaque réponse et nous en servons pour choisir nos prochaines améliorations.',
      ),
    ).toBeTruthy();
  });
});

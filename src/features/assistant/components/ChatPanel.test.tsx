// @vitest-environment happy-dom
/**
 * The assistant panel in both languages (issue 29): SPEC's English words, the Quebec French ones,
 * the questions asked in the panel's language, and the panel's own notices (failures, the quota)
 * said in French while the answers stay as the function wrote them. The function itself is the
 * browser tests' (tests/e2e/assistant*.test.ts); here its two calls are stand-ins.
 */
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@shared/lib/router.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@shared/i18n/i18n.ts';
import { LocaleProvider } from '@shared/i18n/LocaleProvider.tsx';
import { AssistantRequestError, askAssistant } from '../api/ask-assistant.ts';
import { fetchQuestionsLeft } from '../api/fetch-questions-left.ts';
import { ChatPanel } from './ChatPanel.tsx';
import '../../../i18n/testing.ts';

vi.mock('../api/ask-assistant.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/ask-assistant.ts')>()),
  askAssistant: vi.fn(),
}));
vi.mock('../api/fetch-questions-left.ts', () => ({ fetchQuestionsLeft: vi.fn() }));

// Mantine's autosizing textarea listens for web fonts, which happy-dom does not have.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}

const QUOTA_MESSAGE =
  'You have used all 25 assistant questions of the free plan this month. Go Premium for unlimited questions.';

let companyCount = 0;

function renderIn(locale: 'en' | 'fr-CA', onGoPremium = vi.fn()) {
  i18n.activate(locale);
  // A company of its own each time: the conversation store outlives a render, as it does a close.
  companyCount += 1;
  const company = { id: `company-${companyCount}`, premium: false };
  render(
    <LocaleProvider>
      <MantineProvider>
        <MemoryRouter>
          <ChatPanel company={company} onClose={() => {}} onGoPremium={onGoPremium} />
        </MemoryRouter>
      </MantineProvider>
    </LocaleProvider>,
  );
  return screen.getByTestId('chat-panel');
}

const remaining = () => screen.getByTestId('chat-remaining').textContent;

describe('the assistant panel', () => {
  beforeEach(() => {
    vi.mocked(fetchQuestionsLeft).mockResolvedValue(25);
  });
  afterEach(() => {
    cleanup();
    vi.mocked(askAssistant).mockReset();
    i18n.activate('en');
  });

  it('says SPEC’s English', async () => {
    const panel = renderIn('en');
    expect(within(panel).getByRole('heading', { level: 2, name: 'CareCover AI' })).toBeTruthy();
    expect(within(panel).getByRole('heading', { level: 3, name: "Hi, I'm CareCover AI" })).toBeTruthy();
    const input = within(panel).getByRole('textbox', { name: 'Message CareCover AI' });
    expect(input.getAttribute('placeholder')).toBe('Ask about your shifts or staff');
    expect(within(panel).getByRole('button', { name: 'Send message' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Close chat' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Provide me details about a shift' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Provide me details about a staff' })).toBeTruthy();
    expect(within(panel).getByText('Enter to send, Shift+Enter for a new line')).toBeTruthy();
    expect(remaining()).toBe('Answers about your shifts and staff');
    await vi.waitFor(() => expect(remaining()).toBe('25 questions left this month'));
  });

  it('speaks Quebec French, and asks its questions in French', async () => {
    vi.mocked(askAssistant).mockResolvedValue({
      reply: '1. Il y a 4 quarts en attente.',
      answeredBy: 'builtin',
      remaining: 25,
      counted: false,
    });
    const panel = renderIn('fr-CA');
    expect(within(panel).getByRole('heading', { level: 2, name: 'CareCover IA' })).toBeTruthy();
    expect(within(panel).getByRole('heading', { level: 3, name: 'Bonjour, je suis CareCover IA' })).toBeTruthy();
    expect(
      within(panel).getByText(
        'Posez-moi vos questions sur vos quarts et votre personnel en mots simples, ou choisissez une question ci-dessous.',
      ),
    ).toBeTruthy();
    const input = within(panel).getByRole('textbox', { name: 'Écrire à CareCover IA' });
    expect(input.getAttribute('placeholder')).toBe('Posez une question sur vos quarts ou votre personnel');
    expect(within(panel).getByRole('button', { name: 'Envoyer le message' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Fermer le clavardage' })).toBeTruthy();
    const prompts = within(panel).getByRole('region', { name: 'Questions à essayer' });
    expect(
      within(prompts)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Donnez-moi les détails d’un quart',
      'Donnez-moi les détails d’un membre du personnel',
      'Quels quarts ne sont pas encore comblés cette semaine?',
      'Qui a accepté le plus de quarts ce mois-ci?',
      'Quels quarts sont en attente?',
      'Qui était en retard cette semaine?',
    ]);
    expect(within(panel).getByText('Entrée pour envoyer, Maj+Entrée pour changer de ligne')).toBeTruthy();
    expect(remaining()).toBe('Réponses sur vos quarts et votre personnel');
    await vi.waitFor(() => expect(remaining()).toBe('25 questions restantes ce mois-ci'));

    fireEvent.click(within(prompts).getByRole('button', { name: 'Quels quarts sont en attente?' }));
    expect(vi.mocked(askAssistant)).toHaveBeenCalledWith([{ sender: 'user', text: 'Quels quarts sont en attente?' }]);
    const log = await within(panel).findByRole('log', { name: 'Conversation' });
    // The answer as the function wrote it, its point's number apart.
    await within(log).findByText('Il y a 4 quarts en attente.');
    expect(within(log).getByText('Assistant intégré')).toBeTruthy();
    expect(within(log).getByText('· Ne compte pas dans vos questions')).toBeTruthy();
    // The text matcher folds the no-break space into a space: the exact text is read from the nodes.
    expect(
      within(log)
        .getAllByText(/^(Vous|CareCover IA)\s:$/)
        .map((node) => node.textContent),
    ).toEqual(['Vous\u00a0:', 'CareCover IA\u00a0:']);
    expect(within(panel).getByRole('button', { name: 'Commencer une nouvelle conversation' })).toBeTruthy();
  });

  it('says its own failures in French, the waiting state too', async () => {
    let fail: (error: unknown) => void = () => {};
    vi.mocked(askAssistant).mockReturnValue(new Promise((_, reject) => (fail = reject)));
    const panel = renderIn('fr-CA');
    fireEvent.click(within(panel).getByRole('button', { name: 'Quels quarts sont en attente?' }));
    expect(within(panel).getByRole('status').textContent).toBe('CareCover IA répond…');
    expect(within(panel).getByRole('textbox', { name: 'Écrire à CareCover IA' }).getAttribute('placeholder')).toBe(
      'CareCover IA répond…',
    );
    await act(async () => fail(new AssistantRequestError('network_error', 'fetch failed', null)));
    expect(
      within(panel).getByText(
        'Désolé, je ne peux pas vous aider avec cette demande. Erreur réseau. Vérifiez votre connexion Internet et réessayez',
      ),
    ).toBeTruthy();
  });

  it('offers Premium in French when the free questions are used up', async () => {
    vi.mocked(fetchQuestionsLeft).mockResolvedValue(0);
    vi.mocked(askAssistant).mockRejectedValue(new AssistantRequestError('quota_exceeded', QUOTA_MESSAGE, 429));
    const onGoPremium = vi.fn();
    const panel = renderIn('fr-CA', onGoPremium);
    const usedUp = await within(panel).findByTestId('chat-used-up');
    expect(
      within(usedUp).getByText(
        'Vous avez utilisé les questions gratuites de ce mois-ci. Passez à Premium pour des questions illimitées.',
      ),
    ).toBeTruthy();
    expect(remaining()).toBe('0 question restante ce mois-ci');

    fireEvent.click(within(panel).getByRole('button', { name: 'Qui était en retard cette semaine?' }));
    const log = await within(panel).findByRole('log', { name: 'Conversation' });
    await within(log).findByText(
      'Vous avez utilisé les 25 questions à l’assistant du forfait gratuit ce mois-ci. Passez à Premium pour des questions illimitées.',
    );
    fireEvent.click(within(log).getByRole('button', { name: 'Passer à Premium' }));
    expect(onGoPremium).toHaveBeenCalledTimes(1);
  });

  it('follows a switch of language at once', async () => {
    const panel = renderIn('en');
    await vi.waitFor(() => expect(remaining()).toBe('25 questions left this month'));
    act(() => i18n.activate('fr-CA'));
    expect(within(panel).getByRole('heading', { level: 3, name: 'Bonjour, je suis CareCover IA' })).toBeTruthy();
    expect(remaining()).toBe('25 questions restantes ce mois-ci');
  });
});

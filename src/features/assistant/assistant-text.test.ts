import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@shared/i18n/i18n.ts';
import {
  entryText,
  everydayQuestions,
  failureText,
  quickPrompts,
  quotaText,
  remainingLabel,
  replyKindLabel,
} from './assistant-text.ts';
import type { ChatEntry } from './chat-conversation.ts';
import { t } from '../../i18n/testing.ts';

const nbsp = '\u00a0';
const QUOTA_MESSAGE =
  'You have used all 25 assistant questions of the free plan this month. Go Premium for unlimited questions.';
const failure = (text: string, panelReason?: ChatEntry['panelReason']): ChatEntry => ({
  id: 'e1',
  sender: 'ai',
  text,
  kind: 'failure',
  isContext: false,
  ...(panelReason && { panelReason }),
});

describe('assistant wording', () => {
  afterEach(() => {
    i18n.activate('en');
  });

  it('offers SPEC §9 quick prompts', () => {
    expect(quickPrompts(t)).toEqual(['Provide me details about a shift', 'Provide me details about a staff']);
  });

  it('says which kind answered, never naming a provider', () => {
    expect(replyKindLabel('builtin', t)).toBe('Built-in assistant');
    expect(replyKindLabel('model', t)).toBe('CareCover AI model');
    for (const label of [replyKindLabel('builtin', t), replyKindLabel('model', t)]) {
      expect(label).not.toMatch(/gemini|openai|gpt|ollama|google|llama/i);
    }
  });

  it('counts the free questions left without showing the plan total', () => {
    expect(remainingLabel(24, t)).toBe('24 questions left this month');
    expect(remainingLabel(1, t)).toBe('1 question left this month');
    expect(remainingLabel(0, t)).toBe('0 questions left this month');
    expect(remainingLabel(-2, t)).toBe('0 questions left this month');
  });

  it('offers everyday questions beside the quick prompts, all distinct', () => {
    expect(everydayQuestions(t)).toHaveLength(4);
    expect(new Set([...quickPrompts(t), ...everydayQuestions(t)]).size).toBe(6);
    for (const question of everydayQuestions(t)) expect(question).toMatch(/\?$/);
  });

  it('a failure reads as SPEC §8: the apology, then the message', () => {
    expect(failureText('The assistant is unavailable.', t)).toBe(
      "Sorry, I can't help with that. The assistant is unavailable.",
    );
    expect(failureText('', t)).toBe("Sorry, I can't help with that.");
    expect(failureText('', t, 'network')).toBe(
      "Sorry, I can't help with that. Network error. Check your internet connection and try again",
    );
    expect(failureText('', t, 'generic')).toBe("Sorry, I can't help with that. Error. Please try again");
  });

  it('does not repeat the apology the function already wrote', () => {
    expect(failureText("Sorry, I can't help with that. The model timed out.", t)).toBe(
      "Sorry, I can't help with that. The model timed out.",
    );
  });

  it("the quota notice is the database's sentence", () => {
    expect(quotaText(QUOTA_MESSAGE, t)).toBe(QUOTA_MESSAGE);
    expect(quotaText('Limit reached.', t)).toBe('Limit reached.');
  });

  it('a bubble shows questions and answers as they are, and words failures and the quota', () => {
    const question: ChatEntry = {
      id: 'q',
      sender: 'user',
      text: 'Who is on shift now?',
      kind: 'question',
      isContext: true,
    };
    expect(entryText(question, t)).toBe('Who is on shift now?');
    expect(entryText(failure('', 'network'), t)).toBe(
      "Sorry, I can't help with that. Network error. Check your internet connection and try again",
    );
    expect(entryText({ ...question, sender: 'ai', kind: 'quota', text: QUOTA_MESSAGE }, t)).toBe(QUOTA_MESSAGE);
  });

  it('says each of its own sentences in Quebec French', () => {
    i18n.activate('fr-CA');
    expect(quickPrompts(t)).toEqual([
      'Donnez-moi les détails d’un quart',
      'Donnez-moi les détails d’un membre du personnel',
    ]);
    expect(everydayQuestions(t)).toEqual([
      'Quels quarts ne sont pas encore comblés cette semaine?',
      'Qui a accepté le plus de quarts ce mois-ci?',
      'Quels quarts sont en attente?',
      'Qui était en retard cette semaine?',
    ]);
    expect(replyKindLabel('builtin', t)).toBe('Assistant intégré');
    expect(replyKindLabel('model', t)).toBe('Modèle CareCover IA');
    // French says 0 and 1 in the singular.
    expect(remainingLabel(24, t)).toBe('24 questions restantes ce mois-ci');
    expect(remainingLabel(1, t)).toBe('1 question restante ce mois-ci');
    expect(remainingLabel(0, t)).toBe('0 question restante ce mois-ci');
    expect(failureText('', t)).toBe('Désolé, je ne peux pas vous aider avec cette demande.');
    expect(entryText(failure('', 'network'), t)).toBe(
      'Désolé, je ne peux pas vous aider avec cette demande. Erreur réseau. Vérifiez votre connexion Internet et réessayez',
    );
    expect(failureText('', t, 'generic')).toBe(
      'Désolé, je ne peux pas vous aider avec cette demande. Erreur. Veuillez réessayer',
    );
    // The function's own words stay as they came (its English apology is not said twice).
    expect(failureText("Sorry, I can't help with that. The model timed out.", t)).toBe(
      "Sorry, I can't help with that. The model timed out.",
    );
    expect(failureText('The assistant is unavailable.', t)).toBe(
      'Désolé, je ne peux pas vous aider avec cette demande. The assistant is unavailable.',
    );
    expect(quotaText(QUOTA_MESSAGE, t)).toBe(
      'Vous avez utilisé les 25 questions à l’assistant du forfait gratuit ce mois-ci. Passez à Premium pour des questions illimitées.',
    );
    expect(t('assistantPanel.sender.you')).toBe(`Vous${nbsp}:`);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@shared/i18n/i18n.ts';
import {
  MAX_ANSWER_LENGTH,
  MOST_FEATURE_OPTIONS,
  PMF_OPTIONS,
  SCALE_OPTIONS,
  YES_NO,
  feedbackMessages,
} from './feedback-answers.ts';
import { choiceLabel, choiceOptions, feedbackErrorText } from './feedback-text.ts';
import { t } from '../../i18n/testing.ts';

describe('the survey in the person’s language', () => {
  afterEach(() => i18n.activate('en'));

  it('names SPEC §3’s choices by their stored English values', () => {
    expect(choiceOptions(MOST_FEATURE_OPTIONS, t)).toEqual(
      MOST_FEATURE_OPTIONS.map((value) => ({ value, label: value })),
    );
    expect(choiceOptions(PMF_OPTIONS, t).map((option) => option.label)).toEqual([...PMF_OPTIONS]);
    expect(choiceOptions(YES_NO, t).map((option) => option.label)).toEqual(['Yes', 'No']);
  });

  it('names the choices in French and keeps the values the table stores', () => {
    i18n.activate('fr-CA');
    expect(choiceOptions(MOST_FEATURE_OPTIONS, t)).toEqual([
      { value: 'Shift Call', label: 'Demande de remplacement' },
      { value: 'CareCover AI', label: 'CareCover IA' },
      { value: 'Shift List', label: 'Liste des quarts' },
      { value: 'Staff List', label: 'Liste du personnel' },
    ]);
    expect(choiceOptions(PMF_OPTIONS, t).map((option) => option.label)).toEqual([
      'Très déçu',
      'Plutôt déçu',
      'Pas déçu',
    ]);
    expect(choiceOptions(YES_NO, t)).toEqual([
      { value: 'Yes', label: 'Oui' },
      { value: 'No', label: 'Non' },
    ]);
    // The scales are numbers in both languages.
    expect(choiceOptions(SCALE_OPTIONS, t).map((option) => option.label)).toEqual(['1', '2', '3', '4', '5']);
    expect(choiceLabel('Something typed', t)).toBe('Something typed');
  });

  it('says the rules’ messages as SPEC’s English, and in French', () => {
    expect(feedbackErrorText(feedbackMessages.satisfaction, t)).toBe('Please rate your satisfaction from 1 to 5');
    expect(feedbackErrorText(feedbackMessages.tooLong, t)).toBe(
      `Please keep this answer under ${MAX_ANSWER_LENGTH} characters`,
    );
    expect(feedbackErrorText(undefined, t)).toBeUndefined();

    i18n.activate('fr-CA');
    expect(feedbackErrorText(feedbackMessages.satisfaction, t)).toBe('Veuillez noter votre satisfaction de 1 à 5');
    expect(feedbackErrorText(feedbackMessages.frustrating, t)).toBe('Veuillez répondre Oui ou Non');
    expect(feedbackErrorText(feedbackMessages.support, t)).toBe('Veuillez répondre Oui ou Non');
    expect(feedbackErrorText(feedbackMessages.frustrating_detail, t)).toBe('Veuillez nous dire ce qui vous a frustré');
    expect(feedbackErrorText(feedbackMessages.most_feature, t)).toBe(
      'Veuillez choisir la fonctionnalité que vous appréciez le plus',
    );
    expect(feedbackErrorText(feedbackMessages.goal_help, t)).toBe(
      'Veuillez noter de 1 à 5 l’aide que vous apporte CareCover',
    );
    expect(feedbackErrorText(feedbackMessages.pmf, t)).toBe('Veuillez choisir comment vous vous sentiriez');
    expect(feedbackErrorText(feedbackMessages.tooLong, t)).toBe(
      `Veuillez limiter cette réponse à moins de ${MAX_ANSWER_LENGTH} caractères`,
    );
  });

  it('has a French name for every choice and every message', () => {
    i18n.activate('fr-CA');
    for (const value of [...YES_NO, ...MOST_FEATURE_OPTIONS, ...PMF_OPTIONS]) {
      expect(choiceLabel(value, t), value).not.toBe(value);
    }
    for (const message of Object.values(feedbackMessages)) {
      expect(feedbackErrorText(message, t), message).not.toBe(message);
    }
  });
});

import type { AllMessages } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@shared/i18n/i18n.ts';
import type { Translate } from '@shared/i18n/use-t.ts';
import type { DashboardKey } from '../../i18n/catalogues.ts';
import english from '../../i18n/en.json';
import french from '../../i18n/fr-CA.json';
import { automaticRepostText, repostAfterErrorText, validateRepostAfter } from './no-show-settings.ts';

describe('the re-post threshold', () => {
  it('takes whole minutes from 10 to 240, as the database does', () => {
    expect(validateRepostAfter(10)).toBeNull();
    expect(validateRepostAfter(240)).toBeNull();
    expect(validateRepostAfter('15')).toBeNull();
    expect(validateRepostAfter(9)).toBe('Choose between 10 and 240 minutes');
    expect(validateRepostAfter(241)).toBe('Choose between 10 and 240 minutes');
    expect(validateRepostAfter(12.5)).toBe('Enter whole minutes');
    expect(validateRepostAfter('')).toBe('Enter a number of minutes');
    expect(validateRepostAfter(null)).toBe('Enter a number of minutes');
  });
});

describe('the no-show settings in the person’s language', () => {
  // The unit project compiles catalogues as the app's build does.
  i18n.load({ en: english, 'fr-CA': french } as unknown as AllMessages);
  const t = ((key, values) => i18n._(key, values)) as Translate<DashboardKey>;
  afterEach(() => i18n.activate('en'));

  it('says the rule’s messages and the automatic re-post as before in English', () => {
    i18n.activate('en');
    expect(repostAfterErrorText(validateRepostAfter(9), t)).toBe('Choose between 10 and 240 minutes');
    expect(repostAfterErrorText(validateRepostAfter(12.5), t)).toBe('Enter whole minutes');
    expect(repostAfterErrorText(validateRepostAfter(''), t)).toBe('Enter a number of minutes');
    expect(repostAfterErrorText(validateRepostAfter(15), t)).toBeNull();
    expect(automaticRepostText(15, t)).toBe(
      '15 minutes after the start, CareCover releases the worker, records a no-show and offers the shift to your other staff without asking.',
    );
    expect(automaticRepostText(null, t)).toBe(
      'At that time, CareCover releases the worker, records a no-show and offers the shift to your other staff without asking.',
    );
  });

  it('speaks Quebec French', () => {
    i18n.activate('fr-CA');
    expect(repostAfterErrorText(validateRepostAfter(241), t)).toBe('Choisissez entre 10 et 240 minutes');
    expect(repostAfterErrorText(validateRepostAfter(12.5), t)).toBe('Entrez un nombre entier de minutes');
    expect(repostAfterErrorText(validateRepostAfter(null), t)).toBe('Entrez un nombre de minutes');
    expect(automaticRepostText(20, t)).toBe(
      '20 minutes après le début, CareCover libère le membre du personnel, inscrit une absence sans préavis et offre le quart au reste de votre personnel sans vous le demander.',
    );
    expect(automaticRepostText(null, t)).toMatch(/^À ce moment, CareCover libère le membre du personnel/);
  });
});

import { describe, expect, it } from 'vitest';
import { i18n } from '@shared/i18n/i18n.ts';
import { bestMatchesSentText, toDispatchMode } from './dispatch-mode.ts';
import { t } from '../../i18n/testing.ts';

describe('dispatch mode', () => {
  it('reads the database value, SPEC’s everyone for anything else', () => {
    expect(toDispatchMode('best_matches')).toBe('best_matches');
    expect(toDispatchMode('everyone')).toBe('everyone');
    expect(toDispatchMode(null)).toBe('everyone');
    expect(toDispatchMode('loudest')).toBe('everyone');
  });

  it('says whom a best-matches post reached and when everyone else is notified, in the agency’s zone', () => {
    i18n.activate('en');
    expect(bestMatchesSentText(5, '2030-06-10T13:10:00Z', 'America/Toronto', t)).toBe(
      'Your new shift has been sent to your 5 best matches. If nobody accepts by 9:10 AM, everyone else who can take it is notified',
    );
    expect(bestMatchesSentText(1, '2030-06-10T13:10:00Z', 'America/Vancouver', t)).toBe(
      'Your new shift has been sent to your best match. If nobody accepts by 6:10 AM, everyone else who can take it is notified',
    );
    expect(bestMatchesSentText(0, null, 'America/Toronto', t)).toBe(
      'Your new shift has been posted. None of your staff can take it right now',
    );
  });

  it('says it in French, with French times', () => {
    i18n.activate('fr-CA');
    expect(bestMatchesSentText(5, '2030-06-10T13:10:00Z', 'America/Toronto', t, 'fr-CA')).toMatch(
      /^Votre nouveau quart a été envoyé à vos 5 meilleurs candidats\. Si personne ne l’accepte d’ici 9\sh\s10, /,
    );
    i18n.activate('en');
  });
});

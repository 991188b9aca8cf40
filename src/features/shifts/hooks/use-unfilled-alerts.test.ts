import { describe, expect, it } from 'vitest';
import { unfilledAlertText } from './use-unfilled-alerts.ts';
import { inFrench, t } from '../../../i18n/testing.ts';

const shift = {
  id: 's',
  starts_at: '2026-11-24T14:00:00Z',
  unfilled_at: '2026-11-24T14:00:00Z',
  accepted_at: null,
  street_number: '100',
  street_name: 'Queen Street West',
  city: 'Toronto',
};

describe('unfilled alert', () => {
  it('names the shift and when it started, in the agency’s zone', () => {
    expect(unfilledAlertText(shift, 'America/Toronto', { t, locale: 'en' })).toBe(
      'The shift at 100 Queen Street West, Toronto started Tue, Nov 24, 9:00 AM and nobody has accepted it.',
    );
  });

  it('says it in French, with a French date', () => {
    inFrench(() => {
      expect(unfilledAlertText(shift, 'America/Toronto', { t, locale: 'fr-CA' })).toMatch(
        /^Le quart au 100 Queen Street West, Toronto a commencé mar\. 24 nov\., 9\sh\s00 et personne ne l’a accepté\.$/,
      );
    });
  });
});

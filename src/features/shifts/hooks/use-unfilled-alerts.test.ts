import type { AllMessages } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { i18n } from '@shared/i18n/i18n.ts';
import type { Translate } from '@shared/i18n/use-t.ts';
import type { DashboardKey } from '../../../i18n/catalogues.ts';
import english from '../../../i18n/en.json';
import french from '../../../i18n/fr-CA.json';
import { unfilledAlertText } from './use-unfilled-alerts.ts';

// The unit project compiles catalogues as the app's build does.
i18n.load({ en: english, 'fr-CA': french } as unknown as AllMessages);
i18n.activate('en');
const t = ((key, values) => i18n._(key, values)) as Translate<DashboardKey>;

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
    i18n.activate('fr-CA');
    try {
      expect(unfilledAlertText(shift, 'America/Toronto', { t, locale: 'fr-CA' })).toMatch(
        /^Le quart au 100 Queen Street West, Toronto a commencé mar\. 24 nov\., 9\sh\s00 et personne ne l’a accepté\.$/,
      );
    } finally {
      i18n.activate('en');
    }
  });
});

import type { AllMessages } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { i18n } from '@shared/i18n/i18n.ts';
import type { Translate } from '@shared/i18n/use-t.ts';
import type { StaffKey } from '../../i18n/catalogues.ts';
import english from '../../i18n/en.json';
import french from '../../i18n/fr-CA.json';
import { acceptRefusal as refusalIn } from './accept-refusal.ts';

// The unit project compiles catalogues as the app's build does.
i18n.load({ en: english, 'fr-CA': french } as unknown as AllMessages);
i18n.activate('en');
const t = ((key, values) => i18n._(key, values)) as Translate<StaffKey>;
const acceptRefusal = (error: unknown) => refusalIn(error, t);
const CANNOT_TAKE_TITLE = 'You can’t take this shift';

const refused = (message: string, hint = '') => ({ code: 'P0001', message, details: null, hint });

describe('acceptRefusal', () => {
  it('gives the reason under a clear title when the shift clashes with the worker’s own time', () => {
    expect(acceptRefusal(refused('You already have another shift at this time', 'overlapping_shift'))).toEqual({
      title: CANNOT_TAKE_TITLE,
      message: 'You already have another shift at this time',
      isGone: true,
    });
    expect(acceptRefusal(refused('This shift is during your time off', 'time_off'))).toEqual({
      title: CANNOT_TAKE_TITLE,
      message: 'This shift is during your time off',
      isGone: true,
    });
  });

  it('tells a worker released as a no-show why they cannot take the shift back', () => {
    const message = 'You did not clock in to this shift, so your agency offered it to other staff';
    expect(acceptRefusal(refused(message, 'no_show'))).toEqual({ title: CANNOT_TAKE_TITLE, message, isGone: true });
  });

  it('says the shift was taken when another worker was first (or it is gone)', () => {
    for (const message of ['This shift has already been accepted by another staff member', 'Shift not found']) {
      expect(acceptRefusal(refused(message))).toMatchObject({
        title: 'Sorry, this shift was just taken',
        isGone: true,
      });
    }
  });

  it('says an ended shift has ended', () => {
    expect(acceptRefusal(refused('This shift has already ended'))).toMatchObject({
      title: 'This shift has ended',
      isGone: true,
    });
  });

  it('keeps the shift for another try on any other failure', () => {
    expect(acceptRefusal(new TypeError('Failed to fetch'))).toMatchObject({
      title: 'Could not accept the shift',
      isGone: false,
    });
  });

  it('says it in French for a French-speaking worker', () => {
    i18n.activate('fr-CA');
    expect(acceptRefusal(refused('This shift is during your time off', 'time_off'))).toEqual({
      title: 'Vous ne pouvez pas prendre ce quart',
      message: 'Ce quart tombe pendant votre congé',
      isGone: true,
    });
    i18n.activate('en');
  });
});

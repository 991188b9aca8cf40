import type { AllMessages } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import sharedEnglish from '@shared/i18n/catalogues/en.json';
import sharedFrench from '@shared/i18n/catalogues/fr-CA.json';
import { databaseErrorKey } from '@shared/i18n/database-errors.ts';
import { i18n } from '@shared/i18n/i18n.ts';
import type { Translate } from '@shared/i18n/use-t.ts';
import type { StaffKey } from '../../i18n/catalogues.ts';
import english from '../../i18n/en.json';
import french from '../../i18n/fr-CA.json';
import { staffErrorMessage } from '../../lib/staff-errors.ts';
import { acceptRefusal as refusalIn } from './accept-refusal.ts';

// The unit project compiles catalogues as the app's build does.
i18n.load({ en: { ...sharedEnglish, ...english }, 'fr-CA': { ...sharedFrench, ...french } } as unknown as AllMessages);
i18n.activate('en');
const t = ((key, values) => i18n._(key, values)) as Translate<StaffKey>;
// As useStaffErrorText says it (without React): the database's refusal by its code, else the sentence.
const errorText = (error: unknown) => {
  const found = databaseErrorKey(error);
  return found ? t(found.key, found.values) : staffErrorMessage(error);
};
const acceptRefusal = (error: unknown) => refusalIn(error, t, errorText);
const CANNOT_TAKE_TITLE = 'You can’t take this shift';

const refused = (message: string, hint = '', details: string | null = null) => ({
  code: 'P0001',
  message,
  details,
  hint,
});

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
    for (const [message, hint] of [
      ['This shift has already been accepted by another staff member', 'shift_taken'],
      ['Shift not found', 'shift_not_found'],
    ] as const) {
      expect(acceptRefusal(refused(message, hint))).toMatchObject({
        title: 'Sorry, this shift was just taken',
        isGone: true,
      });
    }
  });

  it('says an ended shift has ended', () => {
    expect(acceptRefusal(refused('This shift has already ended', 'shift_ended'))).toMatchObject({
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

  it('says any other refusal of the database by its code, in the worker’s language', () => {
    const notRecorded = refused(
      'This shift is for a RN, which the agency has not recorded you as',
      'staff_type',
      '{"staffType": "RN"}',
    );
    expect(acceptRefusal(notRecorded)).toEqual({
      title: 'Could not accept the shift',
      message: 'This shift is for a RN, which the agency has not recorded you as',
      isGone: false,
    });
    i18n.activate('fr-CA');
    expect(acceptRefusal(notRecorded).message).toBe(
      'Ce quart est pour le titre RN, que l’agence ne vous a pas attribué',
    );
    i18n.activate('en');
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

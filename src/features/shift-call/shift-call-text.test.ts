import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@shared/i18n/i18n.ts';
import type { Translate } from '@shared/i18n/use-t.ts';
import type { DashboardKey } from '../../i18n/catalogues.ts';
import { confirmationText, shiftAddress, shiftDuration } from './shift-call-text.ts';
import type { ShiftCallValues } from './shift-call-values.ts';
import '../../i18n/testing.ts';

const values: ShiftCallValues = {
  staffType: 'Personal Support Worker',
  skill: 'Dementia care',
  startsAt: '2030-06-10 22:00:00',
  endsAt: '2030-06-12 00:30:00',
  streetNumber: '12',
  streetName: 'King St W',
  city: 'Toronto',
  province: 'ON',
  country: 'Canada',
  postalCode: 'm5h 1a1',
  notes: '',
};

const t = ((key, messageValues) => i18n._(key, messageValues)) as Translate<DashboardKey>;

describe('confirmation text', () => {
  beforeEach(() => i18n.activate('en'));

  it('reads as SPEC §2 says', () => {
    expect(confirmationText(values, 'America/Toronto', t)).toBe(
      'Requesting coverage for 12 King St W, Toronto, ON M5H 1A1 by a Personal Support Worker for 1 day 2 hrs 30 mins?',
    );
  });

  it('uses singular labels for one of each', () => {
    expect(
      confirmationText(
        { ...values, startsAt: '2030-06-10 08:00:00', endsAt: '2030-06-11 09:01:00' },
        'America/Toronto',
        t,
      ),
    ).toBe(
      'Requesting coverage for 12 King St W, Toronto, ON M5H 1A1 by a Personal Support Worker for 1 day 1 hr 1 min?',
    );
  });

  it('formats the address', () => {
    expect(shiftAddress({ ...values, streetNumber: ' 5 ', streetName: ' Main St ' })).toBe(
      '5 Main St, Toronto, ON M5H 1A1',
    );
  });

  it('has no duration until both times are set', () => {
    expect(shiftDuration({ startsAt: '', endsAt: values.endsAt }, 'America/Toronto', t)).toBeNull();
    expect(shiftDuration({ startsAt: values.startsAt, endsAt: values.startsAt }, 'America/Toronto', t)).toBeNull();
  });

  it('asks in French with the staff type’s French name', () => {
    i18n.activate('fr-CA');
    expect(confirmationText(values, 'America/Toronto', t, () => 'Préposé(e) aux bénéficiaires (PAB)')).toBe(
      'Demander un remplacement\u00a0: Préposé(e) aux bénéficiaires (PAB) au 12 King St W, Toronto, ON M5H 1A1 pendant 1 jour 2 h 30 min?',
    );
  });
});

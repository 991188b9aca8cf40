import type { AllMessages } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { i18n } from '@shared/i18n/i18n.ts';
import type { Translate } from '@shared/i18n/use-t.ts';
import type { StaffKey } from '../../i18n/catalogues.ts';
import english from '../../i18n/en.json';
import french from '../../i18n/fr-CA.json';
import {
  credentialStatus,
  dayIn,
  daysBetween,
  formatDay,
  groupByAgency,
  statusLabel,
  type MyCredential,
} from './credential-status.ts';

// The unit project compiles catalogues as the app's build does.
i18n.load({ en: english, 'fr-CA': french } as unknown as AllMessages);
i18n.activate('en');
const t = ((key, values) => i18n._(key, values)) as Translate<StaffKey>;

const credential = (overrides: Partial<MyCredential>): MyCredential => ({
  id: 'c',
  companyId: 'a',
  type: 'CPR/First aid',
  registrationNumber: null,
  issuedOn: null,
  expiresOn: null,
  verifiedAt: null,
  verifiedBy: null,
  ...overrides,
});

describe('credentialStatus', () => {
  const today = '2027-03-01';

  it('is valid without an expiry date, and says there is none', () => {
    expect(credentialStatus(null, today)).toEqual({ kind: 'valid', hasExpiry: false });
  });

  it('is good through its expiry day and expired the day after', () => {
    expect(credentialStatus('2027-03-01', today)).toEqual({ kind: 'expiring', days: 0 });
    expect(credentialStatus('2027-02-28', today)).toEqual({ kind: 'expired' });
    expect(credentialStatus('2020-01-01', today)).toEqual({ kind: 'expired' });
  });

  it('warns from 30 days before, when the first reminder comes, and not at 31', () => {
    expect(credentialStatus('2027-03-31', today)).toEqual({ kind: 'expiring', days: 30 });
    expect(credentialStatus('2027-04-01', today)).toEqual({ kind: 'valid', hasExpiry: true });
    expect(credentialStatus('2027-03-02', today)).toEqual({ kind: 'expiring', days: 1 });
  });

  it('counts calendar days across a change of clocks (Toronto springs forward on 14 March 2027)', () => {
    expect(daysBetween('2027-03-13', '2027-03-15')).toBe(2);
    expect(daysBetween('2027-11-06', '2027-11-08')).toBe(2);
    expect(daysBetween('2027-03-15', '2027-03-13')).toBe(-2);
  });
});

describe('statusLabel', () => {
  it('says Valid, Expired, or how soon it expires', () => {
    i18n.activate('en');
    expect(statusLabel({ kind: 'valid', hasExpiry: false }, t)).toBe('Valid');
    expect(statusLabel({ kind: 'valid', hasExpiry: true }, t)).toBe('Valid');
    expect(statusLabel({ kind: 'expired' }, t)).toBe('Expired');
    expect(statusLabel({ kind: 'expiring', days: 0 }, t)).toBe('Expires today');
    expect(statusLabel({ kind: 'expiring', days: 1 }, t)).toBe('Expires tomorrow');
    expect(statusLabel({ kind: 'expiring', days: 14 }, t)).toBe('Expires in 14 days');
  });

  it('says it in French', () => {
    i18n.activate('fr-CA');
    expect(statusLabel({ kind: 'valid', hasExpiry: true }, t)).toBe('Valide');
    expect(statusLabel({ kind: 'expired' }, t)).toBe('Expiré');
    expect(statusLabel({ kind: 'expiring', days: 0 }, t)).toBe('Expire aujourd’hui');
    expect(statusLabel({ kind: 'expiring', days: 1 }, t)).toBe('Expire demain');
    expect(statusLabel({ kind: 'expiring', days: 14 }, t)).toBe('Expire dans 14 jours');
    i18n.activate('en');
  });
});

describe('dayIn', () => {
  // 04:30 UTC on 1 March 2027: still 28 February in Toronto and Vancouver, already 1 March in Paris.
  const instant = Date.parse('2027-03-01T04:30:00Z');

  it('is the calendar day in the given zone', () => {
    expect(dayIn(instant, 'America/Toronto')).toBe('2027-02-28');
    expect(dayIn(instant, 'America/Vancouver')).toBe('2027-02-28');
    expect(dayIn(instant, 'Europe/Paris')).toBe('2027-03-01');
    expect(dayIn(instant, 'UTC')).toBe('2027-03-01');
  });

  it('so a credential expiring on 28 February is still good in Toronto but expired in Paris', () => {
    expect(credentialStatus('2027-02-28', dayIn(instant, 'America/Toronto')).kind).toBe('expiring');
    expect(credentialStatus('2027-02-28', dayIn(instant, 'Europe/Paris')).kind).toBe('expired');
  });

  it('counts an unknown zone as UTC rather than failing', () => {
    expect(dayIn(instant, 'Not/AZone')).toBe('2027-03-01');
  });
});

describe('formatDay', () => {
  it('writes the calendar day itself, whatever zone the phone is in', () => {
    expect(formatDay('2027-03-01', 'en')).toBe('Mar 1, 2027');
    expect(formatDay('2026-12-31', 'en')).toBe('Dec 31, 2026');
    expect(formatDay('2027-03-01', 'fr-CA')).toBe('1 mars 2027');
  });
});

describe('groupByAgency', () => {
  const agencies = [
    { companyId: 'a', name: 'Maple Care', timeZone: 'America/Toronto' },
    { companyId: 'b', name: 'Harbour Home Care', timeZone: 'America/Halifax' },
  ];

  it('groups by agency in the order joined, soonest expiry first, no expiry last, and left agencies at the end', () => {
    const groups = groupByAgency(
      [
        credential({ id: '1', companyId: 'b', type: 'TB test', expiresOn: '2027-05-01' }),
        credential({ id: '2', companyId: 'a', type: 'Police check', expiresOn: null }),
        credential({ id: '3', companyId: 'gone', type: 'CPR/First aid', expiresOn: '2026-01-01' }),
        credential({ id: '4', companyId: 'a', type: 'Nursing licence', expiresOn: '2027-12-31' }),
        credential({ id: '5', companyId: 'a', type: 'CPR/First aid', expiresOn: '2027-04-01' }),
      ],
      agencies,
    );
    expect(groups.map((g) => [g.agencyName, g.timeZone, g.credentials.map((c) => c.id)])).toEqual([
      ['Maple Care', 'America/Toronto', ['5', '4', '2']],
      ['Harbour Home Care', 'America/Halifax', ['1']],
      [null, null, ['3']],
    ]);
  });

  it('leaves out agencies that recorded nothing', () => {
    expect(groupByAgency([], agencies)).toEqual([]);
  });
});

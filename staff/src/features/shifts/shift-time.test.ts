import type { AllMessages } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { i18n } from '@shared/i18n/i18n.ts';
import type { Translate } from '@shared/i18n/use-t.ts';
import type { StaffKey } from '../../i18n/catalogues.ts';
import sharedEnglish from '@shared/i18n/catalogues/en.json';
import sharedFrench from '@shared/i18n/catalogues/fr-CA.json';
import english from '../../i18n/en.json';
import french from '../../i18n/fr-CA.json';
import { formatShiftLength, formatShiftWhen } from './shift-time.ts';

// The unit project compiles catalogues as the app's build does.
i18n.load({ en: { ...sharedEnglish, ...english }, 'fr-CA': { ...sharedFrench, ...french } } as unknown as AllMessages);
const t = ((key, values) => i18n._(key, values)) as Translate<StaffKey>;

describe('shift times', () => {
  it('reads a day shift in its agency’s zone', () => {
    const text = formatShiftWhen('2026-11-24T14:00:00Z', '2026-11-24T22:00:00Z', 'America/Toronto');
    expect(text).toMatch(/^Tue, Nov 24, 9:00 AM – 5:00 PM( EST)?$/);
  });

  it('names the end day of an overnight shift', () => {
    const text = formatShiftWhen('2026-11-25T03:00:00Z', '2026-11-25T11:00:00Z', 'America/Vancouver');
    expect(text).toMatch(/^Tue, Nov 24, 7:00 PM – Wed, Nov 25, 3:00 AM( PST)?$/);
  });

  it('says the length in hours and minutes', () => {
    i18n.activate('en');
    expect(formatShiftLength('2026-11-24T14:00:00Z', '2026-11-24T22:00:00Z', t)).toBe('8 hrs');
    expect(formatShiftLength('2026-11-24T14:00:00Z', '2026-11-24T15:31:00Z', t)).toBe('1 hr 31 mins');
    expect(formatShiftLength('2026-11-24T14:00:00Z', '2026-11-24T14:45:00Z', t)).toBe('45 mins');
    expect(formatShiftLength('2026-11-24T14:00:00Z', '2026-11-24T14:00:00Z', t)).toBe('0 mins');
  });

  it('reads a shift in French: 24-hour clock, French days and lengths', () => {
    const text = formatShiftWhen('2026-11-24T14:00:00Z', '2026-11-24T22:00:00Z', 'America/Toronto', 'fr-CA');
    expect(text).toMatch(/^mar\. 24 nov\., 9\sh\s00 – 17\sh\s00( EST)?$/);
    i18n.activate('fr-CA');
    expect(formatShiftLength('2026-11-24T14:00:00Z', '2026-11-24T22:00:00Z', t)).toBe('8 h');
    expect(formatShiftLength('2026-11-24T14:00:00Z', '2026-11-24T15:31:00Z', t)).toBe('1 h 31 min');
    i18n.activate('en');
  });
});

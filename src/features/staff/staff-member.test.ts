import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@shared/i18n/i18n.ts';
import { formatJoined, formatPhone, orMissing, removeStaffError } from './staff-member.ts';
import { databaseText, inFrench, t } from '../../i18n/testing.ts';

/** The database's text for an error without a code. */
const noCode = () => null;

const REMOVE_FAILED = 'Failed to remove staff member';

afterEach(() => {
  i18n.activate('en');
});

describe('staff display', () => {
  it('formats ten-digit phones and falls back to "-"', () => {
    expect(formatPhone('4165550100')).toBe('(416) 555-0100');
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatPhone(null)).toBe('-');
    expect(formatPhone(' ')).toBe('-');
    expect(orMissing('')).toBe('-');
    expect(orMissing('Ada')).toBe('Ada');
  });
});

describe('Joined column', () => {
  it('shows the join date in the company time zone', () => {
    // 03:30 UTC on Nov 22 is still Nov 21 in Toronto.
    expect(formatJoined('2026-11-22T03:30:00Z', 'America/Toronto')).toBe('Nov 21, 2026');
    expect(formatJoined('2026-11-22T03:30:00Z', 'Europe/Paris')).toBe('Nov 22, 2026');
  });

  it('falls back to UTC for an unknown zone and to "-" for a missing or unreadable date', () => {
    expect(formatJoined('2026-11-22T03:30:00Z', 'Not/AZone')).toBe('Nov 22, 2026');
    expect(formatJoined(null, 'America/Toronto')).toBe('-');
    expect(formatJoined('yesterday', 'America/Toronto')).toBe('-');
  });

  it('writes the date the Quebec way in French', () => {
    expect(formatJoined('2026-11-22T03:30:00Z', 'America/Toronto', 'fr-CA')).toBe('21 nov. 2026');
    expect(formatJoined(null, 'America/Toronto', 'fr-CA')).toBe('-');
  });
});

describe('Remove staff failure toast', () => {
  it("shows the database's own sentence under the failure title when it refused for a reason", () => {
    const onShift = 'This staff member is on a shift. Clock them out before removing them.';
    expect(removeStaffError({ code: 'P0001', message: onShift }, t, noCode)).toEqual({
      title: REMOVE_FAILED,
      message: onShift,
    });
  });

  it('says a refusal with a code in the person’s language', () => {
    const refusal = { code: 'P0001', message: 'This staff member is on a shift…', hint: 'remove_while_on_shift' };
    expect(removeStaffError(refusal, t, databaseText)).toEqual({
      title: REMOVE_FAILED,
      message: 'This staff member is on a shift. Clock them out before removing them.',
    });
    expect(inFrench(() => removeStaffError(refusal, t, databaseText))).toEqual({
      title: 'Impossible de retirer ce membre du personnel',
      message: 'Ce membre du personnel est en quart. Pointez son départ avant de le retirer.',
    });
  });

  it('shows only the failure text for anything else', () => {
    expect(
      removeStaffError({ code: '42501', message: 'permission denied for function remove_staff' }, t, noCode),
    ).toEqual({
      message: 'Failed to remove staff member',
    });
    expect(removeStaffError(new TypeError('Failed to fetch'), t, noCode)).toEqual({ message: REMOVE_FAILED });
    expect(removeStaffError({ code: 'P0001', message: ' ' }, t, noCode)).toEqual({ message: REMOVE_FAILED });
    expect(removeStaffError(null, t, noCode)).toEqual({ message: REMOVE_FAILED });
  });

  it('says its own sentence in French', () => {
    i18n.activate('fr-CA');
    expect(removeStaffError(null, t, noCode)).toEqual({ message: 'Impossible de retirer ce membre du personnel' });
  });
});

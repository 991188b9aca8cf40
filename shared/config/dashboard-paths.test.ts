import { describe, expect, it } from 'vitest';
import { idFromParam, shiftTimelinePath, staffShiftsPath } from './dashboard-paths.ts';

const ID = 'A1000000-0000-4000-8000-00000000000F';

describe('dashboard paths', () => {
  it('carry a shift or a staff member in the query', () => {
    expect(shiftTimelinePath('abc')).toBe('/dashboard/shift-info?timeline=abc');
    expect(staffShiftsPath('a b')).toBe('/dashboard/view?staff=a%20b');
  });

  it('read an id back from a query parameter, lower-cased, and nothing else', () => {
    expect(idFromParam(` ${ID} `)).toBe(ID.toLowerCase());
    expect(idFromParam(null)).toBeNull();
    expect(idFromParam('')).toBeNull();
    expect(idFromParam('1a2b3c4d')).toBeNull();
    expect(idFromParam(`${ID}x`)).toBeNull();
  });
});

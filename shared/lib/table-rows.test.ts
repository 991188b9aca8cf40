import { describe, expect, it } from 'vitest';
import { nextSort, pageCount, pageRows, searchRows, sortRows } from './table-rows.ts';

const rows = [
  { id: 1, name: 'Ada', n: 3 as number | null },
  { id: 2, name: 'bob', n: null },
  { id: 3, name: 'Cy', n: 1 },
  { id: 4, name: 'ada 2', n: 10 },
];

describe('searchRows', () => {
  it('matches every word, case-insensitively', () => {
    const text = (r: (typeof rows)[number]) => `${r.name} ${r.n ?? '-'}`.toLowerCase();
    expect(searchRows(rows, 'ADA', text).map((r) => r.id)).toEqual([1, 4]);
    expect(searchRows(rows, 'ada 10', text).map((r) => r.id)).toEqual([4]);
    expect(searchRows(rows, '  ', text)).toHaveLength(4);
  });
});

describe('sortRows', () => {
  it('sorts numbers and text both ways with missing values last, stably', () => {
    expect(sortRows(rows, (r) => r.n, 'asc').map((r) => r.id)).toEqual([3, 1, 4, 2]);
    expect(sortRows(rows, (r) => r.n, 'desc').map((r) => r.id)).toEqual([4, 1, 3, 2]);
    expect(sortRows(rows, (r) => r.name, 'asc').map((r) => r.id)).toEqual([1, 4, 2, 3]);
    expect(sortRows(rows, () => 'same', 'desc').map((r) => r.id)).toEqual([1, 2, 3, 4]);
  });
});

describe('paging', () => {
  it('counts pages and clamps to the last', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(51, 25)).toBe(3);
    expect(pageRows(rows, 2, 3).map((r) => r.id)).toEqual([4]);
    expect(pageRows(rows, 9, 3).map((r) => r.id)).toEqual([4]);
  });

  it('flips the direction of the same column and starts a new one ascending', () => {
    expect(nextSort({ key: 'a', direction: 'asc' }, 'a')).toEqual({ key: 'a', direction: 'desc' });
    expect(nextSort({ key: 'a', direction: 'desc' }, 'b')).toEqual({ key: 'b', direction: 'asc' });
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_FILTER_VALUES, shiftBindings } from './shift-bindings.ts';

const ids = (n: number) =>
  Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);

describe('shiftBindings', () => {
  it('listens to inserts and updates of the worker’s agencies only, and to every delete', () => {
    const [a, b] = ids(2) as [string, string];
    expect(shiftBindings([b, a])).toEqual([
      { event: 'INSERT', filter: `company_id=in.(${a},${b})` },
      { event: 'UPDATE', filter: `company_id=in.(${a},${b})` },
      { event: 'DELETE' },
    ]);
  });

  it('without agencies there is nothing to see but deletes', () => {
    expect(shiftBindings([])).toEqual([{ event: 'DELETE' }]);
  });

  it('leaves it to RLS when one filter cannot name every agency', () => {
    expect(shiftBindings(ids(MAX_FILTER_VALUES))[0]?.filter).toContain('in.(');
    expect(shiftBindings(ids(MAX_FILTER_VALUES + 1))).toEqual([{ event: '*' }]);
  });
});

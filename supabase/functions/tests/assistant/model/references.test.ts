import assert from 'node:assert/strict';
import { candidatesIn, collectReferences, findVerbatim } from '../../../assistant/model/references.ts';
import { AMELIA, fakeShift, JORDAN } from './test-fakes.ts';

Deno.test(
  'references: only shifts and staff from tool results whose ShiftID or name is in the reply, in reply order',
  () => {
    const one = fakeShift(1, { accepted_by: { id: AMELIA.id, name: AMELIA.name } });
    const two = fakeShift(2);
    const results = [{ total: 2, shifts: [one, two] }, { staff: [JORDAN] }];
    const reply = `1. Jordan Lee is free.\n2. Shift ${one.short_id} was accepted by ${AMELIA.name}.\n3. Zed Unknown and shift ffffffff are not in the data.`;
    assert.deepEqual(collectReferences(reply, results), [
      { kind: 'staff', id: JORDAN.id, label: 'Jordan Lee' },
      { kind: 'shift', id: one.id, label: one.short_id },
      { kind: 'staff', id: AMELIA.id, label: AMELIA.name },
    ]);
    assert.equal(candidatesIn(results).length, 4, 'two shifts, the staff who accepted one, and Jordan');
  },
);

Deno.test('references: whole words only; a label shared by two ids links to neither', () => {
  assert.equal(findVerbatim('Anne Smith', 'Ann'), -1);
  assert.equal(findVerbatim('Ask Ann.', 'Ann'), 4);
  assert.equal(findVerbatim('id a00000011 is longer', 'a0000001'), -1);
  assert.equal(findVerbatim('(a0000001)', 'a0000001'), 1);
  const twins = [
    {
      staff: [
        { id: 'x', name: 'Sam Roy' },
        { id: 'y', name: 'Sam Roy' },
      ],
    },
  ];
  assert.deepEqual(collectReferences('Sam Roy has two shifts.', twins), []);
  const same = [{ staff: [{ id: 'x', name: 'Sam Roy' }] }, { rows: [{ staff: { id: 'x', name: 'Sam Roy' } }] }];
  assert.deepEqual(collectReferences('Sam Roy leads.', same), [{ kind: 'staff', id: 'x', label: 'Sam Roy' }]);
});

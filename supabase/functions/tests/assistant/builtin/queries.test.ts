import assert from 'node:assert/strict';
import { FAKE_NOW } from './fake-tools.ts';
import { callsFor } from '../../../assistant/builtin/queries.ts';

Deno.test('queries: one find_shifts call per status asked, with the filters', () => {
  assert.deepEqual(
    callsFor(
      { type: 'shifts', statuses: ['Assigned', 'Completed'], address: 'King St', count: false, view: 'list' },
      FAKE_NOW,
    ),
    [
      { name: 'find_shifts', args: { address: 'King St', limit: 10, status: 'Assigned' } },
      { name: 'find_shifts', args: { address: 'King St', limit: 10, status: 'Completed' } },
    ],
  );
  assert.deepEqual(callsFor({ type: 'shifts', statuses: [], count: false, view: 'first' }, FAKE_NOW), [
    { name: 'find_shifts', args: { from: FAKE_NOW.toISOString(), limit: 10 } },
  ]);
  assert.deepEqual(callsFor({ type: 'shifts', statuses: ['Completed'], count: false, view: 'latest' }, FAKE_NOW), [
    {
      name: 'find_shifts',
      args: { from: '2026-10-19T20:00:00.000Z', before: FAKE_NOW.toISOString(), limit: 50, status: 'Completed' },
    },
  ]);
});

Deno.test('queries: the fewest of a ranking also lists the staff (those with none are not ranked)', () => {
  assert.deepEqual(callsFor({ type: 'ranking', metric: 'most_accepted', limit: 5, order: 'bottom' }, FAKE_NOW), [
    { name: 'staff_ranking', args: { metric: 'most_accepted', limit: 50 } },
    { name: 'list_staff', args: { limit: 50 } },
  ]);
  assert.deepEqual(callsFor({ type: 'plan', aspect: 'all' }, FAKE_NOW), [{ name: 'plan_usage', args: {} }]);
  assert.deepEqual(callsFor({ type: 'on_shift' }, FAKE_NOW), [
    { name: 'find_shifts', args: { status: 'In-progress', limit: 50 } },
  ]);
});

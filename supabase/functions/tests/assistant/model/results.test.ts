import assert from 'node:assert/strict';
import { capResult, HIDDEN_ID, hideCustomerIds, prepareResult } from '../../../assistant/model/results.ts';
import { ADDED_AT, CUSTOMER_ID, fakeShift, PUSH_TOKEN } from './test-fakes.ts';

Deno.test('results: redacted fields go, payment ids inside text are hidden, the input is untouched', () => {
  const input = {
    staff: [{ name: 'Amelia', push_token: PUSH_TOKEN, added_at: ADDED_AT, employerAddedAt_x: ADDED_AT }],
    company: { stripe_customer_id: CUSTOMER_ID, company_name: 'Maple' },
    notes: `Billing asked about ${CUSTOMER_ID} again`,
  };
  const copy = structuredClone(input);
  const { value, truncated } = prepareResult(input);
  assert.equal(truncated, false);
  assert.deepEqual(value, {
    staff: [{ name: 'Amelia' }],
    company: { company_name: 'Maple' },
    notes: `Billing asked about ${HIDDEN_ID} again`,
  });
  assert.deepEqual(input, copy);
  assert.deepEqual(hideCustomerIds(['cus_A1 and cus_B2', 3, null]), [`${HIDDEN_ID} and ${HIDDEN_ID}`, 3, null]);
});

Deno.test('results: a large list is cut to the cap, first items kept, totals kept, and a note says so', () => {
  const shifts = Array.from({ length: 10_000 }, (_, i) => fakeShift(i + 1));
  const { value, truncated } = capResult({ total: 10_000, shifts }, 16_000);
  const out = value as { total: number; shifts: { short_id: string }[]; note: string };
  assert.equal(truncated, true);
  assert.ok(JSON.stringify(out).length <= 16_000, 'within the cap');
  assert.ok(out.shifts.length > 10, `a useful page is kept (${out.shifts.length})`);
  assert.equal(out.shifts[0]!.short_id, shifts[0]!.short_id, 'the first items are the ones kept');
  assert.equal(out.total, 10_000);
  assert.match(out.note, new RegExp(`shifts: the first ${out.shifts.length} of 10000`));
  assert.match(out.note, /partial/);
  assert.equal(shifts.length, 10_000, 'the tool result itself is not changed');
});

Deno.test('results: nested lists and top-level lists are cut too; a value that cannot fit becomes an error', () => {
  const nested = {
    rows: Array.from({ length: 50 }, (_, i) => ({
      name: `Staff ${i}`,
      shifts: Array.from({ length: 40 }, (_, j) => fakeShift(j)),
    })),
  };
  const a = capResult(nested, 8_000);
  assert.ok(JSON.stringify(a.value).length <= 8_000);
  assert.match((a.value as { note: string }).note, /cut to fit/);

  const b = capResult(
    Array.from({ length: 500 }, (_, i) => fakeShift(i)),
    6_000,
  );
  const wrapped = b.value as { items: unknown[]; note: string };
  assert.ok(Array.isArray(wrapped.items) && wrapped.items.length > 0);
  assert.match(wrapped.note, /items: the first \d+ of 500/);

  const c = capResult({ notes: 'n'.repeat(50_000) }, 1_000);
  assert.deepEqual(c.value, {
    error: 'This result was too large to send. Ask again with a narrower period or filter.',
  });
});

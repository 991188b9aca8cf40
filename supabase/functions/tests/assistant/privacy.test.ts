import assert from 'node:assert/strict';
import { isRedactedField, redact, removeCustomerIdLines } from '../../assistant/privacy.ts';

Deno.test('redaction: push tokens and employment-added-at fields go, at any depth and in any spelling', () => {
  const input = {
    push_token: 'ExponentPushToken[a]',
    pushToken: 'b',
    PUSHTOKEN: 'c',
    added_at: '2026-01-01',
    employerAddedAt: 'x',
    employeraddedat_abc123: 'y',
    EmployerAddedAt_Company: 'z',
    keep: 'kept',
    list: [{ staff: { push_token: 'd', added_at: 'e', first_name: 'Amelia' } }, 'plain', 3, null],
    deep: { a: { b: { c: [{ employerAddedAt_1: 'f', expoPushToken: 'g', ok: true }] } } },
  };
  const copy = structuredClone(input);
  assert.deepEqual(redact(input), {
    keep: 'kept',
    list: [{ staff: { first_name: 'Amelia' } }, 'plain', 3, null],
    deep: { a: { b: { c: [{ ok: true }] } } },
  });
  assert.deepEqual(input, copy, 'the input is not changed');
  assert.equal(isRedactedField('stripe_customer_id'), true, 'payment ids never reach a model either');
  assert.equal(isRedactedField('accepted_at'), false);
  assert.equal(isRedactedField('created_at'), false);
});

Deno.test('reply filter: every line mentioning a payment customer id is removed', () => {
  const reply = [
    '1. Your plan is Free.',
    '   a. Customer ID: cus_Abc123',
    '   b. Your billing id is cus_Q1w2E3 if asked.',
    '2. Your customer_id is hidden.',
    '3. Customers love your agency.',
    '   a. customer-id stays hidden, CUSTOMERID too',
    '4. Focus on the customer. Id cards are fine.',
  ].join('\n');
  assert.equal(
    removeCustomerIdLines(reply),
    ['1. Your plan is Free.', '3. Customers love your agency.', '4. Focus on the customer. Id cards are fine.'].join(
      '\n',
    ),
  );
  assert.equal(removeCustomerIdLines('cus_x1\r\nCustomer Id: 1'), '', 'a reply made only of such lines is empty');
  assert.equal(
    removeCustomerIdLines('1. focus_x is fine\n2. discus_the plan'),
    '1. focus_x is fine\n2. discus_the plan',
  );
});

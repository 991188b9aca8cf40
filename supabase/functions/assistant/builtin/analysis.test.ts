import assert from 'node:assert/strict';
import { analyse } from './analysis.ts';
import { FAKE_NOW, FAKE_TZ } from './fake-tools.ts';

const ctx = { timeZone: FAKE_TZ, now: FAKE_NOW };
const read = (text: string) => analyse(text, ctx);

Deno.test('analysis: addresses with a number, a street type, or a place after "in"', () => {
  assert.equal(read('shifts at 100 Queen Street West tomorrow').address, '100 Queen Street West');
  assert.equal(read('1280 Main St W shifts').address, '1280 Main St W');
  assert.equal(read('shifts at 10365 97 Street NW').address, '10365 97 Street NW');
  assert.equal(read('what shifts are on Yonge Street').address, 'Yonge Street');
  assert.equal(read('any shifts in Toronto this week').address, 'Toronto');
  assert.equal(read('any shifts in Toronto this week').addressWord, 'in');
  assert.equal(read('top 5 staff this month').address, undefined, 'a number alone is no address');
  assert.equal(read('shifts in progress').address, undefined);
  assert.equal(read('shifts in December').address, undefined, 'a month is a period');
});

Deno.test('analysis: skills, staff types and typos', () => {
  assert.deepEqual(read('dementia care shifts').skill, { value: 'dementia', label: 'dementia care' });
  assert.deepEqual(read('behavioral support shifts').skill, { value: 'behavio', label: 'behavioral support' });
  assert.deepEqual(read('aromatherapy care shifts').skill, { value: 'aromatherapy care', label: 'aromatherapy care' });
  assert.deepEqual(read('PSW shifts').staffType, { value: 'PSW', alternate: 'Personal Support Worker' });
  assert.deepEqual(read('personal support workers next week').staffType, {
    value: 'Personal Support Worker',
    alternate: 'PSW',
  });
  assert.deepEqual(read('RN shifts').staffType, { value: 'RN', alternate: 'Registered Nurse' });
  assert.equal(read('who is working rn').staffType, undefined, '"rn" in lower case is "right now"');
  assert.equal(read('which pendng shfits').s, ' which pending shifts ');
});

Deno.test('analysis: the period is read in the past tense when the question is about the past', () => {
  assert.equal(read('did Jordan work on Monday').when?.label, 'on Mon Nov 16');
  assert.equal(read('is Jordan working on Monday').when?.label, 'on Mon Nov 23');
  assert.equal(read('5a000002 details').shiftId, '5a000002');
  assert.deepEqual(
    read("How many hours has Amelia's worked").names.map((n) => n.text),
    ['Amelia'],
  );
});

import assert from 'node:assert/strict';
import { closestWord, editDistance, normalise, plural, tokenize } from '../../../assistant/builtin/text.ts';

Deno.test('text: tokens keep dates, ShiftIDs and names whole, and note possessives', () => {
  const tokens = tokenize("What are Amélie's shifts on 11/28, 2026-11-28 and shift 5a000001-00?");
  assert.deepEqual(
    tokens.map((t) => t.norm),
    ['what', 'are', 'amelie', 'shifts', 'on', '11/28', '2026-11-28', 'and', 'shift', '5a000001-00'],
  );
  assert.equal(tokens[2]?.raw, 'Amélie');
  assert.equal(tokens[2]?.possessive, true);
  assert.deepEqual(
    tokenize('next 48hrs — Mon–Wed, no-show').map((t) => t.norm),
    ['next', '48', 'hrs', '-', 'mon', '-', 'wed', 'no', 'show'],
  );
  assert.deepEqual(
    tokenize('the 28th at 3pm').map((t) => t.norm),
    ['the', '28th', 'at', '3pm'],
  );
  assert.equal(normalise('  Côté,  Marie-Ève! '), 'cote marie eve');
  assert.deepEqual(
    tokenize("O'Brien didn't clock in").map((t) => t.norm),
    ["o'brien", 'didn', 't', 'clock', 'in'],
  );
});

Deno.test('text: typos are one or two edits away, swapped letters count once', () => {
  assert.equal(editDistance('shfits', 'shifts'), 1);
  assert.equal(editDistance('pendng', 'pending'), 1);
  assert.equal(editDistance('amelia', 'amelia'), 0);
  assert.equal(editDistance('abc', 'xyzuvw', 2), 3, 'stops early past the budget');
  assert.equal(closestWord('pendng', ['pending', 'completed']), 'pending');
  assert.equal(closestWord('asigned', ['assigned', 'pending']), 'assigned');
  assert.equal(closestWord('cat', ['cut']), null, 'short words are never corrected');
  assert.equal(closestWord('abcde', ['abcdf', 'abcdg']), null, 'a tie is no answer');
  assert.equal(plural(1, 'shift'), '1 shift');
  assert.equal(plural(3, 'staff member'), '3 staff members');
});

Deno.test('text: of typos equally close, the one that only dropped letters wins', () => {
  assert.equal(closestWord('completd', ['complete', 'completed']), 'completed');
  assert.equal(closestWord('pendng', ['pending', 'spending']), 'pending');
  assert.equal(closestWord('wrk', ['work']), null, 'three letters are never corrected');
  assert.equal(closestWord('bonk', ['bank', 'book']), null, 'a tie that dropped nothing stays a tie');
});

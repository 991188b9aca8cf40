import assert from 'node:assert/strict';
import {
  accentPattern,
  addressFilters,
  editDistance,
  fold,
  phrasePattern,
  scoreName,
  wordScore,
} from '../../../assistant/tools/text.ts';

Deno.test('fold: accents, case and apostrophes go; other punctuation is a space', () => {
  assert.equal(fold('Amélie  CÔTÉ'), 'amelie cote');
  assert.equal(fold("Liam O'Connor"), 'liam oconnor');
  assert.equal(fold('Saint-Joseph, Gatineau'), 'saint joseph gatineau');
});

Deno.test('editDistance: swaps of neighbours are one edit; large distances are capped', () => {
  assert.equal(editDistance('tremblai', 'tremblay'), 1);
  assert.equal(editDistance('mensha', 'mensah'), 1);
  assert.equal(editDistance('gagne', 'gagnon'), 2);
  assert.equal(editDistance('li', 'bouchard', 2), 3);
});

Deno.test('wordScore: equal, start of a name, then typos by length', () => {
  assert.equal(wordScore('cote', 'cote'), 1);
  assert.equal(wordScore('amel', 'amelie'), 0.85);
  assert.equal(wordScore('am', 'amelie'), 0, 'two letters are not a prefix match');
  assert.equal(wordScore('amelia', 'amelie'), 0.8, 'one typo from 4 letters');
  assert.equal(wordScore('cot', 'cote'), 0.85);
  assert.equal(wordScore('coe', 'cote'), 0, 'no typo under 4 letters');
  assert.equal(wordScore('tremblya', 'tremblay'), 0.8, 'a swap is one typo');
  assert.equal(wordScore('trembaiy', 'tremblay'), 0.7, 'two typos from 7 letters');
  assert.equal(wordScore('gagne', 'gagnon'), 0, 'two typos are too many for 5 letters');
});

Deno.test('scoreName: first, last or both, without accents, with typos, in any order', () => {
  assert.deepEqual(scoreName('amelie cote', 'Amélie', 'Côté'), { score: 1, exact: true });
  assert.deepEqual(scoreName('Côté', 'Amélie', 'Côté'), { score: 1, exact: true });
  assert.deepEqual(scoreName('cote amelie', 'Amélie', 'Côté'), { score: 1, exact: true });
  assert.equal(scoreName('amelie cote', 'Amelia', 'Tremblay'), null, 'every typed word must match');
  const typo = scoreName('Amelia Tremblai', 'Amelia', 'Tremblay');
  assert.ok(typo && !typo.exact && typo.score > 0.9, 'a typo in one of two words still scores high');
  assert.deepEqual(scoreName('o connor', 'Liam', "O'Connor"), { score: 1, exact: true });
  assert.equal(scoreName('olivier', 'Olivier', 'Roy')?.exact, true);
  assert.equal(scoreName('', 'Olivier', 'Roy'), null);
});

Deno.test('accentPattern: a folded word matches its accented spellings in either case', () => {
  const pattern = new RegExp(`^${accentPattern('cote')}$`, 'i');
  for (const stored of ['Côté', 'COTE', 'cote', 'CÔTÉ']) assert.match(stored, pattern);
  assert.doesNotMatch('Cute', pattern);
});

Deno.test('addressFilters: every word somewhere, street types either way, numbers exact, most selective first', () => {
  const filters = addressFilters('100 Queen Street West, Toronto, Canada');
  assert.equal(filters.length, 5, '100, queen, street, west, toronto: Canada never narrows an address');
  assert.equal(filters[0], 'street_number.eq.100');
  assert.match(filters[1] as string, /^street_name\.imatch\.\\mt.*,city\.imatch\.\\mt/, 'then the longest plain word');
  assert.match(filters[2] as string, /^street_name\.imatch\.\\mq/);
  assert.doesNotMatch(filters[3] as string, /city/, 'a street type is looked for in the street name only');
  assert.ok(
    filters.some((f) => f.includes('street_name.imatch.\\mst\\M')),
    'Street also matches St',
  );
  assert.ok(
    filters.some((f) => f.includes('street_name.imatch.\\mw\\M')),
    'West also matches W',
  );
  assert.deepEqual(addressFilters('M5H 2N2')[0]?.startsWith('postal_code.imatch.'), true);
  assert.deepEqual(addressFilters('   '), []);
});

Deno.test('addressFilters: values never contain what PostgREST reserves inside or=(…)', () => {
  const filters = addressFilters("150 Rue de l'Église (back door), Gatineau QC");
  for (const filter of filters) {
    for (const condition of filter.split(',')) {
      const value = condition.split('.').slice(2).join('.');
      assert.doesNotMatch(value, /[(),:."]/, `reserved character in ${condition}`);
    }
  }
});

Deno.test('phrasePattern: the words of a phrase, each the start of a word, in order', () => {
  // Postgres's \m (start of a word) is JavaScript's \b for these ASCII words.
  const pattern = new RegExp((phrasePattern('dementia') as string).replaceAll('\\m', '\\b'), 'i');
  assert.match('Dementia care', pattern);
  assert.doesNotMatch('Wound care', pattern);
  assert.equal(phrasePattern('!!'), null);
});

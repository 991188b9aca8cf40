import assert from 'node:assert/strict';
import { analyse } from '../../../assistant/builtin/analysis.ts';
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

Deno.test('analysis: an address runs through a second street type, and a street type is never a name', () => {
  assert.equal(read('What shifts are at 45 Avenue Rd?').address, '45 Avenue Rd');
  assert.deepEqual(read('What shifts are at 45 Avenue Rd?').names, [], '"Rd" is no staff name');
  assert.equal(read('shifts at 45 Avenue Road tomorrow').address, '45 Avenue Road');
  assert.equal(read('shifts at 100 St Clair Avenue West').address, '100 St Clair Avenue West');
  assert.equal(read('shifts at 12 Maple Lane East').address, '12 Maple Lane East');
  assert.equal(read('any shifts on Avenue Road').address, 'Avenue Road');
  assert.equal(read('shifts at 2075 bayview next week').address, '2075 bayview', 'lower case after "at"');
  assert.deepEqual(
    read('Is Rd working today').names.map((n) => n.text),
    [],
    'a street type alone is no name either',
  );
});

Deno.test('analysis: a French street type comes before the name, and the name is what follows it', () => {
  assert.equal(read("Is there a shift at rue de l'eglise?").address, "rue de l'eglise");
  assert.equal(read("shifts at 150 Rue de l'Église").address, "150 Rue de l'Église");
  assert.equal(read('shifts at 310 boul st-joseph in gatineau').address, '310 boul st-joseph, gatineau');
  assert.equal(read('shifts on Boulevard Saint-Joseph Est').address, 'Boulevard Saint-Joseph Est');
  assert.equal(read('any shifts on chemin d’Aylmer next week').address, 'chemin d’Aylmer');
  assert.equal(read("What's the best place to find staff?").address, undefined, 'an English "place"');
  const cote = read('How many hours has Amélie Côté worked?');
  assert.equal(cote.address, undefined, '"Côté" is a surname, not a street');
  assert.deepEqual(
    cote.names.map((n) => n.text),
    ['Amélie Côté'],
  );
});

Deno.test('analysis: contractions without apostrophes and texting shorthand read as the full words', () => {
  assert.equal(read('whos working').s, ' who working ');
  assert.equal(read('hw many shifts r there').s, ' how many shifts are there ');
  assert.equal(read('who didnt show up').s, ' who didn t show up ');
  assert.equal(read('pending shifts nxt week').when?.label, 'next week (Mon Nov 23 – Sun Nov 29)');
  assert.equal(read('open shifts this wknd').when?.label, 'this weekend (Sat Nov 21 – Sun Nov 22)');
  assert.equal(read('is anyone on shift rn').s, ' is anyone on shift right now ');
  assert.deepEqual(read('whats pending').names, [], 'no name in "whats"');
  assert.equal(read('who took the shift on Saturday').when?.label, 'on Sat Nov 21', 'accepting comes before');
});

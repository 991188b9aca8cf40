// Issue 29: the assistant answers in the language of the question; the stored locale breaks ties.
import assert from 'node:assert/strict';
import { asLanguage, detectLanguage, languageVotes } from '../../assistant/language.ts';

Deno.test('language: French questions, with and without accents, are French', () => {
  for (const q of [
    'Quels quarts sont en attente cette semaine?',
    'quels quarts sont en attente cette semaine',
    'Combien de quarts de travail demain?',
    'Qui est disponible vendredi?',
    'Qui peut remplacer Amélie demain?',
    'les PAB qui ont pointé en retard la semaine dernière',
    'feuille de temps de Priya Sharma',
    'Détails du quart d5caa867',
    "C'est quoi mon forfait?",
    'préposées disponibles',
  ]) {
    assert.equal(detectLanguage(q), 'fr-CA', q);
    assert.equal(detectLanguage(q, 'en'), 'fr-CA', `${q} (English account)`);
  }
});

Deno.test('language: English questions stay English, French names and streets included', () => {
  for (const q of [
    'Which shifts are pending?',
    'Who can replace Amélie Côté on Friday?',
    'Show shifts at 310 boul St-Joseph Est',
    'how many quarts pending tomorrow',
    "What are Julien Gagnon's hours this week?",
    'hw mny shfits r pendng',
  ]) {
    assert.equal(detectLanguage(q, 'fr-CA'), 'en', q);
  }
});

Deno.test('language: a question with no votes follows the stored locale, else English', () => {
  for (const q of ['Amélie Côté', 'd5caa867', '?', 'Priya']) {
    assert.deepEqual(languageVotes(q), { fr: 0, en: 0 }, q);
    assert.equal(detectLanguage(q, 'fr-CA'), 'fr-CA', q);
    assert.equal(detectLanguage(q, 'en'), 'en', q);
    assert.equal(detectLanguage(q), 'en', q);
  }
  assert.equal(asLanguage('fr'), 'fr-CA');
  assert.equal(asLanguage('de'), undefined);
});

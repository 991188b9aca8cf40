// The language a question is asked in (issue 29): the assistant answers in it. Simple rules a
// reviewer can follow, not a statistical guess:
//   1. Each word that is only French (a French function word, a French scheduling word) is a French
//      vote; each word that is only English is an English vote. Words both languages write alike
//      ("on", "absent", "questions", "date") and names count for neither.
//   2. A lower-case word with a French accent (é, è, à, ç, ê, â, î, ô, û, ù, ë, ï) is a French vote:
//      names are capitalised, so "Amélie Côté" votes for nothing.
//   3. The language with more votes wins; a tie (no votes, "Amélie?", "d5caa867") is the person's
//      stored language (companies.locale), else English.
// English questions that carry a few French words ("combien de quarts en attente demain" is French;
// "how many quarts pending tomorrow" is English) follow the majority, so a mixed question is answered
// in the language most of it is written in.

export type AssistantLanguage = 'en' | 'fr-CA';

// Words a French question is made of and an English one is not. Accents are removed before the
// comparison, so "quels"/"quél" and "prepose"/"préposé" are the same word.
const FRENCH_WORDS = new Set(
  [
    'le les la du des un une au aux ce cet cette ces mon ma mes nos vos leur leurs',
    'je tu il elle nous vous ils elles en ne pas rien aucun aucune qu est-ce',
    'est sont ete etait avoir avez ont a-t-il qui que quoi quel quels quelle quelles lequel',
    'combien comment pourquoi quand ou donne donnez montre montrez moi liste dis',
    'et avec pour par sur dans chez sans entre avant apres depuis jusqu',
    'peut peuvent pourrait remplacer couvrir combler prendre travaille travaillent travaillé',
    'quart quarts travail semaine prochaine derniere dernier mois jour jours aujourd demain hier soir',
    'lundi mardi mercredi jeudi vendredi samedi dimanche',
    'janvier fevrier mars avril mai juin juillet aout septembre octobre novembre decembre',
    'attente cours ouverts ouvert ouverte ouvertes termines terminés pourvus combles assignes attribues',
    'personnel employes employe preposes prepose preposee preposees pab infirmiere infirmieres infirmier',
    'auxiliaire auxiliaires pointer pointe pointé pointage feuille temps heures retard absents',
    'disponible disponibles libre libres equipe abonnement forfait reste restent meteo',
    'svp stp merci bonjour salut plait',
  ]
    .join(' ')
    .split(/\s+/),
);

const ENGLISH_WORDS = new Set(
  [
    'the a an of to in at is are was were be been do does did has have had will would can could',
    'which what who whom whose how many much when where why there their they them this that these',
    'those my our your me us it its and or for from with by about show give list tell please',
    'shift shifts staff worker workers nurse nurses week month today tomorrow yesterday tonight next last',
    'pending open unfilled filled assigned completed progress late hours hour worked work working',
    'available free clocked clock timesheet most least top rank anyone someone nobody right now',
    'monday tuesday wednesday thursday friday saturday sunday',
    // Chat shorthand (vocabulary.ts): "hw mny r pendng" is English.
    'hw mny r u ur wat whos ppl pls thx nxt tmrw tmr wk wknd',
  ]
    .join(' ')
    .split(/\s+/),
);

const FRENCH_ACCENT = /[àâçéèêëîïôûùüÿœæ]/;

const fold = (word: string): string =>
  word
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The French and English votes of a question (rules 1 and 2 above). */
export function languageVotes(text: string): { fr: number; en: number } {
  let fr = 0;
  let en = 0;
  // "aujourd'hui", "d'arrivée", "l'Église": the apostrophe splits French elisions into their words.
  for (const word of text.split(/[^\p{L}\p{N}-]+/u)) {
    if (word === '') continue;
    const folded = fold(word);
    const lower = word === word.toLowerCase();
    if (FRENCH_WORDS.has(folded) || (lower && FRENCH_ACCENT.test(word))) fr += 1;
    else if (ENGLISH_WORDS.has(folded)) en += 1;
  }
  return { fr, en };
}

/** Whether a stored locale is one the assistant speaks. */
export function asLanguage(locale: string | null | undefined): AssistantLanguage | undefined {
  if (!locale) return undefined;
  return locale.toLowerCase().startsWith('fr') ? 'fr-CA' : locale.toLowerCase().startsWith('en') ? 'en' : undefined;
}

/** The language to answer `text` in: the votes' majority, else the stored locale, else English. */
export function detectLanguage(text: string, stored?: string | null): AssistantLanguage {
  const { fr, en } = languageVotes(text);
  if (fr > en) return 'fr-CA';
  if (en > fr) return 'en';
  return asLanguage(stored) ?? 'en';
}

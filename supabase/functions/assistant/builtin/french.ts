// A question asked in French (issue 29), rewritten into the English the parser reads. Only a
// question language.ts finds French goes through this table, so English questions are read exactly
// as before. vocabulary.ts's FRENCH_PHRASES (French words mixed into English) run after it.
//
// Phrases, not words: French puts things in another order ("quarts de PAB" is "PSW shifts", "le
// dernier quart de Julien" is "Julien's last shift"), so the longer phrases come first. Accents are
// optional everywhere ("prepose", "préposé"): people type without them on a phone.

const DAYS: Record<string, string> = {
  lundi: 'Monday',
  mardi: 'Tuesday',
  mercredi: 'Wednesday',
  jeudi: 'Thursday',
  vendredi: 'Friday',
  samedi: 'Saturday',
  dimanche: 'Sunday',
};

const MONTHS: Record<string, string> = {
  janvier: 'Jan',
  fevrier: 'Feb',
  mars: 'Mar',
  avril: 'Apr',
  mai: 'May',
  juin: 'Jun',
  juillet: 'Jul',
  aout: 'Aug',
  septembre: 'Sep',
  octobre: 'Oct',
  novembre: 'Nov',
  decembre: 'Dec',
};

const fold = (word: string): string =>
  word
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const E = '[eéèê]';
const A = "['’]";
const DAY = Object.keys(DAYS).join('|');
const MONTH = 'janvier|f[ée]vrier|mars|avril|mai|juin|juillet|ao[uû]t|septembre|octobre|novembre|d[ée]cembre';
// Staff types: préposé(e)s aux bénéficiaires (PAB) are PSWs; infirmières auxiliaires are RPNs.
const PSW = `(?:PAB|pr${E}pos${E}e?s?(?: aux b${E}n${E}ficiaires)?)`;
const RPN = `(?:infirmi(?:${E}re|er)s? auxiliaires?)`;

type Rewrite = [string, string | ((...groups: string[]) => string)];

const REWRITES: Rewrite[] = [
  // The chat panel's two quick prompts in French (SPEC §9's, which the panel sends in the person's
  // language): read as the English prompts, so they ask for a ShiftID or a name as those do.
  [`donne(?:z|s)?[- ]moi les d${E}tails d${A}un quart(?: de travail)?`, 'Provide me details about a shift'],
  [
    `donne(?:z|s)?[- ]moi les d${E}tails d${A}un(?:e)? (?:membre du personnel|employ${E}e?)`,
    'Provide me details about a staff',
  ],
  // What it cannot answer, so that the French "I can't" says why (greetings, actions, sick calls…).
  ['bonjour|salut|allô|allo', 'hello'],
  ['merci', 'thanks'],
  [`qui es-tu|qui ${E}tes-vous`, 'who are you'],
  ['supprime(?:r|z)?|efface(?:r|z)?', 'delete'],
  ['publie(?:r|z)?', 'post'],
  [`malades?|maladie|cong${E}s? de maladie`, 'sick'],
  ['blagues?', 'joke'],
  [`po${E}mes?`, 'poem'],
  [`m${E}t${E}o`, 'weather'],
  // Questions' openings.
  [`qu${A}est-ce qui s${A}en vient pour`, "what's coming up for"],
  [`qu${A}est-ce qui`, 'what'],
  [`qu${A}est-ce que`, 'what'],
  [`est-ce qu${A}il y a`, 'are there'],
  ['est-ce que', ''],
  // "Kwame est en quart?", "Priya est admissible au quart …": "est" is "is" only before these (never
  // alone: "Est" ends street names).
  [`est(?= (?:en quart|de quart|au travail|en retard|disponible|libre|admissible|${E}ligible))`, 'is'],
  [`(?:admissibles?|${E}ligibles?) (?:au|pour le) quart`, 'eligible for the shift'],
  [`admissibles?`, 'eligible'],
  [`avons-nous (?:eu|eus|eues)|avez-vous (?:eu|eus|eues)`, 'have we had'],
  [`avons-nous|avez-vous`, 'do we have'],
  ['par statut', 'by status'],
  [`quelqu${A}un de disponible`, 'anyone available'],
  [`quelqu${A}un`, 'anyone'],
  [`quels sont les|quelles sont les`, 'what are the'],
  [`y a-t-il|il y a`, 'there are'],
  // Staff types before "quart" (they change the noun's order).
  [`quarts? de (?:travail de )?${PSW}`, 'PSW shifts'],
  [`quarts? d${A}${RPN}`, 'RPN shifts'],
  [`quarts? d${A}infirmi(?:${E}re|er)s?`, 'RN shifts'],
  [`(?:des |les )?${PSW}`, 'PSWs'],
  [RPN, 'RPNs'],
  [`quarts? de travail`, 'shifts'],
  // "pour son quart de vendredi" → "on Friday's shift".
  [`(?:pour |sur )?(?:son|sa|leur|le) quart de (${DAY})`, (day) => `on ${DAYS[fold(day)] ?? day}'s shift`],
  [`le dernier quart de`, 'the last shift of'],
  [`(?:le |la )?feuille de temps de`, 'hours for'],
  [`feuilles? de temps`, 'hours'],
  // Status and time phrases.
  [`(?:ne |n${A})?(?:sont|est) pas (?:encore )?(?:combl${E}e?s?|pourvue?s?|attribu${E}e?s?)`, 'are unfilled'],
  [`(?:sont |est )?rest${E}e?s? (?:non combl${E}e?s?|non pourvue?s?|vacante?s?)`, 'went unfilled'],
  [`pas (?:encore )?(?:combl${E}e?s?|pourvue?s?)`, 'unfilled'],
  [`attribu${E}e?s?`, 'assigned'],
  [`ont ${E}t${E}|a ${E}t${E}`, 'were'],
  [`pr${E}vue?s?|planifi${E}e?s?|au (?:programme|calendrier|planning)`, 'scheduled'],
  [`pr${E}sentement|en ce moment|[àa] l${A}heure actuelle`, 'right now'],
  [`qui commencent|commen[çc]ant`, 'starting'],
  [`dans les (\\d+) prochaines heures|dans les prochaines (\\d+) heures`, (a, b) => `in the next ${a || b} hours`],
  [`dans les (\\d+) prochains jours|dans les prochains (\\d+) jours`, (a, b) => `in the next ${a || b} days`],
  ['encore', 'still'],
  ['heures?', 'hours'],
  [`d${A}aujourd${A}?hui`, 'today'],
  [`(\\d{1,2})(?:er)? (${MONTH})`, (d, m) => `${MONTHS[fold(m)] ?? m} ${d}`],
  [`(${DAY})`, (day) => DAYS[fold(day)] ?? day],
  [`en quart|de quart|au travail`, 'on shift'],
  // Staff, rankings, attendance.
  [`combien d${A}heures`, 'how many hours'],
  [`combien d${A}employ${E}e?s`, 'how many staff'],
  [`a-t-(?:il|elle) travaill${E}|ont travaill${E}|a travaill${E}`, 'worked'],
  [`travaillent|travaille`, 'is working'],
  [`effectu${E}e?s?`, 'worked'],
  [`a-t-(?:il|elle)|ont-(?:ils|elles)`, 'has'],
  [
    `a (accept${E}|pris|termin${E}|compl${E}t${E})`,
    (verb) =>
      fold(verb)
        .replace(/^accepte$/, 'accepted')
        .replace(/^pris$/, 'took')
        .replace(/^(termine|complete)$/, 'completed'),
  ],
  [`le plus d${A}heures`, 'the most hours'],
  [`le plus de`, 'the most'],
  [`accepte(?:nt)? les quarts le plus (?:rapidement|vite)`, 'is fastest to accept shifts'],
  [`le plus (?:rapidement|vite)`, 'fastest'],
  [`a point${E} en retard|ont point${E} en retard|pointe(?:nt)? en retard`, 'clocked in late'],
  [`point${E}`, 'clocked in'],
  ['pointer', 'clock in'],
  // "absence sans préavis" is the dashboard's no-show: "absence" alone reads as one.
  [`sans pr${E}avis`, ''],
  [`combien d${A}absences`, 'how many no-shows'],
  ['des absences', 'any no-shows'],
  [`absences?|absents?`, 'no-shows'],
  [`num${E}ro de t${E}l${E}phone|t${E}l${E}phone`, 'phone number'],
  ['courriel|adresse courriel', 'email'],
  ['liste|lister|affiche|montre', 'list'],
  // Fill rate and plan.
  [`taux de remplissage|taux de couverture|taux de comblement`, 'fill rate'],
  [`combien de temps (?:[çc]a|cela) prend pour`, 'how long does it take to'],
  ['combler', 'fill'],
  ['en moyenne', 'on average'],
  [`combien de (quarts|shifts) il me reste`, 'how many shifts do i have left'],
  ['il me reste', 'do i have left'],
  ['forfait gratuit', 'free plan'],
  [`limite (?:de|du) personnel|limite d${A}employ${E}s`, 'staff limit'],
  [`limite de quarts`, 'shift limit'],
  ['limites?', 'limit'],
  ['forfait', 'plan'],
  ['je suis', 'am i'],
  [`${E}tait`, 'was'],
  ['mon|ma|mes', 'my'],
  ['nos|notre', 'our'],
  // "au 100 Queen Street West": a street number follows.
  ['au(?= \\d)', 'at'],
  ['pour', 'for'],
  ['sur', 'on'],
  ['dans', 'in'],
  // Not after "de" ("rue de la Montagne" is a street's name), nor before the periods vocabulary.ts
  // reads whole ("la semaine prochaine", "le mois dernier").
  ['(?<!de )(?:le|la|les)(?! (?:semaine|mois))', 'the'],
  // Not "Est" alone: "boul St-Joseph Est" is East.
  ['qui est', 'who is'],
  ['est-(?:il|elle)', 'is'],
];

const PATTERNS: [RegExp, string | ((...groups: string[]) => string)][] = REWRITES.map(([french, english]) => [
  new RegExp(`(?<![\\p{L}\\p{N}'’-])(?:${french})(?![\\p{L}\\p{N}])`, 'giu'),
  english,
]);

/** The French question in the English the parser reads (the rest is left as typed). */
export function englishOfFrench(text: string): string {
  let out = text;
  for (const [pattern, english] of PATTERNS) {
    out =
      typeof english === 'string'
        ? out.replace(pattern, english)
        : out.replace(pattern, (...args: unknown[]) => {
            // replace() passes the match, the groups, then the offset (the first number).
            const end = args.findIndex((a) => typeof a === 'number');
            return english(...args.slice(1, end).map((g) => (typeof g === 'string' ? g : '')));
          });
  }
  return out.replace(/\s{2,}/g, ' ').trim();
}

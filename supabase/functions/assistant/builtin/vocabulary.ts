// The built-in assistant's vocabulary, in one place: the words it knows (never a name, never a
// place), the spellings it reads as those words (contractions without apostrophes, chat shorthand,
// common misspellings, the date words' abbreviations) and the French it understands mixed into an
// English question. analysis.ts and dates.ts read them; nothing else defines words.

export const FUNCTION_WORDS = (
  'a an the of for on at in to into from by with without about as per me my mine i im m you your yours we our ours ' +
  'us they them their theirs he him his she her hers it its this that these those there here what which who whom whose ' +
  'when where why how many much any some all every each both either neither no not none nor yes yeah yep ok okay and ' +
  'or but if then than so just still yet also too very really only ever even please pls plz thanks thank thx hi hello ' +
  'hey hiya can could would should will shall may might must do does did doing done is are was were be been being am ' +
  'has have had having get gets got give gives gave show shows showed tell tells told list lists see view find check ' +
  'look looking know let lets need needs needed want wants like rather up down out over under again more most less ' +
  'least one ones anyone anybody someone somebody everyone everybody nobody noone people person right now currently ' +
  'current etc else other others another same such own way whether while during before after since until till ' +
  'between through via across around near t s d ll ve re don didn doesn isn aren wasn weren haven hasn hadn won ' +
  'wouldn couldn shouldn cant dont didnt doesnt isnt wasnt havent hasnt something anything nothing everything ' +
  'give tell me us kind sort type types our yes currently exactly also already today tonight tomorrow yesterday ' +
  'good great cool awesome nice morning afternoon evening night overnight day days week weeks weekend month months ' +
  'year years hour hours minute minutes time times named called'
).split(' ');

export const DOMAIN_WORDS = (
  'shift shifts shiftid id ids staff staffs staffer staffers worker workers employee employees member members ' +
  'caregiver caregivers team crew personnel schedule schedules scheduled scheduling roster calendar status statuses ' +
  'pending unfilled open opened unassigned uncovered unclaimed unstaffed vacant available empty assigned filled fill ' +
  'fills filling accepted accept accepts accepting acceptance covered cover covering coverage taken take took claimed ' +
  'claim booked book picked pick pickup progress ongoing active underway happening started starting start starts ' +
  'begin begins beginning completed complete finished finish ended end ends worked work works working hrs total ' +
  'number count counts late lateness tardy show shows showed noshow noshows missed miss absent absence absences ' +
  'attendance punctual punctuality clock clocked clocking clockin checked rate rates percentage percent long fast ' +
  'fastest quick quickest quickly slow slowest slowly speed average median typical usually top best worst highest ' +
  'lowest rank ranking ranked leaderboard busiest reliable plan plans premium free limit limits left remaining quota ' +
  'questions question queries query messages usage used use add added post posted posting create created details ' +
  'detail info information address addresses location locations located where contact phone email emails mail ' +
  'numbers cell call next last upcoming recent recently latest previous first earliest soon soonest urgent urgently ' +
  'asap summary overview report breakdown stats statistics visit visits appointment appointments job jobs booking ' +
  'bookings assignment assignments agency company business client clients patient patients home care skill skills ' +
  'type role roles position whole entire currently expired expire never ever yet cancelled canceled delete remove ' +
  'cancel assign send notify remind message text edit change update approve pay payroll paid invoice invoices bill ' +
  'billing cost costs money wage wages salary rate weather joke help thanks hello goodbye bye model ai bot assistant ' +
  'human chatgpt gemini openai gpt llm who whos duty clocking respond responds responded response fewest least ' +
  'most active inactive idle onboard onboarded invite spots seats month much often frequently ins outs happen ' +
  'happened happens happening recap each per every join sign free enough fully gap gaps waiting wait look ' +
  'looks longest shortest biggest notes note select replace replaces replacing replaced replacement ' +
  'instead eligible ineligible able'
).split(' ');

export const SHIFT_SYNONYMS: Record<string, string> = {
  visit: 'shift',
  visits: 'shifts',
  appointment: 'shift',
  appointments: 'shifts',
  job: 'shift',
  jobs: 'shifts',
  booking: 'shift',
  bookings: 'shifts',
  assignment: 'shift',
  assignments: 'shifts',
  shfit: 'shift',
  shfits: 'shifts',
  shifs: 'shifts',
  shft: 'shift',
  shfts: 'shifts',
  noshow: 'no show',
  noshows: 'no shows',
  clockin: 'clock in',
};

// Contractions typed without their apostrophe, read as the tokeniser reads them with it ("who's" is
// "who", "didn't" is "didn t"), and the shorthand of a quick message ("hw many", "r there", "nxt").
export const CONTRACTIONS: Record<string, string> = {
  hw: 'how',
  r: 'are',
  u: 'you',
  ur: 'your',
  wat: 'what',
  wht: 'what',
  whn: 'when',
  nxt: 'next',
  whos: 'who',
  whats: 'what',
  hows: 'how',
  wheres: 'where',
  whens: 'when',
  thats: 'that',
  theres: 'there',
  heres: 'here',
  dont: 'don t',
  doesnt: 'doesn t',
  didnt: 'didn t',
  isnt: 'isn t',
  arent: 'aren t',
  wasnt: 'wasn t',
  werent: 'weren t',
  hasnt: 'hasn t',
  havent: 'haven t',
  hadnt: 'hadn t',
  cant: 'can t',
  couldnt: 'couldn t',
  wont: 'won t',
  wouldnt: 'wouldn t',
  shes: 'she',
  hes: 'he',
  youre: 'you',
  theyre: 'they',
  ive: 'i',
  // Chat spelling of a scheduler typing on a phone.
  ppl: 'people',
  pple: 'people',
  wut: 'what',
  wats: 'what',
  whatre: 'what',
  abt: 'about',
  hv: 'have',
  hve: 'have',
  gimme: 'give me',
  lemme: 'let me',
  thnx: 'thanks',
  thks: 'thanks',
  ty: 'thanks',
  plse: 'please',
  svp: 'please',
  stp: 'please',
  merci: 'thanks',
  atm: 'right now',
};

/**
 * Misspellings of the question's own words that the edit distance cannot settle: "wich" is one edit
 * from both "which" and "with", "mnay" two from "many" by substitution. Fixed before anything else.
 */
export const MISSPELLINGS: Record<string, string> = {
  wich: 'which',
  whcih: 'which',
  whihc: 'which',
  wihch: 'which',
  whch: 'which',
  mnay: 'many',
  mny: 'many',
  meny: 'many',
  hwo: 'how',
  waht: 'what',
  whta: 'what',
  teh: 'the',
  thier: 'their',
  tehre: 'there',
  ther: 'there',
  wre: 'were',
  sheduled: 'scheduled',
  schedualed: 'scheduled',
  shcedule: 'schedule',
  stafff: 'staff',
  sift: 'shift',
  sifts: 'shifts',
};

/** Date words' abbreviations and chat spellings (dates.ts). */
export const DATE_SPELLINGS: Record<string, string> = {
  tmrw: 'tomorrow',
  tmr: 'tomorrow',
  tmrow: 'tomorrow',
  tomorow: 'tomorrow',
  tommorow: 'tomorrow',
  tommorrow: 'tomorrow',
  '2moro': 'tomorrow',
  '2day': 'today',
  '2nite': 'tonight',
  '2morrow': 'tomorrow',
  tonite: 'tonight',
  nxt: 'next',
  wknd: 'weekend',
  wkend: 'weekend',
  wkd: 'weekend',
  ystd: 'yesterday',
  hrs: 'hours',
  hr: 'hours',
  h: 'hours',
  hour: 'hours',
  mins: 'minutes',
  min: 'minutes',
  minute: 'minutes',
  day: 'days',
  d: 'days',
  wk: 'weeks',
  wek: 'weeks',
  wkk: 'weeks',
  mnth: 'months',
  mth: 'months',
  wks: 'weeks',
  week: 'weeks',
  month: 'months',
  mo: 'months',
  mos: 'months',
  year: 'years',
  yr: 'years',
  yrs: 'years',
  thru: 'through',
  til: 'until',
  till: 'until',
};

/**
 * French mixed into an English question ("combien de quarts en attente demain"), rewritten into the
 * English the parser reads before it reads anything. Only words a French-speaking scheduler types
 * about shifts; never "est" or "de" (parts of French street names: "boul St-Joseph Est").
 */
export const FRENCH_PHRASES: [RegExp, string][] = (
  [
    ['en attente', 'pending'],
    ['non (?:pourvus?|combl[ée]s?|assign[ée]s?)', 'unfilled'],
    ["aujourd['’]?hui", 'today'],
    ['demain', 'tomorrow'],
    ['ce soir', 'tonight'],
    ['hier', 'yesterday'],
    ['cette semaine', 'this week'],
    ['(?:la )?semaine prochaine', 'next week'],
    ['(?:la )?semaine derni[èe]re', 'last week'],
    ['ce mois(?:-ci)?', 'this month'],
    ['(?:le )?mois dernier', 'last month'],
    ['(?:le )?mois prochain', 'next month'],
    ['en cours', 'in progress'],
    ['en retard', 'late'],
    ['maintenant', 'now'],
    ['quarts', 'shifts'],
    ['quart', 'shift'],
    ["combien(?: de| d['’])?", 'how many'],
    ['quels|quelles|quel|quelle', 'which'],
    ['qui', 'who'],
    ['sont', 'are'],
    ["j['’]ai", 'i have'],
    ['(?:compl[ée]t[ée]s?|termin[ée]s?|finis?)', 'completed'],
    ['(?:assign[ée]s?|pourvus?|combl[ée]s?|accept[ée]s?)', 'assigned'],
    ['ouverts?', 'open'],
    // Who can cover: "qui peut remplacer Amélie demain", "qui peut couvrir the quart at 12 King St".
    ['peut|peuvent|pourrait', 'can'],
    ['remplacer', 'replace'],
    ['couvrir', 'cover'],
    ['prendre', 'take'],
    ['disponibles?', 'available'],
    ['employ[ée]s|travailleurs|travailleuses|personnel', 'staff'],
    ["svp|stp|s['’]il (?:te|vous) pla[iî]t", 'please'],
  ] as [string, string][]
).map(([french, english]) => [new RegExp(`(?<![\\p{L}\\p{N}'’])(?:${french})(?![\\p{L}\\p{N}])`, 'giu'), english]);

/** The question with its French words in English (see FRENCH_PHRASES). */
export function englishOf(text: string): string {
  return FRENCH_PHRASES.reduce((out, [pattern, english]) => out.replace(pattern, english), text);
}

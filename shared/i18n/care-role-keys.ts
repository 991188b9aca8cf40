/**
 * Which catalogue entry names each staff type, skill, credential and language of
 * shared/config/care-roles.ts (the shared catalogue's careRole.* keys). Plain data, no React: the apps name them through
 * care-role-names.ts, and the assistant's edge function reads the French names from the catalogue
 * file itself.
 */
export const CARE_ROLE_NAME_KEYS: Readonly<Record<string, string>> = {
  'Personal Support Worker': 'careRole.staffType.psw',
  'Developmental Service Worker': 'careRole.staffType.dsw',
  'Child and Youth Worker': 'careRole.staffType.cyw',
  'Registered Practical Nurse': 'careRole.staffType.rpn',
  'Registered Nurse': 'careRole.staffType.rn',
  'Direct Support Professional': 'careRole.staffType.dsp',
  // The abbreviations agencies type (and the demo data uses) for the commonest roles.
  PSW: 'careRole.staffType.pswShort',
  RPN: 'careRole.staffType.rpnShort',
  RN: 'careRole.staffType.rnShort',
  'Personal care': 'careRole.skill.personalCare',
  'Medication administration': 'careRole.skill.medication',
  'Dementia care': 'careRole.skill.dementia',
  'Behavioural support': 'careRole.skill.behavioural',
  'Palliative care': 'careRole.skill.palliative',
  'Mobility and transfers': 'careRole.skill.mobility',
  Companionship: 'careRole.skill.companionship',
  // The credentials and languages the worker page suggests (an agency may type others).
  'CPR/First aid': 'careRole.credential.cpr',
  'TB test': 'careRole.credential.tb',
  'Police vulnerable-sector check': 'careRole.credential.police',
  'Nursing licence': 'careRole.credential.nursing',
  "Driver's licence": 'careRole.credential.driver',
  'PSW certificate': 'careRole.credential.psw',
  'Food handler certificate': 'careRole.credential.foodHandler',
  English: 'careRole.language.english',
  French: 'careRole.language.french',
  Spanish: 'careRole.language.spanish',
  Punjabi: 'careRole.language.punjabi',
  Tagalog: 'careRole.language.tagalog',
  Mandarin: 'careRole.language.mandarin',
  Cantonese: 'careRole.language.cantonese',
  Arabic: 'careRole.language.arabic',
};

/** The catalogue key naming a staff type or skill of care-roles.ts; undefined for a value typed by an agency. */
export function careRoleNameKey(value: string): string | undefined {
  return Object.hasOwn(CARE_ROLE_NAME_KEYS, value) ? CARE_ROLE_NAME_KEYS[value] : undefined;
}

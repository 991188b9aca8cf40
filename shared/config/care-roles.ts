/**
 * The roles, skills, languages and credentials of care work, as the Shift Call form offers them
 * and an agency records them about its workers (dispatch matches the two). SPEC does not list
 * staff types or skills; these are the roles and skills Canadian and US homecare,
 * developmental-support and child-and-youth agencies post for. The database stores the text, so
 * the lists can grow.
 */
export const STAFF_TYPE_OPTIONS = [
  'Personal Support Worker',
  'Developmental Service Worker',
  'Child and Youth Worker',
  'Registered Practical Nurse',
  'Registered Nurse',
  'Direct Support Professional',
];

export const SKILL_OPTIONS = [
  'Personal care',
  'Medication administration',
  'Dementia care',
  'Behavioural support',
  'Palliative care',
  'Mobility and transfers',
  'Companionship',
];

/** Offered when an agency records the languages a worker speaks; any other can be typed. */
export const LANGUAGE_SUGGESTIONS = [
  'English',
  'French',
  'Spanish',
  'Punjabi',
  'Tagalog',
  'Mandarin',
  'Cantonese',
  'Arabic',
];

/** Credentials care agencies check; any other can be typed. */
export const CREDENTIAL_TYPE_OPTIONS = [
  'CPR/First aid',
  'TB test',
  'Police vulnerable-sector check',
  'Nursing licence',
  "Driver's licence",
  'PSW certificate',
  'Food handler certificate',
];

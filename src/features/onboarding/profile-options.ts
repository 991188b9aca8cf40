/** The onboarding choices of SPEC §9, matching the database's check constraints on public.companies. */
export const STAFF_SIZE_OPTIONS = ['10-30', '31-60', '61-80', '81-100', '101-120', '121 and above'];
export const REFERRAL_OPTIONS = ['Company Agent', 'Email', 'Poster/flyer', 'Social Media', 'Referral'];
export const COMPANY_TYPE_OPTIONS = [
  'Homecare Company',
  'Child and Youth Care Company',
  'Developmental Support Company',
];
/** The product works in Canada and the US (SPEC §1); the country picks the currency. */
export const COUNTRY_OPTIONS = ['Canada', 'United States'];

import type { CompanyProfile } from './api/fetch-company-profile.ts';

/** The onboarding fields every company must fill in before using the dashboard (SPEC §5). */
export const REQUIRED_PROFILE_FIELDS = [
  'phone',
  'street',
  'city',
  'province',
  'country',
  'postal_code',
  'staff_size',
  'referral_source',
  'company_type',
] as const satisfies readonly (keyof CompanyProfile)[];

export function isProfileComplete(profile: Pick<CompanyProfile, (typeof REQUIRED_PROFILE_FIELDS)[number]>): boolean {
  return REQUIRED_PROFILE_FIELDS.every((field) => (profile[field] ?? '').trim() !== '');
}

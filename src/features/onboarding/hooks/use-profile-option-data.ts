import { useCountryName } from '@shared/i18n/country-names.ts';
import type { DashboardKey } from '../../../i18n/catalogues.ts';
import { useT } from '../../../i18n/use-t.ts';
import { COMPANY_TYPE_OPTIONS, COUNTRY_OPTIONS, REFERRAL_OPTIONS, STAFF_SIZE_OPTIONS } from '../profile-options.ts';

interface OptionData {
  value: string;
  label: string;
}

/**
 * The onboarding choices' names in the person's language. The values stay the stored English ones
 * (the database's check constraints on public.companies); a choice without a name here (a range of
 * numbers) shows its value.
 */
const LABEL_KEYS: Partial<Record<string, DashboardKey>> = {
  '121 and above': 'onboarding.staffSize.121',
  'Company Agent': 'onboarding.referral.companyAgent',
  Email: 'onboarding.referral.email',
  'Poster/flyer': 'onboarding.referral.poster',
  'Social Media': 'onboarding.referral.socialMedia',
  Referral: 'onboarding.referral.referral',
  'Homecare Company': 'onboarding.companyType.homecare',
  'Child and Youth Care Company': 'onboarding.companyType.childAndYouth',
  'Developmental Support Company': 'onboarding.companyType.developmental',
};

export function useProfileOptionData(): Record<
  'countries' | 'staffSizes' | 'referrals' | 'companyTypes',
  OptionData[]
> {
  const t = useT();
  const countryName = useCountryName();
  const named = (values: string[]): OptionData[] =>
    values.map((value) => {
      const key = LABEL_KEYS[value];
      return { value, label: key ? t(key) : value };
    });
  return {
    countries: COUNTRY_OPTIONS.map((value) => ({ value, label: countryName(value) })),
    staffSizes: named(STAFF_SIZE_OPTIONS),
    referrals: named(REFERRAL_OPTIONS),
    companyTypes: named(COMPANY_TYPE_OPTIONS),
  };
}

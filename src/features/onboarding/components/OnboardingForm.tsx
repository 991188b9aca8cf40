import type { ReactNode } from 'react';
import { Button, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { onboardingErrorMessage } from '@shared/lib/errors.ts';
import { useRuleText } from '@shared/i18n/validation-text.ts';
import { showError, showSuccess } from '@shared/lib/toast.ts';
import {
  digitsOnly,
  required,
  validatePhone,
  validatePostalCode,
  validationMessages as m,
} from '@shared/lib/validation.ts';
import { useT } from '../../../i18n/use-t.ts';
import type { CompanyProfile } from '../api/fetch-company-profile.ts';
import { saveCompanyProfile } from '../api/save-company-profile.ts';
import { useProfileOptionData } from '../hooks/use-profile-option-data.ts';
import { COMPANY_TYPE_OPTIONS, COUNTRY_OPTIONS, REFERRAL_OPTIONS, STAFF_SIZE_OPTIONS } from '../profile-options.ts';
import { browserTimeZone, timeZoneOptions } from '../time-zones.ts';

interface OnboardingValues {
  companyName: string;
  phone: string;
  street: string;
  city: string;
  province: string;
  country: string | null;
  postalCode: string;
  staffSize: string | null;
  referralSource: string | null;
  companyType: string | null;
  timeZone: string | null;
}

const selectOrNull = (value: string | null, options: string[]) => (value && options.includes(value) ? value : null);

/** SPEC §5's onboarding form; submit stays disabled until every field passes. */
export function OnboardingForm({ profile, onSaved }: { profile: CompanyProfile; onSaved: () => void }) {
  // A company that never chose a zone still has the database default, so prefer the browser's then.
  const isFirstVisit = !profile.phone;
  const t = useT();
  const ruleText = useRuleText();
  const options = useProfileOptionData();
  const form = useForm<OnboardingValues>({
    mode: 'controlled',
    initialValues: {
      companyName: profile.company_name ?? '',
      phone: profile.phone ?? '',
      street: profile.street ?? '',
      city: profile.city ?? '',
      province: profile.province ?? '',
      country: selectOrNull(profile.country, COUNTRY_OPTIONS),
      postalCode: profile.postal_code ?? '',
      staffSize: selectOrNull(profile.staff_size, STAFF_SIZE_OPTIONS),
      referralSource: selectOrNull(profile.referral_source, REFERRAL_OPTIONS),
      companyType: selectOrNull(profile.company_type, COMPANY_TYPE_OPTIONS),
      timeZone: isFirstVisit ? browserTimeZone() : profile.time_zone,
    },
    validate: {
      phone: validatePhone,
      street: required(m.streetRequired),
      city: required(m.cityRequired),
      province: required(m.provinceRequired),
      country: required(m.countryRequired),
      postalCode: validatePostalCode,
      staffSize: required(m.staffSizeRequired),
      referralSource: required(m.referralRequired),
      companyType: required(m.companyTypeRequired),
      timeZone: required(m.timeZoneRequired),
    },
    validateInputOnBlur: true,
  });

  const onSubmit = form.onSubmit(async (values) => {
    try {
      await saveCompanyProfile(profile.id, {
        company_name: values.companyName.trim() || null,
        phone: digitsOnly(values.phone),
        street: values.street.trim(),
        city: values.city.trim(),
        province: values.province.trim(),
        country: values.country,
        postal_code: values.postalCode.trim().toUpperCase(),
        staff_size: values.staffSize,
        referral_source: values.referralSource,
        company_type: values.companyType,
        time_zone: values.timeZone ?? browserTimeZone(),
      });
      showSuccess(t('onboarding.saved'));
      onSaved();
    } catch (error) {
      showError(ruleText(onboardingErrorMessage(error)));
    }
  });

  // The rules return SPEC's English sentence; the field shows it in the person's language.
  const inputProps = (field: keyof OnboardingValues) => {
    const props = form.getInputProps(field);
    return { ...props, error: ruleText(props.error as ReactNode) };
  };
  const isSubmitting = form.submitting;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label={t('onboarding.companyName')}
            description={t('onboarding.companyNameHint')}
            autoComplete="organization"
            {...inputProps('companyName')}
          />
          <TextInput
            label={t('onboarding.phone')}
            type="tel"
            autoComplete="tel-national"
            placeholder="416 555 0100"
            withAsterisk
            {...inputProps('phone')}
          />
          <TextInput
            label={t('onboarding.street')}
            autoComplete="street-address"
            withAsterisk
            {...inputProps('street')}
          />
          <TextInput label={t('onboarding.city')} autoComplete="address-level2" withAsterisk {...inputProps('city')} />
          <TextInput
            label={t('onboarding.province')}
            description={t('onboarding.provinceHint')}
            autoComplete="address-level1"
            withAsterisk
            {...inputProps('province')}
          />
          <Select
            label={t('onboarding.country')}
            data={options.countries}
            placeholder={t('onboarding.countryPlaceholder')}
            withAsterisk
            allowDeselect={false}
            {...inputProps('country')}
          />
          <TextInput
            label={t('onboarding.postalCode')}
            autoComplete="postal-code"
            withAsterisk
            {...inputProps('postalCode')}
          />
          <Select
            label={t('onboarding.staffSize')}
            description={t('onboarding.staffSizeHint')}
            data={options.staffSizes}
            placeholder={t('onboarding.staffSizePlaceholder')}
            withAsterisk
            allowDeselect={false}
            {...inputProps('staffSize')}
          />
          <Select
            label={t('onboarding.referral')}
            data={options.referrals}
            placeholder={t('onboarding.referralPlaceholder')}
            withAsterisk
            allowDeselect={false}
            {...inputProps('referralSource')}
          />
          <Select
            label={t('onboarding.companyType')}
            data={options.companyTypes}
            placeholder={t('onboarding.companyTypePlaceholder')}
            withAsterisk
            allowDeselect={false}
            {...inputProps('companyType')}
          />
          <Select
            label={t('onboarding.timeZone')}
            description={t('onboarding.timeZoneHint')}
            data={timeZoneOptions(form.values.timeZone ?? browserTimeZone())}
            searchable
            withAsterisk
            allowDeselect={false}
            maxDropdownHeight={260}
            {...inputProps('timeZone')}
          />
        </SimpleGrid>
        <Button type="submit" size="md" disabled={!form.isValid() || isSubmitting} mt="xs">
          {isSubmitting ? t('onboarding.submitting') : t('onboarding.submit')}
        </Button>
      </Stack>
    </form>
  );
}

import { Button, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { onboardingErrorMessage } from '@shared/lib/errors.ts';
import { showError, showSuccess } from '@shared/lib/toast.ts';
import {
  digitsOnly,
  required,
  validatePhone,
  validatePostalCode,
  validationMessages as m,
} from '@shared/lib/validation.ts';
import type { CompanyProfile } from '../api/fetch-company-profile.ts';
import { saveCompanyProfile } from '../api/save-company-profile.ts';
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
      showSuccess('Profile saved');
      onSaved();
    } catch (error) {
      showError(onboardingErrorMessage(error));
    }
  });

  const isSubmitting = form.submitting;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label="Company name"
            description="Optional; used to greet you"
            autoComplete="organization"
            {...form.getInputProps('companyName')}
          />
          <TextInput
            label="Phone"
            type="tel"
            autoComplete="tel-national"
            placeholder="416 555 0100"
            withAsterisk
            {...form.getInputProps('phone')}
          />
          <TextInput label="Street" autoComplete="street-address" withAsterisk {...form.getInputProps('street')} />
          <TextInput label="City" autoComplete="address-level2" withAsterisk {...form.getInputProps('city')} />
          <TextInput
            label="Province"
            description="Province or state"
            autoComplete="address-level1"
            withAsterisk
            {...form.getInputProps('province')}
          />
          <Select
            label="Country"
            data={COUNTRY_OPTIONS}
            placeholder="Select a country"
            withAsterisk
            allowDeselect={false}
            {...form.getInputProps('country')}
          />
          <TextInput
            label="Postal code"
            autoComplete="postal-code"
            withAsterisk
            {...form.getInputProps('postalCode')}
          />
          <Select
            label="Staff size"
            description="Frontline care staff"
            data={STAFF_SIZE_OPTIONS}
            placeholder="Select a range"
            withAsterisk
            allowDeselect={false}
            {...form.getInputProps('staffSize')}
          />
          <Select
            label="How did you hear about us?"
            data={REFERRAL_OPTIONS}
            placeholder="Select an option"
            withAsterisk
            allowDeselect={false}
            {...form.getInputProps('referralSource')}
          />
          <Select
            label="Company type"
            data={COMPANY_TYPE_OPTIONS}
            placeholder="Select a type"
            withAsterisk
            allowDeselect={false}
            {...form.getInputProps('companyType')}
          />
          <Select
            label="Time zone"
            description="Shift times are shown in this zone"
            data={timeZoneOptions(form.values.timeZone ?? browserTimeZone())}
            searchable
            withAsterisk
            allowDeselect={false}
            maxDropdownHeight={260}
            {...form.getInputProps('timeZone')}
          />
        </SimpleGrid>
        <Button type="submit" size="md" disabled={!form.isValid() || isSubmitting} mt="xs">
          {isSubmitting ? 'Saving...' : 'Save and continue'}
        </Button>
      </Stack>
    </form>
  );
}

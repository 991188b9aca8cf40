import { describe, expect, it } from 'vitest';
import { isProfileComplete } from './profile-completeness.ts';

const complete = {
  phone: '4165550100',
  street: '1 King St W',
  city: 'Toronto',
  province: 'ON',
  country: 'Canada',
  postal_code: 'M5H 1A1',
  staff_size: '10-30',
  referral_source: 'Email',
  company_type: 'Homecare Company',
};

describe('isProfileComplete', () => {
  it('is true when every onboarding field is filled in', () => {
    expect(isProfileComplete(complete)).toBe(true);
  });

  it.each(Object.keys(complete))('is false when %s is missing or blank', (field) => {
    expect(isProfileComplete({ ...complete, [field]: null })).toBe(false);
    expect(isProfileComplete({ ...complete, [field]: '  ' })).toBe(false);
  });
});

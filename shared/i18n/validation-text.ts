import { useCallback } from 'react';
import { errorMessages } from '../lib/errors.ts';
import { validationMessages } from '../lib/validation.ts';
import { sessionEndMessages } from '../lib/session-end-notice.ts';
import type { SharedKey } from './keys.ts';
import { useSharedT } from './keys.ts';

/**
 * The validation rules (shared/lib/validation.ts) and error messages (shared/lib/errors.ts) stay
 * pure and return SPEC's English sentence, which their tests pin; a screen shows it in the person's
 * language through this table. A sentence
 * whose screen is not translated yet has no entry and shows as it is.
 */
const KEY_OF_MESSAGE: Partial<Record<string, SharedKey>> = {
  [validationMessages.emailRequired]: 'validation.emailRequired',
  [validationMessages.emailInvalid]: 'validation.emailInvalid',
  [validationMessages.workerEmail]: 'validation.workerEmail',
  [validationMessages.passwordCriteria]: 'validation.passwordCriteria',
  [validationMessages.passwordRequired]: 'validation.passwordRequired',
  [validationMessages.confirmRequired]: 'validation.confirmRequired',
  [validationMessages.confirmMismatch]: 'validation.confirmMismatch',
  [validationMessages.phoneRequired]: 'validation.phoneRequired',
  [validationMessages.phoneDigits]: 'validation.phoneDigits',
  [validationMessages.streetRequired]: 'validation.streetRequired',
  [validationMessages.cityRequired]: 'validation.cityRequired',
  [validationMessages.provinceRequired]: 'validation.provinceRequired',
  [validationMessages.countryRequired]: 'validation.countryRequired',
  [validationMessages.postalCodeRequired]: 'validation.postalCodeRequired',
  [validationMessages.postalCodeLength]: 'validation.postalCodeLength',
  [validationMessages.staffSizeRequired]: 'validation.staffSizeRequired',
  [validationMessages.referralRequired]: 'validation.referralRequired',
  [validationMessages.companyTypeRequired]: 'validation.companyTypeRequired',
  [validationMessages.timeZoneRequired]: 'validation.timeZoneRequired',
  // The errors of shared/lib/errors.ts (auth and onboarding); a sentence the database wrote passes
  // through as it is.
  [errorMessages.network]: 'error.network',
  [errorMessages.database]: 'error.database',
  [errorMessages.onboardingUnexpected]: 'error.onboardingUnexpected',
  [errorMessages.emailInUse]: 'error.emailInUse',
  [errorMessages.invalidEmail]: 'error.invalidEmail',
  [errorMessages.operationNotAllowed]: 'error.operationNotAllowed',
  [errorMessages.userDisabled]: 'error.userDisabled',
  [errorMessages.wrongPassword]: 'error.wrongPassword',
  [errorMessages.userNotFound]: 'error.userNotFound',
  [errorMessages.invalidCredentials]: 'error.invalidCredentials',
  [errorMessages.tooManyRequests]: 'error.tooManyRequests',
  [errorMessages.recentLogin]: 'error.recentLogin',
  [errorMessages.unknown]: 'error.unknown',
  [errorMessages.generic]: 'error.generic',
  [errorMessages.workerAccount]: 'error.workerAccount',
  [errorMessages.samePassword]: 'error.samePassword',
  [sessionEndMessages.revoked]: 'session.revoked',
  [sessionEndMessages.expired]: 'session.expired',
};

/** Translates a rule's English sentence (or passes null/undefined/a React node through). */
export function useRuleText(): <T>(message: T) => T | string {
  const t = useSharedT();
  // Stable while the language is, so an effect may call it.
  return useCallback(
    <T>(message: T): T | string => {
      const key = typeof message === 'string' ? KEY_OF_MESSAGE[message] : undefined;
      return key ? t(key) : message;
    },
    [t],
  );
}

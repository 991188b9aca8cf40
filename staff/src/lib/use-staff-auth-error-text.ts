import { useCallback } from 'react';
import { useRuleText } from '@shared/i18n/validation-text.ts';
import { staffErrorMessage } from './staff-errors.ts';

/**
 * A log-in, sign-up or password-recovery failure in the worker's language. Auth's answers carry no
 * database refusal code, so these first screens do without the database's table of refusals
 * (useStaffErrorText): 2.2 KB of their 120 KB budget.
 */
export function useStaffAuthErrorText(): (error: unknown) => string {
  const ruleText = useRuleText();
  return useCallback((error: unknown) => ruleText(staffErrorMessage(error)), [ruleText]);
}

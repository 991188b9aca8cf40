import { useCallback } from 'react';
import { useDatabaseErrorText } from '@shared/i18n/database-errors.ts';
import { useRuleText } from '@shared/i18n/validation-text.ts';
import { staffErrorMessage } from './staff-errors.ts';

/**
 * What the worker reads for a failure, in their language: a database refusal by its code (shift
 * taken, too early to clock in…), else staffErrorMessage's sentence through the shared catalogue.
 */
export function useStaffErrorText(): (error: unknown) => string {
  const databaseText = useDatabaseErrorText();
  const ruleText = useRuleText();
  return useCallback(
    (error: unknown) => databaseText(error) ?? ruleText(staffErrorMessage(error)),
    [databaseText, ruleText],
  );
}

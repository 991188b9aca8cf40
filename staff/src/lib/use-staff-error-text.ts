import { useCallback } from 'react';
import { useDatabaseErrorText } from '@shared/i18n/database-errors.ts';
import { useStaffAuthErrorText } from './use-staff-auth-error-text.ts';

/**
 * What the worker reads for a failure, in their language: a database refusal by its code (shift
 * taken, too early to clock in…), else staffErrorMessage's sentence through the shared catalogue.
 */
export function useStaffErrorText(): (error: unknown) => string {
  const databaseText = useDatabaseErrorText();
  const otherText = useStaffAuthErrorText();
  return useCallback((error: unknown) => databaseText(error) ?? otherText(error), [databaseText, otherText]);
}

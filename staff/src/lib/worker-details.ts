import { required, validatePhone } from '@shared/lib/validation.ts';

/** What a worker says about themselves, at sign-up, on an invitation and on Profile. */
export interface WorkerDetails {
  firstName: string;
  lastName: string;
  phone: string;
}

/**
 * The rules of those fields, for @mantine/form's `validate`. Any text marks a name field; the
 * message shown is the active language's (components/WorkerDetailsFields.tsx).
 */
export const WORKER_DETAILS_RULES = {
  firstName: required('First name is required'),
  lastName: required('Last name is required'),
  phone: validatePhone,
};

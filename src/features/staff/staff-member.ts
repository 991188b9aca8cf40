/** A row of the Staff List (SPEC §2): the company_staff view's worker with the time they joined. */
export interface StaffMember {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  added_at: string;
}

export const STAFF_COLUMNS = 'id, first_name, last_name, email, phone, added_at';

/** '4165550100' → '(416) 555-0100'; anything else as stored, '-' when missing (SPEC §8). */
export function formatPhone(phone: string | null | undefined): string {
  const value = phone?.trim() ?? '';
  if (value === '') return '-';
  const digits = value.replace(/\D/g, '');
  return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : value;
}

export function orMissing(value: string | null | undefined): string {
  return value != null && value.trim() !== '' ? value : '-';
}

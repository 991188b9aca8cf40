/**
 * Phone numbers as the dashboard shows them and dials them. Workers' numbers are stored as 10 digits
 * (staff_phone_ten_digits); anything else is shown as stored.
 */

/** '4165550100' → '(416) 555-0100'; anything else as stored, '-' when missing (SPEC §8). */
export function formatPhone(phone: string | null | undefined): string {
  const value = phone?.trim() ?? '';
  if (value === '') return '-';
  const digits = value.replace(/\D/g, '');
  return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : value;
}

/** A tel: link for the number (North American numbers get +1), or null when there is nothing to dial. */
export function phoneHref(phone: string | null | undefined): string | null {
  const digits = phone?.replace(/\D/g, '') ?? '';
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `tel:+${digits}`;
  return digits.length >= 7 ? `tel:${phone?.trim().startsWith('+') ? '+' : ''}${digits}` : null;
}

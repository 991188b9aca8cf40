import type { Locale } from '@shared/i18n/locale.ts';
import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';

/** One agency's invitation, as accepting it went. */
export interface ClaimedInvite {
  companyId: string;
  companyName: string;
  isJoined: boolean;
  /** Why not, when not joined (the agency's free plan has no place left). */
  message: string | null;
}

/**
 * Accepts every pending invitation to the signed-in worker's confirmed address
 * (claim_staff_invites): the database finds the agencies from the invitations themselves and
 * employs the worker as joining with the company code does. Nothing to accept answers [].
 */
export async function claimInvites(): Promise<ClaimedInvite[]> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('claim_staff_invites');
  if (error) throw error;
  return (data ?? []).map((row) => ({
    companyId: row.company_id,
    companyName: row.company_name,
    isJoined: row.joined,
    message: row.message,
  }));
}

/**
 * 'Maple Leaf Home Care' / 'Maple Leaf Home Care and Prairie Support' / 'A, B and C', or in French
 * 'A, B et C'.
 */
export function agencyNames(invites: readonly ClaimedInvite[], locale: Locale): string {
  const names = invites.map((invite) => invite.companyName);
  if (locale !== 'en') return new Intl.ListFormat(locale, { type: 'conjunction' }).format(names);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

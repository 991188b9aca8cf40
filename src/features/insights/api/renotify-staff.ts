import { loadSupabase } from '@shared/lib/supabase.ts';

export interface RenotifyAnswer {
  sent: number;
  failed: number;
  skipped: number;
}

/**
 * Asks `sendnotification` again to push "New shift available" to every employed staff member with
 * a device, for an open shift nobody has taken yet.
 */
export async function renotifyStaff(companyId: string): Promise<RenotifyAnswer> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.functions.invoke<RenotifyAnswer>('sendnotification', {
    body: { companyID: companyId },
  });
  if (error) throw error;
  return data ?? { sent: 0, failed: 0, skipped: 0 };
}

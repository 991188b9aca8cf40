import { loadSupabase } from '@shared/lib/supabase.ts';

export interface RenotifyAnswer {
  sent: number;
  failed: number;
  skipped: number;
}

/**
 * Asks `sendnotification` again to push "New shift available" for an open shift nobody has taken
 * yet, to the devices of the staff its dispatch waves have notified so far (those who can take it).
 */
export async function renotifyStaff(companyId: string, shiftId: string): Promise<RenotifyAnswer> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.functions.invoke<RenotifyAnswer>('sendnotification', {
    body: { companyID: companyId, shiftID: shiftId },
  });
  if (error) throw error;
  return data ?? { sent: 0, failed: 0, skipped: 0 };
}

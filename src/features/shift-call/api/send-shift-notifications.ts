import { loadSupabase } from '@shared/lib/supabase.ts';

export interface SendNotificationAnswer {
  sent: number;
  failed: number;
  skipped: number;
}

/**
 * Asks `sendnotification` to push the new shift to the devices of the staff its first wave
 * notified: every eligible staff member in everyone mode, the best matches otherwise. Later waves
 * are pushed by the database.
 */
export async function sendShiftNotifications(companyId: string, shiftId: string): Promise<SendNotificationAnswer> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.functions.invoke<SendNotificationAnswer>('sendnotification', {
    body: { companyID: companyId, shiftID: shiftId },
  });
  if (error) throw error;
  return data ?? { sent: 0, failed: 0, skipped: 0 };
}

import { loadSupabase } from '@shared/lib/supabase.ts';

export interface SendNotificationAnswer {
  sent: number;
  failed: number;
  skipped: number;
}

/** Asks `sendnotification` to push the new shift to every employed staff member with a device. */
export async function sendShiftNotifications(companyId: string): Promise<SendNotificationAnswer> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.functions.invoke<SendNotificationAnswer>('sendnotification', {
    body: { companyID: companyId },
  });
  if (error) throw error;
  return data ?? { sent: 0, failed: 0, skipped: 0 };
}

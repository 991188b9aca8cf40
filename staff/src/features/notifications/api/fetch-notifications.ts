import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';

export interface StaffNotification {
  id: string;
  message: string;
  createdAt: string;
  isRead: boolean;
  shiftId: string | null;
  companyId: string;
}

/** The worker's newest notifications (RLS: only their own). */
export async function fetchNotifications(limit = 50): Promise<StaffNotification[]> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('notifications')
    .select('id, message, created_at, read_at, shift_id, company_id')
    .order('created_at', { ascending: false })
    .limit(limit);
  if (error) throw error;
  return data.map((row) => ({
    id: row.id,
    message: row.message,
    createdAt: row.created_at,
    isRead: row.read_at !== null,
    shiftId: row.shift_id,
    companyId: row.company_id,
  }));
}

/** How many are unread, without loading them. */
export async function countUnreadNotifications(): Promise<number> {
  const supabase = await loadSupabase();
  const { count, error } = await supabase
    .from('notifications')
    .select('id', { count: 'exact', head: true })
    .is('read_at', null);
  if (error) throw error;
  return count ?? 0;
}

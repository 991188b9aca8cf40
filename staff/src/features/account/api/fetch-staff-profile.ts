import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';

export interface StaffProfile {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  hasUnreadNotifications: boolean;
}

export async function fetchStaffProfile(userId: string): Promise<StaffProfile> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('staff')
    .select('id, first_name, last_name, email, phone, has_unread_notifications')
    .eq('id', userId)
    .single();
  if (error) throw error;
  return {
    id: data.id,
    firstName: data.first_name,
    lastName: data.last_name,
    email: data.email,
    phone: data.phone ?? '',
    hasUnreadNotifications: data.has_unread_notifications,
  };
}

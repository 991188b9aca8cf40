import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';

export interface StaffProfileChanges {
  firstName: string;
  lastName: string;
  phone: string;
}

/** Only the columns the database lets a worker write (column privileges); RLS keeps it to their own row. */
export async function updateStaffProfile(userId: string, changes: StaffProfileChanges): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase
    .from('staff')
    .update({ first_name: changes.firstName.trim(), last_name: changes.lastName.trim(), phone: changes.phone })
    .eq('id', userId);
  if (error) throw error;
}

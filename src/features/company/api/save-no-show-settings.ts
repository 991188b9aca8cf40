import { loadSupabase } from '@shared/lib/supabase.ts';

export interface NoShowSettings {
  no_show_repost_after_minutes: number;
  auto_repost_no_shows: boolean;
}

/** Saves the agency's no-show settings (column grants allow exactly these on its own row). */
export async function saveNoShowSettings(companyId: string, settings: NoShowSettings): Promise<void> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.from('companies').update(settings).eq('id', companyId).select('id');
  if (error) throw error;
  if (!data || data.length === 0) throw new Error('No user data found');
}

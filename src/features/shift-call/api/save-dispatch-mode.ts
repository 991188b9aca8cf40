import { loadSupabase } from '@shared/lib/supabase.ts';
import type { DispatchMode } from '../dispatch-mode.ts';

/** Remembers the mode as the agency's default (companies.dispatch_mode, a column the agency may update). */
export async function saveDispatchMode(companyId: string, mode: DispatchMode): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.from('companies').update({ dispatch_mode: mode }).eq('id', companyId);
  if (error) throw error;
}

import { loadSupabase } from '@shared/lib/supabase.ts';

/**
 * The calling company's assistant questions left this month, from `public.assistant_questions_left()`:
 * a number on the free plan, null on premium.
 */
export async function fetchQuestionsLeft(): Promise<number | null> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('assistant_questions_left');
  if (error) throw error;
  return typeof data === 'number' ? data : null;
}

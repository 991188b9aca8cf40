import { loadSupabase } from '@shared/lib/supabase.ts';

/** The free plan's monthly assistant questions, from `public.assistant_free_question_limit()`. */
export async function fetchFreeQuestionLimit(): Promise<number> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('assistant_free_question_limit');
  if (error) throw error;
  if (typeof data !== 'number') throw new Error('assistant_free_question_limit returned no number');
  return data;
}

import { loadSupabase } from '@shared/lib/supabase.ts';

/** Whether the company has already answered the survey (companies.feedback_given, set by the database). */
export async function fetchFeedbackStatus(companyId: string): Promise<{ isGiven: boolean }> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('companies')
    .select('feedback_given')
    .eq('id', companyId)
    .maybeSingle<{ feedback_given: boolean }>();
  if (error) throw error;
  return { isGiven: data?.feedback_given ?? false };
}

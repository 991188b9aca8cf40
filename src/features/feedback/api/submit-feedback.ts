import { loadSupabase } from '@shared/lib/supabase.ts';
import type { FeedbackRow } from '../feedback-answers.ts';

/** The database's refusal of a second response (the feedback_responses trigger), word for word. */
export const ALREADY_RECEIVED = 'Your feedback has already been received';

/**
 * Stores the company's one response; the row's company and time come from the database, which also
 * sets companies.feedback_given. 'already-given' when the database refuses a second response.
 */
export async function submitFeedback(row: FeedbackRow): Promise<'submitted' | 'already-given'> {
  const supabase = await loadSupabase();
  const { error } = await supabase.from('feedback_responses').insert(row);
  if (!error) return 'submitted';
  if (error.message === ALREADY_RECEIVED || error.code === '23505') return 'already-given';
  throw error;
}

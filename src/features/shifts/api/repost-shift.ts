import { errorMessage, isDatabaseConnectionError, isNetworkError } from '@shared/lib/errors.ts';
import { loadSupabase } from '@shared/lib/supabase.ts';

export const REPOST_FAILED = 'Failed to re-post the shift';

export class RepostError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'RepostError';
  }
}

/**
 * The repost_shift RPC: the database checks the agency, that the worker has not clocked in and that
 * the agency's threshold has passed, then releases the worker as a no-show and offers the shift
 * again. Answers how many staff were offered it; throws a RepostError with the database's own
 * sentence when it refused (P0001, e.g. the worker clocked in meanwhile; the error, with its code,
 * is its cause) or the catalogue's text.
 */
export async function repostShift(shiftId: string): Promise<number> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('repost_shift', { p_shift_id: shiftId });
  if (error) {
    if (error.code === 'P0001' && error.message.trim() !== '') throw new RepostError(error.message, error);
    throw new RepostError(
      isNetworkError(error) || isDatabaseConnectionError(error) ? errorMessage(error) : REPOST_FAILED,
    );
  }
  return data ?? 0;
}

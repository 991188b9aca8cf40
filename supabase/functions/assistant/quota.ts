// The plan quota, counted by the database (migration 20261121120000_assistant_quota.sql) with the
// caller's own JWT: one question is reserved before answering and given back when no answer came.
import { HttpError, json } from '../_shared/http.ts';
import type { SupabaseClient } from '../_shared/supabase.ts';

/** The free plan's monthly questions. The database function assistant_free_question_limit() is the truth. */
export const FREE_QUESTIONS_PER_MONTH = 25;

export interface Reservation {
  id: string;
  /** Questions left this month after this one; null on premium. */
  remaining: number | null;
}

/** Over the limit: 429 with the database's own sentence, so the dashboard can offer Go Premium. */
export class QuotaExceeded extends HttpError {
  constructor(message: string) {
    super(429, 'forbidden', message);
    this.name = 'QuotaExceeded';
  }
}

/** The JSON of a QuotaExceeded: its own code, which the shared error codes do not have. */
export function quotaExceededResponse(error: QuotaExceeded): Response {
  return json({ error: { code: 'quota_exceeded', message: error.message } }, 429);
}

interface PostgrestErrorLike {
  code?: string;
  message?: string;
}

export async function reserveQuestion(client: SupabaseClient): Promise<Reservation> {
  const { data, error } = await client.rpc('use_assistant_question').single();
  if (error) {
    const e = error as PostgrestErrorLike;
    if (e.code === 'P0001' && e.message) throw new QuotaExceeded(e.message);
    if (e.code === '42501') throw new HttpError(403, 'forbidden', 'Only company accounts can use the assistant.');
    console.error('use_assistant_question failed', error);
    throw new HttpError(502, 'upstream_error', 'Your assistant questions could not be counted. Please try again.');
  }
  const row = data as { reservation_id?: unknown; remaining?: unknown } | null;
  if (typeof row?.reservation_id !== 'string') {
    console.error('use_assistant_question answered without a reservation', data);
    throw new HttpError(502, 'upstream_error', 'Your assistant questions could not be counted. Please try again.');
  }
  return { id: row.reservation_id, remaining: typeof row.remaining === 'number' ? row.remaining : null };
}

/**
 * Gives a question back. Never throws: the user already gets an apology, and a refund that did not
 * happen only costs one question. Answers the questions left (the reservation's figure if unknown).
 */
export async function refundQuestion(client: SupabaseClient, reservation: Reservation): Promise<number | null> {
  try {
    const { data, error } = await client.rpc('refund_assistant_question', { reservation_id: reservation.id });
    if (error) {
      console.error('refund_assistant_question failed', error);
      return reservation.remaining;
    }
    return typeof data === 'number' ? data : null;
  } catch (error) {
    console.error('refund_assistant_question threw', error);
    return reservation.remaining;
  }
}

import { loadSupabase } from '@shared/lib/supabase.ts';
import type { Invitee } from '@shared/lib/staff-invites.ts';
import type { InviteResult } from '../staff-invite.ts';

export const inviteMessages = {
  notLoggedIn: 'Your session has ended. Please log in again to invite workers.',
  failed: 'The invitations could not be sent. Please try again.',
} as const;

/**
 * A refusal the function explained: its sentence, and the database's code and values when it is one
 * a person can meet (read the way a PostgREST error is, by `databaseErrorKey`).
 */
export class InviteRefusedError extends Error {
  constructor(
    message: string,
    readonly hint?: string,
    readonly details?: string,
  ) {
    super(message);
    this.name = 'InviteRefusedError';
  }
}

/**
 * The invite-workers edge function: the server checks every address again, records the
 * invitations against the plan's places and has Auth email each person; the answer says, address
 * by address, what happened. Throws an Error whose message is the sentence to show.
 */
export async function inviteWorkers(invitees: readonly Invitee[]): Promise<InviteResult[]> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.functions.invoke<{ results: InviteResult[] }>('invite-workers', {
    body: { invitees },
  });
  if (!error) {
    if (!data || !Array.isArray(data.results)) throw new Error(inviteMessages.failed);
    return data.results;
  }
  // FunctionsHttpError carries the Response; checked by shape so the dashboard chunk does not pull
  // functions-js' error classes out of the lazily loaded supabase-js chunk.
  const context: unknown = (error as { context?: unknown }).context;
  if (!(context instanceof Response)) throw new Error(inviteMessages.failed);
  if (context.status === 401) throw new Error(inviteMessages.notLoggedIn);
  const body = (await context.json().catch(() => undefined)) as
    { error?: { message?: unknown; hint?: unknown; details?: unknown } } | undefined;
  const { message, hint, details } = body?.error ?? {};
  // The function's own sentence for a refusal the agency can act on (400, 403); a retry line otherwise.
  if (context.status < 500 && typeof message === 'string' && message.trim()) {
    throw new InviteRefusedError(
      message,
      typeof hint === 'string' ? hint : undefined,
      typeof details === 'string' ? details : undefined,
    );
  }
  throw new Error(inviteMessages.failed);
}

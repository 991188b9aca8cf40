import { loadSupabase } from '@shared/lib/supabase.ts';
import type { Invitee } from '@shared/lib/staff-invites.ts';
import type { InviteResult } from '../staff-invite.ts';

export const inviteMessages = {
  notLoggedIn: 'Your session has ended. Please log in again to invite workers.',
  failed: 'The invitations could not be sent. Please try again.',
} as const;

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
  const body = (await context.json().catch(() => undefined)) as { error?: { message?: unknown } } | undefined;
  const message = body?.error?.message;
  // The function's own sentence for a refusal the agency can act on (400, 403); a retry line otherwise.
  if (context.status < 500 && typeof message === 'string' && message.trim()) throw new Error(message);
  throw new Error(inviteMessages.failed);
}

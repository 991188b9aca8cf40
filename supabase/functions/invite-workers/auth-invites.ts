// The service-role side of inviting: only Auth can create an invited account and email its link
// (`auth.admin.inviteUserByEmail`), and only the service role may then write to an invitation what
// Auth told (the auth user it made) or take back one whose email never went out. The invitations
// themselves are recorded with the agency's own JWT (public.invite_staff), never here; these three
// operations are the whole use of the key.
import { createClient } from 'npm:@supabase/supabase-js@2.119.0';
import { type Env, requireEnv } from '../_shared/env.ts';
import type { SupabaseClient } from '../_shared/supabase.ts';

export interface InviteEmail {
  redirectTo: string;
  /** The new account's user_metadata: the sign-up trigger makes a staff row from it. */
  data: Record<string, string>;
}

export type InviteSendResult =
  | { kind: 'sent'; userId: string }
  /** The address already has a confirmed account: Auth sends nothing. */
  | { kind: 'exists' }
  /** Auth refused the address itself. */
  | { kind: 'invalid'; message: string }
  | { kind: 'failed'; message: string };

export interface InviteAuth {
  send(email: string, invite: InviteEmail): Promise<InviteSendResult>;
  /** Records on the invitation the auth user Auth created or found for it. */
  recordAuthUser(inviteId: string, userId: string): Promise<void>;
  /** Deletes a just-created invitation whose email was never sent, so it holds no place. */
  withdrawUnsent(inviteId: string): Promise<void>;
}

/** Auth's error as auth-js surfaces it: `status` and GoTrue's `code`. */
export function classifyInviteError(error: { status?: number; code?: string; message?: string }): InviteSendResult {
  const message = error.message ?? 'Auth refused the invitation.';
  if (error.code === 'email_exists' || (error.status === 422 && /already been registered/i.test(message))) {
    return { kind: 'exists' };
  }
  if (error.status === 400 && (error.code === 'validation_failed' || /email/i.test(message))) {
    return { kind: 'invalid', message };
  }
  return { kind: 'failed', message };
}

export function serviceInviteAuth(env: Env, fetchImpl: typeof fetch = fetch): InviteAuth {
  let client: SupabaseClient | undefined;
  const service = (): SupabaseClient =>
    (client ??= createClient(requireEnv(env, 'SUPABASE_URL'), requireEnv(env, 'SUPABASE_SERVICE_ROLE_KEY'), {
      global: { fetch: fetchImpl },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    }));

  return {
    async send(email, invite) {
      let result: Awaited<ReturnType<SupabaseClient['auth']['admin']['inviteUserByEmail']>>;
      try {
        result = await service().auth.admin.inviteUserByEmail(email, invite);
      } catch (error) {
        return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
      }
      if (result.error) return classifyInviteError(result.error);
      const userId = result.data.user?.id;
      return userId ? { kind: 'sent', userId } : { kind: 'failed', message: 'Auth answered without a user.' };
    },

    async recordAuthUser(inviteId, userId) {
      const { error } = await service().from('staff_invites').update({ auth_user_id: userId }).eq('id', inviteId);
      if (error) throw new Error(`Recording the invited user failed: ${error.code} ${error.message}`);
    },

    async withdrawUnsent(inviteId) {
      const { error } = await service()
        .from('staff_invites')
        .delete()
        .eq('id', inviteId)
        .eq('status', 'pending')
        .eq('send_count', 1);
      if (error) throw new Error(`Withdrawing the unsent invitation failed: ${error.code} ${error.message}`);
    },
  };
}

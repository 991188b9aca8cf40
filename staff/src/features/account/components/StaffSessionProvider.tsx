import { useEffect, useState, type ReactNode } from 'react';
import type { Session } from '@supabase/supabase-js';
import { hasAuthCallbackInUrl, hasStoredSession } from '@shared/lib/auth-storage.ts';
import { whenSupabaseLoaded } from '@shared/lib/supabase.ts';
import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';
import { StaffSessionContext, type StaffSession } from '../hooks/staff-session.ts';
import { signOutThisDevice } from '@shared/lib/session-ended.ts';

/**
 * The signed-in worker, from supabase-js's session (restored from storage, refreshed by it, and
 * updated by sign-in, sign-out and an emailed link's landing). A session counts only once the
 * database says it is a worker's: an agency's session (signed in here by mistake, or left in
 * storage) is signed out again without ever showing a staff screen, and the log-in form, which
 * stays mounted meanwhile, says why.
 *
 * A worker with no stored session (a first visit) is signed out at once and supabase-js (~55 KB
 * gzipped) loads only when they start filling in a form: the first load stays small.
 */
export function StaffSessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<StaffSession>(() =>
    hasStoredSession() || hasAuthCallbackInUrl() ? { status: 'loading' } : { status: 'signed-out' },
  );

  useEffect(() => {
    let isActive = true;
    let unsubscribe: (() => void) | undefined;
    let checked: { userId: string; isStaff: boolean } | undefined;

    const apply = async (current: Session | null) => {
      const supabase = await loadSupabase();
      if (!current) {
        if (isActive) setSession({ status: 'signed-out' });
        return;
      }
      const userId = current.user.id;
      if (checked?.userId !== userId) {
        const { data, error } = await supabase.rpc('account_type');
        // A failed check (offline) keeps a stored session: the worker can still read the last shifts.
        checked = { userId, isStaff: error ? true : data === 'staff' };
      }
      if (!isActive) return;
      if (!checked.isStaff) {
        await signOutThisDevice(supabase.auth);
        return;
      }
      const email = current.user.email ?? '';
      setSession((previous) =>
        previous.status === 'signed-in' && previous.userId === userId && previous.email === email
          ? previous
          : { status: 'signed-in', userId, email },
      );
    };

    const stopWaiting = whenSupabaseLoaded((supabase) => {
      if (!isActive) return;
      const { data } = supabase.auth.onAuthStateChange((_event, current) => {
        // Deferred: auth-js holds its lock while it calls listeners, and the check calls the API.
        setTimeout(() => void apply(current), 0);
      });
      unsubscribe = () => data.subscription.unsubscribe();
    });
    if (hasStoredSession() || hasAuthCallbackInUrl()) void loadSupabase();
    return () => {
      isActive = false;
      stopWaiting();
      unsubscribe?.();
    };
  }, []);

  return <StaffSessionContext.Provider value={session}>{children}</StaffSessionContext.Provider>;
}

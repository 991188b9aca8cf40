import { useEffect, useState, type ReactNode } from 'react';
import { loadStaffSupabase as loadSupabase } from '../../../lib/supabase.ts';
import { StaffSessionContext, type StaffSession } from '../hooks/staff-session.ts';

/**
 * The signed-in worker, from supabase-js's session (restored from storage, refreshed by it, and
 * updated by sign-in, sign-out and an emailed link's landing). Only worker accounts get this far:
 * sign-in signs an agency out again at once.
 */
export function StaffSessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<StaffSession>({ status: 'loading' });

  useEffect(() => {
    let isActive = true;
    let unsubscribe: (() => void) | undefined;
    void loadSupabase().then((supabase) => {
      if (!isActive) return;
      const { data } = supabase.auth.onAuthStateChange((_event, current) => {
        // Deferred: auth-js holds its lock while it calls listeners.
        setTimeout(() => {
          if (!isActive) return;
          setSession((previous) => {
            if (!current) return { status: 'signed-out' };
            if (
              previous.status === 'signed-in' &&
              previous.userId === current.user.id &&
              previous.email === current.user.email
            )
              return previous;
            return { status: 'signed-in', userId: current.user.id, email: current.user.email ?? '' };
          });
        }, 0);
      });
      unsubscribe = () => data.subscription.unsubscribe();
    });
    return () => {
      isActive = false;
      unsubscribe?.();
    };
  }, []);

  return <StaffSessionContext.Provider value={session}>{children}</StaffSessionContext.Provider>;
}

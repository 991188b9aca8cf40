import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Session } from '@supabase/supabase-js';
import { hasAuthCallbackInUrl, hasStoredSession } from '@shared/lib/auth-storage.ts';
import { loadSupabase, whenSupabaseLoaded } from '@shared/lib/supabase.ts';
import { fetchAccountType, type AccountType } from '../api/fetch-account-type.ts';
import { AuthContext, type AuthState } from '../hooks/auth-context.ts';

/**
 * Follows supabase-js' auth state (restored from storage on reload, refreshed by the client) and
 * the account type of the signed-in user, which decides whether the dashboard may be used.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null);
  // A stored session, or one arriving in the URL from an emailed link, is read before any guard decides.
  const [isRestoring, setIsRestoring] = useState(() => hasStoredSession() || hasAuthCallbackInUrl());
  const [accountType, setAccountType] = useState<{ userId: string; type: AccountType } | null>(null);

  useEffect(() => {
    let unsubscribeAuth: (() => void) | undefined;
    const stopWaiting = whenSupabaseLoaded((client) => {
      const { data } = client.auth.onAuthStateChange((_event, next) => {
        setSession(next);
        setIsRestoring(false);
      });
      unsubscribeAuth = () => data.subscription.unsubscribe();
    });
    if (hasStoredSession() || hasAuthCallbackInUrl()) {
      loadSupabase()
        // No session came of it (an expired link): nothing to wait for.
        .then((client) => client.auth.getSession())
        .then(({ data }) => {
          if (!data.session) setIsRestoring(false);
        })
        .catch(() => setIsRestoring(false));
    }
    return () => {
      stopWaiting();
      unsubscribeAuth?.();
    };
  }, []);

  const userId = session?.user.id;
  useEffect(() => {
    if (!userId) return;
    let isCurrent = true;
    fetchAccountType()
      .then((type) => isCurrent && setAccountType({ userId, type }))
      .catch(() => isCurrent && setAccountType({ userId, type: null }));
    return () => {
      isCurrent = false;
    };
  }, [userId]);

  const value = useMemo<AuthState>(() => {
    if (isRestoring) return { status: 'loading', session: null };
    if (!session) return { status: 'signed-out', session: null };
    if (accountType?.userId !== session.user.id) return { status: 'loading', session };
    return { status: accountType.type === 'company' ? 'company' : 'other', session };
  }, [isRestoring, session, accountType]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

import { createContext, useContext } from 'react';
import type { Session } from '@supabase/supabase-js';

/**
 * loading: a stored session is being restored or its account type checked;
 * company: a signed-in agency; other: signed in but not an agency (about to be signed out).
 */
export type AuthStatus = 'loading' | 'signed-out' | 'company' | 'other';

export interface AuthState {
  status: AuthStatus;
  session: Session | null;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}

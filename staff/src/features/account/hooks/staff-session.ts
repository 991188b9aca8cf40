import { createContext, useContext } from 'react';

export type StaffSession =
  { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; userId: string; email: string };

export const StaffSessionContext = createContext<StaffSession>({ status: 'loading' });

export function useStaffSession(): StaffSession {
  return useContext(StaffSessionContext);
}

/** For screens behind the sign-in guard, which only render with a session. */
export function useSignedInStaff(): { userId: string; email: string } {
  const session = useStaffSession();
  if (session.status !== 'signed-in') throw new Error('useSignedInStaff outside the signed-in routes');
  return session;
}

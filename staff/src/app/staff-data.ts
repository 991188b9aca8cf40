import { createContext, useContext } from 'react';
import type { AgenciesState } from '../features/agencies/hooks/use-agencies.ts';
import type { ShiftBoard } from '../features/shifts/hooks/use-shift-board.ts';

/** What every signed-in screen shares: one set of live subscriptions for the whole app. */
export interface StaffData {
  userId: string;
  agencies: AgenciesState;
  board: ShiftBoard;
  unread: { unread: number; version: number; refresh: () => void };
}

export const StaffDataContext = createContext<StaffData | null>(null);

export function useStaffData(): StaffData {
  const data = useContext(StaffDataContext);
  if (!data) throw new Error('useStaffData outside StaffShell');
  return data;
}

import { createContext, useContext } from 'react';
import type { Company } from '../../../features/company/api/fetch-company.ts';
import type { OverlayName } from './overlay-names.ts';

/** What the shell hands its sections: the live company row and the overlay slots. */
export interface DashboardContextValue {
  company: Company;
  /** Opens a registered overlay; a name nothing has registered yet does nothing. */
  openOverlay: (name: OverlayName) => void;
  isOverlayRegistered: (name: OverlayName) => boolean;
}

export const DashboardContext = createContext<DashboardContextValue | null>(null);

export function useDashboard(): DashboardContextValue {
  const value = useContext(DashboardContext);
  if (!value) throw new Error('useDashboard must be used inside the dashboard shell');
  return value;
}

import { useTranslate, type Translate } from '@shared/i18n/use-t.ts';
import type { DashboardKey } from './catalogues.ts';

/** The dashboard's translate function: its keys and the shared ones, checked by the typecheck. */
export function useT(): Translate<DashboardKey> {
  return useTranslate<DashboardKey>();
}

import { useTranslate, type Translate } from '@shared/i18n/use-t.ts';
import type { StaffKey } from './catalogues.ts';

/** The staff app's translate function: its keys and the shared ones, checked by the typecheck. */
export function useT(): Translate<StaffKey> {
  return useTranslate<StaffKey>();
}

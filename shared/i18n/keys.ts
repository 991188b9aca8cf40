import type sharedEnglish from './catalogues/en.json';
import { useTranslate, type Translate } from './use-t.ts';

/** The keys of the shared layer's catalogue (shared/i18n/catalogues/en.json), which both apps load. */
export type SharedKey = keyof typeof sharedEnglish;

/** For shared components: only the shared catalogue's keys. */
export function useSharedT(): Translate<SharedKey> {
  return useTranslate<SharedKey>();
}

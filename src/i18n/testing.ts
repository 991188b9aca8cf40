/**
 * Unit tests' catalogues: the dashboard's and the shared ones, compiled as the build compiles them
 * (the unit project's catalogue plugin), loaded in both languages with English active. A test that
 * imports `t` reads the same words the dashboard shows; `inFrench` runs a check in Canadian French.
 */
import type { AllMessages } from '@lingui/core';
import sharedEnglish from '@shared/i18n/catalogues/en.json';
import sharedFrench from '@shared/i18n/catalogues/fr-CA.json';
import { databaseErrorKey } from '@shared/i18n/database-errors.ts';
import { i18n } from '@shared/i18n/i18n.ts';
import type { Translate } from '@shared/i18n/use-t.ts';
import type { DashboardKey } from './catalogues.ts';
import english from './en.json';
import french from './fr-CA.json';

i18n.load({ en: { ...sharedEnglish, ...english }, 'fr-CA': { ...sharedFrench, ...french } } as unknown as AllMessages);
i18n.activate('en');

/** The active language's translate function, as useT() gives it to a component. */
export const t = ((key, values) => i18n._(key, values)) as Translate<DashboardKey>;

/** Runs `check` with Canadian French active, then English again (also when it throws). */
export function inFrench<T>(check: () => T): T {
  i18n.activate('fr-CA');
  try {
    return check();
  } finally {
    i18n.activate('en');
  }
}

/** A database refusal in the active language, as useDatabaseErrorText says it (without React). */
export function databaseText(error: unknown): string | null {
  const found = databaseErrorKey(error);
  return found ? t(found.key, found.values) : null;
}

/**
 * Before each unit test: English active on the shared i18n instance. The unit files share their
 * modules (isolate: false), so a file that switched to French would otherwise leave the next file's
 * tests reading French; a test that wants French activates it itself.
 */
import { beforeEach } from 'vitest';
import { i18n } from '../../shared/i18n/i18n.ts';

beforeEach(() => {
  if (i18n.locale && i18n.locale !== 'en') i18n.activate('en');
});

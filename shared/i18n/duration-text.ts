import type { DurationParts } from '../lib/duration.ts';
import type { SharedKey } from './keys.ts';
import type { Translate } from './use-t.ts';

/**
 * A length of time in the person's language: '1 day 2 hrs 30 mins' ('1 jour 2 h 30 min'), the
 * parts that are not zero, and '0 mins' for none (SPEC §9's labels are the English entries).
 */
export function durationText({ days, hours, minutes }: DurationParts, t: Translate<SharedKey>): string {
  const parts = [
    days ? t('duration.days', { count: days }) : '',
    hours ? t('duration.hours', { count: hours }) : '',
    minutes || (!days && !hours) ? t('duration.minutes', { count: minutes }) : '',
  ];
  return parts.filter(Boolean).join(' ');
}

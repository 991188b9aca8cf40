import { useRuleText } from '@shared/i18n/validation-text.ts';
import type { DashboardKey } from '../../../i18n/catalogues.ts';
import { useT } from '../../../i18n/use-t.ts';
import { TIME_FORMAT_MESSAGE } from '../parse-time-of-day.ts';
import { PLAN_LIMIT_MESSAGE, postShiftMessages } from '../post-shift-errors.ts';
import { shiftCallMessages } from '../shift-call-rules.ts';

/**
 * The Shift Call rules (shift-call-rules.ts) and post failures return SPEC's English sentence, which
 * their tests pin; a field or toast shows it in the person's language. The address rules it shares with onboarding go
 * through the shared table.
 */
const KEY_OF_MESSAGE: Partial<Record<string, DashboardKey>> = {
  [shiftCallMessages.staffTypeRequired]: 'shiftCall.rule.staffTypeRequired',
  [shiftCallMessages.skillRequired]: 'shiftCall.rule.skillRequired',
  [shiftCallMessages.streetNumberRequired]: 'shiftCall.rule.streetNumberRequired',
  [shiftCallMessages.streetNumberNumeric]: 'shiftCall.rule.streetNumberNumeric',
  [shiftCallMessages.streetNameRequired]: 'shiftCall.rule.streetNameRequired',
  [shiftCallMessages.startRequired]: 'shiftCall.rule.startRequired',
  [shiftCallMessages.startInPast]: 'shiftCall.rule.startInPast',
  [shiftCallMessages.endRequired]: 'shiftCall.rule.endRequired',
  [shiftCallMessages.endBeforeStart]: 'shiftCall.rule.endBeforeStart',
  [TIME_FORMAT_MESSAGE]: 'shiftCall.rule.timeFormat',
  // The post's failures (post-shift-errors.ts); a sentence the database wrote passes through as it is.
  [postShiftMessages.notGeocoded]: 'shiftCall.failure.notGeocoded',
  [postShiftMessages.saveFailed]: 'shiftCall.failure.saveFailed',
  [postShiftMessages.saveFailedTitle]: 'shiftCall.failure.saveFailedTitle',
  [postShiftMessages.notLoggedIn]: 'shiftCall.failure.notLoggedIn',
  [PLAN_LIMIT_MESSAGE]: 'shiftCall.failure.planLimit',
};

export function useShiftCallRuleText(): <T>(message: T) => T | string {
  const t = useT();
  const ruleText = useRuleText();
  return (message) => {
    const key = typeof message === 'string' ? KEY_OF_MESSAGE[message] : undefined;
    return key ? t(key) : ruleText(message);
  };
}

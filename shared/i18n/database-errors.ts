import { useCallback } from 'react';
import { useCareRoleName } from './care-role-names.ts';
import { useSharedT, type SharedKey } from './keys.ts';
import type { MessageValues } from './use-t.ts';

/**
 * The database's guard errors by the code in their hint (PostgREST's `hint`): the database writes
 * its refusals in English, for API users and logs, and each app says them in the person's language
 * from this table. The values a sentence names (a limit, a distance, a staff type) come as JSON in
 * the error's `details`. `database-errors.test.ts` checks every code the migrations raise is here,
 * with the database's own sentence as its English.
 */
export const DATABASE_ERROR_KEYS: Readonly<Record<string, SharedKey>> = {
  account_type_invalid: 'dbError.accountTypeInvalid',
  already_accepted_by_you: 'dbError.alreadyAcceptedByYou',
  already_clocked_in: 'dbError.alreadyClockedIn',
  already_clocked_out: 'dbError.alreadyClockedOut',
  assistant_questions_used: 'dbError.assistantQuestionsUsed',
  assistant_refund_refused: 'dbError.assistantRefundRefused',
  clock_in_reason_far: 'dbError.clockInReasonFar',
  clock_in_reason_no_location: 'dbError.clockInReasonNoLocation',
  clock_in_too_early: 'dbError.clockInTooEarly',
  company_code_unknown: 'dbError.companyCodeUnknown',
  company_only_assistant: 'dbError.companyOnlyAssistant',
  company_only_coverage: 'dbError.companyOnlyCoverage',
  company_only_invite: 'dbError.companyOnlyInvite',
  company_only_post_shifts: 'dbError.companyOnlyPostShifts',
  company_only_reliability: 'dbError.companyOnlyReliability',
  company_only_remove_staff: 'dbError.companyOnlyRemoveStaff',
  company_only_repost: 'dbError.companyOnlyRepost',
  company_only_timesheets: 'dbError.companyOnlyTimesheets',
  company_only_withdraw_invite: 'dbError.companyOnlyWithdrawInvite',
  credential: 'dbError.credential',
  csv_headers_invalid: 'dbError.csvHeadersInvalid',
  dates_required: 'dbError.datesRequired',
  end_before_start: 'dbError.endBeforeStart',
  end_date_before_start: 'dbError.endDateBeforeStart',
  feedback_already_received: 'dbError.feedbackAlreadyReceived',
  free_shift_limit: 'dbError.freeShiftLimit',
  free_staff_limit: 'dbError.freeStaffLimit',
  invitation_not_pending: 'dbError.invitationNotPending',
  invite_batch_too_big: 'dbError.inviteBatchTooBig',
  invite_empty: 'dbError.inviteEmpty',
  join_attempts_exceeded: 'dbError.joinAttemptsExceeded',
  join_log_append_only: 'dbError.joinLogAppendOnly',
  leave_while_on_shift: 'dbError.leaveWhileOnShift',
  location_invalid: 'dbError.locationInvalid',
  no_longer_employed: 'dbError.noLongerEmployed',
  no_show: 'dbError.noShow',
  not_clocked_in: 'dbError.notClockedIn',
  not_employed_here: 'dbError.notEmployedHere',
  not_your_shift_clock_in: 'dbError.notYourShiftClockIn',
  not_your_shift_clock_out: 'dbError.notYourShiftClockOut',
  now_required: 'dbError.nowRequired',
  over_hours: 'dbError.overHours',
  overlapping_shift: 'dbError.overlappingShift',
  period_end_before_start: 'dbError.periodEndBeforeStart',
  period_required: 'dbError.periodRequired',
  period_too_long: 'dbError.periodTooLong',
  push_auth_invalid: 'dbError.pushAuthInvalid',
  push_device_taken: 'dbError.pushDeviceTaken',
  push_endpoint_invalid: 'dbError.pushEndpointInvalid',
  push_key_invalid: 'dbError.pushKeyInvalid',
  ranking_invalid: 'dbError.rankingInvalid',
  reason_too_long: 'dbError.reasonTooLong',
  remove_while_on_shift: 'dbError.removeWhileOnShift',
  repost_clocked_in: 'dbError.repostClockedIn',
  repost_nobody_holds: 'dbError.repostNobodyHolds',
  repost_too_early: 'dbError.repostTooEarly',
  shift_ended: 'dbError.shiftEnded',
  shift_history_append_only: 'dbError.shiftHistoryAppendOnly',
  shift_list_size_invalid: 'dbError.shiftListSizeInvalid',
  shift_not_found: 'dbError.shiftNotFound',
  shift_taken: 'dbError.shiftTaken',
  skill: 'dbError.skill',
  staff_list_size_invalid: 'dbError.staffListSizeInvalid',
  staff_member_not_employed: 'dbError.staffMemberNotEmployed',
  staff_member_not_found: 'dbError.staffMemberNotFound',
  staff_member_not_yours: 'dbError.staffMemberNotYours',
  staff_only_accept_invitations: 'dbError.staffOnlyAcceptInvitations',
  staff_only_accept_shifts: 'dbError.staffOnlyAcceptShifts',
  staff_only_clock_in: 'dbError.staffOnlyClockIn',
  staff_only_clock_out: 'dbError.staffOnlyClockOut',
  staff_only_join: 'dbError.staffOnlyJoin',
  staff_only_leave: 'dbError.staffOnlyLeave',
  staff_only_notifications: 'dbError.staffOnlyNotifications',
  staff_only_push: 'dbError.staffOnlyPush',
  staff_rank_size_invalid: 'dbError.staffRankSizeInvalid',
  staff_type: 'dbError.staffType',
  start_in_past: 'dbError.startInPast',
  stripe_event_unmatched: 'dbError.stripeEventUnmatched',
  time_done_empty: 'dbError.timeDoneEmpty',
  time_off: 'dbError.timeOff',
  time_zone_invalid: 'dbError.timeZoneInvalid',
  time_zone_unknown: 'dbError.timeZoneUnknown',
  tutorial_already_seen: 'dbError.tutorialAlreadySeen',
  tutorial_seen_now_only: 'dbError.tutorialSeenNowOnly',
  worker_text_unknown: 'dbError.workerTextUnknown',
};

export interface DatabaseErrorText {
  key: SharedKey;
  values: MessageValues;
}

/** Only a JSON object's text and number values: `details` is free text for errors without a code. */
function detailValues(details: unknown): MessageValues {
  if (typeof details !== 'string' || !details.startsWith('{')) return {};
  try {
    const parsed: unknown = JSON.parse(details);
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(([, value]) => typeof value === 'string' || typeof value === 'number'),
    ) as MessageValues;
  } catch {
    return {};
  }
}

/**
 * The catalogue entry of a database refusal, found on the error or on what it wraps (`cause`:
 * screens wrap an RPC's error in their own), or null when it carries no known code.
 */
export function databaseErrorKey(error: unknown): DatabaseErrorText | null {
  let current = error;
  for (let depth = 0; depth < 3 && typeof current === 'object' && current !== null; depth++) {
    const { hint, details, cause } = current as { hint?: unknown; details?: unknown; cause?: unknown };
    if (typeof hint === 'string' && Object.hasOwn(DATABASE_ERROR_KEYS, hint)) {
      return { key: DATABASE_ERROR_KEYS[hint] as SharedKey, values: detailValues(details) };
    }
    current = cause;
  }
  return null;
}

/** A database refusal in the active language, or null when the error carries no known code. */
export function useDatabaseErrorText(): (error: unknown) => string | null {
  const t = useSharedT();
  const roleName = useCareRoleName();
  return useCallback(
    (error: unknown) => {
      const found = databaseErrorKey(error);
      if (!found) return null;
      const { staffType, skill } = found.values;
      const values: MessageValues = { ...found.values };
      // The staff type and skill are stored in English; the sentence names them in the person's language.
      if (typeof staffType === 'string') values.staffType = roleName(staffType);
      if (typeof skill === 'string') values.skill = roleName(skill).toLocaleLowerCase();
      return t(found.key, values);
    },
    [t, roleName],
  );
}

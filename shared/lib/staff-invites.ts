/**
 * Inviting workers by email: the address rule, the pasted-list parser and the staff app's landing
 * path are defined once, beside the edge functions' other dependency-free rules, and used as they
 * are by the invite-workers function, the dashboard's invite dialog and CareCover Staff's routes.
 */
export {
  ACCEPT_INVITE_PATH,
  cleanInviteName,
  isInvitableEmail,
  MAX_INVITES_PER_CALL,
  normalizeEmail,
  parseInviteList,
  splitInviteName,
  type Invitee,
  type ParsedInviteList,
} from '../../supabase/functions/_shared/staff-invites.ts';

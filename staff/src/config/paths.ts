import { ACCEPT_INVITE_PATH } from '@shared/lib/staff-invites.ts';

/**
 * The staff app's routes; route strings live only here, except the invitation page's, which the
 * invite-workers function puts in its emails and so is defined once beside it.
 */
export const staffPaths = {
  home: '/',
  myShifts: '/my-shifts',
  notifications: '/notifications',
  agencies: '/agencies',
  profile: '/profile',
  timeOff: '/profile/time-off',
  credentials: '/profile/credentials',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  acceptInvite: ACCEPT_INVITE_PATH,
} as const;

/** The query parameter of Home naming the shift a notification led to. */
export const SHIFT_PARAM = 'shift';

/** Home, opened on one shift (outlined, or told why the worker cannot take it). */
export const shiftOnHome = (shiftId: string): string =>
  `${staffPaths.home}?${SHIFT_PARAM}=${encodeURIComponent(shiftId)}`;

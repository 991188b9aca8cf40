/** Route strings live only here. */
export const paths = {
  home: '/',
  signup: '/signup',
  login: '/login',
  forgotPassword: '/forgot-password',
  /** Where the password-reset email's link lands (with the recovery session in the URL fragment). */
  resetPassword: '/reset-password',
  onboard: '/onboard',
  privacy: '/privacy',
  dashboard: '/dashboard',
  dashboardShiftCall: '/dashboard/shiftcall',
} as const;

/** Support mailbox shown on the privacy page. */
export const SUPPORT_EMAIL = 'support@carecover.app';

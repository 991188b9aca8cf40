/** Route strings live only here. */
export const paths = {
  home: '/',
  signup: '/signup',
  login: '/login',
  onboard: '/onboard',
  privacy: '/privacy',
  dashboard: '/dashboard',
  dashboardShiftCall: '/dashboard/shiftcall',
} as const;

/** Support mailbox shown on the privacy page. */
export const SUPPORT_EMAIL = 'support@carecover.app';

/** Route strings live only here. */
export const paths = {
  home: '/',
  signup: '/signup',
  login: '/login',
  onboard: '/onboard',
  privacy: '/privacy',
  dashboard: '/dashboard',
} as const;

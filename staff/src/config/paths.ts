/** The staff app's routes; route strings live only here. */
export const staffPaths = {
  home: '/',
  myShifts: '/my-shifts',
  notifications: '/notifications',
  agencies: '/agencies',
  profile: '/profile',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
} as const;

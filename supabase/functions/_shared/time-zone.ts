// The time zone of a company that has not set one: the database's default for companies.time_zone
// (a test compares the two), the assistant's fallback for an unknown zone, and the onboarding
// form's fallback when the browser names none. Defined once here, dependency-free, so that the
// edge functions and the dashboard (through shared/lib/zoned-time.ts) import the same value.
export const DEFAULT_TIME_ZONE = 'America/Toronto';

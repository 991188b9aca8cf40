/**
 * The zone of a company that has not set one. Defined once, beside the edge functions' other
 * dependency-free rules, so the dashboard, the assistant and the database default agree.
 */
export { DEFAULT_TIME_ZONE } from '../../supabase/functions/_shared/time-zone.ts';

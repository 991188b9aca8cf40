import { loadSupabase } from '@shared/lib/supabase.ts';

/** The CSV's column names: the stable English ones software reads, or Canadian French for people. */
export type TimesheetHeaders = 'en' | 'fr-CA';

/**
 * The completed shifts starting on local dates from..to (inclusive) as CSV text, byte order mark
 * included, from public.timesheet_csv.
 */
export async function exportTimesheetCsv(from: string, to: string, headers: TimesheetHeaders = 'en'): Promise<string> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('timesheet_csv', { p_from: from, p_to: to, p_headers: headers });
  if (error) throw error;
  return typeof data === 'string' ? data : '';
}

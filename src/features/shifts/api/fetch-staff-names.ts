import { loadSupabase } from '@shared/lib/supabase.ts';

/** Ids per request, so the `in` filter stays well inside a URL's length. */
const BATCH = 100;

/**
 * The names of the given workers, as far as the company may read them (RLS: staff it employs).
 * Every asked id is in the answer; null means no readable name (the worker left or was deleted).
 */
export async function fetchStaffNames(ids: readonly string[]): Promise<Map<string, string | null>> {
  const supabase = await loadSupabase();
  const names = new Map<string, string | null>(ids.map((id) => [id, null]));
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += BATCH) batches.push(ids.slice(i, i + BATCH));
  const answers = await Promise.all(
    batches.map((batch) => supabase.from('staff').select('id, first_name, last_name').in('id', batch)),
  );
  for (const { data, error } of answers) {
    if (error) throw error;
    for (const s of (data ?? []) as { id: string; first_name: string; last_name: string }[]) {
      names.set(s.id, `${s.first_name} ${s.last_name}`.trim() || null);
    }
  }
  return names;
}

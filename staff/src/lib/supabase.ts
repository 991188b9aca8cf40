import type { SupabaseClient } from '@supabase/supabase-js';
import { loadSupabase } from '@shared/lib/supabase.ts';
import type { Database } from '@shared/types/database.types.ts';

/**
 * The shared supabase-js client, typed with the generated schema: the staff app's calls are
 * checked against the database's own signatures (clock_in's arguments, my_employers' columns).
 */
export const loadStaffSupabase = loadSupabase as () => Promise<SupabaseClient<Database>>;

import { createClient } from '@supabase/supabase-js';
import { env } from '../config/env.ts';

/** The one supabase-js client of the dashboard; only features' `api/` files use it. */
export const supabase = createClient(env.supabaseUrl, env.supabaseAnonKey);

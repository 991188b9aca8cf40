// The supabase-js client type alone, for modules that Node (tests, the benchmark) imports as well as
// Deno: supabase.ts next door also reads Deno's environment, which Node's type check cannot see.
// tsconfig.node.json maps this npm: specifier to the same version in node_modules.
export type { SupabaseClient } from 'npm:@supabase/supabase-js@2.119.0';

import { processEnv } from '../_shared/env.ts';
import { userClientFactory } from '../_shared/supabase.ts';
import { createGeocodeHandler } from './handler.ts';

const env = processEnv();
Deno.serve(createGeocodeHandler({ env, fetch, createUserClient: userClientFactory(env) }));

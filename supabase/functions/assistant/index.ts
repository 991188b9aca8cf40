import { processEnv } from '../_shared/env.ts';
import { userClientFactory } from '../_shared/supabase.ts';
import { createAssistantHandler } from './handler.ts';

const env = processEnv();
Deno.serve(createAssistantHandler({ env, fetch, createUserClient: userClientFactory(env) }));

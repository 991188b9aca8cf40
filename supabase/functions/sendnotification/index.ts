import { processEnv } from '../_shared/env.ts';
import { userClientFactory } from '../_shared/supabase.ts';
import { createSendNotificationHandler } from './handler.ts';

const env = processEnv();
Deno.serve(createSendNotificationHandler({ env, fetch, createUserClient: userClientFactory(env) }));

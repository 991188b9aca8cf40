import { processEnv } from '../_shared/env.ts';
import { lazyStripe } from '../_shared/stripe.ts';
import { userClientFactory } from '../_shared/supabase.ts';
import { createPortalHandler } from './handler.ts';

const env = processEnv();
Deno.serve(createPortalHandler({ env, stripe: lazyStripe(env), createUserClient: userClientFactory(env) }));

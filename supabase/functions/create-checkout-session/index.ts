import { serviceBillingStore } from '../_shared/billing.ts';
import { processEnv } from '../_shared/env.ts';
import { lazyStripe } from '../_shared/stripe.ts';
import { userClientFactory } from '../_shared/supabase.ts';
import { createCheckoutHandler } from './handler.ts';

const env = processEnv();
Deno.serve(
  createCheckoutHandler({
    env,
    stripe: lazyStripe(env),
    createUserClient: userClientFactory(env),
    billing: serviceBillingStore(env),
  }),
);

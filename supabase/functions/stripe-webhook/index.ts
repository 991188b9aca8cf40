import { serviceBillingStore } from '../_shared/billing.ts';
import { processEnv } from '../_shared/env.ts';
import { lazyStripe } from '../_shared/stripe.ts';
import { createWebhookHandler } from './handler.ts';

const env = processEnv();
Deno.serve(createWebhookHandler({ env, stripe: lazyStripe(env), billing: serviceBillingStore(env) }));

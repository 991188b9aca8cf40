import { processEnv } from '../_shared/env.ts';
import { userClientFactory } from '../_shared/supabase.ts';
import { createSendNotificationHandler } from './handler.ts';
import { serviceWebPushStore } from './web-push.ts';

const env = processEnv();
Deno.serve(
  createSendNotificationHandler({
    env,
    fetch,
    createUserClient: userClientFactory(env),
    webPushStore: serviceWebPushStore(env),
  }),
);

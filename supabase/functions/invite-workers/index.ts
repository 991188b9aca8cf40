import { processEnv } from '../_shared/env.ts';
import { userClientFactory } from '../_shared/supabase.ts';
import { serviceInviteAuth } from './auth-invites.ts';
import { createInviteWorkersHandler } from './handler.ts';

const env = processEnv();
Deno.serve(
  createInviteWorkersHandler({
    env,
    createUserClient: userClientFactory(env),
    inviteAuth: serviceInviteAuth(env),
  }),
);

/**
 * PKCE for emailed links, as auth-js uses it with `flowType: 'pkce'`: the request that sends the
 * email carries a code challenge; /verify then redirects with `?code=` instead of tokens in the
 * fragment; POST /token?grant_type=pkce trades that code and the browser's code verifier for a
 * session. A code is used up by a successful exchange, and expires FLOW_STATE_TTL after the link is opened.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Db } from './db.ts';
import { authError, errors } from './errors.ts';
import { stringField } from './validation.ts';

export const FLOW_STATE_TTL_SECONDS = 5 * 60;

/** Stores the challenge when the request has one; returns whether it did. */
export async function savePkceChallenge(
  db: Db,
  body: Record<string, unknown>,
  userId: string,
  authenticationMethod: string,
): Promise<boolean> {
  const challenge = stringField(body, 'code_challenge') ?? '';
  if (challenge === '') return false;
  const method = (stringField(body, 'code_challenge_method') ?? '').toLowerCase();
  if (method !== 's256' && method !== 'plain') throw errors.validation('Code challenge method not supported');
  await db.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, authentication_method)
     values ($1, $2, $3, $4, $5, $6)`,
    [randomUUID(), userId, randomUUID(), method, challenge, authenticationMethod],
  );
  return true;
}

/**
 * The code for the user's latest unopened flow of this method (started within `maxAgeSeconds`),
 * marked as handed out; null when the email was requested without PKCE.
 */
export async function issueFlowCode(
  db: Db,
  userId: string,
  authenticationMethod: string,
  maxAgeSeconds: number,
): Promise<string | null> {
  const { rows } = await db.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
      where id = (select id from auth.flow_state
                   where user_id = $1 and authentication_method = $2 and auth_code_issued_at is null
                     and created_at > now() - make_interval(secs => $3)
                   order by created_at desc limit 1)
      returning auth_code`,
    [userId, authenticationMethod, maxAgeSeconds],
  );
  return rows[0]?.auth_code ?? null;
}

function challengeOf(verifier: string, method: string): string {
  return method === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url');
}

/** The user the code was issued to; the caller's transaction removes the flow when it commits. */
export async function exchangeFlowCode(
  db: Db,
  authCode: string,
  verifier: string,
): Promise<{ userId: string; method: string }> {
  if (authCode === '' || verifier === '')
    throw errors.validation('invalid request: both auth code and code verifier should be non-empty');
  const { rows } = await db.query<{
    user_id: string;
    code_challenge: string;
    code_challenge_method: string;
    authentication_method: string;
    age: number;
  }>(
    `delete from auth.flow_state where auth_code = $1
     returning user_id, code_challenge, code_challenge_method, authentication_method,
               extract(epoch from now() - coalesce(auth_code_issued_at, created_at))::float8 as age`,
    [authCode],
  );
  const flow = rows[0];
  if (!flow) throw authError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
  if (flow.age > FLOW_STATE_TTL_SECONDS)
    throw authError(400, 'flow_state_expired', 'invalid flow state, flow state has expired');
  if (challengeOf(verifier, flow.code_challenge_method) !== flow.code_challenge) {
    throw authError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  return { userId: flow.user_id, method: flow.authentication_method };
}

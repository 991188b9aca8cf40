// POST { invitees: [{ email, name? }, …] } → invites up to 50 workers to the caller's agency by
// email and answers, address by address: invited, resent, already_staff, existing_account,
// not_a_worker, invalid, over_limit or failed.
//
// The agency is the caller: its JWT is checked by Auth, and the invitations are recorded by
// public.invite_staff under that JWT, which refuses any account that is not a company and applies
// the free plan's places (pending invitations included) in the database. Only then does the service
// role ask Auth to create each invited account and email its link, which opens CareCover Staff's
// accept page (STAFF_APP_URL + ACCEPT_INVITE_PATH). An address that already has an account gets no
// email from Auth: its invitation stays pending and the worker joins when they next open CareCover
// Staff (public.claim_staff_invites), which the answer tells the agency.
//
// The invitee has no account yet, hence no language of their own: the invitation is in the
// agency's (companies.locale), given to Auth as the new account's metadata `locale`, which the
// invite template branches on and from which the worker's staff row starts (they can switch it).
import { handlePreflight } from '../_shared/cors.ts';
import { baseUrl, type Env, requireEnv } from '../_shared/env.ts';
import { HttpError, json, readJsonObject, type Refusal, requirePost, toErrorResponse } from '../_shared/http.ts';
import {
  ACCEPT_INVITE_PATH,
  cleanInviteName,
  isInvitableEmail,
  MAX_INVITES_PER_CALL,
  normalizeEmail,
  splitInviteName,
} from '../_shared/staff-invites.ts';
import { bearerToken, requireUser, type SupabaseClient, type UserClientFactory } from '../_shared/supabase.ts';
import { rejectUnknownFields } from '../_shared/validation.ts';
import { type InviteAuth, serviceInviteAuth } from './auth-invites.ts';

export type InviteStatus =
  'invited' | 'resent' | 'already_staff' | 'existing_account' | 'not_a_worker' | 'invalid' | 'over_limit' | 'failed';

export interface InviteResult {
  email: string;
  status: InviteStatus;
}

export interface InviteWorkersAnswer {
  results: InviteResult[];
}

export interface InviteWorkersDeps {
  env: Env;
  createUserClient: UserClientFactory;
  /** Service-role access to Auth's invitations; by default from SUPABASE_SERVICE_ROLE_KEY. */
  inviteAuth?: InviteAuth;
  /** Emails sent at the same time. */
  concurrency?: number;
}

export const NOT_AN_AGENCY = 'Only agency accounts can invite workers.';

/** One outcome row of public.invite_staff. */
interface Recorded {
  email: string;
  outcome: 'invited' | 'resent' | 'already_staff' | 'not_a_worker' | 'invalid' | 'over_limit';
  invite_id: string | null;
}

interface Requested {
  email: string;
  name?: string;
}

function invalid(message: string, refusal?: Refusal): never {
  throw new HttpError(400, 'invalid_input', message, {}, refusal);
}

/** The body's invitees, each address once (normalised), names cleaned; at most 50. */
export function readInvitees(body: Record<string, unknown>): Requested[] {
  rejectUnknownFields(body, ['invitees']);
  const list = body.invitees;
  if (!Array.isArray(list)) invalid('invitees must be a list of { email, name? }.');
  // The two a person could meet carry the database's codes for the same refusals (public.invite_staff).
  if (list.length === 0) invalid('invitees must hold at least one address.', { hint: 'invite_empty' });
  if (list.length > MAX_INVITES_PER_CALL) {
    invalid(`Invite at most ${MAX_INVITES_PER_CALL} addresses at a time.`, {
      hint: 'invite_batch_too_big',
      details: JSON.stringify({ limit: MAX_INVITES_PER_CALL }),
    });
  }
  const seen = new Map<string, Requested>();
  list.forEach((item, i) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) invalid(`invitees[${i}] must be an object.`);
    const entry = item as Record<string, unknown>;
    const unknown = Object.keys(entry).filter((key) => key !== 'email' && key !== 'name');
    if (unknown.length > 0) invalid(`invitees[${i}] has unknown fields: ${unknown.join(', ')}. Allowed: email, name.`);
    if (typeof entry.email !== 'string') invalid(`invitees[${i}].email must be a string.`);
    if (entry.email.length > 320) invalid(`invitees[${i}].email must be at most 320 characters.`);
    if (entry.name !== undefined && entry.name !== null && typeof entry.name !== 'string') {
      invalid(`invitees[${i}].name must be a string.`);
    }
    const email = normalizeEmail(entry.email);
    const name = cleanInviteName(entry.name as string | null | undefined);
    const known = seen.get(email);
    if (known) {
      if (!known.name && name) known.name = name;
      return;
    }
    seen.set(email, name ? { email, name } : { email });
  });
  return [...seen.values()];
}

/**
 * The agency's language, read under its own JWT (its row is its own to read). A failed read must
 * not cost the invitations: they go out in English, and the failure is logged.
 */
async function agencyLocale(client: SupabaseClient, companyId: string): Promise<string | null> {
  const { data, error } = await client.from('companies').select('locale').eq('id', companyId).maybeSingle();
  if (error) {
    console.error('invite-workers: reading the agency language failed', error);
    return null;
  }
  return (data as { locale?: string } | null)?.locale ?? null;
}

/** Runs `work` on every item, at most `limit` at a time, keeping the items' order in the results. */
async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export function createInviteWorkersHandler(deps: InviteWorkersDeps): (req: Request) => Promise<Response> {
  return async (req) => {
    const preflight = handlePreflight(req);
    if (preflight) return preflight;
    try {
      requirePost(req);
      const token = bearerToken(req);
      const requested = readInvitees(await readJsonObject(req));
      // Checked before anything is recorded: without it no invitation could be accepted.
      requireEnv(deps.env, 'STAFF_APP_URL');
      const redirectTo = `${baseUrl(deps.env, 'STAFF_APP_URL', '')}${ACCEPT_INVITE_PATH}`;

      const client = deps.createUserClient(`Bearer ${token}`);
      const user = await requireUser(client, token);

      // Addresses that cannot be invited are answered here and never reach the database or Auth.
      const valid = requested.filter((r) => isInvitableEmail(r.email));
      const names = new Map(valid.map((r) => [r.email, r.name]));
      let recorded: Recorded[] = [];
      if (valid.length > 0) {
        const { data, error } = await client.rpc('invite_staff', {
          emails: valid.map((r) => r.email),
          names: valid.map((r) => r.name ?? null),
        });
        if (error) {
          const refusal = error.hint
            ? { hint: error.hint, ...(error.details ? { details: error.details } : {}) }
            : undefined;
          if (error.code === '42501') throw new HttpError(403, 'forbidden', NOT_AN_AGENCY, {}, refusal);
          if (error.code === '22023') throw new HttpError(400, 'invalid_input', error.message, {}, refusal);
          console.error('invite_staff failed', error);
          throw new HttpError(502, 'upstream_error', 'The invitations could not be recorded. Please try again.');
        }
        recorded = (data ?? []) as Recorded[];
      }

      const locale = recorded.some((row) => row.invite_id) ? await agencyLocale(client, user.id) : null;
      const inviteAuth = deps.inviteAuth ?? serviceInviteAuth(deps.env);
      const sent = await mapLimited(recorded, deps.concurrency ?? 4, async (row): Promise<InviteResult> => {
        if ((row.outcome !== 'invited' && row.outcome !== 'resent') || !row.invite_id) {
          return { email: row.email, status: row.outcome };
        }
        const { firstName, lastName } = splitInviteName(names.get(row.email));
        const result = await inviteAuth.send(row.email, {
          redirectTo,
          data: {
            account_type: 'staff',
            first_name: firstName,
            last_name: lastName,
            ...(locale ? { locale } : {}),
          },
        });
        if (result.kind === 'sent') {
          await inviteAuth.recordAuthUser(row.invite_id, result.userId).catch((error) => console.error(error));
          return { email: row.email, status: row.outcome };
        }
        if (result.kind === 'exists') return { email: row.email, status: 'existing_account' };
        console.warn(`invite-workers: Auth did not send the invitation to one address: ${result.message}`);
        if (row.outcome === 'invited') {
          await inviteAuth.withdrawUnsent(row.invite_id).catch((error) => console.error(error));
        }
        return { email: row.email, status: result.kind === 'invalid' ? 'invalid' : 'failed' };
      });

      const byEmail = new Map(sent.map((r) => [r.email, r]));
      const results = requested.map(
        (r): InviteResult =>
          byEmail.get(r.email) ?? { email: r.email, status: isInvitableEmail(r.email) ? 'failed' : 'invalid' },
      );
      const answer: InviteWorkersAnswer = { results };
      return json(answer);
    } catch (error) {
      return toErrorResponse(error);
    }
  };
}

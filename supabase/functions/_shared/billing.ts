// What the billing functions share besides the SDK: the caller's identity and company (read with
// the caller's JWT, under RLS), and the two writes only the service role may make, on the columns
// companies cannot change themselves: linking a Stripe customer and recording a webhook event
// (whose database trigger applies it to the company in the same transaction).
import { createClient } from 'npm:@supabase/supabase-js@2.119.0';
import { type Env, requireEnv } from './env.ts';
import { HttpError, json } from './http.ts';
import { bearerToken, jwtClaim, requireUser, type SupabaseClient, type UserClientFactory } from './supabase.ts';

/** An error answer whose code is specific to billing: `{ error: { code, message } }`. */
export class BillingError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'BillingError';
  }
}

export function billingErrorResponse(error: BillingError): Response {
  return json({ error: { code: error.code, message: error.message } }, error.status);
}

export interface BillingUser {
  id: string;
  email: string | null;
}

/**
 * The signed-in user: the id checked by the Auth server (signature, expiry, user still exists) and
 * the email claim of the same token. Nothing comes from the request body.
 */
export async function requireBillingUser(client: SupabaseClient, token: string): Promise<BillingUser> {
  const { id } = await requireUser(client, token);
  const email = jwtClaim(token, 'email');
  return { id, email: typeof email === 'string' && email ? email : null };
}

/**
 * The caller and a client acting as the caller, or a 401 BillingError with the function's own
 * sentence for a missing, anonymous, invalid or expired token (other failures pass through).
 */
export async function signedInBillingUser(
  createUserClient: UserClientFactory,
  req: Request,
  notLoggedInMessage: string,
): Promise<{ user: BillingUser; client: SupabaseClient }> {
  try {
    const token = bearerToken(req);
    const client = createUserClient(`Bearer ${token}`);
    return { user: await requireBillingUser(client, token), client };
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) {
      throw new BillingError(401, 'unauthorized', notLoggedInMessage);
    }
    throw error;
  }
}

export interface CompanyBilling {
  id: string;
  email: string | null;
  company_name: string | null;
  country: string | null;
  premium: boolean;
  stripe_customer_id: string | null;
}

/** The caller's own company row (RLS shows no other), or null for an account that is not a company. */
export async function loadOwnCompany(client: SupabaseClient, userId: string): Promise<CompanyBilling | null> {
  const { data, error } = await client
    .from('companies')
    .select('id, email, company_name, country, premium, stripe_customer_id')
    .eq('id', userId)
    .maybeSingle();
  if (error) {
    console.error('Reading the company failed', error);
    throw new HttpError(502, 'upstream_error', 'The company could not be read. Please try again.');
  }
  return (data as CompanyBilling | null) ?? null;
}

export interface StripeEventRecord {
  id: string;
  type: string;
  /** The company named by the event (client_reference_id / metadata), or null to find it by customer. */
  companyId: string | null;
  customerId: string | null;
  /** The plan the event leaves the company on; null leaves it unchanged. */
  premium: boolean | null;
}

export type RecordOutcome = 'applied' | 'duplicate' | 'unknown_company';

/** The service-role writes of the billing functions; tests pass their own. */
export interface BillingStore {
  /** Stores the company's Stripe customer if it has none and returns the one stored (first wins). */
  linkCustomer(companyId: string, customerId: string): Promise<string>;
  /** Records a webhook event once and applies it to its company, atomically. */
  recordEvent(event: StripeEventRecord): Promise<RecordOutcome>;
}

/**
 * The store backed by the service role. The key is used for these two narrow writes only (a webhook
 * has no user, and a company may not write its own billing columns); every read that answers a
 * user goes through the user's own client.
 */
export function serviceBillingStore(env: Env, fetchImpl: typeof fetch = fetch): BillingStore {
  let client: SupabaseClient | undefined;
  const service = (): SupabaseClient =>
    (client ??= createClient(requireEnv(env, 'SUPABASE_URL'), requireEnv(env, 'SUPABASE_SERVICE_ROLE_KEY'), {
      global: { fetch: fetchImpl },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    }));

  return {
    async linkCustomer(companyId, customerId) {
      const { data, error } = await service()
        .from('companies')
        .update({ stripe_customer_id: customerId })
        .eq('id', companyId)
        .is('stripe_customer_id', null)
        .select('stripe_customer_id');
      if (error) throw new Error(`Linking the Stripe customer failed: ${error.message}`);
      if (data && data.length > 0) return customerId;
      const stored = await service().from('companies').select('stripe_customer_id').eq('id', companyId).single();
      const storedId = (stored.data as { stripe_customer_id: string | null } | null)?.stripe_customer_id;
      if (stored.error || !storedId) {
        throw new Error(`Reading the linked Stripe customer failed: ${stored.error?.message ?? 'none linked'}`);
      }
      return storedId;
    },

    async recordEvent(event) {
      const { data, error } = await service()
        .from('stripe_events')
        .upsert(
          {
            id: event.id,
            type: event.type,
            company_id: event.companyId,
            customer_id: event.customerId,
            premium: event.premium,
          },
          { onConflict: 'id', ignoreDuplicates: true },
        )
        .select('id');
      if (error) {
        if (error.code === 'P0002') return 'unknown_company';
        throw new Error(`Recording Stripe event ${event.id} failed: ${error.code} ${error.message}`);
      }
      return data && data.length > 0 ? 'applied' : 'duplicate';
    },
  };
}

import { loadSupabase } from '@shared/lib/supabase.ts';
import { billingError, type BillingOperation } from '../billing-errors.ts';

/**
 * POSTs to one of the billing edge functions with the session's JWT and returns its JSON answer, or
 * throws a BillingError. Shared plumbing of create-checkout-session.ts and create-portal-session.ts.
 */
export async function callBillingFunction<T>(name: string, operation: BillingOperation): Promise<T> {
  const supabase = await loadSupabase();
  // Nothing in the body chooses the price, customer or company: the functions read them from the JWT.
  const { data, error } = await supabase.functions.invoke<T>(name, { body: {} });
  if (!error) {
    if (data == null) throw billingError(operation, undefined, undefined);
    return data;
  }
  // FunctionsHttpError carries the Response; checked by shape so the dashboard chunk does not pull
  // functions-js' error classes out of the lazily loaded supabase-js chunk.
  const context: unknown = (error as { context?: unknown }).context;
  if (!(context instanceof Response)) throw billingError(operation, undefined, undefined);
  const body: unknown = await context.json().catch(() => undefined);
  throw billingError(operation, context.status, body);
}

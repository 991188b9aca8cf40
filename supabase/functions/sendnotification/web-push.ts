// Web Push (RFC 8030) to the staff app's browser subscriptions, beside the Expo tokens. web-push
// encrypts each payload for its subscription (RFC 8291, aes128gcm) and signs the VAPID JWT
// (RFC 8292); the request itself goes out through the handler's fetch (web-push's own sender only
// speaks https and has no timeout we control).
//
// Subscriptions are not readable by companies (an endpoint plus its keys can address a worker's
// device), so they are read with the service role. Only the subscriptions of staff that the
// caller's own RLS read of its employments or waves returned (or, when the database calls, the staff
// its wave or push batch names) are used, and the store's operations are the whole use of the key:
// read subscriptions (by staff id, or by the same company or wave the recipients are read by, at the
// same time), delete the ones the push service says are gone, and record successes.

// @deno-types="npm:@types/web-push@3.6.4"
import webpush from 'npm:web-push@3.6.7';
import { createClient } from 'npm:@supabase/supabase-js@2.119.0';
import { type Env, requireEnv } from '../_shared/env.ts';
import { HttpError } from '../_shared/http.ts';
import type { SupabaseClient } from '../_shared/supabase.ts';

/** A new shift is worth a day on the push service while the device is offline. */
export const WEB_PUSH_TTL_SECONDS = 24 * 60 * 60;
/** Shift offers are taken first come, first served: ask for immediate delivery. */
export const WEB_PUSH_URGENCY = 'high';
const STAFF_IDS_PER_QUERY = 100;
const PAGE_SIZE = 1000;
const CONCURRENCY = 10;

export interface VapidConfig {
  subject: string;
  publicKey: string;
  privateKey: string;
}

const misconfigured = (): HttpError =>
  new HttpError(500, 'misconfigured', 'This function is not configured yet. Please contact support.');

/**
 * The VAPID settings, or null when none is set (a deployment from before Web Push: only Expo is
 * used). Half a configuration or keys web-push refuses is the deployment's fault: 500.
 */
export function vapidConfig(env: Env): VapidConfig | null {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() ?? '';
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() ?? '';
  const subject = env.VAPID_SUBJECT?.trim() ?? '';
  if (!publicKey && !privateKey && !subject) return null;
  if (!publicKey || !privateKey || !subject) {
    console.error('Set all of VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT, or none of them.');
    throw misconfigured();
  }
  try {
    webpush.getVapidHeaders('https://push.example', subject, publicKey, privateKey, 'aes128gcm');
  } catch (error) {
    console.error('The VAPID settings are not valid:', error instanceof Error ? error.message : error);
    throw misconfigured();
  }
  return { subject, publicKey, privateKey };
}

/**
 * Where a push may go. Push services are public https hosts; plain http to loopback is only for
 * the local stack's stand-in and only with WEB_PUSH_ALLOW_LOOPBACK=true, so a stored endpoint can
 * never make the function call into its own network in production.
 */
export function deliverableEndpoint(endpoint: string, env: Env): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  const loopback = host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
  if (url.protocol === 'http:' || loopback) {
    return loopback && env.WEB_PUSH_ALLOW_LOOPBACK?.trim() === 'true';
  }
  if (url.protocol !== 'https:') return false;
  // No IP literals (private ranges, metadata services): push services are named hosts.
  return !/^[0-9.]+$/.test(host) && !host.startsWith('[') && host.includes('.');
}

export interface WebPushSubscriptionRow {
  id: string;
  staffId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Whose subscriptions a call may need: a company's staff, or the workers a shift's waves notified. */
export type SubscriptionSource = { companyId: string } | { shiftId: string; wave?: number };

/** The staff a read by source covered (with or without subscriptions), and their subscriptions. */
export interface SubscriptionsBySource {
  staffIds: ReadonlySet<string>;
  rows: WebPushSubscriptionRow[];
}

/** The service-role operations on web_push_subscriptions; tests pass their own or a fake server. */
export interface WebPushStore {
  /** The subscriptions of exactly these staff members. */
  load(staffIds: readonly string[]): Promise<WebPushSubscriptionRow[]>;
  /**
   * The subscriptions of the staff a source names, read while the recipients themselves are read
   * (and, for a browser, while Auth checks the caller), so the devices cost no extra round trip.
   * The caller uses only the rows of staff its own recipients read returned.
   */
  loadFor?(source: SubscriptionSource): Promise<SubscriptionsBySource>;
  remove(ids: readonly string[]): Promise<void>;
  recordSuccess(ids: readonly string[], at: string): Promise<void>;
}

export function serviceWebPushStore(env: Env, fetchImpl: typeof fetch = fetch): WebPushStore {
  let client: SupabaseClient | undefined;
  const service = (): SupabaseClient =>
    (client ??= createClient(requireEnv(env, 'SUPABASE_URL'), requireEnv(env, 'SUPABASE_SERVICE_ROLE_KEY'), {
      global: { fetch: fetchImpl },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    }));
  const chunks = <T>(items: readonly T[]): T[][] => {
    const out: T[][] = [];
    for (let i = 0; i < items.length; i += STAFF_IDS_PER_QUERY) out.push(items.slice(i, i + STAFF_IDS_PER_QUERY));
    return out;
  };
  return {
    async load(staffIds) {
      const rows: WebPushSubscriptionRow[] = [];
      for (const ids of chunks(staffIds)) {
        for (let from = 0; ; from += PAGE_SIZE) {
          const { data, error } = await service()
            .from('web_push_subscriptions')
            .select('id, staff_id, endpoint, p256dh, auth')
            .in('staff_id', ids)
            .order('id')
            .range(from, from + PAGE_SIZE - 1);
          if (error) {
            console.error('Reading the web push subscriptions failed', error);
            throw new HttpError(502, 'upstream_error', 'The staff list could not be read. Please try again.');
          }
          const page = (data ?? []) as {
            id: string;
            staff_id: string;
            endpoint: string;
            p256dh: string;
            auth: string;
          }[];
          for (const r of page) {
            rows.push({ id: r.id, staffId: r.staff_id, endpoint: r.endpoint, p256dh: r.p256dh, auth: r.auth });
          }
          if (page.length < PAGE_SIZE) break;
        }
      }
      return rows;
    },
    async loadFor(source) {
      const staffIds = new Set<string>();
      const rows: WebPushSubscriptionRow[] = [];
      const columns = 'staff_id, staff(web_push_subscriptions(id, endpoint, p256dh, auth))';
      for (let from = 0; ; from += PAGE_SIZE) {
        let query;
        if ('companyId' in source) {
          query = service().from('employments').select(columns).eq('company_id', source.companyId);
        } else {
          query = service().from('shift_wave_recipients').select(columns).eq('shift_id', source.shiftId);
          if (source.wave !== undefined) query = query.eq('wave', source.wave);
        }
        const { data, error } = await query.order('staff_id').range(from, from + PAGE_SIZE - 1);
        if (error) {
          console.error('Reading the web push subscriptions failed', error);
          throw new HttpError(502, 'upstream_error', 'The staff list could not be read. Please try again.');
        }
        const page = (data ?? []) as unknown as {
          staff_id: string;
          staff: { web_push_subscriptions: { id: string; endpoint: string; p256dh: string; auth: string }[] } | null;
        }[];
        for (const r of page) {
          // A worker in two waves of one shift is one set of devices.
          if (staffIds.has(r.staff_id)) continue;
          staffIds.add(r.staff_id);
          for (const sub of r.staff?.web_push_subscriptions ?? []) {
            rows.push({ id: sub.id, staffId: r.staff_id, endpoint: sub.endpoint, p256dh: sub.p256dh, auth: sub.auth });
          }
        }
        if (page.length < PAGE_SIZE) return { staffIds, rows };
      }
    },
    async remove(ids) {
      for (const chunk of chunks(ids)) {
        const { error } = await service().from('web_push_subscriptions').delete().in('id', chunk);
        if (error) console.error('Deleting gone web push subscriptions failed', error);
      }
    },
    async recordSuccess(ids, at) {
      for (const chunk of chunks(ids)) {
        const { error } = await service()
          .from('web_push_subscriptions')
          .update({ last_success_at: at })
          .in('id', chunk);
        if (error) console.error('Recording web push successes failed', error);
      }
    },
  };
}

export interface WebPushPayload {
  title: string;
  body: string;
  url: string;
  companyId: string;
  /** The shift a dispatch wave or a batch push is about, when there is one. */
  shiftId?: string;
  /** What the database decided to push (a batch): late_alert, repost or credential_reminder. */
  kind?: string;
}

/** One push to one subscription: a worker's browser and what to tell it. */
export interface WebPushDelivery {
  subscription: WebPushSubscriptionRow;
  payload: WebPushPayload;
}

export type WebPushResult =
  | { staffId: string; subscriptionId: string; status: 'ok' }
  | { staffId: string; subscriptionId: string; status: 'gone'; message: string }
  | { staffId: string; subscriptionId: string; status: 'error'; message: string };

export interface WebPushAnswer {
  /** Pushes the push service accepted. */
  sent: number;
  /** Pushes that failed for another reason; the subscription is kept. */
  failed: number;
  /** Subscriptions the push service no longer knows (404/410), now deleted. */
  removed: number;
  results: WebPushResult[];
}

export interface SendOptions {
  fetch: typeof fetch;
  env: Env;
  vapid: VapidConfig;
  timeoutMs?: number;
  retries?: number;
  retryDelayMs?: number;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function sendOne(
  options: SendOptions,
  subscription: WebPushSubscriptionRow,
  payload: string,
): Promise<WebPushResult> {
  const base = { staffId: subscription.staffId, subscriptionId: subscription.id };
  if (!deliverableEndpoint(subscription.endpoint, options.env)) {
    return { ...base, status: 'error', message: 'This subscription does not point at a push service.' };
  }
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    details = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      payload,
      {
        vapidDetails: options.vapid,
        TTL: WEB_PUSH_TTL_SECONDS,
        urgency: WEB_PUSH_URGENCY,
        contentEncoding: 'aes128gcm',
      },
    );
  } catch (error) {
    console.warn(`Web push subscription ${subscription.id} could not be encrypted for`, error);
    return { ...base, status: 'error', message: 'The subscription keys are not valid.' };
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(details.headers)) {
    // fetch sets the length of the body itself.
    if (name.toLowerCase() !== 'content-length') headers.set(name, String(value));
  }
  const body = details.body ? new Uint8Array(details.body) : null;

  const attempts = 1 + Math.max(0, options.retries ?? 1);
  let last = 'The push service could not be reached.';
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await sleep((options.retryDelayMs ?? 250) * attempt);
    let res: Response;
    try {
      res = await options.fetch(details.endpoint, {
        method: 'POST',
        headers,
        body,
        // Push services answer, they do not redirect; following one could lead anywhere.
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      last = `The push service could not be reached: ${error instanceof Error ? error.message : String(error)}`;
      continue;
    }
    await res.body?.cancel();
    if (res.status >= 200 && res.status < 300) return { ...base, status: 'ok' };
    if (res.status === 404 || res.status === 410) {
      return {
        ...base,
        status: 'gone',
        message: `The push service answered HTTP ${res.status}: the subscription has expired.`,
      };
    }
    last = `The push service answered HTTP ${res.status}.`;
    if (res.status === 429 || res.status >= 500) continue;
    if (res.status === 401 || res.status === 403) {
      console.error(`Web push refused our VAPID credentials (HTTP ${res.status}); check VAPID_* settings.`);
    }
    break;
  }
  return { ...base, status: 'error', message: last };
}

/**
 * One encrypted push per delivery (each with its own payload), a few at a time. Gone subscriptions
 * are deleted and successes recorded; neither bookkeeping failure fails the call.
 */
export async function sendWebPushes(
  options: SendOptions,
  store: WebPushStore,
  deliveries: readonly WebPushDelivery[],
): Promise<WebPushAnswer> {
  const results: WebPushResult[] = new Array(deliveries.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < deliveries.length) {
      const i = next++;
      const { subscription, payload } = deliveries[i]!;
      results[i] = await sendOne(options, subscription, JSON.stringify(payload));
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, deliveries.length) }, worker));

  // A subscription can carry several pushes of one batch: it is deleted or stamped once.
  const gone = [...new Set(results.filter((r) => r.status === 'gone').map((r) => r.subscriptionId))];
  const ok = [...new Set(results.filter((r) => r.status === 'ok').map((r) => r.subscriptionId))];
  await Promise.all([
    gone.length > 0 ? store.remove(gone) : undefined,
    ok.length > 0 ? store.recordSuccess(ok, new Date().toISOString()) : undefined,
  ]);
  return {
    sent: ok.length,
    failed: results.filter((r) => r.status === 'error').length,
    removed: gone.length,
    results,
  };
}

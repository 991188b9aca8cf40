// POST { companyID } → pushes "New shift available" to every staff member the company
// employs who has new-shift pushes on: through the Expo push API to their push token, and as Web
// Push (VAPID, when configured) to each browser subscription of the staff app. Answers with one
// result per Expo recipient and, under `webPush`, one per subscription.
//
// POST { companyID, shiftID } (the dashboard, right after posting or to re-notify) pushes only to
// the workers the shift's dispatch waves have notified so far: the database chose them (eligible
// workers; the best matches first in that mode) and recorded them in shift_wave_recipients. Right
// after posting that is the first wave. { companyID, shiftID, wave } pushes one wave's workers.
//
// POST { shiftID, wave } with the service role key is the database calling (a later wave, sent by
// the dispatch schedule through pg_net): it pushes to that wave's workers, unless the shift was
// accepted in the meantime.
//
// POST { batchID } with the service role key is the database delivering pushes it decided itself
// (late alerts, re-post offers, credential reminders; public.staff_pushes): one call per watchdog
// tick, reminder tick or Re-post, however many workers. Each row names the worker, the title and the
// text; the function reads them (public.staff_push_deliveries, which also says which rows stopped
// being true) and pushes exactly those, choosing nobody and writing nothing itself.
//
// New-shift pushes are in each worker's own language (staff.locale): one post reaching workers of
// both languages sends each theirs. The pushes the database writes (a batch) carry the text it
// wrote, in English for now.
//
// A browser call acts with the caller's JWT: the company id in the body must be the caller's own
// user id, and the recipients are read under RLS (a company can only see the staff it employs and
// its own waves), so a forged body can at most notify the caller's own staff. Only their
// subscriptions are then read with the service role (see web-push.ts). One failing device never
// fails the call.
import { handlePreflight } from '../_shared/cors.ts';
import { createClient } from 'npm:@supabase/supabase-js@2.119.0';
import { baseUrl, type Env, requireEnv } from '../_shared/env.ts';
import { HttpError, json, readJsonObject, requirePost, toErrorResponse } from '../_shared/http.ts';
import {
  bearerToken,
  jwtClaim,
  requireUser,
  type SupabaseClient,
  type UserClientFactory,
} from '../_shared/supabase.ts';
import { rejectUnknownFields, requiredUuid } from '../_shared/validation.ts';
import {
  sendWebPushes,
  serviceWebPushStore,
  type SubscriptionSource,
  type SubscriptionsBySource,
  vapidConfig,
  type WebPushAnswer,
  type WebPushPayload,
  type WebPushStore,
  type WebPushSubscriptionRow,
} from './web-push.ts';

export const EXPO_PUSH_URL = 'https://exp.host/--/api/v2/push/send';
export const TITLE = 'New shift available';
export const BODY = 'Your employer just posted a new shift. View in home page';
/** A later wave: the shift was posted a while ago and is still open. */
export const LATER_WAVE_BODY = 'Your employer still needs someone for a shift. View in home page';

export type PushLocale = 'en' | 'fr-CA';
/** The new-shift texts in each language; the English ones are SPEC's. */
export const NEW_SHIFT_TEXTS: Record<PushLocale, { title: string; body: string; laterWaveBody: string }> = {
  en: { title: TITLE, body: BODY, laterWaveBody: LATER_WAVE_BODY },
  'fr-CA': {
    title: 'Nouveau quart disponible',
    body: 'Votre employeur vient de publier un nouveau quart. Consultez la page d’accueil',
    laterWaveBody: 'Votre employeur cherche encore quelqu’un pour un quart. Consultez la page d’accueil',
  },
};

/** staff.locale as read: anything but fr-CA (an older row, a missing column) is English. */
const pushLocale = (value: unknown): PushLocale => (value === 'fr-CA' ? 'fr-CA' : 'en');
/** Expo accepts at most 100 messages per request. */
export const CHUNK_SIZE = 100;
/** PostgREST's max_rows in config.toml; recipients are read page by page below it. */
const PAGE_SIZE = 1000;

export interface SendNotificationDeps {
  env: Env;
  fetch: typeof fetch;
  createUserClient: UserClientFactory;
  /** Per attempt, for one chunk. */
  timeoutMs?: number;
  /** Extra attempts for a chunk the push service did not take (network error, 429, 5xx). */
  retries?: number;
  retryDelayMs?: number;
  /** Service-role access to web push subscriptions; by default from SUPABASE_SERVICE_ROLE_KEY. */
  webPushStore?: WebPushStore;
}

export interface Recipient {
  staffId: string;
  pushToken: string | null;
  /** The worker's own setting; off means no new-shift push (Expo or Web Push). */
  notifyNewShifts: boolean;
  /** The worker's language (staff.locale). */
  locale: PushLocale;
}

export type RecipientResult =
  | { staffId: string; status: 'ok'; ticketId?: string }
  | { staffId: string; status: 'error'; message: string }
  | { staffId: string; status: 'skipped'; message: string };

export interface SendNotificationAnswer {
  sent: number;
  failed: number;
  skipped: number;
  results: RecipientResult[];
  /**
   * Present when Web Push is configured (VAPID_* set) and at least one subscription was addressed;
   * absent otherwise, so answers without Web Push keep their earlier shape.
   */
  webPush?: WebPushAnswer;
}

/** What the database decided to push (public.staff_pushes.kind). */
export type StaffPushKind = 'late_alert' | 'repost' | 'credential_reminder';

/** What one device push says and where it leads. */
interface PushContent {
  title: string;
  body: string;
  companyId: string;
  shiftId?: string;
  /** Set for the pushes the database decided (a batch); absent on new-shift pushes, as before. */
  kind?: StaffPushKind;
  /** The staff app page a tap on a Web Push opens. */
  url: string;
}

/** One push to one worker, or the reason it is not sent. */
interface Delivery {
  staffId: string;
  pushToken: string | null;
  content: PushContent;
  skipReason?: string;
}

interface ExpoMessage {
  to: string;
  title: string;
  body: string;
  data: { companyId: string; shiftId?: string; kind?: StaffPushKind };
  sound: 'default';
}

interface ExpoPushResponse {
  data?: unknown;
  errors?: { message?: unknown }[];
}

type ExpoTicket = { status: 'ok'; id?: string } | { status: 'error'; message?: string; details?: { error?: string } };

/** The staff the caller employs, with their push tokens, as RLS lets the caller see them. */
export async function loadRecipients(client: SupabaseClient, companyId: string): Promise<Recipient[]> {
  const recipients: Recipient[] = [];
  for (let from = 0; ; from += PAGE_SIZE) {
    const { data, error } = await client
      .from('employments')
      .select('staff_id, staff(push_token, notify_new_shifts, locale)')
      .eq('company_id', companyId)
      .order('staff_id')
      .range(from, from + PAGE_SIZE - 1);
    if (error) {
      console.error('Reading the staff failed', error);
      throw new HttpError(502, 'upstream_error', 'The staff list could not be read. Please try again.');
    }
    const rows = (data ?? []) as unknown as {
      staff_id: string;
      staff: { push_token: string | null; notify_new_shifts?: boolean | null; locale?: string | null } | null;
    }[];
    for (const row of rows) {
      const token = row.staff?.push_token?.trim();
      recipients.push({
        staffId: row.staff_id,
        pushToken: token ? token : null,
        notifyNewShifts: row.staff?.notify_new_shifts !== false,
        locale: pushLocale(row.staff?.locale),
      });
    }
    if (rows.length < PAGE_SIZE) return recipients;
  }
}

/**
 * The workers a shift's dispatch waves notified (one wave's, or every wave's so far), with their
 * push settings, as `client` may see them.
 */
export async function loadWaveRecipients(
  client: SupabaseClient,
  shiftId: string,
  wave: number | undefined,
): Promise<Recipient[]> {
  const recipients: Recipient[] = [];
  for (let from = 0; ; from += PAGE_SIZE) {
    let query = client
      .from('shift_wave_recipients')
      .select('staff_id, staff(push_token, notify_new_shifts, locale)')
      .eq('shift_id', shiftId);
    if (wave !== undefined) query = query.eq('wave', wave);
    const { data, error } = await query.order('staff_id').range(from, from + PAGE_SIZE - 1);
    if (error) {
      console.error('Reading the wave failed', error);
      throw new HttpError(502, 'upstream_error', 'The staff list could not be read. Please try again.');
    }
    const rows = (data ?? []) as unknown as {
      staff_id: string;
      staff: { push_token: string | null; notify_new_shifts?: boolean | null; locale?: string | null } | null;
    }[];
    for (const row of rows) {
      const token = row.staff?.push_token?.trim();
      recipients.push({
        staffId: row.staff_id,
        pushToken: token ? token : null,
        notifyNewShifts: row.staff?.notify_new_shifts !== false,
        locale: pushLocale(row.staff?.locale),
      });
    }
    if (rows.length < PAGE_SIZE) return recipients;
  }
}

const KINDS: readonly StaffPushKind[] = ['late_alert', 'repost', 'credential_reminder'];

/** The staff app's pages a batch push opens (staff/src/config/paths.ts; functions import no app code). */
function pageOf(kind: StaffPushKind, shiftId: string | null): string {
  if (kind === 'repost' && shiftId) return `/?shift=${encodeURIComponent(shiftId)}`;
  if (kind === 'late_alert') return '/my-shifts';
  return '/notifications';
}

/** A batch of pushes the database decided, read with the service role, in the order it wrote them. */
export async function loadBatch(client: SupabaseClient, batchId: string): Promise<Delivery[]> {
  const deliveries: Delivery[] = [];
  for (let from = 0; ; from += PAGE_SIZE) {
    const { data, error } = await client
      .from('staff_push_deliveries')
      .select('id, kind, staff_id, company_id, shift_id, title, body, push_token, skip_reason')
      .eq('batch_id', batchId)
      .order('id')
      .range(from, from + PAGE_SIZE - 1);
    if (error) {
      console.error('Reading the push batch failed', error);
      throw new HttpError(502, 'upstream_error', 'The pushes could not be read. Please try again.');
    }
    const rows = (data ?? []) as unknown as {
      kind: string;
      staff_id: string;
      company_id: string;
      shift_id: string | null;
      title: string;
      body: string;
      push_token: string | null;
      skip_reason: string | null;
    }[];
    for (const row of rows) {
      const kind = KINDS.find((k) => k === row.kind);
      // A kind this function does not know is a newer database: say so rather than push it wrongly.
      if (!kind) throw new HttpError(500, 'misconfigured', `Pushes of kind ${row.kind} are not supported yet.`);
      deliveries.push({
        staffId: row.staff_id,
        pushToken: row.push_token?.trim() || null,
        content: {
          title: row.title,
          body: row.body,
          companyId: row.company_id,
          ...(row.shift_id ? { shiftId: row.shift_id } : {}),
          kind,
          url: pageOf(kind, row.shift_id),
        },
        ...(row.skip_reason ? { skipReason: row.skip_reason } : {}),
      });
    }
    if (rows.length < PAGE_SIZE) return deliveries;
  }
}

/** Equal strings in a time that does not depend on where they differ. */
function sameSecret(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

/** Whether the bearer token is this project's service role key: the database calling. */
function isServiceRole(env: Env, token: string): boolean {
  const key = env.SUPABASE_SERVICE_ROLE_KEY?.trim();
  return Boolean(key) && sameSecret(token, key!);
}

function serviceClient(deps: SendNotificationDeps): SupabaseClient {
  return createClient(requireEnv(deps.env, 'SUPABASE_URL'), requireEnv(deps.env, 'SUPABASE_SERVICE_ROLE_KEY'), {
    global: { fetch: deps.fetch },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

function optionalWave(body: Record<string, unknown>): number | undefined {
  const wave = body.wave;
  if (wave === undefined || wave === null) return undefined;
  if (typeof wave !== 'number' || !Number.isInteger(wave) || wave < 1 || wave > 3) {
    throw new HttpError(400, 'invalid_input', 'wave must be 1, 2 or 3.');
  }
  return wave;
}

/** Who to push to, what each push says, and a name for the call in the logs. */
interface Audience {
  deliveries: Delivery[];
  label: string;
  /** Their browsers, read beside them (WebPushStore.loadFor), when Web Push is on. */
  subscriptions?: Promise<SubscriptionsBySource>;
}

/** The store's read by source, started now; a failure is handled where it is awaited. */
function prefetch(store: WebPushStore | null, source: SubscriptionSource): Promise<SubscriptionsBySource> | undefined {
  const read = store?.loadFor?.(source);
  read?.catch(() => undefined);
  return read;
}

const NEW_SHIFTS_OFF = 'This staff member turned off new-shift notifications.';

/** New-shift pushes (SPEC's body and the waves): one text, in each recipient's language. */
function newShiftDeliveries(
  recipients: Recipient[],
  content: (locale: PushLocale) => PushContent,
  stopReason: string | undefined,
): Delivery[] {
  return recipients.map((r) => {
    const skipReason = stopReason ?? (r.notifyNewShifts ? undefined : NEW_SHIFTS_OFF);
    return {
      staffId: r.staffId,
      pushToken: r.pushToken,
      content: content(r.locale),
      ...(skipReason ? { skipReason } : {}),
    };
  });
}

const newShiftContent =
  (companyId: string, shiftId: string | undefined, wave: number | undefined) =>
  (locale: PushLocale): PushContent => ({
    title: NEW_SHIFT_TEXTS[locale].title,
    body: wave !== undefined && wave > 1 ? NEW_SHIFT_TEXTS[locale].laterWaveBody : NEW_SHIFT_TEXTS[locale].body,
    // A call without a shift (SPEC's body) has no shift id for the payload.
    ...(shiftId ? { shiftId } : {}),
    companyId,
    url: '/',
  });

async function audienceOf(
  deps: SendNotificationDeps,
  token: string,
  body: Record<string, unknown>,
  webPushStore: WebPushStore | null,
): Promise<Audience> {
  if (isServiceRole(deps.env, token)) {
    // The database calling: a wave ({ shiftID, wave }) or a batch it decided ({ batchID }).
    rejectUnknownFields(body, ['shiftID', 'wave', 'batchID']);
    const service = serviceClient(deps);
    if (body.batchID !== undefined) {
      if (body.shiftID !== undefined || body.wave !== undefined) {
        throw new HttpError(400, 'invalid_input', 'Send either { batchID } or { shiftID, wave }, not both.');
      }
      const batchId = requiredUuid(body, 'batchID');
      return { deliveries: await loadBatch(service, batchId), label: `push batch ${batchId}` };
    }
    // A wave: only this wave's workers, read with the service role.
    const shiftId = requiredUuid(body, 'shiftID');
    const wave = optionalWave(body);
    if (wave === undefined) throw new HttpError(400, 'invalid_input', 'wave is required.');
    const subscriptions = prefetch(webPushStore, { shiftId, wave });
    const { data: shift, error } = await service
      .from('shifts')
      .select('company_id, accepted_at')
      .eq('id', shiftId)
      .maybeSingle();
    if (error) {
      console.error('Reading the shift failed', error);
      throw new HttpError(502, 'upstream_error', 'The shift could not be read. Please try again.');
    }
    if (!shift) throw new HttpError(404, 'not_found', 'Shift not found.');
    const row = shift as { company_id: string; accepted_at: string | null };
    const recipients = await loadWaveRecipients(service, shiftId, wave);
    return {
      deliveries: newShiftDeliveries(
        recipients,
        newShiftContent(row.company_id, shiftId, wave),
        row.accepted_at ? 'The shift was accepted before this wave was pushed.' : undefined,
      ),
      label: `company ${row.company_id}`,
      subscriptions,
    };
  }

  rejectUnknownFields(body, ['companyID', 'shiftID', 'wave']);
  const companyId = requiredUuid(body, 'companyID');
  const shiftId = body.shiftID === undefined || body.shiftID === null ? undefined : requiredUuid(body, 'shiftID');
  const wave = optionalWave(body);
  if (wave !== undefined && shiftId === undefined) {
    throw new HttpError(400, 'invalid_input', 'wave needs shiftID.');
  }
  const client = deps.createUserClient(`Bearer ${token}`);
  const read = () =>
    shiftId === undefined ? loadRecipients(client, companyId) : loadWaveRecipients(client, shiftId, wave);
  // A token that names this company has its staff read while Auth checks it, as the caller (RLS):
  // one round trip instead of two. Nothing read is used, or said, before Auth has confirmed the
  // caller is this company; a token naming another company reads nothing.
  // The same goes for their browsers' subscriptions, read with the service role by the same
  // company or wave; only the rows of staff the RLS read returns are ever used.
  const namesCompany = String(jwtClaim(token, 'sub') ?? '').toLowerCase() === companyId;
  const early = namesCompany ? read() : null;
  early?.catch(() => undefined);
  const subscriptions = namesCompany
    ? prefetch(webPushStore, shiftId === undefined ? { companyId } : { shiftId, wave })
    : undefined;
  const user = await requireUser(client, token);
  if (user.id.toLowerCase() !== companyId) {
    throw new HttpError(403, 'forbidden', 'You can only notify the staff of your own company.');
  }
  const recipients = await (early ?? read());
  return {
    deliveries: newShiftDeliveries(recipients, newShiftContent(companyId, shiftId, wave), undefined),
    label: `company ${companyId}`,
    subscriptions,
  };
}

/** What became of the Web Push side of a call. */
type WebPushRun =
  { kind: 'none' } | { kind: 'unread'; error: unknown } | { kind: 'sent'; answer: WebPushAnswer; addressed: number };

/**
 * The subscriptions of the due pushes' staff: from the read made beside the recipients when there
 * was one (only the staff the recipients read returned), and by staff id for anyone it did not
 * cover or when it failed.
 */
async function dueSubscriptions(
  store: WebPushStore,
  due: Delivery[],
  read: Promise<SubscriptionsBySource> | undefined,
): Promise<WebPushSubscriptionRow[]> {
  const wanted = [...new Set(due.map((d) => d.staffId))];
  let byRead: SubscriptionsBySource | undefined;
  try {
    byRead = await read;
  } catch (error) {
    console.warn('Reading the subscriptions beside the recipients failed; reading them by staff', error);
  }
  if (!byRead) return store.load(wanted);
  const wantedIds = new Set(wanted);
  const rows = byRead.rows.filter((row) => wantedIds.has(row.staffId));
  const missing = wanted.filter((id) => !byRead.staffIds.has(id));
  return missing.length > 0 ? rows.concat(await store.load(missing)) : rows;
}

/** Each due push to each of its worker's browsers, with that push's own text. */
function webPushesOf(
  due: Delivery[],
  subscriptions: WebPushSubscriptionRow[],
): { subscription: WebPushSubscriptionRow; payload: WebPushPayload }[] {
  const byStaff = new Map<string, WebPushSubscriptionRow[]>();
  for (const sub of subscriptions) {
    const list = byStaff.get(sub.staffId);
    if (list) list.push(sub);
    else byStaff.set(sub.staffId, [sub]);
  }
  return due.flatMap((d) =>
    (byStaff.get(d.staffId) ?? []).map((subscription) => ({ subscription, payload: webPushPayloadOf(d.content) })),
  );
}

function webPushPayloadOf(content: PushContent): WebPushPayload {
  const { title, body, url, companyId, shiftId, kind } = content;
  return { title, body, url, companyId, ...(shiftId ? { shiftId } : {}), ...(kind ? { kind } : {}) };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** What happened to one chunk: tickets in message order, a refusal of the whole chunk, or no answer. */
type ChunkOutcome =
  | { kind: 'tickets'; tickets: unknown[] }
  | { kind: 'refused'; message: string }
  | { kind: 'unreachable'; message: string };

async function postChunk(
  deps: SendNotificationDeps,
  url: string,
  headers: HeadersInit,
  messages: ExpoMessage[],
): Promise<ChunkOutcome> {
  const attempts = 1 + Math.max(0, deps.retries ?? 1);
  let last: ChunkOutcome = { kind: 'unreachable', message: 'The push service could not be reached.' };
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await sleep((deps.retryDelayMs ?? 250) * attempt);
    let res: Response;
    try {
      res = await deps.fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify(messages),
        signal: AbortSignal.timeout(deps.timeoutMs ?? 10_000),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      last = { kind: 'unreachable', message: `The push service could not be reached: ${reason}` };
      continue;
    }
    let payload: ExpoPushResponse | null;
    try {
      payload = (await res.json()) as ExpoPushResponse | null;
    } catch {
      payload = null;
    }
    const expoError = Array.isArray(payload?.errors)
      ? payload.errors
          .map((e) => (typeof e?.message === 'string' ? e.message : ''))
          .filter(Boolean)
          .join('; ')
      : '';
    if (res.status === 429 || res.status >= 500) {
      last = { kind: 'unreachable', message: expoError || `The push service answered HTTP ${res.status}.` };
      continue;
    }
    if (!res.ok) return { kind: 'refused', message: expoError || `The push service answered HTTP ${res.status}.` };
    if (!Array.isArray(payload?.data)) {
      return { kind: 'refused', message: 'The push service answered without tickets.' };
    }
    return { kind: 'tickets', tickets: payload.data };
  }
  return last;
}

function ticketResult(staffId: string, ticket: unknown): RecipientResult {
  const t = ticket as ExpoTicket | undefined;
  if (t?.status === 'ok') return t.id ? { staffId, status: 'ok', ticketId: t.id } : { staffId, status: 'ok' };
  if (t?.status === 'error') {
    return { staffId, status: 'error', message: t.message || t.details?.error || 'The push service refused it.' };
  }
  return { staffId, status: 'error', message: 'The push service gave no ticket for this device.' };
}

export function createSendNotificationHandler(deps: SendNotificationDeps): (req: Request) => Promise<Response> {
  // One service-role store (and client) for every call: it holds no caller's state, and a client
  // made per call cost each call its construction.
  let sharedStore: WebPushStore | undefined;
  const webPushStoreOf = (): WebPushStore =>
    deps.webPushStore ?? (sharedStore ??= serviceWebPushStore(deps.env, deps.fetch));
  return async (req) => {
    const preflight = handlePreflight(req);
    if (preflight) return preflight;
    try {
      requirePost(req);
      const token = bearerToken(req);
      const body = await readJsonObject(req);
      const pushUrl = baseUrl(deps.env, 'EXPO_PUSH_URL', EXPO_PUSH_URL);
      const vapid = vapidConfig(deps.env);

      const store = vapid ? webPushStoreOf() : null;
      const { deliveries, label, subscriptions: audienceSubscriptions } = await audienceOf(deps, token, body, store);
      const due = deliveries.filter((d) => d.skipReason === undefined);
      // Web Push goes only to staff the read above returned (RLS, the wave's or the batch's record),
      // for the pushes still due.
      const webPushStore = due.length > 0 ? store : null;
      const results: RecipientResult[] = [];
      const targets: { staffId: string; message: ExpoMessage }[] = [];
      for (const d of deliveries) {
        if (d.skipReason !== undefined) {
          results.push({ staffId: d.staffId, status: 'skipped', message: d.skipReason });
        } else if (d.pushToken === null) {
          results.push({
            staffId: d.staffId,
            status: 'skipped',
            message: 'No push token is registered for this staff member.',
          });
        } else {
          const { title, body: text, companyId, shiftId, kind } = d.content;
          targets.push({
            staffId: d.staffId,
            message: {
              to: d.pushToken,
              title,
              body: text,
              data: { companyId, ...(shiftId ? { shiftId } : {}), ...(kind ? { kind } : {}) },
              sound: 'default',
            },
          });
        }
      }
      const headers: Record<string, string> = {
        Accept: 'application/json',
        'Content-Type': 'application/json',
      };
      // Expo's optional "enhanced push security": with it on, Expo refuses pushes without this token.
      // Deno's fetch already asks for (and undoes) gzip, as Expo recommends.
      const accessToken = deps.env.EXPO_ACCESS_TOKEN?.trim();
      if (accessToken) headers.Authorization = `Bearer ${accessToken}`;

      const chunks: (typeof targets)[] = [];
      for (let i = 0; i < targets.length; i += CHUNK_SIZE) chunks.push(targets.slice(i, i + CHUNK_SIZE));
      const [outcomes, webPushRun] = await Promise.all([
        Promise.all(
          chunks.map((chunk) =>
            postChunk(
              deps,
              pushUrl,
              headers,
              chunk.map((t) => t.message),
            ),
          ),
        ),
        // The browsers are looked up while the devices are pushed to: neither waits for the other.
        vapid && webPushStore
          ? (async (): Promise<WebPushRun> => {
              let subscriptions: WebPushSubscriptionRow[];
              try {
                subscriptions = await dueSubscriptions(webPushStore, due, audienceSubscriptions);
              } catch (error) {
                return { kind: 'unread', error };
              }
              const webPushes = webPushesOf(due, subscriptions);
              if (webPushes.length === 0) return { kind: 'none' };
              const answer = await sendWebPushes(
                {
                  fetch: deps.fetch,
                  env: deps.env,
                  vapid,
                  timeoutMs: deps.timeoutMs,
                  retries: deps.retries,
                  retryDelayMs: deps.retryDelayMs,
                },
                webPushStore,
                webPushes,
              );
              return { kind: 'sent', answer, addressed: webPushes.length };
            })()
          : ({ kind: 'none' } as const),
      ]);
      const reachedDevices = outcomes.some(
        (o) => o.kind === 'tickets' && o.tickets.some((t) => (t as ExpoTicket | undefined)?.status === 'ok'),
      );
      if (webPushRun.kind === 'unread') {
        // Nothing reached anyone yet: the caller may retry without notifying a device twice.
        if (!reachedDevices) throw webPushRun.error;
        console.error('The web push subscriptions could not be read; the devices were pushed to', webPushRun.error);
      }
      const webPush = webPushRun.kind === 'sent' ? webPushRun.answer : undefined;

      // Only when nothing reached anyone: a retry then cannot notify a device twice.
      if (outcomes.length > 0 && outcomes.every((o) => o.kind === 'unreachable') && !(webPush && webPush.sent > 0)) {
        console.error('Push service unreachable for every chunk', outcomes[0]);
        throw new HttpError(502, 'upstream_unavailable', 'The push service could not be reached. Please try again.');
      }
      outcomes.forEach((outcome, i) => {
        const chunk = chunks[i] ?? [];
        chunk.forEach(({ staffId }, j) => {
          results.push(
            outcome.kind === 'tickets'
              ? ticketResult(staffId, outcome.tickets[j])
              : { staffId, status: 'error', message: outcome.message },
          );
        });
      });

      const answer: SendNotificationAnswer = {
        sent: results.filter((r) => r.status === 'ok').length,
        failed: results.filter((r) => r.status === 'error').length,
        skipped: results.filter((r) => r.status === 'skipped').length,
        results,
        ...(webPush ? { webPush } : {}),
      };
      if (answer.failed > 0) {
        console.warn(`sendnotification: ${answer.failed} of ${targets.length} pushes failed for ${label}`);
      }
      if (webPush && webPush.failed > 0) {
        const addressed = webPushRun.kind === 'sent' ? webPushRun.addressed : 0;
        console.warn(`sendnotification: ${webPush.failed} of ${addressed} web pushes failed for ${label}`);
      }
      return json(answer);
    } catch (error) {
      return toErrorResponse(error);
    }
  };
}

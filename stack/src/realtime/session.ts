/**
 * One WebSocket connection speaking the Phoenix channel protocol of Supabase Realtime: heartbeat,
 * join/leave, access_token refresh, broadcast, presence and postgres_changes subscriptions.
 */
import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { checkAccessToken, type Claims } from './auth.ts';
import { NO_PERMISSIONS, PUBLIC_PERMISSIONS, unauthorizedRead, type ChannelPermissions } from './authorization.ts';
import type { ChangeDispatcher, ChangeEvent, PgBinding, PgSubscriber } from './changes.ts';
import { FilterError, parseFilter } from './filters.ts';
import { decodeFrame, encodeBinaryBroadcast, encodeText, type Message, type Vsn } from './protocol.ts';

/** Longest wait before re-checking a token's expiry (setTimeout cannot take huge delays). */
const MAX_CONFIRM_MS = 60 * 60 * 1000;

interface PresenceMeta {
  phx_ref: string;
  [key: string]: unknown;
}

/** Channels of every connection, by topic, for broadcast and presence. */
export class Hub {
  readonly topics = new Map<string, Set<Channel>>();
  /** topic → presence key → metas (one per tracking channel). */
  readonly presence = new Map<string, Map<string, Map<Channel, PresenceMeta>>>();

  join(channel: Channel): void {
    let members = this.topics.get(channel.hubKey);
    if (!members) {
      members = new Set();
      this.topics.set(channel.hubKey, members);
    }
    members.add(channel);
  }

  leave(channel: Channel): void {
    this.untrack(channel);
    const members = this.topics.get(channel.hubKey);
    members?.delete(channel);
    if (members && members.size === 0) this.topics.delete(channel.hubKey);
  }

  broadcast(hubKey: string, payload: Record<string, unknown>, from: Channel | null): void {
    for (const member of this.topics.get(hubKey) ?? []) {
      if (member === from && !member.selfBroadcast) continue;
      if (!member.permissions.read.broadcast) continue;
      member.pushBroadcast(payload);
    }
  }

  presenceState(hubKey: string): Record<string, { metas: PresenceMeta[] }> {
    const state: Record<string, { metas: PresenceMeta[] }> = {};
    for (const [key, metas] of this.presence.get(hubKey) ?? []) {
      if (metas.size > 0) state[key] = { metas: [...metas.values()] };
    }
    return state;
  }

  track(channel: Channel, payload: Record<string, unknown>): void {
    let keys = this.presence.get(channel.hubKey);
    if (!keys) {
      keys = new Map();
      this.presence.set(channel.hubKey, keys);
    }
    let metas = keys.get(channel.presenceKey);
    if (!metas) {
      metas = new Map();
      keys.set(channel.presenceKey, metas);
    }
    const previous = metas.get(channel);
    const meta: PresenceMeta = { ...payload, phx_ref: presenceRef() };
    if (previous) meta.phx_ref_prev = previous.phx_ref;
    metas.set(channel, meta);
    const diff = {
      joins: { [channel.presenceKey]: { metas: [meta] } },
      leaves: previous ? { [channel.presenceKey]: { metas: [previous] } } : {},
    };
    this.sendDiff(channel.hubKey, diff);
  }

  untrack(channel: Channel): void {
    const metas = this.presence.get(channel.hubKey)?.get(channel.presenceKey);
    const previous = metas?.get(channel);
    if (!metas || !previous) return;
    metas.delete(channel);
    if (metas.size === 0) this.presence.get(channel.hubKey)?.delete(channel.presenceKey);
    this.sendDiff(channel.hubKey, { joins: {}, leaves: { [channel.presenceKey]: { metas: [previous] } } });
  }

  private sendDiff(hubKey: string, diff: unknown): void {
    for (const member of this.topics.get(hubKey) ?? []) member.push('presence_diff', diff);
  }
}

function presenceRef(): string {
  return randomUUID().replaceAll('-', '').slice(0, 20);
}

/** An integer id for a binding, stable for equal parameters (hosted uses :erlang.phash2). */
function bindingId(params: unknown): number {
  const text = JSON.stringify(params, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : value,
  );
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return (hash % 0x7ffffff) + 1;
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export class Channel implements PgSubscriber {
  readonly subTopic: string;
  readonly hubKey: string;
  bindings: PgBinding[] = [];
  claims: Claims;
  token: string;
  selfBroadcast: boolean;
  ackBroadcast: boolean;
  presenceKey: string;
  presenceEnabled: boolean;
  /** What Realtime Authorization allows on a private channel; everything on a public one. */
  permissions: ChannelPermissions = PUBLIC_PERMISSIONS;
  private claimsText: string;
  private confirmTimer: NodeJS.Timeout | null = null;
  closed = false;

  constructor(
    readonly connection: Connection,
    readonly topic: string,
    readonly joinRef: string | null,
    options: {
      claims: Claims;
      token: string;
      isPrivate: boolean;
      self: boolean;
      ack: boolean;
      presenceKey: string;
      presenceEnabled: boolean;
    },
  ) {
    this.subTopic = topic.replace(/^realtime:/, '');
    this.hubKey = `${options.isPrivate ? 'private' : 'public'}:${this.subTopic}`;
    this.claims = options.claims;
    this.claimsText = JSON.stringify(options.claims);
    this.token = options.token;
    this.selfBroadcast = options.self;
    this.ackBroadcast = options.ack;
    this.presenceKey = options.presenceKey || randomUUID();
    this.presenceEnabled = options.presenceEnabled;
  }

  role(): string {
    return this.claims.role;
  }

  claimsJson(): string {
    return this.claimsText;
  }

  subject(): string {
    return typeof this.claims.sub === 'string' ? this.claims.sub : '';
  }

  setClaims(claims: Claims, token: string): void {
    this.claims = claims;
    this.claimsText = JSON.stringify(claims);
    this.token = token;
    this.scheduleConfirm();
  }

  push(event: string, payload: unknown, ref: string | null = null): void {
    this.connection.send({ join_ref: this.joinRef, ref, topic: this.topic, event, payload });
  }

  deliver(ids: number[], dataJson: string): void {
    if (this.closed) return;
    this.connection.sendRaw(
      { join_ref: this.joinRef, ref: null, topic: this.topic, event: 'postgres_changes', payload: null },
      `{"ids":${JSON.stringify(ids)},"data":${dataJson}}`,
    );
  }

  pushBroadcast(payload: Record<string, unknown>): void {
    const body = payload.payload;
    if (Buffer.isBuffer(body)) {
      // Raw bytes only travel in kind-4 binary frames, which vsn 1.0.0 cannot carry.
      if (this.connection.vsn !== '2.0.0') return;
      this.connection.sendBinary(encodeBinaryBroadcast(this.topic, String(payload.event), body, false));
      return;
    }
    this.push('broadcast', payload);
  }

  /** Re-checks the token when it expires (Realtime's :confirm_token). */
  scheduleConfirm(): void {
    if (this.confirmTimer) clearTimeout(this.confirmTimer);
    const delay = Math.min(MAX_CONFIRM_MS, Math.max(0, this.claims.exp * 1000 - Date.now()));
    this.confirmTimer = setTimeout(() => void this.confirm(), delay + 50);
    this.confirmTimer.unref();
  }

  private async confirm(): Promise<void> {
    if (this.closed) return;
    const result = await checkAccessToken(this.token);
    if (this.closed) return;
    if (result.ok) this.setClaims(result.claims, this.token);
    else this.connection.shutdown(this, result.message);
  }

  dispose(): void {
    this.closed = true;
    if (this.confirmTimer) clearTimeout(this.confirmTimer);
  }
}

export interface ConnectionDeps {
  hub: Hub;
  dispatcher: ChangeDispatcher;
  /** The apikey of the socket: the token of joins that send none (or an `sb_` key). */
  apikey: string;
  onJoin(): Promise<void>;
  /** Whether changes are being captured now; false while Postgres is down or restarting. */
  isCapturing(): boolean;
  /** Realtime Authorization of a private channel's topic for these claims (RLS on realtime.messages). */
  authorize(claims: Claims, topic: string): Promise<ChannelPermissions>;
}

/** Hosted Realtime's reason when it cannot reach the project's database. */
export const UNABLE_TO_CONNECT = 'UnableToConnectToProject: Realtime was unable to connect to the project database';

export class Connection {
  readonly channels = new Map<string, Channel>();
  private chain: Promise<void> = Promise.resolve();
  lastSeen = Date.now();

  constructor(
    readonly ws: WebSocket,
    readonly vsn: Vsn,
    private readonly deps: ConnectionDeps,
  ) {
    ws.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
      this.lastSeen = Date.now();
      const buffer = Buffer.isBuffer(data)
        ? data
        : Array.isArray(data)
          ? Buffer.concat(data)
          : Buffer.from(new Uint8Array(data));
      let message: Message;
      try {
        message = decodeFrame(buffer, isBinary, vsn);
      } catch {
        return;
      }
      this.chain = this.chain
        .then(() => this.handle(message))
        .catch((error: unknown) => {
          process.stderr.write(`[realtime] ${message.event} on ${message.topic}: ${String(error)}\n`);
        });
    });
    ws.on('close', () => this.closeAll());
    ws.on('error', () => this.closeAll());
  }

  send(message: Message): void {
    this.sendRaw(message, JSON.stringify(message.payload));
  }

  sendRaw(message: Message, payloadJson: string): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(encodeText(this.vsn, message, payloadJson));
  }

  sendBinary(frame: Buffer): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(frame, { binary: true });
  }

  private reply(message: Message, status: 'ok' | 'error', response: unknown): void {
    this.send({
      join_ref: message.join_ref,
      ref: message.ref,
      topic: message.topic,
      event: 'phx_reply',
      payload: { status, response },
    });
  }

  private async handle(message: Message): Promise<void> {
    if (message.topic === 'phoenix') {
      if (message.event === 'heartbeat') this.reply(message, 'ok', {});
      return;
    }
    if (message.event === 'phx_join') {
      await this.join(message);
      return;
    }
    const channel = this.channels.get(message.topic);
    if (!channel || (message.join_ref !== null && channel.joinRef !== null && message.join_ref !== channel.joinRef)) {
      if (message.ref !== null) this.reply(message, 'error', { reason: 'unmatched topic' });
      return;
    }
    const payload = record(message.payload);
    switch (message.event) {
      case 'phx_leave':
        this.reply(message, 'ok', {});
        this.remove(channel);
        channel.push('phx_close', {}, channel.joinRef);
        return;
      case 'access_token':
        await this.refreshToken(channel, payload.access_token);
        return;
      case 'broadcast': {
        const { type: _type, ...rest } = payload;
        // Hosted Realtime drops a broadcast the sender may not write on a private channel.
        if (channel.permissions.write.broadcast) {
          this.deps.hub.broadcast(channel.hubKey, { type: 'broadcast', ...rest }, channel);
        }
        if (channel.ackBroadcast && message.ref !== null) this.reply(message, 'ok', {});
        return;
      }
      case 'presence': {
        if (!channel.permissions.write.presence) {
          this.reply(message, 'error', {
            reason: `Unauthorized: You do not have permissions to write to this Channel topic: ${channel.subTopic}`,
          });
          return;
        }
        if (payload.event === 'track') {
          const first = !channel.presenceEnabled;
          channel.presenceEnabled = true;
          if (first) channel.push('presence_state', this.deps.hub.presenceState(channel.hubKey));
          this.deps.hub.track(channel, record(payload.payload));
        } else if (payload.event === 'untrack') {
          this.deps.hub.untrack(channel);
        }
        this.reply(message, 'ok', {});
        return;
      }
      default:
        return;
    }
  }

  private async join(message: Message): Promise<void> {
    const { topic } = message;
    const previous = this.channels.get(topic);
    if (previous) this.remove(previous);
    if (!topic.startsWith('realtime:') || topic === 'realtime:') {
      this.reply(message, 'error', { reason: 'TopicNameRequired: You must provide a topic name' });
      return;
    }
    const payload = record(message.payload);
    const config = record(payload.config);
    const given = typeof payload.access_token === 'string' ? payload.access_token : payload.user_token;
    const token = typeof given === 'string' && given !== '' && !given.startsWith('sb_') ? given : this.deps.apikey;
    const verified = await checkAccessToken(token);
    if (!verified.ok) {
      this.reply(message, 'error', { reason: `${verified.code}: ${verified.message}` });
      return;
    }
    const broadcast = record(config.broadcast);
    const presence = record(config.presence);
    const channel = new Channel(this, topic, message.join_ref ?? message.ref, {
      claims: verified.claims,
      token,
      isPrivate: config.private === true,
      self: broadcast.self === true,
      ack: broadcast.ack === true,
      presenceKey: typeof presence.key === 'string' ? presence.key : '',
      presenceEnabled: presence.enabled === true,
    });

    if (config.private === true) {
      const permissions = await this.deps.authorize(verified.claims, channel.subTopic).catch(() => NO_PERMISSIONS);
      if (!permissions.read.broadcast && !permissions.read.presence) {
        this.reply(message, 'error', { reason: unauthorizedRead(channel.subTopic) });
        return;
      }
      channel.permissions = permissions;
    }

    const requested = Array.isArray(config.postgres_changes) ? (config.postgres_changes as unknown[]) : [];
    const echoed: Record<string, unknown>[] = [];
    const errors: string[] = [];
    for (const entry of requested) {
      if (entry === null || typeof entry !== 'object') continue;
      const params = entry as Record<string, unknown>;
      const id = bindingId(params);
      echoed.push({ ...params, id });
      const event = String(params.event ?? '*').toUpperCase();
      const schema = typeof params.schema === 'string' ? params.schema : 'public';
      const table = typeof params.table === 'string' && params.table !== '' ? params.table : null;
      try {
        const filters = parseFilter(typeof params.filter === 'string' ? params.filter : null);
        if (event !== '*' && event !== 'INSERT' && event !== 'UPDATE' && event !== 'DELETE') {
          throw new FilterError(`Invalid event: ${String(params.event)}`);
        }
        channel.bindings.push({ id, event: event as '*' | ChangeEvent, schema, table, filters });
      } catch (error) {
        errors.push(error instanceof Error ? error.message : String(error));
      }
    }
    if (channel.bindings.length > 0 && !this.deps.isCapturing()) {
      // Joining now would promise changes that cannot be captured: refuse, and the client retries.
      this.reply(message, 'error', { reason: UNABLE_TO_CONNECT });
      return;
    }
    if (channel.bindings.length > 0) await this.deps.onJoin();

    this.channels.set(topic, channel);
    this.deps.hub.join(channel);
    if (channel.bindings.length > 0) this.deps.dispatcher.add(channel);
    channel.scheduleConfirm();
    this.reply(message, 'ok', { postgres_changes: echoed });
    if (channel.presenceEnabled) channel.push('presence_state', this.deps.hub.presenceState(channel.hubKey));
    if (echoed.length > 0) {
      const failed = errors.length > 0;
      channel.push('system', {
        extension: 'postgres_changes',
        status: failed ? 'error' : 'ok',
        message: failed ? errors.join('; ') : 'Subscribed to PostgreSQL',
        channel: channel.subTopic,
      });
    }
  }

  private async refreshToken(channel: Channel, token: unknown): Promise<void> {
    if (typeof token !== 'string' || token === '' || token.startsWith('sb_') || token === channel.token) return;
    const result = await checkAccessToken(token);
    if (channel.closed) return;
    if (result.ok) channel.setClaims(result.claims, token);
    else this.shutdown(channel, result.message);
  }

  /** Realtime's shutdown_response: a system error, then the channel closes. */
  shutdown(channel: Channel, reason: string): void {
    if (channel.closed) return;
    channel.push('system', { extension: 'system', status: 'error', message: reason, channel: channel.subTopic });
    this.remove(channel);
    channel.push('phx_close', {}, channel.joinRef);
  }

  /**
   * Change capture stopped (Postgres went away): channels listening to postgres_changes get a
   * system error and Phoenix's phx_error, so clients rejoin, and refetch, once capture is back,
   * rather than staying joined while changes go missing.
   */
  failPostgresChanges(reason: string): void {
    for (const channel of [...this.channels.values()]) {
      if (channel.bindings.length === 0) continue;
      channel.push('system', {
        extension: 'postgres_changes',
        status: 'error',
        message: reason,
        channel: channel.subTopic,
      });
      this.remove(channel);
      channel.push('phx_error', {}, channel.joinRef);
    }
  }

  private remove(channel: Channel): void {
    channel.dispose();
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
    this.deps.dispatcher.remove(channel);
    this.deps.hub.leave(channel);
  }

  closeAll(): void {
    for (const channel of [...this.channels.values()]) this.remove(channel);
  }
}

/**
 * An Expo push service stand-in (`POST /--/api/v2/push/send`): it answers with push tickets in
 * Expo's shape and records what would have reached each device, instead of delivering it.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from './http.ts';

export interface RecordedPush {
  id: string;
  receivedAt: string;
  to: string;
  title?: string;
  body?: string;
  data?: unknown;
  sound?: unknown;
  badge?: unknown;
  channelId?: unknown;
  priority?: unknown;
  ttl?: unknown;
  status: 'ok' | 'error';
  error?: string;
}

type Ticket =
  { status: 'ok'; id: string } | { status: 'error'; message: string; details: { error: 'DeviceNotRegistered' } };

const TOKEN = /^Expo(nent)?PushToken\[[^\]]+\]$/;
const MAX_MESSAGES = 100;

export class PushSink {
  /** Oldest first; the API lists newest first. */
  readonly pushes: RecordedPush[] = [];
  readonly receipts = new Map<string, RecordedPush>();

  list(): RecordedPush[] {
    return [...this.pushes].reverse();
  }

  /**
   * The pushes received at or after `since` (an ISO time), newest first: what a caller that noted
   * the time before acting waits for, without reading the whole history (which a long-lived stack
   * that ran soaks holds by the hundred thousand).
   */
  listSince(since: string): RecordedPush[] {
    const found: RecordedPush[] = [];
    for (let i = this.pushes.length - 1; i >= 0; i -= 1) {
      const push = this.pushes[i] as RecordedPush;
      if (push.receivedAt < since) break;
      found.push(push);
    }
    return found;
  }

  clear(): void {
    this.pushes.length = 0;
    this.receipts.clear();
  }

  async handleSend(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let payload: unknown;
    try {
      payload = JSON.parse(await readBody(req));
    } catch {
      sendJson(res, 400, {
        errors: [
          { code: 'VALIDATION_ERROR', message: 'The request body must be a JSON object or array of push messages.' },
        ],
      });
      return;
    }
    const messages = Array.isArray(payload) ? payload : [payload];
    // A message may address several devices at once; each device gets its own ticket.
    const expanded: { to: unknown; message: Record<string, unknown> }[] = [];
    for (const message of messages) {
      if (typeof message !== 'object' || message === null || Array.isArray(message)) {
        sendJson(res, 400, { errors: [{ code: 'VALIDATION_ERROR', message: '"value" must be an object.' }] });
        return;
      }
      const m = message as Record<string, unknown>;
      const recipients = Array.isArray(m.to) ? m.to : [m.to];
      if (m.to === undefined || recipients.length === 0) {
        sendJson(res, 400, { errors: [{ code: 'VALIDATION_ERROR', message: '"to" is required.' }] });
        return;
      }
      for (const to of recipients) expanded.push({ to, message: m });
    }
    if (expanded.length > MAX_MESSAGES) {
      sendJson(res, 400, {
        errors: [
          {
            code: 'PUSH_TOO_MANY_NOTIFICATIONS',
            message: `You are trying to send more than ${MAX_MESSAGES} push notifications in one request.`,
          },
        ],
      });
      return;
    }

    const receivedAt = new Date().toISOString();
    const tickets: Ticket[] = expanded.map(({ to, message }) => {
      const token = typeof to === 'string' ? to : JSON.stringify(to);
      const valid = typeof to === 'string' && TOKEN.test(to);
      const push: RecordedPush = {
        id: randomUUID(),
        receivedAt,
        to: token,
        title: typeof message.title === 'string' ? message.title : undefined,
        body: typeof message.body === 'string' ? message.body : undefined,
        data: message.data,
        sound: message.sound,
        badge: message.badge,
        channelId: message.channelId,
        priority: message.priority,
        ttl: message.ttl,
        status: valid ? 'ok' : 'error',
      };
      if (!valid) push.error = 'DeviceNotRegistered';
      this.pushes.push(push);
      if (!valid) {
        return {
          status: 'error',
          message: `"${token}" is not a registered push notification recipient`,
          details: { error: 'DeviceNotRegistered' },
        };
      }
      this.receipts.set(push.id, push);
      return { status: 'ok', id: push.id };
    });
    sendJson(res, 200, { data: tickets });
  }

  /** `POST /--/api/v2/push/getReceipts` `{ ids }`: every recorded push counts as delivered. */
  async handleReceipts(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let ids: unknown;
    try {
      ids = (JSON.parse(await readBody(req)) as { ids?: unknown }).ids;
    } catch {
      ids = undefined;
    }
    if (!Array.isArray(ids)) {
      sendJson(res, 400, { errors: [{ code: 'VALIDATION_ERROR', message: '"ids" must be an array.' }] });
      return;
    }
    const data: Record<string, { status: 'ok' }> = {};
    for (const id of ids) if (typeof id === 'string' && this.receipts.has(id)) data[id] = { status: 'ok' };
    sendJson(res, 200, { data });
  }
}

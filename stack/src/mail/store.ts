/**
 * The mail catcher's inbox: every message the local stack sends, kept in memory (the newest
 * MAX_MESSAGES), newest first. Nothing leaves the machine: production mail goes through the
 * project's SMTP settings instead (docs/deployment.md).
 */
import { randomUUID } from 'node:crypto';

export interface CaughtMessage {
  id: string;
  from: string;
  to: string[];
  subject: string;
  /** ISO 8601, when the catcher received it. */
  date: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

export const MAX_MESSAGES = 500;

export class MailStore {
  private messages: CaughtMessage[] = [];
  private readonly listeners = new Set<(message: CaughtMessage) => void>();

  add(message: Omit<CaughtMessage, 'id' | 'date'>): CaughtMessage {
    const caught: CaughtMessage = { ...message, id: randomUUID(), date: new Date().toISOString() };
    this.messages.unshift(caught);
    if (this.messages.length > MAX_MESSAGES) this.messages.length = MAX_MESSAGES;
    for (const listener of this.listeners) listener(caught);
    return caught;
  }

  list(): readonly CaughtMessage[] {
    return this.messages;
  }

  get(id: string): CaughtMessage | undefined {
    return this.messages.find((m) => m.id === id);
  }

  /** Messages to `address` (case-insensitive), newest first. */
  to(address: string): CaughtMessage[] {
    const wanted = address.trim().toLowerCase();
    return this.messages.filter((m) => m.to.some((to) => to.toLowerCase() === wanted));
  }

  clear(): void {
    this.messages = [];
  }

  onMessage(listener: (message: CaughtMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

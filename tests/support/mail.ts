/** Reading what the local stack emailed, through the mail catcher's JSON API (as a person reads their inbox). */
import { expect } from 'vitest';
import { mailUrl } from '../../stack/src/config.ts';
import type { CaughtMessage } from '../../stack/src/mail/store.ts';

export type { CaughtMessage };

export async function mailTo(address: string): Promise<CaughtMessage[]> {
  const res = await fetch(`${mailUrl}/api/v1/search?query=${encodeURIComponent(address)}`);
  if (!res.ok) throw new Error(`mail catcher answered ${res.status}`);
  return ((await res.json()) as { messages: CaughtMessage[] }).messages;
}

/** Waits for the `count`-th email to `address` (oldest first) and returns it. */
export async function waitForMail(address: string, count = 1, timeout = 10_000): Promise<CaughtMessage> {
  await expect
    .poll(async () => (await mailTo(address)).length, { timeout, message: `mail to ${address}` })
    .toBeGreaterThanOrEqual(count);
  const messages = await mailTo(address);
  return messages[messages.length - count]!;
}

/** The first link in the email's text that goes to the auth server's /verify. */
export function verifyLinkIn(message: CaughtMessage): string {
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(message.text)?.[0];
  if (!link) throw new Error(`no verify link in "${message.subject}"`);
  return link;
}

/** The 6-digit code in the email's text. */
export function codeIn(message: CaughtMessage): string {
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in "${message.subject}"`);
  return code;
}

let serial = 0;

/**
 * A Realtime topic of its own for each subscription. supabase-js hands back the existing channel
 * when asked for a topic it already holds, so two subscriptions to one topic (React StrictMode
 * mounts every effect twice; a second tab of the same hook) would share a channel: the second
 * `.on()` throws after the first `subscribe()`, and the first one's removal kills both.
 */
export function channelTopic(base: string): string {
  serial += 1;
  return `${base}:${serial}`;
}

/** What the push stand-in recorded, through its JSON list (as the dev page's reader sees it). */
import { standinsUrl } from '../../stack/src/config.ts';
import type { RecordedPush } from '../../stack/src/standins/push.ts';

/**
 * The recorded pushes, newest first; with `since` (an ISO time), only those received since then,
 * which is what a caller that noted the time before acting should ask for: a stack that ran soaks
 * holds a long history. `T` narrows the push's `data` to what the caller's pushes carry.
 */
export async function recordedPushes<T = RecordedPush>(since?: string): Promise<T[]> {
  const query = since === undefined ? '' : `?since=${encodeURIComponent(since)}`;
  const res = await fetch(`${standinsUrl}/__dev/pushes${query}`);
  if (!res.ok) throw new Error(`the push stand-in answered ${res.status}`);
  return (await res.json()) as T[];
}

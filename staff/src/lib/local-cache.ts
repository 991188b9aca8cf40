/**
 * The last data each screen loaded, kept in localStorage per worker so the app opens with it
 * offline (the offline shell shows it, marked as such) and on a slow network before the first
 * answer arrives. Never a source of truth: every fetch replaces it.
 */
interface Cached<T> {
  savedAt: string;
  value: T;
}

const PREFIX = 'carecover-staff-cache:';

export function readCache<T>(key: string): Cached<T> | null {
  try {
    const raw = globalThis.localStorage?.getItem(PREFIX + key);
    return raw ? (JSON.parse(raw) as Cached<T>) : null;
  } catch {
    return null;
  }
}

export function writeCache<T>(key: string, value: T): void {
  try {
    globalThis.localStorage?.setItem(PREFIX + key, JSON.stringify({ savedAt: new Date().toISOString(), value }));
  } catch {
    // A full or disabled storage only costs the offline copy.
  }
}

/** Signing out leaves nothing of the worker's data on a shared phone. */
export function clearCaches(): void {
  try {
    const storage = globalThis.localStorage;
    if (!storage) return;
    for (const key of Object.keys(storage)) if (key.startsWith(PREFIX)) storage.removeItem(key);
  } catch {
    // Nothing cached, nothing to clear.
  }
}

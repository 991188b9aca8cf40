import { useCallback, useState } from 'react';

function read(storageKey: string, defaults: readonly string[]): Set<string> {
  try {
    const stored = localStorage.getItem(storageKey);
    const parsed: unknown = stored ? JSON.parse(stored) : null;
    if (Array.isArray(parsed) && parsed.every((k) => typeof k === 'string')) return new Set(parsed);
  } catch {
    // Storage off or a value we did not write: the defaults.
  }
  return new Set(defaults);
}

/** Which columns of a table are hidden, remembered in this browser under `storageKey`. */
export function useHiddenColumns(
  storageKey: string,
  defaults: readonly string[],
): [ReadonlySet<string>, (key: string, isHidden: boolean) => void] {
  const [hidden, setHidden] = useState(() => read(storageKey, defaults));
  const setColumn = useCallback(
    (key: string, isHidden: boolean) => {
      setHidden((current) => {
        const next = new Set(current);
        if (isHidden) next.add(key);
        else next.delete(key);
        try {
          localStorage.setItem(storageKey, JSON.stringify([...next]));
        } catch {
          // Not remembered, still applied.
        }
        return next;
      });
    },
    [storageKey],
  );
  return [hidden, setColumn];
}

import { useEffect, useState } from 'react';
import { fetchStaffPhones } from '../api/fetch-staff-phones.ts';

const RETRY_MS = 3_000;

/**
 * Phone numbers of the given workers (the late ones: a handful), asked again whenever the set
 * changes. An id missing from the map is still loading; a failed read is retried.
 */
export function useStaffPhones(ids: readonly string[]): ReadonlyMap<string, string | null> {
  const [phones, setPhones] = useState<ReadonlyMap<string, string | null>>(() => new Map());
  const key = [...new Set(ids)].sort().join(',');
  const [retry, setRetry] = useState(0);

  useEffect(() => {
    if (key === '') return;
    let isActive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    fetchStaffPhones(key.split(','))
      .then((found) => isActive && setPhones((prev) => new Map([...prev, ...found])))
      .catch(() => {
        if (isActive) timer = setTimeout(() => setRetry((n) => n + 1), RETRY_MS);
      });
    return () => {
      isActive = false;
      clearTimeout(timer);
    };
  }, [key, retry]);

  return phones;
}

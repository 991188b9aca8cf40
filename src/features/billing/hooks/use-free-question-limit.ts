import { useEffect, useState } from 'react';
import { fetchFreeQuestionLimit } from '../api/fetch-free-question-limit.ts';
import { FREE_QUESTIONS_PER_MONTH } from '../plans.ts';

// The limit only changes with a migration: one look-up per page load is enough.
let known: number | undefined;

/** The free plan's monthly assistant questions as the database counts them; the constant until it answers. */
export function useFreeQuestionLimit(): number {
  const [limit, setLimit] = useState(known ?? FREE_QUESTIONS_PER_MONTH);
  useEffect(() => {
    if (known !== undefined) return;
    let isCurrent = true;
    fetchFreeQuestionLimit()
      .then((value) => {
        known = value;
        if (isCurrent) setLimit(value);
      })
      // The comparison keeps the documented number; nothing the user must act on.
      .catch((error: unknown) => console.warn('Could not read the free question limit', error));
    return () => {
      isCurrent = false;
    };
  }, []);
  return limit;
}

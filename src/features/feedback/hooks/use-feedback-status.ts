import { useCallback, useEffect, useState } from 'react';
import { fetchFeedbackStatus } from '../api/fetch-feedback-status.ts';

export type FeedbackStatus = 'loading' | 'error' | 'given' | 'open';

/** SPEC §4: the modal starts loading, then shows either the thank-you or the survey. */
export function useFeedbackStatus(companyId: string) {
  const [status, setStatus] = useState<FeedbackStatus>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let isCurrent = true;
    fetchFeedbackStatus(companyId)
      .then(({ isGiven }) => isCurrent && setStatus(isGiven ? 'given' : 'open'))
      .catch(() => isCurrent && setStatus('error'));
    return () => {
      isCurrent = false;
    };
  }, [companyId, attempt]);

  const retry = useCallback(() => {
    setStatus('loading');
    setAttempt((n) => n + 1);
  }, []);
  const markGiven = useCallback(() => setStatus('given'), []);
  return { status, retry, markGiven };
}

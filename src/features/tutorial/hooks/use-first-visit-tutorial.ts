import { useEffect, useEffectEvent } from 'react';
import { markTutorialSeen } from '../api/mark-tutorial-seen.ts';

// The pending claim per company: StrictMode's second effect run shares the first run's request, so
// the answer "first visit" is not lost to the discarded run.
const claims = new Map<string, Promise<boolean>>();

/**
 * For the dashboard shell: calls `onFirstVisit` once, on the company's first dashboard visit after
 * onboarding (the shell renders only for onboarded companies). The visit is recorded before the
 * tutorial opens, so a reload or another browser never offers it again; if recording fails the
 * tutorial is simply offered on a later visit.
 */
export function useFirstVisitTutorial(companyId: string | undefined, onFirstVisit: () => void): void {
  const open = useEffectEvent(onFirstVisit);
  useEffect(() => {
    if (!companyId) return;
    let isCurrent = true;
    let claim = claims.get(companyId);
    if (!claim) {
      claim = markTutorialSeen().catch(() => false);
      claims.set(companyId, claim);
    }
    void claim.then((isFirstVisit) => {
      if (!isCurrent) return;
      // Consumed: a later mount in this page load (log out and back in) asks the database again.
      claims.delete(companyId);
      if (isFirstVisit) open();
    });
    return () => {
      isCurrent = false;
    };
  }, [companyId]);
}

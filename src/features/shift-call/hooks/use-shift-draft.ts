import { useEffect, useRef } from 'react';
import { clearDraft, draftToRestore, DRAFT_SAVE_DELAY_MS, saveDraft } from '../shift-draft.ts';
import type { ShiftCallValues } from '../shift-call-values.ts';

function browserStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * Restores the company's draft once, if the form is empty, and saves the form 200 ms after it
 * last changed. Returns `clear` for after a successful post.
 */
export function useShiftDraft(
  companyId: string,
  values: ShiftCallValues,
  restore: (draft: ShiftCallValues) => void,
): { clear: () => void } {
  const hasRestored = useRef(false);
  const restoreRef = useRef(restore);
  useEffect(() => {
    restoreRef.current = restore;
  });

  useEffect(() => {
    const storage = browserStorage();
    if (hasRestored.current || !storage) return;
    hasRestored.current = true;
    const draft = draftToRestore(storage, companyId, values);
    if (draft) restoreRef.current(draft);
    // Only on mount: later changes are the user's own.
  }, [companyId]);

  // The values the form mounted with are nobody's edit: saving them would erase, 200 ms later, a
  // draft written meanwhile (by another tab of the same company, say).
  const hasSeenMountValues = useRef(false);
  useEffect(() => {
    const storage = browserStorage();
    if (!storage || !hasRestored.current) return;
    if (!hasSeenMountValues.current) {
      hasSeenMountValues.current = true;
      return;
    }
    const timer = setTimeout(() => saveDraft(storage, companyId, values), DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [companyId, values]);

  return {
    clear: () => {
      const storage = browserStorage();
      if (storage) clearDraft(storage, companyId);
    },
  };
}

import { useEffect } from 'react';
import { fetchQuestionsLeft } from '../api/fetch-questions-left.ts';
import { questionsLeftRead } from '../chat-conversation.ts';
import { getConversation, updateConversation } from '../chat-store.ts';

/**
 * Reads the free plan's questions left into the company's conversation each time the panel opens,
 * so the figure is right before the first question (another tab may have asked some), and again
 * when the live company row says the plan is free again. On premium nothing is read: the panel
 * hides the count, following the same live row.
 */
export function useQuestionsLeft(companyId: string, isPremium: boolean): void {
  useEffect(() => {
    if (isPremium) return;
    let isCurrent = true;
    const basedOn = getConversation(companyId);
    fetchQuestionsLeft().then(
      (remaining) => {
        if (isCurrent) updateConversation(companyId, (c) => questionsLeftRead(c, basedOn, remaining));
      },
      // The count stays as last known (or unshown); the assistant itself still works.
      (error: unknown) => console.warn('Could not read the assistant questions left', error),
    );
    return () => {
      isCurrent = false;
    };
  }, [companyId, isPremium]);
}

import { useCallback, useSyncExternalStore } from 'react';
import { AssistantRequestError, askAssistant } from '../api/ask-assistant.ts';
import {
  answerReceived,
  askQuestion,
  type Conversation,
  EMPTY_CONVERSATION,
  questionFailed,
} from '../chat-conversation.ts';
import { buildHistory, canSendMessage } from '../chat-rules.ts';
import { getConversation, nextEntryId, subscribeConversation, updateConversation } from '../chat-store.ts';

export interface AssistantChat extends Conversation {
  /** Sends the question unless SPEC §5 forbids it (empty, or a reply is awaited); says whether it did. */
  send: (text: string) => boolean;
  /** Starts over with the welcome state. */
  clear: () => void;
}

/** The company's conversation of this visit, shared by every mount of the panel. */
export function useAssistantChat(companyId: string): AssistantChat {
  const subscribe = useCallback((listener: () => void) => subscribeConversation(companyId, listener), [companyId]);
  const conversation = useSyncExternalStore(
    subscribe,
    () => getConversation(companyId),
    () => EMPTY_CONVERSATION,
  );

  const send = useCallback(
    (text: string): boolean => {
      const current = getConversation(companyId);
      if (!canSendMessage(text, current.isWaiting)) return false;
      const history = buildHistory(current.entries, text);
      updateConversation(companyId, (c) => askQuestion(c, text, nextEntryId()));
      askAssistant(history).then(
        (answer) => updateConversation(companyId, (c) => answerReceived(c, answer, nextEntryId())),
        (error: unknown) => {
          const failure = error instanceof AssistantRequestError ? error : { code: 'unknown', message: String(error) };
          updateConversation(companyId, (c) => questionFailed(c, failure, nextEntryId()));
        },
      );
      return true;
    },
    [companyId],
  );

  const clear = useCallback(() => {
    updateConversation(companyId, (c) => (c.isWaiting ? c : { ...EMPTY_CONVERSATION, remaining: c.remaining }));
  }, [companyId]);

  return { ...conversation, send, clear };
}

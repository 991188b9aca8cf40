/**
 * SPEC §5's chat rules and the history the `assistant` function is sent. The limits mirror the
 * function's own (supabase/functions/assistant/handler.ts), so a long conversation or a long model
 * reply never makes the next question fail with a 400.
 */
import type { ChatEntry } from './chat-conversation.ts';

/** The function's per-message limit (MAX_MESSAGE_LENGTH there). */
export const MAX_MESSAGE_LENGTH = 4000;
/** The function's conversation limit (MAX_MESSAGES there), the new question included. */
export const MAX_HISTORY_MESSAGES = 40;

export interface HistoryMessage {
  sender: 'user' | 'ai';
  text: string;
}

/** An empty or whitespace-only message cannot be sent, nor anything while a reply is awaited. */
export function canSendMessage(text: string, isWaiting: boolean): boolean {
  return !isWaiting && text.trim() !== '';
}

export interface KeyPress {
  key: string;
  shiftKey: boolean;
  /** True while an input method (e.g. for Japanese) is composing: Enter then picks a candidate. */
  isComposing?: boolean;
}

/** Enter sends; Shift+Enter makes a new line (the textarea's own behaviour). */
export function isSendKey(press: KeyPress): boolean {
  return press.key === 'Enter' && !press.shiftKey && !press.isComposing;
}

/**
 * The conversation as the function takes it, oldest first, ending with `question`. Only real
 * exchanges are sent: apologies for failures and quota notices stay on screen but out of the
 * history (as do the questions they answered), texts are trimmed and clipped to the function's
 * per-message limit, and only the newest messages fit.
 */
export function buildHistory(entries: readonly ChatEntry[], question: string): HistoryMessage[] {
  const history: HistoryMessage[] = [];
  for (const entry of entries) {
    if (!entry.isContext) continue;
    const text = entry.text.trim().slice(0, MAX_MESSAGE_LENGTH).trim();
    if (text !== '') history.push({ sender: entry.sender, text });
  }
  history.push({ sender: 'user', text: question.trim().slice(0, MAX_MESSAGE_LENGTH) });
  return history.slice(-MAX_HISTORY_MESSAGES);
}

/**
 * One company's conversation with the assistant (SPEC §3's chat messages plus what the panel shows
 * around them) and its transitions. Pure: the store keeps it, the hook drives it.
 */
import type { AnsweredBy } from './assistant-text.ts';
import type { AssistantReference } from './reply-references.ts';

export type ChatEntryKind = 'question' | 'answer' | 'failure' | 'quota';

/**
 * A failure no answer explained, worded by the panel in the person's language when shown: the
 * network failed, or what came back was not the function's answer.
 */
export type PanelReason = 'network' | 'generic';

export interface ChatEntry {
  id: string;
  sender: 'user' | 'ai';
  /**
   * As typed or answered. A failure keeps the function's reason (the bubble adds the apology, see
   * assistant-text.ts), a quota notice the database's sentence.
   */
  text: string;
  /** A failure the panel words itself; `text` is then empty. */
  panelReason?: PanelReason;
  kind: ChatEntryKind;
  /** Which kind of assistant answered (answers and the function's own apologies). */
  answeredBy?: AnsweredBy;
  /** Whether the message is sent back as history with the next question. */
  isContext: boolean;
  /** The shifts and staff an answer names, shown as links (answers only; absent when none). */
  references?: AssistantReference[];
  /** Whether the question used one of the free plan's questions, when the function said. */
  counted?: boolean;
}

export interface Conversation {
  entries: ChatEntry[];
  isWaiting: boolean;
  /** Free-plan questions left this month, as last read or answered; null when unknown or premium. */
  remaining: number | null;
}

export const EMPTY_CONVERSATION: Conversation = { entries: [], isWaiting: false, remaining: null };

/** The `assistant` function's 200 answer (issue 19's shape; `counted` and `references` may be absent). */
export interface AssistantAnswer {
  reply: string;
  answeredBy: AnsweredBy;
  /** Questions left this month after this one; null on premium. */
  remaining: number | null;
  /** Whether this question used one of the free plan's questions (clarifications and refusals do not). */
  counted?: boolean;
  references?: AssistantReference[];
  failed?: boolean;
}

/** A refused or failed request: the function's `{ error: { code, message } }`, or a network failure. */
export interface AssistantFailure {
  code: string;
  message: string;
}

export const QUOTA_EXCEEDED = 'quota_exceeded';

/** The request failures that carry no words of the function's (see api/ask-assistant.ts). */
const PANEL_REASONS: ReadonlyMap<string, PanelReason> = new Map([
  ['network_error', 'network'],
  ['http_error', 'generic'],
  ['invalid_answer', 'generic'],
  ['unknown', 'generic'],
]);

export function askQuestion(conversation: Conversation, text: string, id: string): Conversation {
  return {
    ...conversation,
    isWaiting: true,
    entries: [...conversation.entries, { id, sender: 'user', text: text.trim(), kind: 'question', isContext: true }],
  };
}

/** The question went unanswered: it stays on screen but is not sent again as history. */
function dropLastQuestionFromContext(entries: readonly ChatEntry[]): ChatEntry[] {
  const last = entries.findLastIndex((e) => e.sender === 'user');
  return entries.map((e, i) => (i === last ? { ...e, isContext: false } : e));
}

export function answerReceived(conversation: Conversation, answer: AssistantAnswer, id: string): Conversation {
  const counted = answer.counted === undefined ? {} : { counted: answer.counted };
  if (answer.failed) {
    return {
      isWaiting: false,
      remaining: answer.remaining,
      entries: [
        ...dropLastQuestionFromContext(conversation.entries),
        {
          id,
          sender: 'ai',
          text: answer.reply.trim(),
          kind: 'failure',
          answeredBy: answer.answeredBy,
          isContext: false,
          ...counted,
        },
      ],
    };
  }
  const references = answer.references?.length ? { references: answer.references } : {};
  return {
    isWaiting: false,
    remaining: answer.remaining,
    entries: [
      ...conversation.entries,
      {
        id,
        sender: 'ai',
        text: answer.reply,
        kind: 'answer',
        answeredBy: answer.answeredBy,
        isContext: true,
        ...references,
        ...counted,
      },
    ],
  };
}

/**
 * The questions left as read from the database when the panel opens. `basedOn` is the conversation
 * the read started from: if a question was asked or answered since, the function's own figure is
 * newer and wins.
 */
export function questionsLeftRead(conversation: Conversation, basedOn: Conversation, remaining: number | null) {
  if (conversation.isWaiting || conversation.entries !== basedOn.entries || basedOn.isWaiting) return conversation;
  return conversation.remaining === remaining ? conversation : { ...conversation, remaining };
}

export function questionFailed(conversation: Conversation, failure: AssistantFailure, id: string): Conversation {
  const isQuota = failure.code === QUOTA_EXCEEDED;
  const panelReason = isQuota ? undefined : PANEL_REASONS.get(failure.code);
  return {
    isWaiting: false,
    remaining: isQuota ? 0 : conversation.remaining,
    entries: [
      ...dropLastQuestionFromContext(conversation.entries),
      {
        id,
        sender: 'ai',
        text: panelReason ? '' : failure.message.trim(),
        kind: isQuota ? 'quota' : 'failure',
        isContext: false,
        ...(panelReason && { panelReason }),
      },
    ],
  };
}

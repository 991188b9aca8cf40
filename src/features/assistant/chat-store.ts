/**
 * The conversations of this browser visit, one per company, kept outside React so closing the panel
 * (which unmounts it) loses nothing, and an answer that arrives after the panel closed still lands.
 * Mirrored to sessionStorage so a reload keeps them too; the tab's end clears them, and a waiting
 * state is never restored (the request died with the page).
 */
import { type ChatEntry, type Conversation, EMPTY_CONVERSATION } from './chat-conversation.ts';
import { readReferences } from './reply-references.ts';

const STORAGE_PREFIX = 'carecover-assistant:';

type Listener = () => void;

const conversations = new Map<string, Conversation>();
const listeners = new Map<string, Set<Listener>>();

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // Storage can be blocked by the browser's privacy settings.
  }
}

function isEntry(value: unknown): value is ChatEntry {
  const e = value as Partial<ChatEntry> | null;
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.id === 'string' &&
    (e.sender === 'user' || e.sender === 'ai') &&
    typeof e.text === 'string' &&
    typeof e.kind === 'string' &&
    typeof e.isContext === 'boolean'
  );
}

/** A stored entry with its optional parts checked: a malformed link list or reason is dropped, not rendered. */
function restoreEntry(entry: ChatEntry): ChatEntry {
  const { references, counted, panelReason, ...rest } = entry;
  const links = readReferences(references);
  return {
    ...rest,
    ...(links.length > 0 && { references: links }),
    ...(typeof counted === 'boolean' && { counted }),
    ...((panelReason === 'network' || panelReason === 'generic') && { panelReason }),
  };
}

function restore(companyId: string): Conversation {
  try {
    const raw = storage()?.getItem(STORAGE_PREFIX + companyId);
    if (!raw) return EMPTY_CONVERSATION;
    const saved = JSON.parse(raw) as { entries?: unknown; remaining?: unknown };
    const entries = Array.isArray(saved.entries) ? saved.entries.filter(isEntry).map(restoreEntry) : [];
    const remaining = typeof saved.remaining === 'number' ? saved.remaining : null;
    return { entries, remaining, isWaiting: false };
  } catch {
    return EMPTY_CONVERSATION;
  }
}

function persist(companyId: string, conversation: Conversation): void {
  try {
    const { entries, remaining } = conversation;
    storage()?.setItem(STORAGE_PREFIX + companyId, JSON.stringify({ entries, remaining }));
  } catch {
    // Full or blocked storage: the conversation still lives for this page.
  }
}

export function getConversation(companyId: string): Conversation {
  let conversation = conversations.get(companyId);
  if (!conversation) {
    conversation = restore(companyId);
    conversations.set(companyId, conversation);
  }
  return conversation;
}

export function updateConversation(companyId: string, change: (current: Conversation) => Conversation): void {
  const next = change(getConversation(companyId));
  conversations.set(companyId, next);
  persist(companyId, next);
  for (const listener of listeners.get(companyId) ?? []) listener();
}

export function subscribeConversation(companyId: string, listener: Listener): () => void {
  let set = listeners.get(companyId);
  if (!set) listeners.set(companyId, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

let lastId = 0;
/** Keys for the rendered list; unique within the visit. */
export function nextEntryId(): string {
  lastId += 1;
  return `${Date.now().toString(36)}-${lastId}`;
}

import { describe, expect, it, vi } from 'vitest';
import { askQuestion } from './chat-conversation.ts';
import { getConversation, nextEntryId, subscribeConversation, updateConversation } from './chat-store.ts';

describe('chat store', () => {
  it('keeps each company its own conversation and tells only its listeners', () => {
    const a = vi.fn();
    const b = vi.fn();
    const stopA = subscribeConversation('company-a', a);
    subscribeConversation('company-b', b);
    updateConversation('company-a', (c) => askQuestion(c, 'hello', nextEntryId()));
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).not.toHaveBeenCalled();
    expect(getConversation('company-a').entries).toHaveLength(1);
    expect(getConversation('company-b').entries).toHaveLength(0);
    stopA();
    updateConversation('company-a', (c) => c);
    expect(a).toHaveBeenCalledTimes(1);
  });

  it('returns the same snapshot until it changes (useSyncExternalStore needs that)', () => {
    expect(getConversation('company-c')).toBe(getConversation('company-c'));
  });

  it('hands out distinct ids', () => {
    expect(nextEntryId()).not.toBe(nextEntryId());
  });
});

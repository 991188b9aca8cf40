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

  it('restores a saved conversation with its links and failure reasons, dropping malformed ones', async () => {
    const saved = {
      remaining: 4,
      entries: [
        {
          id: 'a1',
          sender: 'ai',
          text: 'Ann Lee',
          kind: 'answer',
          isContext: true,
          counted: true,
          references: [{ kind: 'staff', id: 's1', label: 'Ann Lee' }, { kind: 'planet' }],
        },
        { id: 'a2', sender: 'ai', text: 'x', kind: 'answer', isContext: true, references: 'nope', counted: 'yes' },
        { id: 'e1', sender: 'ai', text: '', kind: 'failure', isContext: false, panelReason: 'network' },
        { id: 'e2', sender: 'ai', text: '', kind: 'failure', isContext: false, panelReason: 'meteor' },
      ],
    };
    const store = new Map([['carecover-assistant:company-r', JSON.stringify(saved)]]);
    vi.stubGlobal('sessionStorage', { getItem: (key: string) => store.get(key) ?? null, setItem: () => undefined });
    vi.resetModules();
    try {
      const { getConversation: fresh } = await import('./chat-store.ts');
      const restored = fresh('company-r');
      expect(restored.remaining).toBe(4);
      expect(restored.entries[0]).toMatchObject({
        counted: true,
        references: [{ kind: 'staff', id: 's1', label: 'Ann Lee' }],
      });
      expect(restored.entries[1]).not.toHaveProperty('references');
      expect(restored.entries[1]).not.toHaveProperty('counted');
      expect(restored.entries[2]).toMatchObject({ kind: 'failure', panelReason: 'network' });
      expect(restored.entries[3]).not.toHaveProperty('panelReason');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

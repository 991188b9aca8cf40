import { describe, expect, it } from 'vitest';
import { clearDraft, draftKey, draftToRestore, loadDraft, saveDraft, type DraftStorage } from './shift-draft.ts';
import { EMPTY_SHIFT_CALL, type ShiftCallValues } from './shift-call-values.ts';

function memoryStorage(initial: Record<string, string> = {}): DraftStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const draft: ShiftCallValues = { ...EMPTY_SHIFT_CALL, staffType: 'Registered Nurse', city: 'Ottawa' };

describe('shift call draft', () => {
  it('saves under a key per company and loads it back', () => {
    const storage = memoryStorage();
    saveDraft(storage, 'c1', draft);
    expect([...storage.data.keys()]).toEqual(['carecover-shift-call-draft:c1']);
    expect(loadDraft(storage, 'c1')).toEqual(draft);
    expect(loadDraft(storage, 'c2')).toBeNull();
  });

  it('an empty form removes the draft', () => {
    const storage = memoryStorage();
    saveDraft(storage, 'c1', draft);
    saveDraft(storage, 'c1', EMPTY_SHIFT_CALL);
    expect(storage.data.size).toBe(0);
  });

  it('clears', () => {
    const storage = memoryStorage();
    saveDraft(storage, 'c1', draft);
    clearDraft(storage, 'c1');
    expect(loadDraft(storage, 'c1')).toBeNull();
  });

  it('is restored only into an empty form', () => {
    const storage = memoryStorage();
    saveDraft(storage, 'c1', draft);
    expect(draftToRestore(storage, 'c1', EMPTY_SHIFT_CALL)).toEqual(draft);
    expect(draftToRestore(storage, 'c1', { ...EMPTY_SHIFT_CALL, skill: 'Companionship' })).toBeNull();
  });

  it('ignores unreadable drafts and unknown or non-text fields', () => {
    expect(loadDraft(memoryStorage({ [draftKey('c1')]: '{not json' }), 'c1')).toBeNull();
    expect(loadDraft(memoryStorage({ [draftKey('c1')]: '[1,2]' }), 'c1')).toBeNull();
    expect(loadDraft(memoryStorage({ [draftKey('c1')]: '{"city":3,"evil":"x"}' }), 'c1')).toBeNull();
    expect(loadDraft(memoryStorage({ [draftKey('c1')]: '{"city":"Ottawa","evil":"x"}' }), 'c1')).toEqual({
      ...EMPTY_SHIFT_CALL,
      city: 'Ottawa',
    });
  });

  it('survives a storage that throws', () => {
    const broken: DraftStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => saveDraft(broken, 'c1', draft)).not.toThrow();
    expect(() => clearDraft(broken, 'c1')).not.toThrow();
    expect(loadDraft(broken, 'c1')).toBeNull();
  });
});

/**
 * The Shift Call draft (SPEC §4): kept in local storage under one key per company, so a second
 * agency signing in on the same browser never sees another's client address. Pure functions over
 * a storage interface; the hook adds the 200 ms debounce.
 */
import { EMPTY_SHIFT_CALL, isShiftCallEmpty, SHIFT_CALL_FIELDS, type ShiftCallValues } from './shift-call-values.ts';

export const DRAFT_SAVE_DELAY_MS = 200;
export const DRAFT_KEY_PREFIX = 'carecover-shift-call-draft';

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function draftKey(companyId: string): string {
  return `${DRAFT_KEY_PREFIX}:${companyId}`;
}

/** Saves the values; an empty form removes the draft instead. Storage failures (quota, private mode) are ignored. */
export function saveDraft(storage: DraftStorage, companyId: string, values: ShiftCallValues): void {
  try {
    if (isShiftCallEmpty(values)) storage.removeItem(draftKey(companyId));
    else storage.setItem(draftKey(companyId), JSON.stringify(values));
  } catch {
    // A draft is a convenience; the form keeps working without one.
  }
}

/** The saved draft, or null when there is none or it is unreadable. Unknown fields are dropped. */
export function loadDraft(storage: DraftStorage, companyId: string): ShiftCallValues | null {
  let parsed: unknown;
  try {
    const text = storage.getItem(draftKey(companyId));
    if (text == null) return null;
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const record = parsed as Record<string, unknown>;
  const values: ShiftCallValues = { ...EMPTY_SHIFT_CALL };
  for (const field of SHIFT_CALL_FIELDS) {
    const value = record[field];
    if (typeof value === 'string') values[field] = value;
  }
  return isShiftCallEmpty(values) ? null : values;
}

export function clearDraft(storage: DraftStorage, companyId: string): void {
  try {
    storage.removeItem(draftKey(companyId));
  } catch {
    // Nothing to clear if storage is unavailable.
  }
}

/** The draft to show on load: only when the form is still empty (SPEC §4). */
export function draftToRestore(
  storage: DraftStorage,
  companyId: string,
  current: ShiftCallValues,
): ShiftCallValues | null {
  return isShiftCallEmpty(current) ? loadDraft(storage, companyId) : null;
}

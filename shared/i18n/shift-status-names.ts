import type { SharedKey } from './keys.ts';

/**
 * SPEC §4's four statuses, named in the person's language (glossary: En attente, Attribué, En cours,
 * Terminé). The database and the code keep the English value; both apps name it through this.
 */
export const SHIFT_STATUS_NAME_KEYS = {
  Pending: 'shiftStatus.pending',
  Assigned: 'shiftStatus.assigned',
  'In-progress': 'shiftStatus.inProgress',
  Completed: 'shiftStatus.completed',
} as const satisfies Record<string, SharedKey>;

export type NamedShiftStatus = keyof typeof SHIFT_STATUS_NAME_KEYS;

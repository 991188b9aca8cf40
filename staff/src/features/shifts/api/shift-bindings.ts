/**
 * What the staff app listens to on public.shifts. RLS alone would do (a worker only ever sees
 * their agencies' shifts), but Realtime checks RLS for every subscriber and every change: without a
 * filter each worker's subscription costs a policy check on every shift of every agency. Filtered by
 * the worker's agencies, a change is checked only for the workers it can concern. Deletes carry
 * only the primary key, so no filter can match them: they are listened to unfiltered (they are not
 * RLS-checked either; an unknown id is ignored).
 */
export interface ShiftBinding {
  event: 'INSERT' | 'UPDATE' | 'DELETE' | '*';
  filter?: string;
}

/** Realtime's `in` filter takes at most this many values. */
export const MAX_FILTER_VALUES = 100;

export function shiftBindings(companyIds: readonly string[]): ShiftBinding[] {
  // So many agencies that one filter cannot name them: RLS alone decides, as before.
  if (companyIds.length > MAX_FILTER_VALUES) return [{ event: '*' }];
  if (companyIds.length === 0) return [{ event: 'DELETE' }];
  const filter = `company_id=in.(${[...companyIds].sort().join(',')})`;
  return [{ event: 'INSERT', filter }, { event: 'UPDATE', filter }, { event: 'DELETE' }];
}

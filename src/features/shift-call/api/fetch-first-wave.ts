import { loadSupabase } from '@shared/lib/supabase.ts';

export interface FirstWave {
  /** Staff members the post's first wave notified. */
  notified: number;
  /** When the next wave goes out if nobody has accepted (best matches), else null. */
  nextWaveAt: string | null;
}

/** What the database did with a post: whom its first wave reached and when the next is due. */
export async function fetchFirstWave(shiftId: string): Promise<FirstWave> {
  const supabase = await loadSupabase();
  const [wave, shift] = await Promise.all([
    supabase.from('shift_waves').select('notified').eq('shift_id', shiftId).eq('wave', 1).maybeSingle(),
    supabase.from('shifts').select('next_wave_at').eq('id', shiftId).maybeSingle(),
  ]);
  if (wave.error) throw wave.error;
  if (shift.error) throw shift.error;
  return { notified: wave.data?.notified ?? 0, nextWaveAt: shift.data?.next_wave_at ?? null };
}

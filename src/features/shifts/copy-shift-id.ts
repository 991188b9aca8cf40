import { showError, showSuccess } from '@shared/lib/toast.ts';

import type { ShiftText } from './shift-text.ts';

/** Copy ShiftID (SPEC §7 clipboard write) with the catalogue's two outcomes. */
export async function copyShiftId(shiftId: string, text: Pick<ShiftText, 't'>): Promise<void> {
  try {
    await navigator.clipboard.writeText(shiftId);
    showSuccess(text.t('shifts.copy.success'));
  } catch {
    showError(text.t('shifts.copy.failure'));
  }
}

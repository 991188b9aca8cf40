import { showError, showSuccess } from '@shared/lib/toast.ts';

/** Copy ShiftID (SPEC §7 clipboard write) with the catalogue's two outcomes. */
export async function copyShiftId(shiftId: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(shiftId);
    showSuccess('Shift ID successfully copied');
  } catch {
    showError('Failed to copy Shift ID');
  }
}

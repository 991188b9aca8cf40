import type { Translate } from '@shared/i18n/use-t.ts';
import type { StaffKey } from '../../i18n/catalogues.ts';
import { REASON_FOR_WORKER } from './accept-refusal.ts';
import type { ShiftAvailability } from './api/fetch-shift-availability.ts';

/** One of the database's reasons, in the worker's words: the ones that name the shift's type or skill say it. */
export function reasonText(
  code: string,
  availability: Extract<ShiftAvailability, { kind: 'not-eligible' }>,
  t: Translate<StaffKey>,
  roleName: (value: string) => string,
): string {
  switch (code) {
    case 'staff_type':
      return t('dbError.staffType', { staffType: roleName(availability.staffType) });
    case 'skill':
      return t('dbError.skill', { skill: roleName(availability.skill).toLocaleLowerCase() });
    case 'credential':
      return t('dbError.credential');
    case 'over_hours':
      return t('dbError.overHours');
    default:
      return t(REASON_FOR_WORKER[code] ?? 'staff.shift.reason.other');
  }
}

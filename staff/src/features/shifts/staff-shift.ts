import type { Tables } from '@shared/types/database.types.ts';

export type ShiftStatus = 'Pending' | 'Assigned' | 'In-progress' | 'Completed';

/** A shift as the worker sees it, with the agency that posted it. */
export interface StaffShift {
  id: string;
  companyId: string;
  /** Null once the worker no longer works for the agency (the card says "Former agency"). */
  agencyName: string | null;
  timeZone: string | undefined;
  staffType: string;
  skill: string;
  address: string;
  notes: string | null;
  startsAt: string;
  endsAt: string;
  latitude: number | null;
  longitude: number | null;
  status: ShiftStatus;
  isMine: boolean;
  clockedInAt: string | null;
  clockedOutAt: string | null;
  /** The hours as the database wrote them ('7 hrs 58 mins'), and in minutes for other languages. */
  timeDone: string | null;
  timeDoneMinutes: number | null;
}

export type ShiftRecord = Tables<'shifts'>;

/** The same rule as the database's shift_status (a Realtime row carries no status column). */
export function shiftStatus(row: Pick<ShiftRecord, 'accepted_at' | 'clocked_in_at' | 'clocked_out_at'>): ShiftStatus {
  if (row.clocked_out_at) return 'Completed';
  if (row.clocked_in_at) return 'In-progress';
  if (row.accepted_at) return 'Assigned';
  return 'Pending';
}

export function shiftAddress(
  row: Pick<ShiftRecord, 'street_number' | 'street_name' | 'city' | 'province' | 'postal_code'>,
): string {
  return `${row.street_number} ${row.street_name}, ${row.city}, ${row.province} ${row.postal_code}`.trim();
}

export interface AgencyInfo {
  name: string;
  timeZone: string;
}

export function toStaffShift(row: ShiftRecord, userId: string, agencies: ReadonlyMap<string, AgencyInfo>): StaffShift {
  const agency = agencies.get(row.company_id);
  return {
    id: row.id,
    companyId: row.company_id,
    agencyName: agency?.name ?? null,
    timeZone: agency?.timeZone,
    staffType: row.staff_type,
    skill: row.skill,
    address: shiftAddress(row),
    notes: row.notes,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    latitude: row.latitude,
    longitude: row.longitude,
    status: shiftStatus(row),
    isMine: row.accepted_by === userId,
    clockedInAt: row.clocked_in_at,
    clockedOutAt: row.clocked_out_at,
    timeDone: row.time_done,
    timeDoneMinutes: row.time_done_minutes,
  };
}

/** Open shifts a worker may still take: nobody accepted them and they have not ended. */
export function isOpen(shift: StaffShift, now: number): boolean {
  return shift.status === 'Pending' && Date.parse(shift.endsAt) > now;
}

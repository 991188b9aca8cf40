/** What the Shift Call form holds. Start and end are wall-clock times in the company's time zone. */
export interface ShiftCallValues {
  staffType: string;
  skill: string;
  /** 'YYYY-MM-DD HH:mm:ss' in the company's time zone, or ''. */
  startsAt: string;
  endsAt: string;
  streetNumber: string;
  streetName: string;
  city: string;
  province: string;
  country: string;
  postalCode: string;
  notes: string;
}

export type ShiftCallField = keyof ShiftCallValues;

export const SHIFT_CALL_FIELDS: readonly ShiftCallField[] = [
  'staffType',
  'skill',
  'startsAt',
  'endsAt',
  'streetNumber',
  'streetName',
  'city',
  'province',
  'country',
  'postalCode',
  'notes',
];

export const EMPTY_SHIFT_CALL: ShiftCallValues = {
  staffType: '',
  skill: '',
  startsAt: '',
  endsAt: '',
  streetNumber: '',
  streetName: '',
  city: '',
  province: '',
  country: '',
  postalCode: '',
  notes: '',
};

export function isShiftCallEmpty(values: ShiftCallValues): boolean {
  return SHIFT_CALL_FIELDS.every((field) => values[field].trim() === '');
}

// The data the assistant answers from, as the caller's own JWT lets the function read it (RLS), and
// the chat messages of SPEC §3. Plain types with no runtime imports, so the benchmark (Node) can
// use the prompt builder too.

/** SPEC §3's chat message. */
export interface ChatMessage {
  sender: 'user' | 'ai';
  text: string;
}

export type ShiftStatus = 'Pending' | 'Assigned' | 'In-progress' | 'Completed';

/** A row of public.shifts_with_status (the columns the assistant uses; others pass through). */
export interface ShiftRecord {
  id: string;
  company_id?: string;
  staff_type: string;
  skill: string;
  street_number: string;
  street_name: string;
  city: string;
  province: string;
  country: string;
  postal_code: string;
  notes?: string | null;
  starts_at: string;
  ends_at: string;
  created_at: string;
  accepted_by?: string | null;
  accepted_at?: string | null;
  clocked_in_at?: string | null;
  clocked_out_at?: string | null;
  time_done?: string | null;
  status: ShiftStatus | string;
  duration_minutes?: number | null;
  [column: string]: unknown;
}

/** An employed staff member after redaction (no push token, no employment time). */
export interface StaffRecord {
  id: string;
  first_name: string;
  last_name: string;
  email?: string | null;
  phone?: string | null;
  on_shift?: boolean | null;
  [column: string]: unknown;
}

/** The caller's company row after redaction. */
export interface CompanyRecord {
  id?: string;
  company_name?: string | null;
  time_zone?: string | null;
  premium?: boolean | null;
  [column: string]: unknown;
}

/** What the model or the built-in assistant may see: already redacted. */
export interface AgencyData {
  company: CompanyRecord;
  staff: StaffRecord[];
  shifts: ShiftRecord[];
}

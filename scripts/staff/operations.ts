/**
 * What the staff mobile app does, as plain functions over a worker's own session. The CLI
 * (`npm run staff`) and browser tests both call these; every refusal is a StaffError carrying the
 * database's (or auth's) own sentence.
 */
import type { Database } from '@shared/types/database.types.ts';
import { staffClient, StaffError, type StaffCredentials, type StaffOptions, type StaffSession } from './session.ts';

export { DEMO_STAFF, logIn, openSession, StaffError } from './session.ts';
export type { StaffCredentials, StaffOptions, StaffSession } from './session.ts';

type Shift = Database['public']['Functions']['accept_shift']['Returns'];
type ShiftWithStatus = Database['public']['Views']['shifts_with_status']['Row'];
type Notification = Database['public']['Tables']['notifications']['Row'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function fail(error: { message: string } | null): void {
  if (error) throw new StaffError(error.message);
}

export interface StaffSignUp extends StaffCredentials {
  firstName: string;
  lastName: string;
  phone: string;
  companyCode?: string;
}

export interface Employer {
  companyId: string;
  companyName: string;
  addedAt: string;
}

/**
 * Creates a worker account the way the mobile app does (sign-up metadata `account_type: 'staff'`).
 * With a company code, the database employs the worker in the same transaction; when it could not
 * (unknown code, full free plan) join_company is asked again so its sentence reaches the caller.
 * Both count as join attempts, so a correct code is not asked twice.
 */
export async function signUpStaff(
  input: StaffSignUp,
  options: StaffOptions = {},
): Promise<StaffSession & { employer: Employer | null }> {
  const client = staffClient(input.email, options);
  const companyCode = input.companyCode?.trim() || undefined;
  const { data, error } = await client.auth.signUp({
    email: input.email,
    password: input.password,
    options: {
      data: {
        account_type: 'staff',
        first_name: input.firstName,
        last_name: input.lastName,
        phone: input.phone,
        ...(companyCode ? { company_code: companyCode } : {}),
      },
    },
  });
  fail(error);
  if (!data.user || !data.session) throw new StaffError('Sign-up did not return a session (is email confirmation on?)');
  const session: StaffSession = { client, userId: data.user.id, email: data.user.email ?? input.email };
  if (!companyCode) return { ...session, employer: null };
  // A new account has no other employer than the one its sign-up code joined.
  const [joined] = await myEmployers(session);
  return { ...session, employer: joined ?? (await joinCompany(session, companyCode)) };
}

export async function myEmployers(session: StaffSession): Promise<Employer[]> {
  const employers = await readEmployers(session);
  remember(session, employers);
  return employers;
}

async function readEmployers(session: StaffSession): Promise<Employer[]> {
  const { data, error } = await session.client.rpc('my_employers');
  fail(error);
  return (data ?? []).map((e) => ({ companyId: e.company_id, companyName: e.company_name, addedAt: e.added_at }));
}

/**
 * The employers' names as last read, per client, kept the way the app keeps its agencies list
 * (staff/src/features/agencies/hooks/use-agencies.ts): a home list does not ask for them again,
 * unless they are older than the app's refresh or a shift names an agency they did not cover.
 * `known` holds the agencies they answered for, employers or not (a former employer stays known).
 */
interface EmployerNames {
  userId: string;
  at: number;
  names: Map<string, string>;
  known: Set<string>;
}
const employerNamesRead = new WeakMap<StaffSession['client'], EmployerNames>();
const EMPLOYER_NAMES_MAX_AGE_MS = 120_000;

function remember(session: StaffSession, employers: Employer[]): EmployerNames {
  const names = new Map(employers.map((e) => [e.companyId, e.companyName]));
  const read = { userId: session.userId, at: Date.now(), names, known: new Set(names.keys()) };
  employerNamesRead.set(session.client, read);
  return read;
}

async function employerNames(session: StaffSession, companyIds: string[]): Promise<Map<string, string>> {
  const kept = employerNamesRead.get(session.client);
  if (
    kept?.userId === session.userId &&
    Date.now() - kept.at < EMPLOYER_NAMES_MAX_AGE_MS &&
    companyIds.every((id) => kept.known.has(id))
  )
    return kept.names;
  const read = remember(session, await readEmployers(session));
  for (const id of companyIds) read.known.add(id);
  return read.names;
}

/**
 * Joins the company with this code (joining twice is a no-op) and returns it. The database answers
 * an unknown code with null rather than an error, so that the failed attempt stays logged for its
 * limit; after 10 wrong codes in an hour it refuses with its own sentence (SQLSTATE PT429).
 */
export async function joinCompany(session: StaffSession, code: string): Promise<Employer> {
  const { data, error } = await session.client.rpc('join_company', { code });
  fail(error);
  if (data === null) throw new StaffError('No company found with that code');
  const employer = (await myEmployers(session)).find((e) => e.companyId === data);
  if (!employer) throw new StaffError('Joined, but the company is not among your employers');
  return employer;
}

/** Leaves an employer, given its id or its exact name (case-insensitive). */
export async function leaveCompany(session: StaffSession, company: string): Promise<Employer> {
  const employers = await myEmployers(session);
  const wanted = company.trim().toLowerCase();
  const employer = employers.find((e) => e.companyId === wanted || e.companyName.toLowerCase() === wanted);
  // An id that is not among the employers still goes to the database, which says why it refuses.
  const companyId = employer?.companyId ?? (UUID.test(wanted) ? wanted : null);
  if (!companyId) throw new StaffError('You do not work for this company');
  const { error } = await session.client.rpc('leave_company', { company_id: companyId });
  fail(error);
  employerNamesRead.delete(session.client);
  return employer ?? { companyId, companyName: companyId, addedAt: '' };
}

export interface StaffShift extends ShiftWithStatus {
  companyName: string;
  isMine: boolean;
}

/**
 * The app's home list, asked as the app asks it (staff/src/features/shifts/api/fetch-shifts.ts), in
 * one request (my_shift_board): the open shifts the worker may take (their agencies' shifts not
 * accepted nor ended, offered to them and passing accept_shift's rules, soonest first), then the
 * shifts the worker accepted (newest first), with the employers' names as the app has them
 * (employerNames).
 */
export async function listShifts(session: StaffSession, limit = 100): Promise<StaffShift[]> {
  const { data, error } = await session.client.rpc('my_shift_board', { p_limit: limit });
  fail(error);
  const shifts: ShiftWithStatus[] = data ?? [];
  const names = await employerNames(session, [...new Set(shifts.map((shift) => shift.company_id ?? ''))]);
  return shifts.map((shift) => ({
    ...shift,
    companyName: names.get(shift.company_id ?? '') ?? 'Former employer',
    isMine: shift.accepted_by === session.userId,
  }));
}

/** First come wins: a second worker gets the database's "already accepted" sentence. */
export async function acceptShift(session: StaffSession, shiftId: string): Promise<Shift> {
  const { data, error } = await session.client.rpc('accept_shift', { shift_id: shiftId.trim() });
  fail(error);
  if (!data) throw new StaffError('Shift not found');
  return data;
}

/** Where the phone says the worker is, and why when that is missing or far from the shift. */
export interface ClockInPlace {
  latitude?: number;
  longitude?: number;
  reason?: string;
}

/**
 * Clocks in from 30 minutes before the start. The database measures the distance to the shift and
 * asks for a reason without a position or beyond clock_in_radius_m(); its sentences come back as is.
 */
export async function clockIn(session: StaffSession, shiftId: string, place: ClockInPlace = {}): Promise<Shift> {
  const { data, error } = await session.client.rpc('clock_in', {
    shift_id: shiftId.trim(),
    // Left out rather than sent as null, so the function's defaults apply.
    ...(place.latitude !== undefined ? { latitude: place.latitude } : {}),
    ...(place.longitude !== undefined ? { longitude: place.longitude } : {}),
    ...(place.reason !== undefined ? { reason: place.reason } : {}),
  });
  fail(error);
  if (!data) throw new StaffError('Shift not found');
  return data;
}

/** Without a time done the database writes the clocked span ('7 hrs 58 mins'). */
export async function clockOut(session: StaffSession, shiftId: string, timeDone?: string): Promise<Shift> {
  const { data, error } = await session.client.rpc('clock_out', {
    shift_id: shiftId.trim(),
    ...(timeDone !== undefined ? { time_done: timeDone } : {}),
  });
  fail(error);
  if (!data) throw new StaffError('Shift not found');
  return data;
}

export async function listNotifications(session: StaffSession, limit = 20): Promise<Notification[]> {
  const { data, error } = await session.client
    .from('notifications')
    .select('*')
    .order('created_at', { ascending: false })
    .limit(limit);
  fail(error);
  return data ?? [];
}

/** Marks every notification read; returns how many were unread. */
export async function markNotificationsRead(session: StaffSession): Promise<number> {
  const { data, error } = await session.client.rpc('mark_notifications_read');
  fail(error);
  return data ?? 0;
}

/** Stores the device's push token on the worker's own profile (what sendnotification reads). */
export async function setPushToken(session: StaffSession, token: string): Promise<void> {
  const { data, error } = await session.client
    .from('staff')
    .update({ push_token: token.trim() || null })
    .eq('id', session.userId)
    .select('id');
  fail(error);
  if (!data || data.length !== 1) throw new StaffError('Only staff accounts have a push token');
}

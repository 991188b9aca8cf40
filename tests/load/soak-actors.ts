/**
 * What each soak client does until the deadline, with a short random pause between steps:
 * - an agency reads its shift list and staff list (as the dashboard does, in parallel), posts a
 *   shift the way Shift Call does (geocode function → insert → sendnotification function) while
 *   it has fewer than a few open ones, and clocks a worker out of an in-progress shift;
 * - a worker reads its home list (scripts/staff: open shifts and its own, with the employers' names
 *   kept as the app keeps them), clocks in to the shift it accepted, sometimes clocks out of the
 *   one in progress (else the agency does), and otherwise accepts the open shift that starts first. The workers of every fourth agency never
 *   clock out (they forget, as real ones do), so the agency's Clock Staff Out is sure to be called
 *   however slowly the machine runs. Every worker of a company aims at the same
 *   shift, so acceptances race and exactly one wins.
 * Every call is counted by kind; a refusal is "expected" only when the rules make it the right
 * answer to a race or to the plan (listed in EXPECTED), anything else is an unexpected error.
 */
import { FunctionsHttpError } from '@supabase/supabase-js';
import { acceptShift, clockIn, clockOut, listShifts, type StaffSession } from '../../scripts/staff/operations.ts';
import type { Client, SoakCompany } from './soak-accounts.ts';

export type OpKind =
  | 'read_shifts'
  | 'read_staff'
  | 'geocode'
  | 'post_shift'
  | 'notify'
  | 'clock_staff_out'
  | 'list_home'
  | 'accept'
  | 'clock_in'
  | 'clock_out';

export const PLAN_LIMIT = 'Free plan limit reached: upgrade to Premium to post more than 10 shifts';
const TAKEN = 'This shift has already been accepted by another staff member';
const ALREADY_OUT = 'Staff already clocked out';

/** The refusals that are the right answer to a race or to the plan; `free` is the company's plan. */
const EXPECTED: Partial<Record<OpKind, (message: string, free: boolean) => boolean>> = {
  post_shift: (message, free) => free && message === PLAN_LIMIT,
  accept: (message) => message === TAKEN,
  clock_out: (message) => message === ALREADY_OUT,
  clock_staff_out: (message) => message === ALREADY_OUT,
};

export interface OpStat {
  ok: number;
  refused: number;
  failed: number;
  latenciesMs: number[];
}

export interface UnexpectedError {
  kind: OpKind | 'realtime';
  who: string;
  message: string;
}

export class Ops {
  readonly stats = new Map<OpKind, OpStat>();
  readonly unexpected: UnexpectedError[] = [];
  /** Plan-limit refusals per company index. */
  readonly planRefusals = new Map<number, number>();

  private stat(kind: OpKind): OpStat {
    let stat = this.stats.get(kind);
    if (!stat) {
      stat = { ok: 0, refused: 0, failed: 0, latenciesMs: [] };
      this.stats.set(kind, stat);
    }
    return stat;
  }

  /** Runs one call; answers its result, or undefined when it was refused or failed. */
  async run<T>(
    kind: OpKind,
    who: string,
    free: boolean,
    call: () => Promise<T>,
    onRefused?: () => void,
  ): Promise<T | undefined> {
    const stat = this.stat(kind);
    const t0 = performance.now();
    try {
      const result = await call();
      stat.latenciesMs.push(performance.now() - t0);
      stat.ok += 1;
      return result;
    } catch (error) {
      stat.latenciesMs.push(performance.now() - t0);
      const message = await describe(error);
      if (EXPECTED[kind]?.(message, free)) {
        stat.refused += 1;
        onRefused?.();
      } else {
        stat.failed += 1;
        this.unexpected.push({ kind, who, message });
      }
      return undefined;
    }
  }

  realtimeProblem(who: string, message: string): void {
    this.unexpected.push({ kind: 'realtime', who, message });
  }
}

/** The server's own sentence: PostgREST/RPC messages as they are, function errors with their body. */
async function describe(error: unknown): Promise<string> {
  if (error instanceof FunctionsHttpError) {
    const res = error.context as Response;
    const body = await res.text().catch(() => '');
    return `HTTP ${res.status} ${body}`.trim();
  }
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object' && 'message' in error) return String((error as { message: unknown }).message);
  return String(error);
}

/** Throws PostgREST's error object so Ops records its message. */
function must<T>(result: { data: T; error: { message: string } | null }): T {
  if (result.error) throw result.error;
  return result.data;
}

export interface ActorContext {
  ops: Ops;
  deadline: number;
  thinkMs: readonly [number, number];
  /** An agency posts while it has fewer open (Pending) shifts than this. */
  maxPending: number;
}

const pause = (ctx: ActorContext): Promise<void> => {
  const [min, max] = ctx.thinkMs;
  return new Promise((resolve) => setTimeout(resolve, min + Math.random() * (max - min)));
};

const ADDRESS = {
  streetNumber: '100',
  streetName: 'Queen St W',
  city: 'Toronto',
  province: 'ON',
  country: 'Canada',
  postalCode: 'M5H 2N2',
};

interface ListedShift {
  id: string;
  status: string | null;
}

/** Shift Call's post flow; 'refused' when the plan refused it. */
async function postShift(
  ctx: ActorContext,
  client: Client,
  company: SoakCompany,
  who: string,
): Promise<'posted' | 'refused' | 'failed'> {
  const free = !company.premium;
  const place = await ctx.ops.run('geocode', who, free, async () => {
    const { data, error } = await client.functions.invoke<{ lat: number; lng: number }>('geocode', { body: ADDRESS });
    if (error) throw error;
    if (!data) throw new Error('geocode answered no coordinates');
    return data;
  });
  if (!place) return 'failed';
  // Starts 5 to 25 minutes ahead: inside clock-in's 30-minute window, and (8 hours long) far from
  // ending, so no acceptance is refused for a shift that has ended.
  const startsAt = Date.now() + 300_000 + Math.floor(Math.random() * 1_200_000);
  let refused = false;
  const posted = await ctx.ops.run(
    'post_shift',
    who,
    free,
    async () =>
      must(
        await client
          .from('shifts')
          .insert({
            staff_type: 'Personal Support Worker',
            skill: 'Dementia care',
            street_number: ADDRESS.streetNumber,
            street_name: ADDRESS.streetName,
            city: ADDRESS.city,
            province: ADDRESS.province,
            country: ADDRESS.country,
            postal_code: ADDRESS.postalCode,
            notes: 'Soak test shift',
            starts_at: new Date(startsAt).toISOString(),
            ends_at: new Date(startsAt + 8 * 3_600_000).toISOString(),
            latitude: place.lat,
            longitude: place.lng,
          })
          .select('id')
          .single(),
      ),
    () => (refused = true),
  );
  if (!posted) return refused ? 'refused' : 'failed';
  await ctx.ops.run('notify', who, free, async () => {
    const { data, error } = await client.functions.invoke<{ sent: number; failed: number }>('sendnotification', {
      body: { companyID: company.id },
    });
    if (error) throw error;
    if (!data || data.failed > 0 || data.sent !== company.staffIds.length) {
      throw new Error(`sendnotification answered ${JSON.stringify(data)} for ${company.staffIds.length} staff`);
    }
  });
  return 'posted';
}

export async function agencyLoop(ctx: ActorContext, client: Client, company: SoakCompany): Promise<void> {
  const who = `company ${company.index}`;
  const free = !company.premium;
  let atLimit = false;
  while (Date.now() < ctx.deadline) {
    await pause(ctx);
    const [shifts] = await Promise.all([
      ctx.ops.run('read_shifts', who, free, async () =>
        must(
          await client
            .from('shifts_with_status')
            .select('id, status, accepted_by, starts_at, ends_at, created_at')
            .eq('company_id', company.id)
            .order('created_at', { ascending: false })
            .order('id', { ascending: false })
            .limit(100),
        ),
      ),
      ctx.ops.run('read_staff', who, free, async () =>
        must(
          await client
            .from('company_staff')
            .select('id, first_name, last_name, email, phone, on_shift, added_at')
            .eq('company_id', company.id)
            .order('added_at', { ascending: false })
            .order('id'),
        ),
      ),
    ]);
    if (!shifts || Date.now() >= ctx.deadline) continue;
    const listed = shifts as ListedShift[];
    const pending = listed.filter((s) => s.status === 'Pending').length;
    const inProgress = listed.filter((s) => s.status === 'In-progress');
    // A free agency at its limit keeps trying now and then, as a user would, and is refused.
    const wantsToPost = atLimit ? Math.random() < 0.2 : pending < ctx.maxPending;
    if (wantsToPost) {
      if ((await postShift(ctx, client, company, who)) === 'refused') {
        atLimit = true;
        ctx.ops.planRefusals.set(company.index, (ctx.ops.planRefusals.get(company.index) ?? 0) + 1);
      }
    }
    // Not an else: an agency that keeps posting still clocks out a worker who forgot.
    if (inProgress.length > 0 && Date.now() < ctx.deadline && Math.random() < 0.5) {
      const shift = inProgress[Math.floor(Math.random() * inProgress.length)] as ListedShift;
      await ctx.ops.run('clock_staff_out', who, free, async () =>
        must(await client.rpc('clock_staff_out', { shift_id: shift.id, time_done: '8 hours' })),
      );
    }
  }
}

/** Whether a worker of the agency with this index clocks out by itself (else only the agency does). */
export const workersClockOut = (companyIndex: number): boolean => companyIndex % 4 !== 0;

export async function workerLoop(
  ctx: ActorContext,
  session: StaffSession,
  label: string,
  clocksOut: boolean,
): Promise<void> {
  while (Date.now() < ctx.deadline) {
    await pause(ctx);
    const shifts = await ctx.ops.run('list_home', label, false, () => listShifts(session));
    if (!shifts || Date.now() >= ctx.deadline) continue;
    const mine = shifts.filter((s) => s.isMine);
    const inProgress = mine.find((s) => s.status === 'In-progress');
    const assigned = mine.find((s) => s.status === 'Assigned');
    if (inProgress) {
      if (clocksOut && Math.random() < 0.5) {
        await ctx.ops.run('clock_out', label, false, () => clockOut(session, inProgress.id as string, '8 hours'));
      }
    } else if (assigned) {
      // At the shift's address, as a phone on site would report it.
      const place =
        assigned.latitude !== null && assigned.longitude !== null
          ? { latitude: assigned.latitude, longitude: assigned.longitude }
          : { reason: 'Soak worker without a position' };
      await ctx.ops.run('clock_in', label, false, () => clockIn(session, assigned.id as string, place));
    } else {
      const open = shifts.find((s) => !s.isMine && s.status === 'Pending');
      if (open) await ctx.ops.run('accept', label, false, () => acceptShift(session, open.id as string));
    }
  }
}

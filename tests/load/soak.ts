/**
 * Load and soak driver for the whole backend, through the gateway of the local stack and nothing
 * else (loopback only): `clients` supabase-js clients, each a signed-in agency or worker of one of
 * `companies` agencies (a share of them on the free plan, close to its limit), loop for `seconds`
 * (see soak-actors.ts) while every client also listens to the shifts table over Realtime.
 * Afterwards it checks, against the database:
 * - no errors except the refusals the rules call for (plan limit, lost acceptance races, a second
 *   clock-out);
 * - every Realtime event owed to each subscriber arrived exactly once, and nothing else did
 *   (realtime-ledger.ts);
 * - every shift, worker and plan counter in a consistent state (consistency.ts);
 * - the gateway's memory flat after warm-up (gateway-memory.ts).
 * Everything it creates is deleted at the end, and every client and socket closed.
 *
 * `npm run soak [-- --clients 200 --companies 50 --seconds 120]` runs it on its own (starting the
 * stack if needed; SOAK_PRINT_RSS=1 also prints every RSS sample); the `load` test project and
 * `bench/soak.ts` call runSoak().
 */
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { shiftBindings } from '../../staff/src/features/shifts/api/shift-bindings.ts';
import { projectRoot } from '../../stack/src/config.ts';
import { superuser } from '../support/clients.ts';
import { isStackUp } from '../support/stack-env.ts';
import { checkConsistency } from './consistency.ts';
import {
  gatewayPid,
  LEAK_BOUNDS,
  leakProblems,
  memoryTrend,
  sampleRss,
  settledMemory,
  type LeakBounds,
  type MemoryTrend,
  type RssSample,
  type SettledMemory,
} from './gateway-memory.ts';
import { compareLedger, stepOf, type LedgerReport, type ReceivedEvent, type Subscriber } from './realtime-ledger.ts';
import {
  agencyLoop,
  Ops,
  workerLoop,
  workersClockOut,
  type ActorContext,
  type OpKind,
  type UnexpectedError,
} from './soak-actors.ts';
import { createAccounts, deleteAccounts, signIn, type Client } from './soak-accounts.ts';

export interface SoakOptions {
  clients: number;
  companies: number;
  seconds: number;
  /** Agencies on the free plan (the rest are premium). */
  freeCompanies: number;
  /** Free shifts already used by each free agency, so the limit is reached within a short run. */
  freeShiftsUsedAtStart: number;
  /** Pause between two steps of one client, uniformly drawn in [min, max]. */
  thinkMs: readonly [number, number];
  maxPending: number;
  sampleEveryMs: number;
  /** Share of the load after which the gateway counts as warmed up (at least 5 s). */
  warmupShare: number;
  leakBounds: LeakBounds;
  /** How long Realtime may take to deliver what is still owed once the load stops. */
  settleMs: number;
  log: (line: string) => void;
}

const MB = 1024 * 1024;

export function soakOptions(overrides: Partial<SoakOptions> = {}): SoakOptions {
  const companies = overrides.companies ?? 50;
  return {
    clients: 200,
    companies,
    seconds: 120,
    freeCompanies: Math.round(companies * 0.3),
    freeShiftsUsedAtStart: 8,
    thinkMs: [100, 300],
    maxPending: 3,
    sampleEveryMs: 1000,
    warmupShare: 0.25,
    leakBounds: LEAK_BOUNDS,
    settleMs: 15_000,
    log: () => undefined,
    ...overrides,
  };
}

export interface OpSummary {
  ok: number;
  refused: number;
  failed: number;
  perSecond: number;
  p95Ms: number;
}

export interface SoakResult {
  options: Omit<SoakOptions, 'log'>;
  loadMs: number;
  ops: Partial<Record<OpKind, OpSummary>>;
  unexpected: UnexpectedError[];
  planRefusals: number;
  shiftsByStatus: Record<string, number>;
  realtime: LedgerReport & { medianMs: number; p95Ms: number };
  consistency: string[];
  memory: {
    samples: RssSample[];
    trend: MemoryTrend | null;
    afterWarmup: SettledMemory | null;
    atEnd: SettledMemory | null;
    problems: string[];
  };
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

async function eachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await task(items[next++] as T);
    }),
  );
}

interface Listener {
  subscriber: Subscriber;
  client: Client;
  channel: RealtimeChannel | null;
}

/** Joins the subscriber's channel on public.shifts; resolves once SUBSCRIBED. */
function listen(listener: Listener, received: ReceivedEvent[], ops: Ops, closing: () => boolean): Promise<void> {
  const { subscriber, client } = listener;
  return new Promise((resolve, reject) => {
    // As the dashboard and the staff app subscribe: an agency to its own shifts, a worker to its
    // agencies' (here one).
    const bindings =
      subscriber.kind === 'company'
        ? [{ event: '*' as const, filter: `company_id=eq.${subscriber.companyId}` }]
        : shiftBindings([subscriber.companyId]);
    let joined = false;
    const channel = client.channel(`soak:${subscriber.label}`);
    listener.channel = channel;
    for (const binding of bindings)
      channel.on('postgres_changes', { schema: 'public', table: 'shifts', ...binding }, (payload) => {
        const row = (payload.eventType === 'DELETE' ? payload.old : payload.new) as {
          id?: string;
          company_id?: string;
        };
        received.push({
          shiftId: row.id ?? '?',
          companyId: row.company_id ?? '?',
          step: stepOf(payload.eventType, payload.new as never),
          eventType: payload.eventType,
          latencyMs: Date.now() - Date.parse(payload.commit_timestamp),
        });
      });
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') {
        joined = true;
        resolve();
      } else if (!joined) {
        reject(new Error(`${subscriber.label} could not subscribe: ${status} ${error?.message ?? ''}`));
      } else if (!closing()) {
        // A channel that drops mid-run misses events even if it rejoins: report it.
        ops.realtimeProblem(subscriber.label, `channel ${status} during the run ${error?.message ?? ''}`.trim());
      }
    });
  });
}

export async function runSoak(overrides: Partial<SoakOptions> = {}): Promise<SoakResult> {
  const options = soakOptions(overrides);
  const { log } = options;
  const workers = options.clients - options.companies;
  if (workers < options.companies) throw new Error('need at least one worker per company (clients >= 2 × companies)');
  const marker = `soak-${randomUUID().slice(0, 8)}`;
  const db = await superuser();
  const ops = new Ops();
  const listeners: Listener[] = [];
  let closing = false;
  try {
    log(`creating ${options.companies} agencies (${options.freeCompanies} free) and ${workers} workers (${marker})`);
    const accounts = await createAccounts(db, marker, options.companies, workers, options.freeCompanies);
    await db.query('update public.companies set free_shifts_used = $2 where id = any($1::uuid[]) and not premium', [
      accounts.companies.map((c) => c.id),
      options.freeShiftsUsedAtStart,
    ]);
    // What an earlier run deleted is still there as dead rows, and the planner has not yet seen the
    // new accounts: each run would start from a different state. Every run starts from this one.
    log('vacuuming and analysing the database');
    await db.query('vacuum analyze');

    log(`signing ${options.clients} clients in through /auth/v1 and subscribing each to shifts`);
    const subscribers: Subscriber[] = [
      ...accounts.companies.map((c) => ({
        label: `company ${c.index}`,
        kind: 'company' as const,
        userId: c.id,
        companyId: c.id,
      })),
      ...accounts.workers.map((w) => ({
        label: `worker ${w.companyIndex}.${w.index}`,
        kind: 'worker' as const,
        userId: w.id,
        companyId: (accounts.companies[w.companyIndex] as { id: string }).id,
      })),
    ];
    const emails = new Map<string, string>([
      ...accounts.companies.map((c) => [c.id, c.email] as const),
      ...accounts.workers.map((w) => [w.id, w.email] as const),
    ]);
    const received = new Map<string, ReceivedEvent[]>(subscribers.map((s) => [s.label, []]));
    await eachLimited(subscribers, 8, async (subscriber) => {
      const client = await signIn(emails.get(subscriber.userId) as string, subscribers.indexOf(subscriber));
      const listener: Listener = { subscriber, client, channel: null };
      listeners.push(listener);
      await listen(listener, received.get(subscriber.label) as ReceivedEvent[], ops, () => closing);
    });

    const pid = gatewayPid();
    const memoryProblems: string[] = [];
    if (pid === null)
      memoryProblems.push('the gateway is not this worktree’s stack (no pid file): memory not measured');
    const sampler = pid === null ? null : sampleRss(pid, options.sampleEveryMs);
    log(`load: ${options.clients} clients for ${options.seconds} s`);
    const t0 = performance.now();
    const ctx: ActorContext = {
      ops,
      deadline: Date.now() + options.seconds * 1000,
      thinkMs: options.thinkMs,
      maxPending: options.maxPending,
    };
    const warmupMs = Math.max(5000, options.seconds * 1000 * options.warmupShare);
    // Taken while the load runs; an error is kept (not thrown) until the verdict reads it.
    const afterWarmup: Promise<SettledMemory | Error | null> =
      pid === null
        ? Promise.resolve(null)
        : new Promise((resolve) => setTimeout(resolve, warmupMs))
            .then(() => settledMemory())
            .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    const clientOf = new Map(listeners.map((l) => [l.subscriber.label, l.client]));
    await Promise.all([
      ...accounts.companies.map((c) => agencyLoop(ctx, clientOf.get(`company ${c.index}`) as Client, c)),
      ...accounts.workers.map((w) => {
        const label = `worker ${w.companyIndex}.${w.index}`;
        const session = { client: clientOf.get(label) as Client, userId: w.id, email: w.email };
        return workerLoop(ctx, session, label, workersClockOut(w.companyIndex));
      }),
    ]);
    const loadMs = performance.now() - t0;
    const samples = sampler?.stop() ?? [];

    log('waiting for Realtime to deliver what is owed, then checking the database');
    const settleBy = performance.now() + options.settleMs;
    // Every client has stopped, so this is the final state; only deliveries may still be under way.
    const consistency = await checkConsistency(db, accounts, options.freeShiftsUsedAtStart, ops.planRefusals);
    let ledger = compareLedger(subscribers, received, consistency.shifts);
    while (ledger.lost.length > 0 && performance.now() < settleBy) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      ledger = compareLedger(subscribers, received, consistency.shifts);
    }

    const latencies = [...received.values()].flat().map((e) => e.latencyMs);
    let settled: [SettledMemory | null, SettledMemory | null] = [null, null];
    if (pid !== null) {
      try {
        const warm = await afterWarmup;
        if (warm instanceof Error) throw warm;
        settled = [warm, await settledMemory()];
        memoryProblems.push(
          ...leakProblems(settled[0] as SettledMemory, settled[1] as SettledMemory, options.leakBounds),
        );
      } catch (error) {
        memoryProblems.push(`memory not measured: ${(error as Error).message}`);
      }
    }
    const shiftsByStatus: Record<string, number> = {};
    for (const shift of consistency.shifts) shiftsByStatus[shift.status] = (shiftsByStatus[shift.status] ?? 0) + 1;
    const opSummaries: Partial<Record<OpKind, OpSummary>> = {};
    for (const [kind, stat] of ops.stats) {
      opSummaries[kind] = {
        ok: stat.ok,
        refused: stat.refused,
        failed: stat.failed,
        perSecond: ((stat.ok + stat.refused + stat.failed) / loadMs) * 1000,
        p95Ms: percentile(stat.latenciesMs, 95),
      };
    }
    const { log: _log, ...recorded } = options;
    return {
      options: recorded,
      loadMs,
      ops: opSummaries,
      unexpected: ops.unexpected,
      planRefusals: [...ops.planRefusals.values()].reduce((a, b) => a + b, 0),
      shiftsByStatus,
      realtime: { ...ledger, medianMs: percentile(latencies, 50), p95Ms: percentile(latencies, 95) },
      consistency: consistency.problems,
      memory: {
        samples,
        trend: memoryTrend(samples, warmupMs),
        afterWarmup: settled[0],
        atEnd: settled[1],
        problems: memoryProblems,
      },
    };
  } finally {
    closing = true;
    await Promise.allSettled(listeners.map((l) => l.client.removeAllChannels()));
    for (const l of listeners) l.client.realtime.disconnect();
    await deleteAccounts(db, marker).catch((error: unknown) => log(`cleanup failed: ${(error as Error).message}`));
    await db.end();
  }
}

/** Everything that makes the run a failure; empty when it passed. */
export function soakProblems(result: SoakResult): string[] {
  const cap = (list: string[], what: string): string[] =>
    list.length > 20 ? [...list.slice(0, 20), `… and ${list.length - 20} more ${what}`] : list;
  const { realtime } = result;
  return [
    ...cap(
      result.unexpected.map((e) => `unexpected error (${e.kind}, ${e.who}): ${e.message}`),
      'unexpected errors',
    ),
    ...cap(
      realtime.lost.map((e) => `realtime event lost: ${e}`),
      'lost events',
    ),
    ...cap(
      realtime.duplicated.map((e) => `realtime event duplicated: ${e}`),
      'duplicates',
    ),
    ...cap(
      realtime.unexpected.map((e) => `realtime event not owed to the subscriber: ${e}`),
      'events not owed',
    ),
    ...cap(result.consistency, 'consistency problems'),
    ...result.memory.problems,
  ];
}

/** The run's figures, one line each, for the CLI and the benchmark report. */
export function soakReport(result: SoakResult): string[] {
  const fmt = (n: number, digits = 0): string => (Number.isFinite(n) ? n.toFixed(digits) : '–');
  const mb = (bytes: number): string => `${(bytes / MB).toFixed(1)} MB`;
  const { options, realtime, memory } = result;
  const lines = [
    `${options.clients} clients, ${options.companies} agencies (${options.freeCompanies} free), ${fmt(result.loadMs / 1000, 1)} s of load:`,
  ];
  let total = 0;
  for (const [kind, op] of Object.entries(result.ops)) {
    total += op.ok + op.refused + op.failed;
    lines.push(
      `  ${kind.padEnd(16)} ${fmt(op.perSecond, 1).padStart(7)}/s   ok ${op.ok}   refused ${op.refused}   errors ${op.failed}   p95 ${fmt(op.p95Ms, 1)} ms`,
    );
  }
  lines.push(`  all operations   ${fmt((total / result.loadMs) * 1000, 1).padStart(7)}/s`);
  lines.push(
    `  shifts: ${Object.entries(result.shiftsByStatus)
      .map(([status, n]) => `${n} ${status}`)
      .join(', ')}; plan-limit refusals ${result.planRefusals}; unexpected errors ${result.unexpected.length}`,
  );
  lines.push(
    `  realtime: ${realtime.received} events to ${realtime.subscribers} subscribers (owed ${realtime.expected}), lost ${realtime.lost.length}, duplicated ${realtime.duplicated.length}, not owed ${realtime.unexpected.length}; commit → callback median ${fmt(realtime.medianMs, 1)} ms, p95 ${fmt(realtime.p95Ms, 1)} ms`,
  );
  if (memory.trend) {
    const t = memory.trend;
    lines.push(
      `  gateway RSS: start ${mb(t.startBytes)}, after warm-up ${mb(t.baselineBytes)}, end ${mb(t.endBytes)}, peak ${mb(t.peakBytes)}; slope over the second half ${fmt(t.slopeBytesPerSecond / 1024, 1)} KB/s (${t.samples} samples)`,
    );
  }
  if (memory.afterWarmup && memory.atEnd) {
    const [w, e] = [memory.afterWarmup, memory.atEnd];
    lines.push(
      `  gateway and service processes after a full GC, after warm-up → at the end: heap ${mb(w.heapUsedBytes)} → ${mb(e.heapUsedBytes)}, external ${mb(w.externalBytes)} → ${mb(e.externalBytes)}, RSS ${mb(w.rssBytes)} → ${mb(e.rssBytes)}`,
    );
  }
  lines.push(`  consistency problems ${result.consistency.length}`);
  return lines;
}

function parseArgs(argv: string[]): Partial<SoakOptions> {
  const out: Partial<SoakOptions> = {};
  for (let i = 0; i < argv.length; i += 2) {
    const value = Number(argv[i + 1]);
    if (!Number.isFinite(value)) throw new Error(`${argv[i]} needs a number`);
    if (argv[i] === '--clients') out.clients = value;
    else if (argv[i] === '--companies') out.companies = value;
    else if (argv[i] === '--seconds') out.seconds = value;
    else throw new Error(`unknown option ${argv[i]} (use --clients, --companies, --seconds)`);
  }
  return out;
}

function stackCli(...args: string[]): void {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'stack/src/cli.ts', ...args], {
    cwd: projectRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`stack ${args.join(' ')} failed`);
}

async function main(): Promise<void> {
  const overrides = parseArgs(process.argv.slice(2));
  const startedHere = !(await isStackUp());
  if (startedHere) stackCli('up');
  try {
    const result = await runSoak({ ...overrides, log: (line) => process.stdout.write(`${line}\n`) });
    process.stdout.write(`\n${soakReport(result).join('\n')}\n`);
    if (process.env.SOAK_PRINT_RSS) {
      const mbs = result.memory.samples.map((s) => `${(s.atMs / 1000).toFixed(0)}s:${(s.bytes / MB).toFixed(0)}`);
      process.stdout.write(`  RSS samples (MB): ${mbs.join(' ')}\n`);
    }
    const problems = soakProblems(result);
    process.stdout.write(problems.length ? `\nFAILED:\n  ${problems.join('\n  ')}\n` : '\nsoak passed\n');
    process.exitCode = problems.length ? 1 : 0;
  } finally {
    if (startedHere) stackCli('down');
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();

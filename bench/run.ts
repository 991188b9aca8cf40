/**
 * `npm run bench`: every benchmark of the project in one run, printed as one report.
 * Uses the running local stack, or starts one (and stops it again).
 */
import { spawnSync } from 'node:child_process';
import { projectRoot } from '../stack/src/config.ts';
import { isStackUp } from '../tests/support/stack-env.ts';
import { benchRestVsDirect } from './rest-vs-direct.ts';
import { benchStackStart } from './stack-start.ts';
import { benchFunctions } from './functions.ts';
import { benchRealtime } from './realtime.ts';
import { benchNotifications } from './notifications.ts';
import { benchDbScale } from './db-scale.ts';
import { benchFrontend } from './frontend.ts';
import { benchShiftPost } from './shift-post.ts';
import { benchShiftTable } from './shift-table.ts';
import { benchAssistant } from './assistant.ts';
import { benchBilling } from './billing.ts';
import { benchInsights } from './insights.ts';
import { benchSoak, soakBenchLines } from './soak.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const fmt = (n: number, digits = 2): string => n.toFixed(digits);
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (ok: boolean): string => (ok ? 'meets target' : 'MISSES target');

function cli(...args: string[]): void {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'stack/src/cli.ts', ...args], {
    cwd: projectRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`stack ${args.join(' ')} failed`);
}

const startedHere = !(await isStackUp());
if (startedHere) cli('up');
try {
  process.stdout.write(`\nGateway vs direct Postgres (${seconds}s per phase) …\n`);
  const rest = await benchRestVsDirect(seconds);
  process.stdout.write('Realtime …\n');
  const rt = await benchRealtime();
  process.stdout.write('Edge functions …\n');
  const fn = await benchFunctions();
  process.stdout.write('sendnotification with 1,000 staff …\n');
  const notify = await benchNotifications();
  process.stdout.write('Dashboard queries at scale (1,000 companies, 50,000 staff, 1,000,000 shifts) …\n');
  const scale = await benchDbScale({ log: (l) => process.stdout.write(`  ${l}\n`) });
  process.stdout.write('Coverage insights (100,000 shifts over a year, 10,000-shift timesheet) …\n');
  const insights = await benchInsights({ log: (l) => process.stdout.write(`  ${l}\n`) });
  process.stdout.write('Assistant with 5,000 shifts and 300 staff …\n');
  const ai = await benchAssistant();
  process.stdout.write('Stripe webhook …\n');
  const billing = await benchBilling();
  process.stdout.write('Front-end build sizes and LCP …\n');
  const fe = await benchFrontend({ build: true });
  process.stdout.write('Shift Details with 5,000 shifts (Chromium, production preview) …\n');
  const table = await benchShiftTable((l) => process.stdout.write(`  ${l}\n`));
  process.stdout.write('Shift Call post flow (30 staff, 20 posts) …\n');
  const post = await benchShiftPost();
  process.stdout.write('Load and soak (200 clients, 50 agencies) …\n');
  const soak = await benchSoak();
  process.stdout.write('Stack start times …\n');
  const start = await benchStackStart();

  const s = rest.sequential;
  const c = rest.concurrent;
  const lines = [
    '',
    '== Benchmark report ==',
    'Filtered select of 50 rows with RLS (1 client, sequential):',
    `  /rest/v1         median ${fmt(s.rest.medianMs)} ms   p95 ${fmt(s.rest.p95Ms)} ms   ${fmt(s.rest.perSecond, 0)} req/s`,
    `  direct Postgres  median ${fmt(s.direct.medianMs)} ms   p95 ${fmt(s.direct.p95Ms)} ms   ${fmt(s.direct.perSecond, 0)} req/s`,
    `  gateway adds     median ${fmt(s.addedMedianMs)} ms   p95 ${fmt(s.addedP95Ms)} ms   (target: median < 2 ms, ${verdict(s.addedMedianMs < 2)})`,
    `Same query, ${c.clients} concurrent clients:`,
    `  /rest/v1         ${fmt(c.rest.perSecond, 0)} req/s   median ${fmt(c.rest.medianMs)} ms   p95 ${fmt(c.rest.p95Ms)} ms   (target: >= 1000 req/s, ${verdict(c.rest.perSecond >= 1000)})`,
    `  direct Postgres  ${fmt(c.direct.perSecond, 0)} req/s   median ${fmt(c.direct.medianMs)} ms   p95 ${fmt(c.direct.p95Ms)} ms`,
    'Realtime postgres_changes, INSERT to the supabase-js callback (timed from sending the INSERT):',
    `  1 subscriber                 median ${fmt(rt.one.medianMs)} ms   p95 ${fmt(rt.one.p95Ms)} ms`,
    `  100 subscribers (50 see it)  median ${fmt(rt.hundred.medianMs)} ms   p95 ${fmt(rt.hundred.p95Ms)} ms   (target: p95 < 50 ms, ${verdict(rt.hundred.p95Ms < 50)})`,
    `  throughput to 1 subscriber   ${fmt(rt.perSecond, 0)} changes/s   (target: >= 2000/s, ${verdict(rt.perSecond >= 2000)})`,
    'Edge functions (local Deno runtime, through the gateway):',
    `  cold start of one function   median ${fmt(fn.coldMs.medianMs, 0)} ms   max ${fmt(fn.coldMs.p95Ms, 0)} ms   (${fn.coldMs.count} starts)`,
    `  warm invocation              median ${fmt(fn.warm.medianMs)} ms   p95 ${fmt(fn.warm.p95Ms)} ms   (target: median < 10 ms, ${verdict(fn.warm.medianMs < 10)})`,
    '`sendnotification` with 1,000 employed staff (one call, until the push sink recorded every device):',
    `  ${notify.staff} staff in ${fmt(notify.ms, 0)} ms = ${fmt(notify.staff / (notify.ms / 1000), 0)} staff/s   (target: all 1000 in < 2 s, ${verdict(notify.staff === 1000 && notify.ms < 2000)})`,
    `Dashboard lists via /rest/v1 at scale (generated in ${fmt(scale.generateMs / 1000, 0)} s):`,
    ...(['shiftList', 'staffList'] as const).map((key) => {
      const q = scale[key];
      const label = key === 'shiftList' ? 'shift list (newest 100)' : 'staff list             ';
      const seq = q.plan.seqScans.length ? `   SEQ SCAN: ${q.plan.seqScans.join(', ')}` : '';
      return `  ${label}  median ${fmt(q.medianMs)} ms   p95 ${fmt(q.p95Ms)} ms   (target: p95 < 15 ms, ${verdict(q.meetsTarget)})   index: ${q.plan.indexes.join(', ')}${seq}`;
    }),
    'Coverage insights via /rest/v1/rpc:',
    `  coverage_overview (100,000 shifts)   median ${fmt(insights.overview.medianMs)} ms   p95 ${fmt(insights.overview.p95Ms)} ms   (target: median < 100 ms, ${verdict(insights.overview.meetsTarget)})`,
    `  timesheet_csv (${insights.csv.rows} rows)        median ${fmt(insights.csv.medianMs, 0)} ms   max ${fmt(insights.csv.maxMs, 0)} ms   (target: < 1 s, ${verdict(insights.csv.meetsTarget)})`,
    `\`assistant\` (${ai.answeredBy}) for ${ai.shifts} shifts and ${ai.staff} staff, ${ai.answer.count} calls through the gateway:`,
    `  answer time   median ${fmt(ai.answer.medianMs)} ms   p95 ${fmt(ai.answer.p95Ms)} ms   (target: median < 150 ms, ${verdict(ai.answer.medianMs < 150)})`,
    `  prompt size   ${ai.promptTokens} tokens (${ai.shiftsInFull} shifts in full, ${ai.shiftsSummarised} summarised)   (target: <= 100k, ${verdict(ai.promptTokens <= 100_000)})`,
    'Stripe webhook (`stripe-webhook` through the gateway; subscription re-read from Stripe, effect committed):',
    `  per event (${billing.perEvent.count} sequential)  median ${fmt(billing.perEvent.medianMs)} ms   p95 ${fmt(billing.perEvent.p95Ms)} ms   (target: median < 20 ms, ${verdict(billing.perEvent.medianMs < 20)})`,
    `  ${billing.burst.deliveries} concurrent deliveries of ${billing.burst.distinctEvents} events  ${fmt(billing.burst.ms, 0)} ms   applied ${billing.burst.appliedAnswers}, recorded ${billing.burst.recordedEvents}, companies right ${billing.burst.companiesRight}/${billing.burst.companies}   (target: each event once, every company right, ${verdict(billing.burst.correct)})`,
    'Production front end (gzipped JS loaded on a cold visit; KB = 1024 bytes):',
    `  /        ${kb(fe.root.gzipBytes)}   (target: < 120 KB, ${verdict(fe.root.gzipBytes < 120 * 1024)})`,
    `  /login   ${kb(fe.login.gzipBytes)}   (target: < 120 KB, ${verdict(fe.login.gzipBytes < 120 * 1024)})`,
    `  LCP of / median ${fmt(fe.lcp.medianMs, 0)} ms of ${fe.lcp.samplesMs.length} loads   (target: < 1000 ms, ${verdict(fe.lcp.medianMs < 1000)})`,
    'Shift Details with 5,000 shifts (Chromium on vite preview):',
    `  first render after data  ${fmt(table.firstRenderMs, 0)} ms   (target: < 500 ms, ${verdict(table.meetsTargets.firstRender)})`,
    `  worst frame paging/sorting/searching/scrolling ${fmt(table.frames.maxMs, 0)} ms, p95 ${fmt(table.frames.p95Ms, 0)} ms   (target: none > 50 ms, ${verdict(table.meetsTargets.frames)})`,
    `  accept_shift → badge     median ${fmt(table.accept.medianMs)} ms   p95 ${fmt(table.accept.p95Ms)} ms over ${table.accept.count}   (target: p95 < 200 ms, ${verdict(table.meetsTargets.accept)})`,
    `Shift Call, Submit in the confirmation → success toast (${post.staff} staff, ${post.posts} posts):`,
    `  median ${fmt(post.medianMs)} ms   p95 ${fmt(post.p95Ms)} ms   pushes ${post.pushesRecorded}   (target: median < 300 ms, ${verdict(post.medianMs < 300)})`,
    ...soakBenchLines(soak),
    '`npm run stack`:',
    `  cold start (new cluster, migrations, seed, gateway)  ${fmt(start.coldMs / 1000)} s`,
    `  warm restart (cluster exists, after stop)            ${fmt(start.warmMs / 1000)} s   (target: < 3 s, ${verdict(start.warmMs < 3000)})`,
    `  start while already running (no-op)                  ${fmt(start.noopMs / 1000)} s`,
    '',
  ];
  process.stdout.write(lines.join('\n'));
} finally {
  if (startedHere) cli('down');
}

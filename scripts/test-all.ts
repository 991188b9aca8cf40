/**
 * `npm test`: everything CI needs, in order: types, lint and format, unit tests, then the local
 * stack (started here if it is not already up, and stopped again afterwards), pgTAP, the
 * assistant's question bank, integration and browser tests, and pgTAP once more on the database they
 * used. Ends with one `N passed, N failed`
 * line summing every runner.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ANON_KEY, apiUrl, paths, projectRoot } from '../stack/src/config.ts';
import { envFilePath, readEnvFile } from '../stack/src/functions/registry.ts';
import { isStackUp } from '../tests/support/stack-env.ts';
import { failureSummary } from './failure-summary.ts';
import { runStep, runStepsTogether, type Step, type StepResult } from './run-step.ts';

process.chdir(projectRoot);
// The stack this run starts hashes new passwords at bcrypt cost 4, not GoTrue's 10: the tests make
// and sign in hundreds of accounts (stack/src/config.ts, passwordHashCost). A stack already up
// (a developer's `npm start`) keeps its own.
process.env.STACK_AUTH_BCRYPT_COST ??= '4';
const bin = (name: string): string => path.join(projectRoot, 'node_modules', '.bin', name);
const reports = path.join(paths.state, 'reports');
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const failures: string[] = [];
/** Each failed test with the first line of its error, repeated at the end where a log's tail shows it. */
const failedTests: string[] = [];

interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: {
    name: string;
    message?: string;
    assertionResults: { status: string; fullName: string; failureMessages?: string[] }[];
  }[];
}

function noteFailedTests(project: string, json: VitestJsonReport): void {
  for (const file of json.testResults) {
    const where = path.relative(projectRoot, file.name);
    const failedInFile = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failedInFile) {
      const reason = failureSummary(test.failureMessages?.[0] ?? '');
      failedTests.push(`[${project}] ${where} > ${test.fullName}: ${reason}`);
    }
    // A file that fails to load (or whose hooks throw) has no failed assertion to name.
    if (!failedInFile.length && file.message) failedTests.push(`[${project}] ${where}: ${file.message.split('\n')[0]}`);
  }
}

/** The gateway's last server-side failures (some are tests' own, on purpose), beside the failed tests. */
function printGatewayFailures(): void {
  const log = path.join(paths.logs, 'gateway.log');
  if (!existsSync(log)) return;
  const lines = readFileSync(log, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('[gateway]'))
    .slice(-15);
  if (!lines.length) return;
  process.stdout.write(`the gateway's last server-side failures (${log}):\n`);
  for (const line of lines) process.stdout.write(`  ${line.slice(0, 400)}\n`);
}

function check(title: string, ok: boolean): void {
  if (!ok) failures.push(title);
}

/** One step of Vitest projects: `name` and, where the config has one, `name-exclusive` after it. */
function vitestStep(project: string, projects: string[] = [project]): Step {
  return {
    title: `vitest ${project}`,
    command: bin('vitest'),
    args: [
      'run',
      ...projects.flatMap((name) => ['--project', name]),
      '--passWithNoTests',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestReport(project)}`,
    ],
  };
}

const vitestReport = (project: string): string => path.join(reports, `${project}.json`);

/** Adds a finished Vitest step's tests to the totals, from its JSON report. */
function countVitest(project: string, ok: boolean): void {
  const report = vitestReport(project);
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8')) as VitestJsonReport;
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    noteFailedTests(project, json);
  }
  check(`vitest ${project}`, ok);
}

/** Runs Vitest projects as one step, with their output as it comes. */
function vitest(project: string, projects: string[] = [project], env: NodeJS.ProcessEnv = {}): void {
  rmSync(vitestReport(project), { force: true });
  const step = vitestStep(project, projects);
  countVitest(project, runStep(step.title, step.command, step.args, env));
}

const pgtapStep = (title: string): Step => ({
  title,
  command: process.execPath,
  args: ['--import', 'tsx', 'scripts/test-db.ts'],
});

/** Adds pg_prove's tests to the totals: `Tests=N`, less each file's failed subtests. */
function countPgtap(title: string, { ok, output }: StepResult): void {
  const total = Number(/Tests=(\d+)/.exec(output)?.[1] ?? 0);
  const bad = [...output.matchAll(/Failed (\d+)\/\d+ subtests/g)].reduce((n, m) => n + Number(m[1]), 0);
  passed += total - bad;
  failed += bad;
  check(title, ok);
}

/** A script that runs `deno test`, whose summary `ok | N passed | M failed` adds to the totals. */
const denoStep = (title: string, script: string): Step => ({
  title,
  command: process.execPath,
  args: ['--import', 'tsx', script],
  env: { NO_COLOR: '1' },
});

function countDeno(title: string, { ok, output }: StepResult): void {
  const summary = /(\d+) passed \| (\d+) failed/.exec(output);
  passed += Number(summary?.[1] ?? 0);
  failed += Number(summary?.[2] ?? 0);
  check(title, ok);
}

const hasE2e = existsSync('tests/e2e') && readdirSync('tests/e2e').some((f) => f.endsWith('.test.ts'));

// Steps that share no state run together where the two cores would otherwise wait on one: the
// single-threaded static checks; pgTAP (PostgreSQL's work) beside the question bank (Deno's).
const staticChecks: Step[] = [
  { title: 'typecheck', command: bin('tsc'), args: ['-b'] },
  { title: 'eslint', command: bin('eslint'), args: ['.', '--max-warnings=0'] },
  { title: 'prettier', command: bin('prettier'), args: ['--check', '.', '--log-level=warn'] },
  {
    title: 'dependency audit (advisory snapshot, offline)',
    command: process.execPath,
    args: ['--import', 'tsx', 'scripts/audit-deps.ts', '--offline'],
  },
];
const staticResults = await runStepsTogether(staticChecks);
staticChecks.forEach((step, i) => check(step.title, staticResults[i]?.ok ?? false));

vitest('unit');
// Deno's own tests of the edge functions (and `deno check`). Beside the unit tests they took longer
// than after them (79 s against 43 + 27 s): both load and compile a great deal on the same cores.
const functions = await runStepsTogether([
  denoStep('edge functions (deno check + deno test)', 'scripts/test-functions.ts'),
]);
countDeno('edge functions', functions[0]!);

const wasUp = await isStackUp();
const stackOk =
  wasUp || runStep('start the local stack', process.execPath, ['--import', 'tsx', 'stack/src/cli.ts', 'up']);
check('local stack', stackOk);
if (stackOk) {
  const [pgtapResult, bank] = await runStepsTogether([
    pgtapStep('pgTAP (pg_prove)'),
    denoStep('assistant question bank (built-in and scripted model, Deno)', 'scripts/test-assistant-bank.ts'),
  ]);
  countPgtap('pgTAP', pgtapResult!);
  countDeno('assistant question bank', bank!);
  vitest('integration', ['integration', 'integration-exclusive']);
  vitest('load');
  if (hasE2e) {
    const localEnv = {
      VITE_SUPABASE_URL: apiUrl,
      VITE_SUPABASE_ANON_KEY: ANON_KEY,
      VITE_VAPID_PUBLIC_KEY: readEnvFile(envFilePath()).VAPID_PUBLIC_KEY ?? '',
    };
    const builds = await runStepsTogether([
      { title: 'build the dashboard', command: bin('vite'), args: ['build', '--logLevel', 'warn'], env: localEnv },
      {
        title: 'build CareCover Staff',
        command: bin('vite'),
        args: ['build', '--config', 'staff/vite.config.ts', '--logLevel', 'warn'],
        env: localEnv,
      },
    ]);
    check('build', builds[0]?.ok ?? false);
    check('build staff app', builds[1]?.ok ?? false);
    // Screenshots are for people, not checks (tests/e2e/helpers.ts): `E2E_SCREENSHOTS=1 npm test` takes them.
    vitest('e2e', ['e2e', 'e2e-exclusive'], { E2E_SCREENSHOTS: process.env.E2E_SCREENSHOTS ?? '0' });
  }
  // Every pgTAP file must hold on a database that has been used (issue 31): by now this one has the
  // demo data, other agencies, payments and whatever the integration and browser tests left.
  const title = 'pgTAP again, on the database the other tests used';
  countPgtap(title, (await runStepsTogether([pgtapStep(`${title} (pg_prove)`)]))[0]!);
}
if (!wasUp && stackOk)
  runStep('stop the local stack', process.execPath, ['--import', 'tsx', 'stack/src/cli.ts', 'down']);

process.stdout.write('\n');
if (failedTests.length) printGatewayFailures();
for (const test of failedTests) process.stdout.write(`FAILED ${test}\n`);
if (failures.length) process.stdout.write(`failed steps: ${failures.join(', ')}\n`);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failures.length || failed ? 1 : 0);

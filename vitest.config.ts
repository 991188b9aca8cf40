import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import react from '@vitejs/plugin-react';
import { linguiCataloguesPlugin } from './scripts/vite-lingui-catalogues.ts';

// expect.poll's own default gives up after 1 s, which a loaded CI machine outlasts while a page or a
// replication stream catches up: polls against the stack wait up to 10 s unless they say otherwise.
const stackExpect = { poll: { timeout: 10_000, interval: 50 } };
// A failed assertion prints what it got (chai shortens anything past 40 characters, so a list of one
// axe violation read `[ Array(1) ]`): the CI log keeps each failure's first line, which must say
// what was wrong. Bounded, as a whole generated file compared would fill the log.
const chaiConfig = { truncateThreshold: 1000 };
// A browser test's poll runs a locator query in the page (role queries walk the whole DOM): every
// 150 ms rather than 50 took 7% less CPU on the same four files, on cores the pages share.
const browserExpect = { poll: { timeout: 10_000, interval: 150 } };

/**
 * Files that stop, kill or restart parts of the shared local stack, or flood it: they run alone,
 * after the files that share the stack (every other file makes its own companies, workers and
 * browser).
 */
const INTEGRATION_EXCLUSIVE = [
  // Hundreds of malformed calls to every function: beside it, another file's geocode call waited
  // more than the function's 5 s upstream timeout and answered 502.
  'stack/tests/fuzz-functions.test.ts',
  // Creates and drops tables in public for seconds on end, and every change reloads each schema cache.
  'stack/tests/rest-schema-races.test.ts',
  // Grants roles to roles and sets their timeouts again, and roles are the cluster's, not one
  // database's: beside the migrations file bootstrapping its scratch databases, one of the two
  // failed with "tuple concurrently updated" (once in a fresh-clone run).
  'stack/tests/bootstrap.test.ts',
];
/**
 * Files that start first in their run. Lifecycle and faults each start, stop and kill an instance
 * of the stack of their own (own ports and state folder), so they share the run: among the last, as
 * Vitest orders files on a clean clone (the largest first), their Postgres starts slowed the files
 * waiting on the shared stack and ended the step alone (164 and 177 s in CI against 154 s apart).
 * Dispatch waves and scheduled jobs each wait up to a minute for pg_cron's next tick, mostly idle:
 * started 28-31 s in, either one ended the shared files (at 88-90 s) after the rest had finished.
 */
const START_FIRST = [
  'tests/integration/dispatch-waves.test.ts',
  'stack/tests/scheduled-jobs.test.ts',
  'stack/tests/lifecycle.test.ts',
  'stack/tests/faults.test.ts',
];

/**
 * Vitest's order (projects by group, then the files it would run first), with START_FIRST ahead in
 * its own order: Vitest's depends on the last run's durations and failures, when it has them.
 */
class StartFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => START_FIRST.findIndex((name) => file.moduleId.endsWith(`/${name}`));
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    return projects.flatMap((name) => {
      const own = sorted.filter((file) => file.project.name === name);
      const first = own.filter((file) => rank(file) >= 0).sort((a, b) => rank(a) - rank(b));
      return [...first, ...own.filter((file) => rank(file) < 0)];
    });
  }
}

const E2E_EXCLUSIVE = ['tests/e2e/recovery.test.ts', 'tests/e2e/second-instance.test.ts'];
/**
 * Files sharing the stack at once, on two cores. Browser files: two. Three was measured slower (a
 * clean-clone run's browser tests took 1003 s with three against 878 s with two): Chromium, the
 * gateway and Postgres of a third file compete for the same cores rather than fill idle time.
 * Integration files: three. They wait on the stack (cron ticks, realtime, timeouts) more than they
 * compute, and a third file fills that time: 97 s against 134 s with two (four: 97 s again).
 * TEST_STACK_WORKERS overrides both (1 to debug one file's timing).
 */
const stackWorkers = (standard: number) => Number(process.env.TEST_STACK_WORKERS ?? standard);
const BROWSER_WORKERS = stackWorkers(2);
const INTEGRATION_WORKERS = stackWorkers(3);
// Projects with different orders never run at the same time, in a run of several (or all) of them.

const integration = {
  chaiConfig,
  globalSetup: ['tests/support/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 120_000,
  expect: stackExpect,
  environment: 'node',
};
const e2e = {
  chaiConfig,
  globalSetup: ['tests/support/global-setup.ts', 'tests/e2e/global-previews.ts'],
  setupFiles: ['tests/e2e/setup-page-guard.ts'],
  // A worker's browser files share their modules (supabase-js, playwright-core, pg, the helpers),
  // loaded once rather than once per file: 10 files took 53 s against 67 s. Each file still makes
  // its own browser, pages and data, and none changes process.env or mocks a module.
  isolate: false,
  // Browser files share two cores: a long workflow can take twice its time alone.
  testTimeout: 120_000,
  hookTimeout: 180_000,
  expect: browserExpect,
  environment: 'node',
};

// The front ends' shared layer, as tsconfig's paths and both vite configs map it; each project
// is a config of its own, so each one gets it.
const resolve = { alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) } };

export default defineConfig({
  test: {
    sequence: { sequencer: StartFirstSequencer },
    projects: [
      {
        plugins: [linguiCataloguesPlugin(), react()],
        resolve,
        test: {
          name: 'unit',
          chaiConfig,
          // Vitest's default on a two-core machine is one worker (cores - 1).
          maxWorkers: 2,
          // A worker's files share their modules (React, Mantine, the catalogues: most of a file's
          // time was importing them): 55 s → 19 s. Run three times with the files shuffled, all
          // green; the few files with fake timers or stubbed env restore them after each test.
          isolate: false,
          setupFiles: ['tests/support/unit-setup.ts'],
          sequence: { groupOrder: 0 },
          include: [
            'src/**/*.test.{ts,tsx}',
            'shared/**/*.test.{ts,tsx}',
            'staff/src/**/*.test.{ts,tsx}',
            'stack/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
            'tests/load/**/*.unit.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        resolve,
        test: {
          ...integration,
          name: 'integration',
          // A worker's files share their modules (supabase-js, pg, the stack's config), as the unit
          // and browser files do: the files that share the stack took 74 s against 90 s.
          isolate: false,
          include: ['stack/tests/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          exclude: INTEGRATION_EXCLUSIVE,
          maxWorkers: INTEGRATION_WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve,
        test: {
          ...integration,
          name: 'integration-exclusive',
          include: INTEGRATION_EXCLUSIVE,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
      {
        resolve,
        test: {
          ...e2e,
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: E2E_EXCLUSIVE,
          maxWorkers: BROWSER_WORKERS,
          sequence: { groupOrder: 4 },
        },
      },
      {
        resolve,
        test: {
          ...e2e,
          name: 'e2e-exclusive',
          include: E2E_EXCLUSIVE,
          fileParallelism: false,
          sequence: { groupOrder: 5 },
        },
      },
      {
        // The soak (tests/load/soak.ts) in a bounded run: one file at a time, minutes not seconds.
        resolve,
        test: {
          name: 'load',
          include: ['tests/load/**/*.test.ts'],
          exclude: ['tests/load/**/*.unit.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 240_000,
          hookTimeout: 180_000,
          expect: stackExpect,
          fileParallelism: false,
          sequence: { groupOrder: 3 },
          environment: 'node',
        },
      },
    ],
  },
});

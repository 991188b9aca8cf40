import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// expect.poll's own default gives up after 1 s, which a loaded CI machine outlasts while a page or a
// replication stream catches up: polls against the stack wait up to 10 s unless they say otherwise.
const stackExpect = { poll: { timeout: 10_000, interval: 50 } };

// The front ends' shared layer, as tsconfig's paths and both vite configs map it; each project
// is a config of its own, so each one gets it.
const resolve = { alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) } };

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        resolve,
        test: {
          name: 'unit',
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
          name: 'integration',
          include: ['stack/tests/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          expect: stackExpect,
          environment: 'node',
        },
      },
      {
        resolve,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/e2e/setup-page-guard.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          expect: stackExpect,
          fileParallelism: false,
          environment: 'node',
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
          environment: 'node',
        },
      },
    ],
  },
});

// One jest configuration for the three suites, run from a package's folder (`--rootDir .`): ts-jest
// in a node environment as their own configs do, inline snapshots formatted by prettier, and the
// monorepo's workspace packages resolved to their sources. Type diagnostics are off: the suites'
// compile-time type assertions are tstyche's concern upstream, not the server's behaviour.
const { existsSync } = require('node:fs');
const path = require('node:path');

const pkg = process.cwd();
const tsconfig = ['tsconfig.test.json', 'tsconfig.json'].map((f) => path.join(pkg, f)).find((f) => existsSync(f));
const setup = path.join(pkg, 'jest.setup.ts');
// postgrest-js orders its files alphabetically, so that each file meets the data the previous
// ones left: its order is part of its expected results.
const sequencer = path.join(pkg, 'test', 'testSequencer.js');

module.exports = {
  preset: 'ts-jest',
  testEnvironment: 'node',
  maxWorkers: 1,
  testTimeout: 30000,
  prettierPath: require.resolve('prettier'),
  transform: { '^.+\\.tsx?$': ['ts-jest', { tsconfig, diagnostics: false }] },
  moduleNameMapper: {
    '^@supabase/(auth-js|postgrest-js|realtime-js|functions-js|storage-js)$': path.join(
      pkg,
      '..',
      '$1',
      'src',
      'index.ts',
    ),
    '^@supabase/tracing$': path.join(pkg, '..', '..', 'shared', 'tracing', 'src', 'index.ts'),
  },
  setupFiles: [path.join(__dirname, 'setup.cjs')],
  setupFilesAfterEnv: existsSync(setup) ? [setup] : [],
  ...(existsSync(sequencer) ? { testSequencer: sequencer } : {}),
};

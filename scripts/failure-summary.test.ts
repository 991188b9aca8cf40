import { describe, expect, it } from 'vitest';
import { failureSummary } from './failure-summary.ts';

const root = '/check/p';

describe('failureSummary', () => {
  it('keeps the whole first line and names the test file line that failed', () => {
    const violation = `serious color-contrast: Elements must meet minimum color contrast ratio thresholds (#x)`;
    const message = [
      `AssertionError: expected [ '${violation}' ] to deeply equal []`,
      '    at /check/p/node_modules/@vitest/expect/dist/index.js:10:3',
      '    at /check/p/tests/e2e/staff-invite.test.ts:216:45',
      '    at processTicksAndRejections (node:internal/process/task_queues:95:5)',
    ].join('\n');
    expect(failureSummary(message, root)).toBe(
      `AssertionError: expected [ '${violation}' ] to deeply equal [] (tests/e2e/staff-invite.test.ts:216:45)`,
    );
  });

  it('reads a frame inside a named function too', () => {
    const message = 'Error: boom\n    at walk (/check/p/stack/tests/x.test.ts:3:9)';
    expect(failureSummary(message, root)).toBe('Error: boom (stack/tests/x.test.ts:3:9)');
  });

  it('keeps a property failure replayable: seed, counterexample, and what was got', () => {
    const message = [
      'Error: Property failed after 3 tests',
      '{ seed: 42, path: "2", endOnFailure: true }',
      'Counterexample: ["a"]',
      'Shrunk 0 time(s)',
      'Got AssertionError: expected 500 to be less than 500',
    ].join('\n');
    expect(failureSummary(message, root).split('\n')).toEqual([
      'Error: Property failed after 3 tests',
      '    { seed: 42, path: "2", endOnFailure: true }',
      '    Counterexample: ["a"]',
      '    Got AssertionError: expected 500 to be less than 500',
    ]);
  });
});

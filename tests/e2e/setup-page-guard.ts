/** Fails a browser test in which a page threw or logged an error (tests/support/page-guard.ts). */
import { afterAll, afterEach } from 'vitest';
import { takePageProblems } from '../support/page-guard.ts';

function check(when: string): void {
  const problems = takePageProblems();
  if (problems.length) throw new Error(`page errors ${when}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
}

afterEach(() => check('during this test'));
afterAll(() => check('after the last test of this file'));

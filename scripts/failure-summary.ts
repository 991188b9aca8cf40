/** What a CI log's tail keeps of a failed test (scripts/test-all.ts prints it at the end). */
import { projectRoot } from '../stack/src/config.ts';

/**
 * The first line of a failure and the line of the test file that failed; for a property test
 * (fast-check) also its seed, counterexample and the assertion that failed: a CI log keeps only its
 * tail, and a random failure must be replayable.
 */
export function failureSummary(message: string, root = projectRoot): string {
  const lines = message.split('\n').map((line) => line.trim());
  const first = (lines[0] ?? '').slice(0, 1000);
  const at = lines.find((line) => /^at .*\.test\.tsx?:\d+/.test(line));
  const where = at
    ? ` (${at
        .replace(/^at (.*\()?/, '')
        .replace(/\)$/, '')
        .replace(`${root}/`, '')})`
    : '';
  if (!first.includes('Property failed')) return first + where;
  const wanted = lines.filter((line) => /^(\{ seed|Counterexample|Got )/.test(line));
  return [first + where, ...wanted.map((line) => `    ${line.slice(0, 600)}`)].join('\n');
}

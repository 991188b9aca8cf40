// Counts a jest --json result: passed, failed, and the failures that not-applicable.json marks as
// not applicable to a hosted project's defaults (with the reason), so the percentage is over the
// tests that apply. Prints a summary and the failing tests' names.
const fs = require('node:fs');

const [resultFile, naFile, suite] = process.argv.slice(2);
const result = JSON.parse(fs.readFileSync(resultFile, 'utf8'));
const notApplicable = JSON.parse(fs.readFileSync(naFile, 'utf8'))[suite] ?? {};
let passed = 0;
const failed = [];
const skipped = [];
for (const file of result.testResults) {
  const short = file.name.replace(/^.*\/test\//, 'test/');
  if (file.assertionResults.length === 0 && file.status === 'failed')
    failed.push(`${short}: ${file.message.split('\n')[0]}`);
  for (const t of file.assertionResults) {
    const name = `${short} > ${t.fullName}`;
    if (t.status === 'passed') passed += 1;
    else if (t.status === 'failed') {
      const reason = Object.entries(notApplicable).find(([pattern]) => name.includes(pattern));
      if (reason) skipped.push(`${name}  [n/a: ${reason[1]}]`);
      else failed.push(name);
    }
  }
}
const applicable = passed + failed.length;
const pct = applicable === 0 ? 0 : ((100 * passed) / applicable).toFixed(1);
console.log(`${suite}: ${passed} of ${applicable} applicable tests pass (${pct}%); ${skipped.length} not applicable`);
for (const f of failed) console.log(`  FAIL ${f}`);
if (process.env.VERBOSE) for (const s of skipped) console.log(`  N/A  ${s}`);

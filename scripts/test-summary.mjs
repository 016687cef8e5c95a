// Adds up the test runners' JSON reports and prints the closing line "N passed, N failed"; the
// container image's checks (scripts/test-image.sh writes image.json) count too once they have run.
// Each failed test is named here too, and each that passed only when run again: a runner's own
// report may be far above the tail CI keeps.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const dir = process.argv[2];
const read = (name) => {
  const file = path.join(dir, name);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
};
let passed = 0,
  failed = 0,
  skipped = 0;
const failures = [];
const flaky = [];
const firstLine = (message) =>
  stripVTControlCharacters(String(message ?? ''))
    .split('\n')
    .find((line) => line.trim()) ?? '';
const vitest = read('vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
  console.log(`vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`);
  for (const file of vitest.testResults) {
    const where = path.relative(process.cwd(), file.name);
    const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failedTests) failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
    // vitest keeps an attempt's errors when a retry (scripts/test.sh) then passes.
    for (const test of file.assertionResults.filter((t) => t.status === 'passed' && t.failureMessages.length > 0))
      flaky.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
    // A file that fails before its tests run (an import, a hook) has no failed test of its own.
    if (file.status === 'failed' && failedTests.length === 0) failures.push(`${where}: ${firstLine(file.message)}`);
  }
} else {
  console.log('vitest: no report (did not run)');
  failed += 1;
}
const pw = read('playwright.json');
if (pw) {
  const s = pw.stats;
  passed += s.expected + s.flaky;
  failed += s.unexpected;
  skipped += s.skipped;
  console.log(`playwright: ${s.expected + s.flaky} passed, ${s.unexpected} failed`);
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected') continue;
        const error = test.results.at(-1)?.error?.message;
        failures.push(`${spec.file} › ${[...titles, spec.title].join(' › ')}: ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of pw.suites) visit(suite, []);
} else {
  console.log('playwright: no report (did not run)');
  failed += 1;
}
const image = read('image.json');
if (image) {
  passed += image.passed;
  failed += image.failed;
  console.log(`image checks: ${image.passed} passed, ${image.failed} failed`);
}
for (const failure of failures) console.log(`FAILED ${failure}`);
for (const test of flaky) console.log(`FLAKY (passed when run again) ${test}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);

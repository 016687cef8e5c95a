// Adds up the test runners' JSON reports and prints the closing line "N passed, N failed"; the
// container image's checks (scripts/test-image.sh writes image.json) count too once they have run.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
const read = (name) => {
  const file = path.join(dir, name);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
};
let passed = 0,
  failed = 0,
  skipped = 0;
const vitest = read('vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
  console.log(`vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`);
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
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);

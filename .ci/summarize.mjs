// Adds up Jest's "Tests:" lines and Playwright's JSON report into one closing line.
import { existsSync, readFileSync } from 'node:fs';

const [logPath, playwrightReport] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
// eslint-disable-next-line no-control-regex
const plain = readFileSync(logPath, 'utf8').replace(/\u001b\[[0-9;]*m/g, '');
for (const line of plain.split('\n')) {
  // Nx prefixes each package's output with '@printpool/<name>: '.
  const match = /^\s*(?:\S+:\s+)?Tests:\s+(.*)$/.exec(line);
  if (!match) continue;
  for (const part of match[1].split(',')) {
    const [count, word] = part.trim().split(/\s+/);
    if (word === 'passed') passed += Number(count);
    if (word === 'failed') failed += Number(count);
    if (word === 'skipped' || word === 'todo') skipped += Number(count);
  }
}
if (playwrightReport && existsSync(playwrightReport)) {
  const stats = JSON.parse(readFileSync(playwrightReport, 'utf8')).stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  skipped += stats.skipped ?? 0;
} else {
  process.stdout.write('Playwright report missing: the end-to-end suite did not run.\n');
  failed += 1;
}
process.stdout.write(`${passed} passed, ${failed} failed, ${skipped} skipped\n`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

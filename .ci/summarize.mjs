// Adds up Jest's "Tests:" lines and Playwright's JSON report into one closing line.
import { existsSync, readFileSync } from 'node:fs';

const [logPath, playwrightReport] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
/** Each failed Jest test's name, with the first lines of its error: a shortened log keeps the summary, not the failure. */
const failedJestTests = new Map();
const failedJestFiles = new Set();
// eslint-disable-next-line no-control-regex
const plain = readFileSync(logPath, 'utf8').replace(/\u001b\[[0-9;]*m/g, '');
const ERROR_LINES = 12;
let failureLines = null;
for (const line of plain.split('\n')) {
  // Jest names each failed test as '● <describe> › <test>', or '● <test>' outside a describe; '● Console' heads logged output.
  const failure = /^(\S+:)?\s+● (.+)$/.exec(line);
  if (failure && failure[2] !== 'Console') {
    failureLines = [];
    failedJestTests.set(`${failure[1] ?? ''} ${failure[2]}`.trim(), failureLines);
    continue;
  }
  if (failureLines) {
    const text = line.replace(/^\S+:\s/, '').trimEnd();
    // The stack trace ends what the error says; Jest's per-file totals end the block.
    if (/^\s+at /.test(text) || /^(PASS|FAIL)\s/.test(text.trim())) failureLines = null;
    else if (text.trim() && failureLines.length < ERROR_LINES) failureLines.push(text);
  }
  // A test file that fails to load or run counts no failed test ('Tests:' stays clean), so its FAIL line is the only trace.
  const failedFile = /^(\S+:)?\s*FAIL\s+(\S+)/.exec(line);
  if (failedFile) failedJestFiles.add(`${failedFile[1] ?? ''} ${failedFile[2]}`.trim());
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
  const report = JSON.parse(readFileSync(playwrightReport, 'utf8'));
  printPagesOfFailedTests(report);
  printErrorsOfFailedTests(report);
  const stats = report.stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  skipped += stats.skipped ?? 0;
} else {
  process.stdout.write('Playwright report missing: the end-to-end suite did not run.\n');
  failed += 1;
}
for (const [name, lines] of failedJestTests) process.stdout.write(`--- failed: ${name}\n${lines.join('\n')}${lines.length ? '\n' : ''}`);
for (const file of failedJestFiles) process.stdout.write(`--- failed file: ${file}\n`);
if (failedJestFiles.size > 0 && failed === 0) failed += failedJestFiles.size;
process.stdout.write(`${passed} passed, ${failed} failed, ${skipped} skipped\n`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

/** Each result of a browser test that neither passed nor was skipped, with its test's title. */
function* failedResults(suite) {
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests ?? [])
      for (const result of test.results ?? []) if (result.status !== 'passed' && result.status !== 'skipped') yield { title: spec.title, result };
  for (const child of suite.suites ?? []) yield* failedResults(child);
}

/**
 * A failed browser test's page as its accessibility tree at the moment it failed (Playwright's
 * error context), so a failure seen only in CI can be read without the run's files.
 */
function printPagesOfFailedTests(report) {
  const MAX_LINES = 200;
  for (const { title, result } of failedResults(report))
    for (const attachment of result.attachments ?? []) {
      if (attachment.name !== 'error-context' || !attachment.path || !existsSync(attachment.path)) continue;
      const lines = pageSnapshots(readFileSync(attachment.path, 'utf8'));
      process.stdout.write(`\n--- the page when "${title}" failed (${attachment.path})\n`);
      process.stdout.write(`${lines.slice(0, MAX_LINES).join('\n')}${lines.length > MAX_LINES ? `\n… ${lines.length - MAX_LINES} more lines` : ''}\n`);
    }
}

/**
 * Each failed browser test's error (the assertion, expected and received, the line), printed last
 * so it sits beside the totals in a shortened log.
 */
function printErrorsOfFailedTests(report) {
  const MAX_LINES = 12;
  for (const { title, result } of failedResults(report)) {
    // eslint-disable-next-line no-control-regex
    const message = (result.error?.message ?? result.status).replace(/\u001b\[[0-9;]*m/g, '');
    const at = result.error?.location ? ` (${result.error.location.file.split('/').slice(-2).join('/')}:${result.error.location.line})` : '';
    process.stdout.write(`\n--- failed: "${title}"${at}\n${message.split('\n').slice(0, MAX_LINES).join('\n')}\n`);
  }
}

/**
 * The fenced YAML blocks of an error context: the pages' accessibility trees, without the test's
 * source or instructions. What floats above the page (a dialog, a toast, a menu) comes first: it is
 * what the failed step was looking at, and a long table behind it would push it past the cut.
 */
function pageSnapshots(errorContext) {
  return [...errorContext.matchAll(/```yaml\n([\s\S]*?)```/g)].flatMap((match) => overlaysFirst(match[1].split('\n')));
}

function overlaysFirst(lines) {
  const overlay = /^- (dialog|alertdialog|alert|status|menu|tooltip|listbox)\b/;
  const blocks = [];
  for (const line of lines) {
    if (blocks.length === 0 || line.startsWith('- ')) blocks.push([line]);
    else blocks.at(-1).push(line);
  }
  const overlays = blocks.filter((block) => overlay.test(block[0]));
  return [...overlays, ...blocks.filter((block) => !overlays.includes(block))].flat();
}

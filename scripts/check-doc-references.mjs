// Every reference to a numbered section of a document (`docs/product.md §5`) must name a file in
// this repository that has that section; a bare `spec §N` or `architecture §N` names none.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const TEXT = /\.(ts|tsx|js|mjs|cjs|md|yaml|yml|css)$/;
const REFERENCE = /([\w./-]+\.md) §(\d+)/g;
const BARE = /(?<![\w./-])(spec|architecture) §\d+/gi;

const sections = new Map();
function hasSection(file, number) {
  if (!sections.has(file)) {
    const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
    sections.set(file, new Set([...text.matchAll(/^#{2,3} (\d+)\./gm)].map((match) => match[1])));
  }
  return sections.get(file).has(number);
}

const problems = [];
const files = execFileSync('git', ['ls-files'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => TEXT.test(file));
for (const file of files) {
  if (!existsSync(file)) continue;
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, index) => {
    for (const [text, target, number] of line.matchAll(REFERENCE)) {
      if (!hasSection(target, number)) problems.push(`${file}:${index + 1}: '${text}' names no section ${number} of a file ${target} in the repository`);
    }
    for (const [text] of line.matchAll(BARE)) problems.push(`${file}:${index + 1}: '${text}' names no file; cite docs/product.md or docs/architecture.md`);
  });
}
if (problems.length > 0) {
  process.stderr.write(`${problems.join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(`document references: ${files.length} files read, every cited section exists\n`);

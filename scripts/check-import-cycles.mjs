// No module of a package imports itself back through others, type-only imports included: a cycle
// means two files are one concept, or a lower layer reaches up (docs/development.md).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { importGraph } from './lib/importGraph.mjs';

const PACKAGE_GROUPS = ['libs', 'infra'];
const packages = readdirSync('.')
  .filter((name) => /^(svc-|mfe-)/.test(name) || name === 'shell')
  .concat(PACKAGE_GROUPS.flatMap((group) => readdirSync(group).map((name) => path.join(group, name))))
  .map((dir) => path.resolve(dir, 'src'))
  .filter((dir) => existsSync(dir));

/** The strongly connected groups of more than one module (Tarjan). */
function cycles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node)) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) !== index.get(node)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) found.push(group);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

const problems = [];
for (const dir of packages) {
  for (const group of cycles(importGraph(dir)))
    problems.push(
      `${path.relative('.', dir)}: ${group
        .map((file) => path.relative(dir, file))
        .sort()
        .join(' ↔ ')}`,
    );
}
if (problems.length > 0) {
  process.stderr.write(`import cycles:\n  ${problems.join('\n  ')}\n`);
  process.exit(1);
}
process.stdout.write(`import cycles: none in ${packages.length} packages\n`);

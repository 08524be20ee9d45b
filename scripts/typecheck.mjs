// `npm run typecheck`: every workspace package's tsconfig.json, type-checked as few programs as
// their options allow. Each package's own `typecheck` script checks it alone, which re-reads the
// libraries it imports from source (libs/contracts, libs/service-kit, …) once per package; here
// packages whose compiler options are the same share one program, so each library is read once.
// A package whose options differ gets a program of its own, so nothing is checked more loosely
// than its own script would.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'node_modules/.cache/typecheck');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

/** A tsconfig.json: JSON with comments. */
const readConfig = (file) => JSON.parse(readFileSync(file, 'utf8').replace(/^\s*\/\/.*$/gm, ''));

/** The folders a workspace pattern of the root package.json names: `libs/*`, `svc-*` or a plain folder. */
function expand(pattern) {
  const parent = path.dirname(pattern);
  const [prefix, suffix] = path.basename(pattern).split('*');
  if (suffix === undefined) return [pattern];
  return readdirSync(path.join(root, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.startsWith(prefix) && entry.name.endsWith(suffix))
    .map((entry) => path.join(parent, entry.name));
}

function packages() {
  const { workspaces } = readConfig(path.join(root, 'package.json'));
  return workspaces
    .flatMap(expand)
    .filter((dir) => existsSync(path.join(root, dir, 'tsconfig.json')) && readConfig(path.join(root, dir, 'package.json')).scripts?.typecheck)
    .sort();
}

/** Packages grouped by what decides how their files are checked: the base they extend and their own options. */
function groups() {
  const byOptions = new Map();
  for (const dir of packages()) {
    const config = readConfig(path.join(root, dir, 'tsconfig.json'));
    // Where output would go says nothing of how code is checked.
    const { outDir: _outDir, ...options } = config.compilerOptions ?? {};
    const base = config.extends ? path.resolve(root, dir, config.extends) : null;
    const key = JSON.stringify({ base, options });
    const group = byOptions.get(key) ?? { base, options, dirs: [], include: [] };
    group.dirs.push(dir);
    group.include.push(...(config.include ?? ['**/*']).map((pattern) => path.relative(out, path.join(root, dir, pattern))));
    byOptions.set(key, group);
  }
  return [...byOptions.values()];
}

function check(group, index) {
  const file = path.join(out, `tsconfig.${index}.json`);
  writeFileSync(
    file,
    JSON.stringify({ ...(group.base && { extends: group.base }), compilerOptions: { ...group.options, noEmit: true }, include: group.include }, null, 2),
  );
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', file, '--pretty', 'false'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      // tsc names files relative to the generated config; the repository's root reads better.
      const shown = output.replace(/^(?:\.\.\/)+/gm, '');
      process.stdout.write(`${code === 0 ? 'ok' : 'FAILED'}  ${group.dirs.join(' ')} (${((Date.now() - started) / 1000).toFixed(1)} s)\n${shown}`);
      resolve(code === 0);
    });
  });
}

mkdirSync(out, { recursive: true });
const pending = groups().map((group, index) => ({ group, index }));
const results = [];
// Two programs at a time: one per core of the machine CI runs on, each single-threaded.
await Promise.all(
  [0, 1].map(async () => {
    for (let next = pending.shift(); next; next = pending.shift()) results.push(await check(next.group, next.index));
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);

// The relative imports between a package's source modules, type-only ones included: what
// scripts/check-import-cycles.mjs and scripts/check-layers.mjs read.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const IMPORT = /(?:import|export)\s[^'";]*?from\s+'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g;

/** The package's modules under `dir`, tests left out. */
export function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** The modules among `known` that `file` imports. */
export function importsOf(file, known) {
  return [...readFileSync(file, 'utf8').matchAll(IMPORT)].flatMap((match) => {
    const base = path.resolve(path.dirname(file), (match[1] ?? match[2]).replace(/\.js$/, ''));
    const found = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((candidate) => known.has(candidate));
    return found ? [found] : [];
  });
}

/** Every module under `dir` with the modules it imports. */
export function importGraph(dir) {
  const files = sourceFiles(dir);
  const known = new Set(files);
  return new Map(files.map((file) => [file, importsOf(file, known)]));
}

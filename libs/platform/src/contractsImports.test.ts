import { expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// @printpool/platform is a shared singleton in the shell's first script, never tree-shaken
// (libs/platform/build/federation.js): a value it takes from @printpool/contracts brings the whole
// module that declares it, and a module of zod schemas brings zod to every page, 21 KB on the
// wire (bench/frontend/RESULTS.md). Such values live in modules of their own (versionedWrite.ts).
const here = path.dirname(fileURLToPath(import.meta.url));
const contracts = path.resolve(here, '../../contracts/src');

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });

/** The values (not types) a file imports from a module. */
function valuesImported(text: string, from: RegExp): string[] {
  const names: string[] = [];
  for (const [, list, module] of text.matchAll(/^import \{([^}]*)\} from '([^']+)'/gm)) {
    if (!from.test(module!)) continue;
    for (const name of list!.split(',').map((part) => part.trim())) if (name && !name.startsWith('type ')) names.push(name.split(' as ')[0]!);
  }
  return names;
}

/** The module files a contracts file runs: its own relative imports, not those of types alone, followed on. */
function runs(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const [, module] of text.matchAll(/^(?:import|export) (?!type )[^;]*? from '(\.[^']+)'/gm))
    runs(path.resolve(path.dirname(file), module!.replace(/\.js$/, '.ts')), seen);
  return seen;
}

const contractFiles = sources(contracts);
const declaring = (name: string) =>
  contractFiles.find((file) => new RegExp(`^export (?:const|function|class) ${name}\\b`, 'm').test(readFileSync(file, 'utf8')));

it("takes no value from a contracts module that runs zod's schemas", () => {
  const zodModules: string[] = [];
  for (const file of sources(path.join(here))) {
    for (const name of valuesImported(readFileSync(file, 'utf8'), /^@printpool\/contracts$/)) {
      const declared = declaring(name);
      expect(declared).toBeDefined();
      for (const ran of runs(declared!))
        if (/^import \{[^}]*\} from 'zod'|^import \* as \w+ from 'zod'/m.test(readFileSync(ran, 'utf8')))
          zodModules.push(`${path.relative(here, file)}: ${name} (${path.relative(contracts, ran)})`);
    }
  }
  expect(zodModules).toEqual([]);
});

import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ALL_SETTINGS, configurationDoc } from '../src/configurationDoc.js';
import { fromRoot } from '../src/repoPaths.js';

/** Where the product reads its environment: every package's source, the launchers' scripts; tests, benchmarks and e2e aside. */
const SOURCE_ROOTS = [
  ...['libs', 'infra'].flatMap((group) => readdirSync(fromRoot(group)).map((name) => path.join(group, name, 'src'))),
  ...readdirSync(fromRoot())
    .filter((name) => name.startsWith('svc-'))
    .map((name) => path.join(name, 'src')),
  path.join('infra', 'launch', 'scripts'),
].filter((dir) => statSync(fromRoot(dir), { throwIfNoEntry: false })?.isDirectory());

/** `env.NAME` (process.env, context.env…), `env['NAME']`, and a reader handed `env, 'NAME'` (envNumber, a settings group, numberFrom). */
const READS = [/\benv\??\.([A-Z][A-Z0-9_]*)\b/g, /\benv\[\s*'([A-Z][A-Z0-9_]*)'\s*\]/g, /\benv,\s*'([A-Z][A-Z0-9_]*)'/g];

/** Declared for the operator, read by a library rather than by PrintPool's code. */
const READ_BY_LIBRARIES = ['OTEL_EXPORTER_OTLP_HEADERS'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'testing' || name === 'test-support' ? [] : sourceFiles(file);
    return /\.(ts|tsx|mjs|js)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** Every variable the product's source reads, with the first file that reads it. */
function variablesRead(): Map<string, string> {
  const read = new Map<string, string>();
  for (const file of SOURCE_ROOTS.flatMap((dir) => sourceFiles(fromRoot(dir)))) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of READS) for (const [, name] of text.matchAll(pattern)) if (!read.has(name!)) read.set(name!, path.relative(fromRoot(), file));
  }
  return read;
}

/** `REMOTE_<NAME>_URL` stands for one variable per remote. */
const declaredAs = (declared: string) => new RegExp(`^${declared.replace(/<[A-Z]+>/g, '[A-Z0-9_]+')}$`);

describe('docs/configuration.md', () => {
  const declared = [...new Set(ALL_SETTINGS.flatMap((declaration) => Object.keys(declaration.settings)))];

  it('is what the declared settings give (npm run configuration-doc -w @printpool/launch writes it)', () => {
    expect(readFileSync(fromRoot('docs', 'configuration.md'), 'utf8')).toBe(configurationDoc());
  });

  it('lists every variable the product reads', () => {
    const read = variablesRead();
    expect(read.size).toBeGreaterThan(50);
    const undeclared = [...read].filter(([name]) => !declared.some((pattern) => declaredAs(pattern).test(name)));
    expect(undeclared.map(([name, file]) => `${name} (${file})`)).toEqual([]);
  });

  it('lists no variable the product does not read', () => {
    const read = variablesRead();
    const unread = declared.filter((name) => !name.includes('<') && !read.has(name) && !READ_BY_LIBRARIES.includes(name));
    expect(unread).toEqual([]);
  });
});

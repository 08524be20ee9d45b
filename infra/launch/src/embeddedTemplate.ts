import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createDatabase, type ServiceModule, type SharedEmbeddedDatabase } from '@printpool/service-kit';
import { openSharedEmbeddedDatabase } from '@printpool/service-kit/embedded';
import { fromRoot } from './repoPaths.js';

/**
 * The embedded database of a first start, made once by the build: initdb and every service's
 * migrations, already run. A fresh data folder starts as a copy of it, so `npm start` answers in
 * the time it takes to open a database, not to create one (bench/start/RESULTS.md).
 */
export const BUILT_EMBEDDED_TEMPLATE = fromRoot('infra/launch/dist/embedded-template');

/** Creates a template at `target` holding the migrated schemas of `modules`; an earlier one there is replaced. */
export async function buildEmbeddedTemplate(target: string, modules: readonly Pick<ServiceModule, 'schema' | 'migrations'>[]): Promise<void> {
  const work = mkdtempSync(`${path.resolve(target)}.partial-`);
  try {
    const embedded = await openSharedEmbeddedDatabase(path.join(work, 'pglite'));
    try {
      for (const module of modules) {
        const db = createDatabase({ schema: module.schema, migrations: module.migrations, shared: embedded });
        await db.migrate();
        await db.close();
      }
      await dropTemplateDatabases(embedded.pglite);
    } finally {
      await embedded.close();
    }
    rmSync(target, { recursive: true, force: true });
    renameSync(path.join(work, 'pglite'), target);
    const migrations = Object.fromEntries(modules.map((module) => [module.schema, module.migrations.map((migration) => migration.name)]));
    writeFileSync(migrationsFile(target), JSON.stringify(migrations));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Gives a fresh embedded database folder the template's contents. The copy is made beside the
 * folder and renamed into place, so a start stopped halfway leaves no half database that a later
 * start would take for a whole one. Answers false, leaving the folder alone, when there is no template.
 */
export function startFromTemplate(folder: string, template: string): boolean {
  if (existsSync(path.join(folder, 'PG_VERSION')) || !existsSync(path.join(template, 'PG_VERSION'))) return false;
  const copy = `${folder}.copying`;
  rmSync(copy, { recursive: true, force: true });
  cpSync(template, copy, { recursive: true });
  rmSync(folder, { recursive: true, force: true });
  renameSync(copy, folder);
  return true;
}

/** The migrations a template holds, per schema, written beside it by the build (not inside: the folder is PostgreSQL's). */
const migrationsFile = (template: string) => `${path.resolve(template)}.migrations.json`;

/**
 * Whether a database copied from `template` holds exactly a module's migrations, so migrating it
 * would find nothing to do: the check itself is a tenth of a first start (bench/start/RESULTS.md).
 * The list is read once, when the copy is made.
 */
export function migrationsHeldBy(template: string): (module: Pick<ServiceModule, 'schema' | 'migrations'>) => boolean {
  const file = migrationsFile(template);
  const held: Record<string, string[]> = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>) : {};
  return (module) => JSON.stringify(held[module.schema]) === JSON.stringify(module.migrations.map((migration) => migration.name));
}

/**
 * initdb's template0 and template1 are half the files of a new cluster (600 of 1,300), and a first
 * start creates each file it copies: on a disk where that costs half a millisecond a file, they
 * were half of the copy (bench/start/RESULTS.md). The product connects only to `postgres` and
 * never creates a database, so the template goes without them.
 */
async function dropTemplateDatabases(pglite: SharedEmbeddedDatabase['pglite']): Promise<void> {
  await pglite.query("UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')");
  await pglite.query('DROP DATABASE template0');
  await pglite.query('DROP DATABASE template1');
}

import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Logger, ServiceModule, SharedEmbeddedDatabase } from '@printpool/service-kit';
import { openSharedEmbeddedDatabase } from '@printpool/service-kit/embedded';
import { BUILT_EMBEDDED_TEMPLATE, migrationsHeldBy, startFromTemplate } from './embeddedTemplate.js';

/** Schemas that an earlier layout kept in a PGlite folder each (DATA_DIR/<schema>). */
const EARLIER_FOLDERS = ['gateway', 'inventory', 'sync', 'documents'];

/**
 * The all-in-one mode's embedded PostgreSQL: one PGlite under DATA_DIR/pglite holding every
 * service's schema, a copy of the build's migrated template on a first start (created afresh
 * where a tree has none). A data folder from the earlier layout (a PGlite per service) keeps it,
 * so nothing a broker stored is left behind: answers undefined, and each service opens its own.
 */
export interface EmbeddedDatabase {
  database: SharedEmbeddedDatabase;
  /** Whether a service's schema is migrated already: the folder was copied from a template holding exactly its migrations, this start. */
  migrated(module: Pick<ServiceModule, 'schema' | 'migrations'>): boolean;
}

export async function openEmbedded(dataDir: string, logger: Logger, template = BUILT_EMBEDDED_TEMPLATE): Promise<EmbeddedDatabase | undefined> {
  const earlier = EARLIER_FOLDERS.filter((schema) => existsSync(path.join(dataDir, schema, 'PG_VERSION')));
  if (earlier.length > 0) {
    logger.warn(
      { dataDir, folders: earlier },
      'this data folder keeps an embedded database per service (an earlier layout); a new data folder uses one for all',
    );
    return undefined;
  }
  const folder = path.join(dataDir, 'pglite');
  const copied = startFromTemplate(folder, template);
  if (copied) logger.info({ template }, 'a new embedded database, copied from the migrated one the build made');
  return { database: await openSharedEmbeddedDatabase(folder), migrated: copied ? migrationsHeldBy(template) : () => false };
}

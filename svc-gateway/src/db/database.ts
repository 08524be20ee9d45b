import path from 'node:path';
import { createDatabase, type Database } from '@printpool/service-kit';
import type { GatewayConfig } from '../config.js';
import { gatewayMigrations } from './migrations.js';

export const GATEWAY_SCHEMA = 'gateway';

/** Real PostgreSQL when DATABASE_URL is set, else embedded PGlite under DATA_DIR/gateway. */
export function openGatewayDatabase(config: Pick<GatewayConfig, 'databaseUrl' | 'dataDir'>): Database {
  const dataDir = config.databaseUrl ? undefined : path.join(config.dataDir ?? '.data', GATEWAY_SCHEMA);
  return createDatabase({ schema: GATEWAY_SCHEMA, migrations: gatewayMigrations, url: config.databaseUrl, dataDir });
}

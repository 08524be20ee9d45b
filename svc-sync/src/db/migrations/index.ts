import { outboxMigrations, type Migration } from '@printpool/service-kit';
import { syncTables } from './001-sync.js';

export const migrations: Migration[] = [...outboxMigrations, syncTables];

import type { Migration } from '@printpool/service-kit';

export const migrations: Migration[] = [];

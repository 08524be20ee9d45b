import { outboxMigrations, type Migration } from '@printpool/service-kit';
import { syncTables } from './001-sync.js';
import { docNumberColumn } from './002-doc-number.js';
import { waitingUntilColumn } from './003-waiting-until.js';
import { mirrorAsWritten } from './004-mirror-as-written.js';
import { runOwnerColumns } from './005-run-owner.js';
import { realmRequestBudgets } from './006-realm-request-budgets.js';
import { documentRegister } from './007-document-register.js';
import { webhookChanges } from './008-webhook-changes.js';
import { realmRequestSlots } from './009-realm-request-slots.js';
import { catchUp } from './010-catch-up.js';

export const migrations: Migration[] = [
  ...outboxMigrations,
  syncTables,
  docNumberColumn,
  waitingUntilColumn,
  mirrorAsWritten,
  runOwnerColumns,
  realmRequestBudgets,
  documentRegister,
  webhookChanges,
  realmRequestSlots,
  catchUp,
];

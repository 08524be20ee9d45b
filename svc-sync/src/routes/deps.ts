import type { Logger } from '@printpool/service-kit';
import type { Knex } from 'knex';
import type { SyncConfig } from '../config/syncConfig.js';
import type { ConnectionStore } from '../db/connectionStore.js';
import type { CursorStore } from '../db/cursorStore.js';
import type { OAuthStateStore } from '../db/oauthStateStore.js';
import type { SyncHealthStore } from '../db/syncHealthStore.js';
import type { SyncRunStore } from '../db/syncRunStore.js';
import type { QboClient } from '../qbo/qboClient.js';
import type { QboOAuth } from '../qbo/qboOAuth.js';
import type { QboTokens } from '../qbo/qboTokens.js';
import type { SyncRunner } from '../sync/syncRunner.js';
import type { SyncWriter } from '../sync/syncWriter.js';
import type { WebhookQueue } from '../sync/webhookQueue.js';
import type { EstimateWriter } from '../writeBack/estimateWriter.js';
import type { ReceiptWriter } from '../writeBack/receiptWriter.js';
import type { ReorderEstimateWriter } from '../writeBack/reorderEstimateWriter.js';

/** Everything the routes call; built once per service instance. */
export interface SyncRouteDeps {
  config: SyncConfig;
  logger: Logger;
  /** The service's schema, for reads of the mirror. */
  knex: Knex;
  oauth: QboOAuth;
  client: QboClient;
  tokens: QboTokens;
  connections: ConnectionStore;
  states: OAuthStateStore;
  runs: SyncRunStore;
  cursors: CursorStore;
  runner: SyncRunner;
  writer: SyncWriter;
  webhooks: WebhookQueue;
  estimates: EstimateWriter;
  receipts: ReceiptWriter;
  reorders: ReorderEstimateWriter;
  health: SyncHealthStore;
}

import { HttpError, type CallerIdentity } from '@printpool/service-kit';
import type { Knex } from 'knex';
import { customerQbIdByName } from '../db/customerByName.js';
import { mirroredDocument, upsertDocuments } from '../db/documentMirror.js';
import type { ConnectionStore } from '../db/connectionStore.js';
import { estimateUpdate, newEstimate, type SalesOrderToWrite } from '../domain/estimateWriteBack.js';
import type { QboDocument } from '../domain/qboDocument.js';
import type { QboAnswer, QboClient } from '../qbo/qboClient.js';
import { isStaleObject, QboApiError, QboReauthorizationRequired } from '../qbo/qboErrors.js';
import { NotConnectedError } from '../qbo/qboTokens.js';
import type { InventoryOrders, RecordedOrder } from './inventoryOrders.js';

const ESTIMATE = 'Estimate';
const NOT_CONNECTED = 'Not connected to QuickBooks';

export interface EstimateWriterDeps {
  knex: Knex;
  client: QboClient;
  connections: ConnectionStore;
  inventory: InventoryOrders;
}

/**
 * "Sync to QuickBooks" on a sales order (architecture §6): the order's estimate is updated
 * sparsely with its SyncToken, re-read and retried once when QBO calls the token stale, or
 * created for a manual order. The order shows 'syncing' meanwhile, then 'synced' or 'error'
 * with the reason; the mirror takes QBO's answer so later syncs compare against it.
 */
export class EstimateWriter {
  constructor(private readonly deps: EstimateWriterDeps) {}

  async write(caller: CallerIdentity, id: string): Promise<RecordedOrder> {
    const { inventory, connections } = this.deps;
    const order = await inventory.read(caller, id);
    const connection = await connections.get(caller.tenantId);
    if (!connection?.tokens) throw new HttpError(409, NOT_CONNECTED, 'CONFLICT');
    await inventory.record(caller, order.id, { syncStatus: 'syncing' });
    let estimate: QboDocument;
    try {
      estimate = order.qbId ? await this.update(caller.tenantId, connection.realmId, order, order.qbId) : await this.create(caller.tenantId, connection.realmId, order);
    } catch (error) {
      const failure = knownFailure(error);
      const recorded = await inventory.record(caller, order.id, { syncStatus: 'error', syncError: failure?.message ?? 'QuickBooks sync failed' });
      // Anything unforeseen keeps its stack for the error log.
      if (!failure) throw error;
      throw new HttpError(failure.status, failure.message, failure.code, recorded);
    }
    return inventory.record(caller, order.id, { syncStatus: 'synced', qbId: estimate.Id, syncToken: estimate.SyncToken });
  }

  private async update(tenantId: string, realmId: string, order: SalesOrderToWrite, qbId: string): Promise<QboDocument> {
    const { client, knex } = this.deps;
    const current = (await mirroredDocument(knex, { tenantId, realmId, entity: ESTIMATE }, qbId)) ?? (await client.read(tenantId, ESTIMATE, qbId)).body;
    try {
      return await this.mirror(tenantId, await client.write(tenantId, ESTIMATE, estimateUpdate(order, current)));
    } catch (error) {
      if (!isStaleObject(error)) throw error;
      // Someone changed the estimate in QuickBooks since the last sync: once more on its current SyncToken.
      const fresh = (await client.read(tenantId, ESTIMATE, qbId)).body;
      return this.mirror(tenantId, await client.write(tenantId, ESTIMATE, estimateUpdate(order, fresh)));
    }
  }

  private async create(tenantId: string, realmId: string, order: SalesOrderToWrite): Promise<QboDocument> {
    const customerQbId = await customerQbIdByName(this.deps.knex, tenantId, realmId, order.customerName);
    if (!customerQbId) {
      throw new HttpError(422, `No QuickBooks customer is named "${order.customerName}"; add the customer in QuickBooks and sync customers first`, 'UNPROCESSABLE');
    }
    return this.mirror(tenantId, await this.deps.client.write(tenantId, ESTIMATE, newEstimate(order, customerQbId)));
  }

  private async mirror(tenantId: string, answer: QboAnswer<QboDocument>): Promise<QboDocument> {
    await upsertDocuments(this.deps.knex, { tenantId, realmId: answer.realmId, entity: ESTIMATE }, [answer.body], null);
    return answer.body;
  }
}

/** What the Sales Orders page is told, and the order records, when write-back fails as it can. */
function knownFailure(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (error instanceof NotConnectedError || error instanceof QboReauthorizationRequired) return new HttpError(409, NOT_CONNECTED, 'CONFLICT');
  if (error instanceof QboApiError) return new HttpError(502, faultReason(error), 'QBO_WRITE_FAILED');
  return undefined;
}

/** QBO's detail names what it refused ("Invalid Reference Id : Item 12 was not found…"); its message only the kind. */
function faultReason({ status, detail }: QboApiError): string {
  return `QuickBooks ${status || 'unreachable'}: ${detail.detail ?? detail.message}${detail.code ? ` (code ${detail.code})` : ''}`;
}

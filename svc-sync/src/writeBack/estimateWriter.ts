import { DELETED_ORDER_READ_ONLY, type SalesOrderWriteBack } from '@printpool/contracts';
import { HttpError, type CallerIdentity } from '@printpool/service-kit';
import type { Knex } from 'knex';
import { customerQbIdByName } from '../db/customerByName.js';
import { upsertDocuments } from '../db/documentMirror.js';
import type { ConnectionStore } from '../db/connectionStore.js';
import type { SyncHealthStore } from '../db/syncHealthStore.js';
import { conflictMessage } from '@printpool/domain';
import { ESTIMATE_CLOSED, newEstimate, planEstimateRejection, planEstimateUpdate, type SalesOrderToWrite } from '../domain/estimateWriteBack.js';
import { mapEstimate } from '../domain/mapTransactions.js';
import type { QboDocument } from '../domain/qboDocument.js';
import type { QboAnswer, QboClient } from '../qbo/qboClient.js';
import { isStaleObject } from '../qbo/qboErrors.js';
import type { TermNameList } from '../qbo/termNames.js';
import type { InventoryOrders } from './inventoryOrders.js';
import { answeredTermNames, knownFailure, NOT_CONNECTED, WRITE_BACK_CONFLICT } from './outcomes.js';

const ESTIMATE = 'Estimate';

export interface EstimateWriterDeps {
  knex: Knex;
  client: QboClient;
  connections: ConnectionStore;
  inventory: InventoryOrders;
  health: SyncHealthStore;
  /** Names the estimate's terms when QuickBooks answers the ref by Id alone; without it such terms are not shown. */
  terms?: Pick<TermNameList, 'for'>;
}

/**
 * "Sync to QuickBooks" on a sales order (docs/architecture.md §5, docs/quickbooks.md): only what the
 * broker changed is sent to the order's estimate, or the estimate is created for a manual order.
 * The order shows 'syncing' meanwhile, then 'synced' (taking the estimate as QuickBooks now
 * holds it) or 'error' with the reason; the mirror takes QBO's answer so later syncs compare against it.
 */
export class EstimateWriter {
  constructor(private readonly deps: EstimateWriterDeps) {}

  /** The estimate QuickBooks answered, as inventory keeps it. */
  private async mapped(caller: CallerIdentity, estimate: QboDocument) {
    return mapEstimate(estimate, await answeredTermNames(this.deps.terms, caller, estimate));
  }

  async write(caller: CallerIdentity, id: string): Promise<SalesOrderWriteBack> {
    const { inventory, connections } = this.deps;
    const order = await this.readOrder(caller, id);
    // The broker chooses between the two values first (svc-inventory's orders/importEstimates.ts): nothing is written meanwhile.
    if (order.syncStatus === 'conflict') throw new HttpError(409, order.syncError ?? 'The order is in conflict with QuickBooks', WRITE_BACK_CONFLICT);
    // Its estimate is gone: only the broker's 'Re-create in QuickBooks' (which clears qbId) asks for a new one (docs/quickbooks.md).
    if (order.deletedInQuickbooksAt && order.qbId) throw estimateDeleted();
    const connection = await connections.get(caller.tenantId);
    if (!connection?.tokens) throw new HttpError(409, NOT_CONNECTED, 'CONFLICT');
    await inventory.record(caller, order.id, { syncStatus: 'syncing' });
    let estimate: QboDocument;
    try {
      estimate = order.qbId ? await this.update(caller, order.id, order.qbId) : await this.create(caller.tenantId, connection.realmId, order);
    } catch (error) {
      const failure = knownFailure(error);
      const recorded = await this.recordFailure(caller, order, failure);
      // Anything unforeseen keeps its stack for the error log.
      if (!failure) throw error;
      throw new HttpError(
        failure.status,
        failure.message,
        failure.code,
        failure.code === WRITE_BACK_CONFLICT ? { ...recorded, conflicts: failure.details } : recorded,
      );
    }
    return this.recordWritten(caller, order.id, estimate);
  }

  /**
   * Deleting a synced order, the broker chose to mark its estimate Rejected in QuickBooks
   * instead: the estimate as QuickBooks holds it now gets TxnStatus Rejected and nothing else,
   * and the order takes it back as an import would, so it becomes 'cancelled' and releases
   * what it held (svc-inventory's domain/salesOrderStatus.ts). The order stays, showing why.
   */
  async reject(caller: CallerIdentity, id: string): Promise<SalesOrderWriteBack> {
    const { inventory, connections, client } = this.deps;
    const order = await this.readOrder(caller, id);
    if (!order.qbId) throw new HttpError(422, 'Only an order synced with QuickBooks has an estimate to mark Rejected', 'UNPROCESSABLE', { field: 'qbId' });
    if (order.deletedInQuickbooksAt) throw estimateDeleted();
    const qbId = order.qbId;
    const connection = await connections.get(caller.tenantId);
    if (!connection?.tokens) throw new HttpError(409, NOT_CONNECTED, 'CONFLICT');
    await inventory.record(caller, order.id, { syncStatus: 'syncing' });
    let estimate: QboDocument;
    try {
      estimate = await (async () => {
        for (let attempt = 1; ; attempt += 1) {
          const current = (await client.read(caller.tenantId, ESTIMATE, qbId)).body;
          const plan = planEstimateRejection(current);
          if (plan.kind === 'closed') throw new HttpError(409, ESTIMATE_CLOSED, 'CONFLICT');
          if (plan.kind !== 'update') return current;
          try {
            return await this.mirror(caller.tenantId, await client.write(caller.tenantId, ESTIMATE, plan.body));
          } catch (error) {
            if (attempt > 1 || !isStaleObject(error)) throw error;
          }
        }
      })();
    } catch (error) {
      const failure = knownFailure(error);
      const recorded = await this.recordFailure(caller, order, failure);
      if (!failure) throw error;
      throw new HttpError(failure.status, failure.message, failure.code, recorded);
    }
    return this.recordWritten(caller, order.id, estimate);
  }

  /** An order gone from PrintPool has nothing left to retry: its failure leaves the Sync problems with it. */
  private async readOrder(caller: CallerIdentity, id: string) {
    try {
      return await this.deps.inventory.read(caller, id);
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) await this.deps.health.clearWriteBack(caller.tenantId, Number(id));
      throw error;
    }
  }

  /**
   * The order shows the reason, and so do the Sync problems with a Retry. A conflict is not listed
   * there: retrying cannot end it, the broker's choice of values does (docs/quickbooks.md).
   */
  private async recordFailure(caller: CallerIdentity, order: SalesOrderToWrite, failure: HttpError | undefined) {
    const reason = failure?.message ?? 'QuickBooks sync failed';
    const recorded = await this.deps.inventory.record(caller, order.id, { syncStatus: 'error', syncError: reason });
    if (failure?.code !== WRITE_BACK_CONFLICT) await this.deps.health.noteWriteBackFailed(caller.tenantId, order.id, order.soNumber, reason);
    return recorded;
  }

  private async recordWritten(caller: CallerIdentity, orderId: number, estimate: QboDocument): Promise<SalesOrderWriteBack> {
    const written = await this.deps.inventory.record(caller, orderId, {
      syncStatus: 'synced',
      qbId: estimate.Id,
      syncToken: estimate.SyncToken,
      estimate: await this.mapped(caller, estimate),
    });
    await this.deps.health.clearWriteBack(caller.tenantId, orderId);
    return written;
  }

  /**
   * Sends the broker's edit to the estimate as QuickBooks holds it now (read fresh, so an edit
   * made there since is merged or shown, never overwritten). An unchanged order sends nothing.
   */
  private async update(caller: CallerIdentity, orderId: number, qbId: string): Promise<QboDocument> {
    const { client, inventory } = this.deps;
    const edit = await inventory.edit(caller, orderId);
    for (let attempt = 1; ; attempt += 1) {
      const current = (await client.read(caller.tenantId, ESTIMATE, qbId)).body;
      const plan = planEstimateUpdate(edit, current);
      if (plan.kind === 'conflict') throw new HttpError(409, conflictMessage(plan.conflicts), WRITE_BACK_CONFLICT, plan.conflicts);
      if (plan.kind === 'unchanged') return current;
      try {
        return await this.mirror(caller.tenantId, await client.write(caller.tenantId, ESTIMATE, plan.body));
      } catch (error) {
        // Someone changed the estimate between the read and the write: plan once more on what it is now.
        if (attempt > 1 || !isStaleObject(error)) throw error;
      }
    }
  }

  private async create(tenantId: string, realmId: string, order: SalesOrderToWrite): Promise<QboDocument> {
    const customerQbId = await customerQbIdByName(this.deps.knex, tenantId, realmId, order.customerName);
    if (!customerQbId) {
      throw new HttpError(
        422,
        `No QuickBooks customer is named "${order.customerName}"; add the customer in QuickBooks and sync customers first`,
        'UNPROCESSABLE',
      );
    }
    return this.mirror(tenantId, await this.deps.client.write(tenantId, ESTIMATE, newEstimate(order, customerQbId)));
  }

  private async mirror(tenantId: string, answer: QboAnswer<QboDocument>): Promise<QboDocument> {
    await upsertDocuments(this.deps.knex, { tenantId, realmId: answer.realmId, entity: ESTIMATE }, [answer.body], null);
    return answer.body;
  }
}

/** An order kept after QuickBooks deleted its estimate (svc-inventory/src/orders/deletedEstimates.ts) has none to write to. */
function estimateDeleted(): HttpError {
  return new HttpError(409, DELETED_ORDER_READ_ONLY, 'DELETED_IN_QUICKBOOKS', { field: 'deletedInQuickbooksAt' });
}

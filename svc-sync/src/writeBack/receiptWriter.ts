import type { PurchaseOrderReceipts, ReceiptWriteBackResult } from '@printpool/contracts';
import { HttpError, type CallerIdentity } from '@printpool/service-kit';
import type { Knex } from 'knex';
import { upsertDocuments } from '../db/documentMirror.js';
import type { ConnectionStore } from '../db/connectionStore.js';
import { mapPurchaseOrder } from '../domain/mapTransactions.js';
import type { QboDocument } from '../domain/qboDocument.js';
import { planReceiptWrite, staleReceiptWrite } from '../domain/receiptWriteBack.js';
import type { QboClient } from '../qbo/qboClient.js';
import { isStaleObject } from '../qbo/qboErrors.js';
import type { TermNameList } from '../qbo/termNames.js';
import type { InventoryReceipts } from './inventoryReceipts.js';
import { answeredTermNames, knownFailure, NOT_CONNECTED, WRITE_BACK_CONFLICT } from './outcomes.js';

const PURCHASE_ORDER = 'PurchaseOrder';

export interface ReceiptWriterDeps {
  knex: Knex;
  client: QboClient;
  connections: ConnectionStore;
  inventory: InventoryReceipts;
  /** Names the PO's terms when QuickBooks answers the ref by Id alone. */
  terms?: Pick<TermNameList, 'for'>;
}

/**
 * A receipt written back to its QuickBooks PO, as the broker asked when recording it
 * (docs/product.md §11, docs/quickbooks.md): each line the receipt named gets the received
 * quantity, on the SyncToken PrintPool last synced. svc-inventory records the outcome on the
 * receipt: written, with the PO as QuickBooks answered it, or failed with the reason. The receipt
 * itself was recorded before and stays, whatever QuickBooks answers.
 */
export class ReceiptWriter {
  constructor(private readonly deps: ReceiptWriterDeps) {}

  async write(caller: CallerIdentity, purchaseOrderId: string, receiptId: string): Promise<PurchaseOrderReceipts> {
    const { inventory, connections, client } = this.deps;
    const receipt = await inventory.toWrite(caller, purchaseOrderId, receiptId);
    let written: ReceiptWriteBackResult;
    try {
      const connection = await connections.get(caller.tenantId);
      if (!connection?.tokens) throw new HttpError(409, NOT_CONNECTED, 'CONFLICT');
      // Read fresh: the write sends every line as QuickBooks holds it, so what PrintPool does not model stays.
      const current = (await client.read(caller.tenantId, PURCHASE_ORDER, receipt.qbId)).body;
      const plan = planReceiptWrite(receipt, current);
      if (plan.kind === 'conflict') throw new HttpError(409, plan.reason, WRITE_BACK_CONFLICT);
      let answered = current;
      if (plan.kind === 'update') {
        try {
          answered = await this.mirror(caller.tenantId, await client.write(caller.tenantId, PURCHASE_ORDER, plan.body));
        } catch (error) {
          // Changed in QuickBooks between the read and the write: a conflict as any other, never planned again on what it is now.
          if (isStaleObject(error)) throw new HttpError(409, staleReceiptWrite(receipt), WRITE_BACK_CONFLICT);
          throw error;
        }
      }
      written = { status: 'written', lines: plan.kind === 'update' ? plan.lines : [], purchaseOrder: await this.mapped(caller, answered) };
    } catch (error) {
      const failure = knownFailure(error);
      await inventory.record(caller, receipt, { status: 'failed', reason: failure?.message ?? 'QuickBooks write failed' });
      // Anything unforeseen keeps its stack for the error log.
      if (!failure) throw error;
      throw failure;
    }
    return inventory.record(caller, receipt, written);
  }

  /** The PO QuickBooks answered, as inventory keeps it. */
  private async mapped(caller: CallerIdentity, purchaseOrder: QboDocument) {
    return mapPurchaseOrder(purchaseOrder, await answeredTermNames(this.deps.terms, caller, purchaseOrder));
  }

  private async mirror(tenantId: string, answer: Awaited<ReturnType<QboClient['write']>>): Promise<QboDocument> {
    await upsertDocuments(this.deps.knex, { tenantId, realmId: answer.realmId, entity: PURCHASE_ORDER }, [answer.body], null);
    return answer.body;
  }
}

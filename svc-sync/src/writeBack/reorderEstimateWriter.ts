import type { ReorderEstimate } from '@printpool/contracts';
import { HttpError, type CallerIdentity } from '@printpool/service-kit';
import type { Knex } from 'knex';
import { upsertDocuments } from '../db/documentMirror.js';
import type { ConnectionStore } from '../db/connectionStore.js';
import { str } from '../domain/qboDocument.js';
import { newReorderEstimate } from '../domain/reorderEstimate.js';
import type { QboClient } from '../qbo/qboClient.js';
import type { InventoryReorders } from './inventoryReorders.js';
import { knownFailure, NOT_CONNECTED } from './outcomes.js';

const ESTIMATE = 'Estimate';

export interface ReorderEstimateWriterDeps {
  knex: Knex;
  client: QboClient;
  connections: ConnectionStore;
  inventory: InventoryReorders;
}

/**
 * 'Create reorder estimate' on a reorder alert (docs/product.md §12), a write the broker asks for:
 * svc-inventory answers what to create and holds the request, so a second click answers the first
 * one's estimate and a click racing it is refused; QuickBooks creates the estimate; the mirror
 * takes its answer, and svc-inventory links it to the alert. When QuickBooks creates nothing, the
 * request is let go and the broker may ask again.
 */
export class ReorderEstimateWriter {
  constructor(private readonly deps: ReorderEstimateWriterDeps) {}

  async create(caller: CallerIdentity, customerId: string, itemId: string): Promise<ReorderEstimate> {
    const { inventory, connections, client, knex } = this.deps;
    const reorder = await inventory.request(caller, customerId, itemId);
    if (reorder.status === 'created') return reorder.estimate;
    let estimate: Record<string, unknown>;
    try {
      const connection = await connections.get(caller.tenantId);
      if (!connection?.tokens) throw new HttpError(409, NOT_CONNECTED, 'CONFLICT');
      const answer = await client.write(caller.tenantId, ESTIMATE, newReorderEstimate(reorder));
      // Mirrored as any estimate written back, so the next sync compares against what QuickBooks answered.
      await upsertDocuments(knex, { tenantId: caller.tenantId, realmId: answer.realmId, entity: ESTIMATE }, [answer.body], null);
      estimate = answer.body;
    } catch (error) {
      const failure = knownFailure(error);
      await inventory.failed(caller, customerId, itemId);
      // Anything unforeseen keeps its stack for the error log.
      if (!failure) throw error;
      throw failure;
    }
    return inventory.created(caller, customerId, itemId, { status: 'created', qbId: String(estimate.Id), docNumber: str(estimate.DocNumber) });
  }
}

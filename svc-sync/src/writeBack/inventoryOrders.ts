import { EstimateEditSchema, type EstimateEdit, type SalesOrderSyncResult } from '@printpool/contracts';
import type { CallerIdentity, ServiceClient } from '@printpool/service-kit';
import type { SalesOrderToWrite } from '../domain/estimateWriteBack.js';

export type SyncStatus = SalesOrderSyncResult['syncStatus'];

export interface RecordedOrder {
  syncStatus: SyncStatus;
  syncError: string | null;
  qbId: string | null;
}

/** svc-inventory's sales orders, read and annotated on behalf of the calling tenant. */
export class InventoryOrders {
  constructor(private readonly client: ServiceClient) {}

  /** The order as the Sales Orders page shows it; another tenant's id answers 404, passed on as is. */
  async read(caller: CallerIdentity, id: string): Promise<SalesOrderToWrite> {
    return (await this.client.json<SalesOrderToWrite>(caller, 'GET', `/api/sales-orders/${encodeURIComponent(id)}`)).body;
  }

  /** What the broker changed on the order since it was last synced with its estimate. */
  async edit(caller: CallerIdentity, id: number): Promise<EstimateEdit> {
    return EstimateEditSchema.parse((await this.client.json<unknown>(caller, 'GET', `/api/internal/sales-orders/${id}/estimate-edit`)).body);
  }

  async record(caller: CallerIdentity, id: number, result: SalesOrderSyncResult): Promise<RecordedOrder> {
    const { body } = await this.client.json<RecordedOrder>(caller, 'POST', `/api/internal/sales-orders/${id}/sync-result`, result);
    return { syncStatus: body.syncStatus, syncError: body.syncError, qbId: body.qbId };
  }
}

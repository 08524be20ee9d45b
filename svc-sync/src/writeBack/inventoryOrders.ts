import {
  EstimateEditSchema,
  SalesOrderSchema,
  type EstimateEdit,
  type SalesOrder,
  type SalesOrderSyncResult,
  type SalesOrderWriteBack,
} from '@printpool/contracts';
import type { CallerIdentity, ServiceClient } from '@printpool/service-kit';

export type SyncStatus = SalesOrderSyncResult['syncStatus'];

/**
 * svc-inventory's sales orders, read and annotated on behalf of the calling tenant. Every
 * answer is read through its route contract (libs/contracts inventorySalesOrders.ts), so an
 * answer that no longer says what svc-sync relies on fails here, by name, not in QuickBooks.
 */
export class InventoryOrders {
  constructor(private readonly client: ServiceClient) {}

  /** The order as the Sales Orders page shows it; another tenant's id answers 404, passed on as is. */
  async read(caller: CallerIdentity, id: string): Promise<SalesOrder> {
    return SalesOrderSchema.parse((await this.client.json<unknown>(caller, 'GET', `/api/sales-orders/${encodeURIComponent(id)}`)).body);
  }

  /** What the broker changed on the order since it was last synced with its estimate. */
  async edit(caller: CallerIdentity, id: number): Promise<EstimateEdit> {
    return EstimateEditSchema.parse((await this.client.json<unknown>(caller, 'GET', `/api/internal/sales-orders/${id}/estimate-edit`)).body);
  }

  async record(caller: CallerIdentity, id: number, result: SalesOrderSyncResult): Promise<SalesOrderWriteBack> {
    const order = SalesOrderSchema.parse((await this.client.json<unknown>(caller, 'POST', `/api/internal/sales-orders/${id}/sync-result`, result)).body);
    return { syncStatus: order.syncStatus, syncError: order.syncError, qbId: order.qbId };
  }
}

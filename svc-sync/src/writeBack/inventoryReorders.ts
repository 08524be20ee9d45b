import {
  ReorderEstimateSchema,
  ReorderEstimateToCreateSchema,
  type ReorderEstimate,
  type ReorderEstimateResult,
  type ReorderEstimateToCreate,
} from '@printpool/contracts';
import type { CallerIdentity, ServiceClient } from '@printpool/service-kit';

/**
 * svc-inventory's side of a reorder estimate, on behalf of the calling tenant, each answer read
 * through its route contract (libs/contracts inventoryReorderEstimates.ts).
 */
export class InventoryReorders {
  constructor(private readonly client: ServiceClient) {}

  private path(customerId: string, itemId: string, rest: string): string {
    return `/api/internal/customers/${encodeURIComponent(customerId)}/inventory/${encodeURIComponent(itemId)}/${rest}`;
  }

  /** The estimate to create, the request held for it; or the one created already. 404, 409 and 422 are passed on as they are. */
  async request(caller: CallerIdentity, customerId: string, itemId: string): Promise<ReorderEstimateToCreate> {
    return ReorderEstimateToCreateSchema.parse((await this.client.json<unknown>(caller, 'POST', this.path(customerId, itemId, 'reorder-estimate'))).body);
  }

  /** Links what QuickBooks created to the alert, answering it. */
  async created(
    caller: CallerIdentity,
    customerId: string,
    itemId: string,
    result: Extract<ReorderEstimateResult, { status: 'created' }>,
  ): Promise<ReorderEstimate> {
    return ReorderEstimateSchema.parse(
      (await this.client.json<unknown>(caller, 'POST', this.path(customerId, itemId, 'reorder-estimate-result'), result)).body,
    );
  }

  /** Nothing was created: the request is let go, so the broker may ask again. */
  async failed(caller: CallerIdentity, customerId: string, itemId: string): Promise<void> {
    await this.client.json<unknown>(caller, 'POST', this.path(customerId, itemId, 'reorder-estimate-result'), {
      status: 'failed',
    } satisfies ReorderEstimateResult);
  }
}

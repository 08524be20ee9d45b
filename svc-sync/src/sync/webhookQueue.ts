import type { Logger } from '@printpool/service-kit';
import type { WebhookChange } from '../domain/webhookChange.js';
import type { ListingDeps } from './listing.js';
import { applyWebhookChanges } from './webhookSync.js';

/**
 * Applies webhook notifications after the endpoint has answered (Intuit allows three
 * seconds), one at a time per tenant so two notifications never race on the same records.
 */
export class WebhookQueue {
  private readonly tails = new Map<string, Promise<void>>();

  constructor(
    private readonly deps: ListingDeps,
    private readonly logger: Logger,
  ) {}

  enqueue(tenantId: string, realmId: string, changes: WebhookChange[]): void {
    const previous = this.tails.get(tenantId) ?? Promise.resolve();
    const next = previous
      .then(() => applyWebhookChanges(this.deps, tenantId, realmId, changes))
      .catch((error: unknown) => {
        this.logger.warn(
          { tenantId, realmId, err: error instanceof Error ? error.message : String(error) },
          'webhook changes not applied; the next incremental sync picks them up',
        );
      })
      .finally(() => {
        if (this.tails.get(tenantId) === next) this.tails.delete(tenantId);
      });
    this.tails.set(tenantId, next);
  }

  async drain(): Promise<void> {
    while (this.tails.size > 0) await Promise.allSettled([...this.tails.values()]);
  }
}

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { WebhookConfig } from '../config.js';
import type { WebhookChange } from './change.js';
import { cloudEventsBody } from './cloudEventsBody.js';
import { legacyBody } from './legacyBody.js';
import { intuitSignature } from './signature.js';

/** Intuit retries deliveries answered with these statuses (or not answered at all). */
const RETRYABLE = new Set([408, 500, 502, 503, 504]);
/** Intuit gives an endpoint three seconds to answer. */
const DELIVERY_TIMEOUT_MS = 3000;

/**
 * One app's webhook: collects change events briefly and posts one notification per realm in
 * the app's format, signed as Intuit signs them, retrying failed deliveries a few times
 * before dropping them.
 */
export class WebhookNotifier {
  private readonly pending = new Map<string, Map<string, WebhookChange>>();
  private readonly deliveries = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly config: WebhookConfig,
    private readonly logger: Logger,
    /** The app's CloudEvents `source`. */
    private readonly source: string,
  ) {}

  enqueue(event: WebhookChange): void {
    if (this.closed) return;
    const realm = this.pending.get(event.realmId) ?? new Map<string, WebhookChange>();
    // A later change to the same object replaces the earlier one, except that a Create stays a Create.
    const key = `${event.entity}:${event.id}`;
    const earlier = realm.get(key);
    const operation = earlier?.operation === 'Create' && event.operation === 'Update' ? 'Create' : event.operation;
    realm.set(key, { ...event, operation });
    // Intuit reports a merge as one event on the surviving record: the merged-away record's own update is not sent.
    if (event.deletedId !== undefined) realm.delete(`${event.entity}:${event.deletedId}`);
    this.pending.set(event.realmId, realm);
    this.timer ??= setTimeout(() => void this.flush(), this.config.batchMs ?? 1000);
  }

  /** Sends what has collected now and waits for every delivery in progress. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batches = [...this.pending.entries()];
    this.pending.clear();
    for (const [realmId, changes] of batches) this.track(this.deliver(realmId, [...changes.values()]));
    await Promise.all([...this.deliveries]);
  }

  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
  }

  private track(delivery: Promise<void>): void {
    this.deliveries.add(delivery);
    void delivery.finally(() => this.deliveries.delete(delivery));
  }

  private async deliver(realmId: string, changes: WebhookChange[]): Promise<void> {
    const legacy = this.config.format === 'legacy';
    const body = legacy ? legacyBody(realmId, changes) : cloudEventsBody(realmId, changes, this.source);
    const delays = this.config.retryDelaysMs ?? [1000, 5000, 15000];
    for (let attempt = 0; ; attempt++) {
      const status = await this.post(body, legacy);
      if (status !== undefined && !RETRYABLE.has(status)) {
        if (status >= 400) this.logger.warn({ realmId, status }, 'webhook refused');
        return;
      }
      const delay = delays[attempt];
      if (delay === undefined || this.closed) {
        this.logger.warn({ realmId, status, attempts: attempt + 1 }, 'webhook dropped after retries');
        return;
      }
      await sleep(delay);
    }
  }

  private async post(body: string, legacy: boolean): Promise<number | undefined> {
    try {
      const response = await fetch(this.config.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          accept: 'application/json',
          'intuit-signature': intuitSignature(this.config.verifierToken, body),
          'intuit-created-time': new Date().toISOString(),
          'intuit-t-id': randomUUID(),
          ...(legacy ? { 'intuit-notification-schema-version': '0.1' } : {}),
          'user-agent': 'intuit_notification_server/0.1',
        },
        body,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      return response.status;
    } catch (error) {
      this.logger.warn({ err: error }, 'webhook delivery failed');
      return undefined;
    }
  }
}

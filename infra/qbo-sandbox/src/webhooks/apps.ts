import type { Logger } from 'pino';
import type { OAuthClientConfig, WebhookConfig } from '../config.js';
import type { WebhookChange } from './change.js';
import { cloudEventsSource } from './cloudEventsBody.js';
import { WebhookNotifier } from './notifier.js';

/**
 * Every app's webhook. Intuit configures endpoint, verifier token and payload format per app,
 * so each OAuth client with a webhook gets a notifier of its own. Like Intuit, the sandbox
 * notifies every app of every company's changes (Intuit only of companies connected to the
 * app; PrintPool ignores realms no tenant connected).
 */
export class WebhookApps {
  private readonly notifiers: WebhookNotifier[];

  constructor(clients: OAuthClientConfig[], sandboxWide: WebhookConfig | undefined, logger: Logger) {
    this.notifiers = clients.flatMap((client, index) => {
      // The sandbox-wide setting predates per-app webhooks; it stays the first app's.
      const config = client.webhook ?? (index === 0 ? sandboxWide : undefined);
      if (!config) return [];
      return [
        new WebhookNotifier(
          config,
          logger.child({ component: 'webhooks', clientId: client.clientId, format: config.format ?? 'cloudevents' }),
          cloudEventsSource(client.clientId),
        ),
      ];
    });
  }

  get configured(): boolean {
    return this.notifiers.length > 0;
  }

  enqueue(change: WebhookChange): void {
    for (const notifier of this.notifiers) notifier.enqueue(change);
  }

  /** Sends what has collected now, for every app, and waits for the deliveries. */
  async flush(): Promise<void> {
    await Promise.all(this.notifiers.map((notifier) => notifier.flush()));
  }

  async close(): Promise<void> {
    await Promise.all(this.notifiers.map((notifier) => notifier.close()));
  }
}

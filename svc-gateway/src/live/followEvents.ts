import type { EventBus, Subscription } from '@printpool/service-kit';
import type { LiveHub } from './liveHub.js';

/** What browsers refresh on: inventory changes, e-mail outcomes, sync runs ending. */
export const LIVE_SUBJECTS = ['inventory.>', 'documents.>', 'accounting.sync.>'];

/**
 * Subscribes once for every browser. A durable resumes where it stopped, and a new one (or the
 * in-process bus) starts from the stream's beginning; events from before this process started
 * are skipped, since a browser that connected after them already read the state they announce.
 */
export function followEvents(bus: EventBus, consumer: string, hub: LiveHub): Promise<Subscription> {
  const startedAt = Date.now();
  return bus.subscribe({
    consumer,
    subjects: LIVE_SUBJECTS,
    handler: async (event) => {
      if (Date.parse(event.occurredAt) >= startedAt) hub.broadcast(event);
    },
  });
}

import type { EventBus, Subscription } from '@printpool/service-kit';
import type { LiveHub } from './liveHub.js';

/** What browsers refresh on: inventory changes, e-mail outcomes, sync runs ending. */
export const LIVE_SUBJECTS = ['inventory.>', 'documents.>', 'accounting.sync.>'];

/**
 * Subscribes once for every browser of this process, on a consumer of the process's own: each
 * replica's browsers see every event, and only events from now on, since a browser that
 * connected later already read the state older ones announce.
 */
export function followEvents(bus: EventBus, consumer: string, hub: LiveHub): Promise<Subscription> {
  return bus.subscribe({
    consumer,
    subjects: LIVE_SUBJECTS,
    eachProcess: true,
    handler: async (event, position) => hub.broadcast(event, position),
  });
}

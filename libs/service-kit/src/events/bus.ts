/**
 * Every event PrintPool publishes: subjects are `<domain>.<entity>.<verb>`, e.g.
 * `inventory.purchase-order.changed`. `version` is the version of `data`'s schema.
 */
export interface EventEnvelope<T = unknown> {
  id: string;
  type: string;
  tenantId: string;
  occurredAt: string;
  version: number;
  data: T;
}

export type EventHandler = (event: EventEnvelope) => Promise<void>;

export interface SubscribeOptions {
  /** Durable consumer name; a consumer resumes where it stopped and sees each event once per name. */
  consumer: string;
  /** Subjects or wildcards (`accounting.customer.*`, `inventory.>`). */
  subjects: string[];
  handler: EventHandler;
}

export interface Subscription {
  stop(): Promise<void>;
}

/**
 * One interface, two implementations chosen by configuration: in-process for the
 * all-in-one mode and unit tests, NATS JetStream for every distributed deployment.
 * A handler that throws gets the event again later (at-least-once); handlers are made
 * idempotent with the inbox.
 */
export interface EventBus {
  publish(event: EventEnvelope): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  close(): Promise<void>;
}

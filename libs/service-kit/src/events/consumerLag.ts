import { Gauge } from 'prom-client';
import { processMetrics, sharedReading } from '../telemetry/processMetrics.js';

/** Where one durable consumer stands against its subject's events. */
export interface ConsumerLag {
  consumer: string;
  subject: string;
  /** Events stored for it and not yet handed to it. */
  pending: number;
  /** Events handed to it and not yet acknowledged: in hand, or waiting to be delivered again. */
  unacknowledged: number;
}

type LagSource = () => Promise<ConsumerLag[]>;

const sources = new Set<LagSource>();

const lags = sharedReading(async () => {
  const read = await Promise.all([...sources].map((source) => source().catch((): ConsumerLag[] => [])));
  return read.flat();
});

new Gauge({
  name: 'events_consumer_pending',
  help: 'Events waiting for a consumer, not yet delivered to it (its lag), per consumer and subject',
  labelNames: ['consumer', 'subject'] as const,
  registers: [processMetrics],
  async collect() {
    this.reset();
    for (const lag of await lags()) this.inc({ consumer: lag.consumer, subject: lag.subject }, lag.pending);
  },
});

new Gauge({
  name: 'events_consumer_unacknowledged',
  help: 'Events delivered to a consumer and not yet acknowledged (in hand or to be delivered again), per consumer and subject',
  labelNames: ['consumer', 'subject'] as const,
  registers: [processMetrics],
  async collect() {
    this.reset();
    for (const lag of await lags()) this.inc({ consumer: lag.consumer, subject: lag.subject }, lag.unacknowledged);
  },
});

/** Reports a bus's consumers' lag on /metrics until the returned function is called (the bus closes). */
export function reportConsumerLag(source: LagSource): () => void {
  sources.add(source);
  return () => void sources.delete(source);
}

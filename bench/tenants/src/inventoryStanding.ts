import { setTimeout as sleep } from 'node:timers/promises';

/** svc-inventory is the launcher's second process (infra/launch/src/replicas.ts replicaPort: SERVICE_BASE_PORT + 40 + ten per process + the replica). */
const INVENTORY_PROCESS_INDEX = 1;

interface Reading {
  at: number;
  /** Each replica's longest event-loop delay since the reading before (prom-client's nodejs_eventloop_lag_max_seconds), in ms. */
  loopDelayMs: number[];
  /** The pool consumer's events not yet delivered, and delivered but not yet acknowledged, summed over its subjects and replicas. */
  pending: number;
  inHand: number;
}

const gauge = (text: string, name: string, consumer?: string): number[] =>
  [...text.matchAll(new RegExp(`^${name}(\\{[^}]*\\})? (\\S+)$`, 'gm'))]
    .filter(([, labels]) => consumer === undefined || labels?.includes(`consumer="${consumer}"`))
    .map(([, , value]) => Number(value));

/**
 * Where svc-inventory's pool consumer keeps a change waiting, read from each replica's /metrics
 * every `everyMs`: in JetStream not yet delivered (`events_consumer_pending`), in the process's
 * hands (`events_consumer_unacknowledged`: queued per company or being applied,
 * service-kit idempotentBatchHandler), or in a process whose event loop is late.
 */
export class InventoryStanding {
  private readonly readings: Reading[] = [];
  private stopped = false;
  private readonly running: Promise<void>;

  constructor(serviceBasePort: number, replicas: number, everyMs = 500) {
    const ports =
      replicas > 1
        ? Array.from({ length: replicas }, (_, replica) => serviceBasePort + 40 + INVENTORY_PROCESS_INDEX * 10 + replica)
        : [serviceBasePort + INVENTORY_PROCESS_INDEX + 1];
    this.running = (async () => {
      while (!this.stopped) {
        const texts = await Promise.all(
          ports.map((port) =>
            fetch(`http://127.0.0.1:${port}/metrics`).then(
              (answer) => answer.text(),
              () => '',
            ),
          ),
        );
        // Every replica reads the same durables' standing from the server: one replica's figures are the consumer's.
        const [first = ''] = texts;
        this.readings.push({
          at: Date.now(),
          loopDelayMs: texts.map((text) => Math.max(0, ...gauge(text, 'nodejs_eventloop_lag_max_seconds')) * 1000),
          pending: gauge(first, 'events_consumer_pending', 'inventory-pool').reduce((sum, n) => sum + n, 0),
          inHand: gauge(first, 'events_consumer_unacknowledged', 'inventory-pool').reduce((sum, n) => sum + n, 0),
        });
        await sleep(everyMs);
      }
    })();
  }

  /** Stops reading; answers a line on the readings between `from` and `to` (epoch ms). */
  async stop(from: number, to: number): Promise<string> {
    this.stopped = true;
    await this.running;
    const within = this.readings.filter((reading) => reading.at >= from && reading.at <= to);
    if (within.length === 0) return 'no readings';
    const delays = within.flatMap((reading) => reading.loopDelayMs).sort((a, b) => a - b);
    const most = (values: number[]) => Math.max(...values);
    const mean = (values: number[]) => values.reduce((sum, n) => sum + n, 0) / values.length;
    return [
      `${within.length} readings`,
      `pool consumer's events not yet delivered: mean ${mean(within.map((r) => r.pending)).toFixed(1)}, max ${most(within.map((r) => r.pending))}`,
      `in the processes' hands: mean ${mean(within.map((r) => r.inHand)).toFixed(1)}, max ${most(within.map((r) => r.inHand))}`,
      `longest event-loop delay per reading: p50 ${delays[Math.floor(delays.length / 2)]!.toFixed(0)} ms, max ${most(delays).toFixed(0)} ms`,
    ].join('; ');
  }
}

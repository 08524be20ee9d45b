import { createLogger, type Logger } from '../logger.js';
import { consumeInPublishedContext } from '../telemetry/eventSpans.js';
import { eventHeaders } from '../telemetry/propagation.js';
import { reportConsumerLag } from './consumerLag.js';
import type { EventBus, EventEnvelope, EventHandler, SubscribeOptions, Subscription } from './bus.js';
import {
  countDeadLettersFromZero,
  deadLetterOf,
  isUnavailable,
  readingVersionsUpTo,
  reportDeadLetter,
  UnreadableEvent,
  type DeadLetter,
} from './deadLetter.js';
import { DEFAULT_RETRY_POLICY, redeliveryDelay, type RetryPolicy } from './retry.js';
import { assertPublishable, subjectMatches, subscriptionStreams } from './subjects.js';

export interface InProcessBusOptions extends Partial<RetryPolicy> {
  logger?: Logger;
  /** Events kept for consumers that start late, as a stream's limits would; the oldest go first. */
  retainEvents?: number;
}

interface Stored {
  type: string;
  /**
   * Handed to every consumer as it is, frozen: in one process a copy per consumer costs more
   * than the work it feeds (a sync page's events hold a thousand documents), and a consumer
   * that tried to change an event would change it for the others.
   */
  event: EventEnvelope;
  /** The publisher's trace context, request id and user, as a broker would carry them in message headers. */
  headers: Record<string, string>;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}

interface Retry {
  seq: number;
  attempts: number;
  dueAt: number;
}

interface Worker {
  handler: EventHandler;
  maxInFlight: number;
  /** Deliveries handed to the handler and not finished; none of them rejects. */
  inFlight: Set<Promise<void>>;
}

/** One durable consumer: a consumer name reading one filter subject, as on JetStream. */
interface Durable {
  consumer: string;
  filter: string;
  next: number;
  retries: Retry[];
  workers: Worker[];
  turn: number;
  pumping: boolean;
  timer?: NodeJS.Timeout;
}

/**
 * The bus of the all-in-one mode: the same semantics as the JetStream bus inside one process.
 * Published events are kept in memory like a stream, so a consumer that subscribes late still
 * receives them; each (consumer, subject) pair is a durable that sees each event once, in
 * publish order, and a failed event is delivered again after a backoff while later events go on.
 */
export function createInProcessBus(options: InProcessBusOptions = {}): EventBus {
  const logger = options.logger ?? createLogger('event-bus');
  const policy: RetryPolicy = {
    maxAttempts: options.maxAttempts ?? DEFAULT_RETRY_POLICY.maxAttempts,
    retryDelayMs: options.retryDelayMs ?? DEFAULT_RETRY_POLICY.retryDelayMs,
  };
  const retain = options.retainEvents ?? 100_000;
  const log: Stored[] = [];
  let firstSeq = 0;
  const durables = new Map<string, Durable>();
  let dead: DeadLetter[] = [];
  let closed = false;

  const endSeq = () => firstSeq + log.length;
  let ownConsumers = 0;

  function append(event: EventEnvelope) {
    log.push({ type: event.type, event: deepFreeze(event), headers: eventHeaders() });
    // Trimming in slices keeps publishing O(1) amortized once the log is full.
    const excess = log.length - retain;
    if (excess > Math.max(1, retain / 10)) {
      log.splice(0, excess);
      firstSeq += excess;
    }
  }

  function takeNext(d: Durable): Retry | undefined {
    const due = d.retries[0];
    if (due && due.dueAt <= Date.now()) return d.retries.shift();
    if (d.next < firstSeq) {
      logger.warn({ consumer: d.consumer, filter: d.filter, skipped: firstSeq - d.next }, 'consumer fell behind the retained events');
      d.next = firstSeq;
    }
    while (d.next < endSeq()) {
      const seq = d.next++;
      if (subjectMatches(d.filter, log[seq - firstSeq]!.type)) return { seq, attempts: 0, dueAt: 0 };
    }
    return undefined;
  }

  /** Hands the event to the worker's handler at once (so in delivery order) and settles when it has finished. */
  async function deliver(d: Durable, worker: Worker, item: Retry) {
    const stored = log[item.seq - firstSeq];
    if (!stored) return;
    const { event, headers } = stored;
    const attempts = item.attempts + 1;
    try {
      await consumeInPublishedContext({ consumer: d.consumer, event, headers, attempts }, () => worker.handler(event));
    } catch (err) {
      const context = { err, consumer: d.consumer, eventId: event.id, type: event.type, attempts };
      const unavailable = isUnavailable(err);
      if (!unavailable && (attempts >= policy.maxAttempts || err instanceof UnreadableEvent)) {
        const letter = deadLetterOf(d.consumer, event, err, attempts);
        dead.push(letter);
        reportDeadLetter(logger, letter);
        return;
      }
      logger.warn(context, unavailable ? 'database unavailable; delivering the event again later' : 'event handler failed; delivering again later');
      // An outage is not the event's fault: its attempts stay where they were.
      const counted = unavailable ? Math.min(item.attempts, policy.maxAttempts - 1) : attempts;
      d.retries.push({ seq: item.seq, attempts: counted, dueAt: Date.now() + redeliveryDelay(policy, attempts, unavailable) });
      d.retries.sort((a, b) => a.dueAt - b.dueAt);
      // The pump may have stopped for want of events while this one was in flight.
      armRetryTimer(d);
    }
  }

  /** The next worker in turn that may take another event. */
  function freeWorker(d: Durable): Worker | undefined {
    for (let tried = 0; tried < d.workers.length; tried++) {
      const worker = d.workers[d.turn++ % d.workers.length]!;
      if (worker.inFlight.size < worker.maxInFlight) return worker;
    }
    return undefined;
  }

  async function pump(d: Durable) {
    if (d.pumping) return;
    d.pumping = true;
    try {
      while (!closed && d.workers.length > 0) {
        const worker = freeWorker(d);
        if (!worker) {
          await Promise.race(d.workers.flatMap((w) => [...w.inFlight]));
          continue;
        }
        const item = takeNext(d);
        if (!item) break;
        const delivery: Promise<void> = deliver(d, worker, item).finally(() => worker.inFlight.delete(delivery));
        worker.inFlight.add(delivery);
      }
    } finally {
      d.pumping = false;
    }
    armRetryTimer(d);
  }

  function armRetryTimer(d: Durable) {
    clearTimeout(d.timer);
    const first = d.retries[0];
    if (closed || !first || d.workers.length === 0) return;
    d.timer = setTimeout(() => void pump(d), Math.max(0, first.dueAt - Date.now()));
    d.timer.unref();
  }

  // Deferred so that publish() returns before any handler runs, as with a real broker.
  const kick = (d: Durable) => setImmediate(() => void pump(d));

  /** Where a new durable of `filter` starts: where the first former durable of it stood (which goes), else at the first event kept. */
  function formerPosition(formerly: readonly string[], filter: string): number {
    for (const former of formerly) {
      const key = `${former}\u0000${filter}`;
      const d = durables.get(key);
      if (!d) continue;
      durables.delete(key);
      return Math.min(d.next, ...d.retries.map((retry) => retry.seq));
    }
    return firstSeq;
  }

  function assertOpen() {
    if (closed) throw new Error('Event bus is closed');
  }

  async function stopWorkers(workers: Array<[Durable, Worker]>) {
    for (const [d, worker] of workers) {
      d.workers = d.workers.filter((w) => w !== worker);
      if (d.workers.length === 0) clearTimeout(d.timer);
    }
    await Promise.all(workers.flatMap(([, worker]) => [...worker.inFlight]));
  }

  // What waits for each durable and what it holds, counted at each scrape.
  const stopReportingLag = reportConsumerLag(async () =>
    [...durables.values()].map((d) => {
      let pending = 0;
      for (let seq = Math.max(d.next, firstSeq); seq < endSeq(); seq++) if (subjectMatches(d.filter, log[seq - firstSeq]!.type)) pending++;
      const inHand = d.workers.reduce((sum, worker) => sum + worker.inFlight.size, 0);
      return { consumer: d.consumer, subject: d.filter, pending, unacknowledged: inHand + d.retries.length };
    }),
  );

  return {
    async publish(event) {
      assertOpen();
      assertPublishable(event);
      append(event);
      for (const d of durables.values()) {
        if (subjectMatches(d.filter, event.type)) kick(d);
      }
    },

    async subscribe(options: SubscribeOptions): Promise<Subscription> {
      assertOpen();
      subscriptionStreams(options);
      if (!options.eachProcess) countDeadLettersFromZero(options.consumer, options.subjects);
      const { consumer, subjects, maxInFlight = 1, readsVersion = 1 } = options;
      const handler = readingVersionsUpTo(readsVersion, options.handler);
      const mine: Array<[Durable, Worker]> = subjects.map((filter) => {
        const key = options.eachProcess ? `${consumer}\u0000${filter}\u0000${++ownConsumers}` : `${consumer}\u0000${filter}`;
        let d = durables.get(key);
        if (!d) {
          d = {
            consumer,
            filter,
            next: options.eachProcess ? endSeq() : formerPosition(options.formerly ?? [], filter),
            retries: [],
            workers: [],
            turn: 0,
            pumping: false,
          };
          durables.set(key, d);
        }
        const worker: Worker = { handler, maxInFlight, inFlight: new Set() };
        d.workers.push(worker);
        kick(d);
        return [d, worker];
      });
      let stopped: Promise<void> | undefined;
      const stop = async () => {
        await stopWorkers(mine);
        // A consumer of its own ends with its subscription, as the server forgets a replica's.
        if (options.eachProcess) for (const [d] of mine) for (const [key, kept] of durables) if (kept === d) durables.delete(key);
      };
      return { stop: () => (stopped ??= stop()) };
    },

    async deadLetters(consumer) {
      return dead.filter((letter) => consumer === undefined || letter.consumer === consumer);
    },

    async replayDeadLetters(consumer) {
      assertOpen();
      const replay = dead.filter((letter) => consumer === undefined || letter.consumer === consumer);
      dead = dead.filter((letter) => !replay.includes(letter));
      for (const letter of replay) await this.publish(letter.event);
      return replay.length;
    },

    async close() {
      if (closed) return;
      closed = true;
      stopReportingLag();
      const all = [...durables.values()].flatMap((d) => d.workers.map((w): [Durable, Worker] => [d, w]));
      await stopWorkers(all);
    },
  };
}

import { randomUUID } from 'node:crypto';
import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  jetstream,
  jetstreamManager,
  type ConsumerConfig,
  type ConsumerMessages,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { connect, nanos } from '@nats-io/transport-node';
import type { Logger } from '../logger.js';
import { EACH_PROCESS_IDLE_MS, type EventBus, type EventEnvelope, type EventHandler, type SubscribeOptions, type Subscription } from './bus.js';
import {
  countDeadLettersFromZero,
  DEAD_LETTER_STREAM,
  deadLetterOf,
  isUnavailable,
  readingVersionsUpTo,
  reportDeadLetter,
  UnreadableEvent,
  type DeadLetter,
} from './deadLetter.js';
import { DEFAULT_RETRY_POLICY, redeliveryDelay, retryDelay, type RetryPolicy } from './retry.js';
import { consumeInPublishedContext } from '../telemetry/eventSpans.js';
import { carriedHeaders, messageHeaders } from './natsHeaders.js';
import { reportConsumerLag } from './consumerLag.js';
import { serializedEnvelope } from './serializedData.js';
import { ensureStreams, type StreamLimits } from './streamRetention.js';
import { assertPublishable, streamForFilter, subscriptionStreams } from './subjects.js';

export interface NatsBusOptions extends Partial<RetryPolicy> {
  servers: string | string[];
  /** Connection name shown by the server's monitoring. */
  name: string;
  logger: Logger;
  /** How long a publish waits for JetStream's acknowledgement; the outbox relay retries after it. */
  publishTimeoutMs?: number;
  /** A new durable starts at the events stored from this moment on; unset, at the stream's first (a new service catches up on all). */
  durablesFrom?: Date;
  /** What the streams keep (streamRetention.ts); unset, streams are created with the defaults and existing ones left as they are. */
  streamLimits?: StreamLimits;
}

/**
 * How long an event a process took stays its own without word from it. A process killed
 * mid-event gives its events back after this long, so it bounds recovery; a live process
 * keeps each event it holds with `working()` every third of it (handle below).
 */
const ACK_WAIT_MS = 10_000;

/**
 * The durable behind one subject of a subscription. The subject is part of the name because
 * nats-server 2.9 allows one filter subject per consumer, and so that changing a
 * subscription's subjects creates new durables instead of clashing with the old ones.
 */
export function durableName(consumer: string, subject: string): string {
  return `${consumer}__${subject.replaceAll('.', '_').replaceAll('*', 'STAR').replaceAll('>', 'REST')}`;
}

type DurableConfig = Partial<ConsumerConfig> & { durable_name: string };

const isApiError = (err: unknown, code: number) => err instanceof JetStreamApiError && err.code === code;

const consumerInfo = (jsm: JetStreamManager, stream: string, name: string) =>
  jsm.consumers.info(stream, name).catch((err: unknown) => {
    if (isApiError(err, JetStreamApiCodes.ConsumerNotFound)) return undefined;
    throw err;
  });

/** The first of `formerNames` that still exists: a new durable continues right after what it acknowledged in order. */
async function formerDurable(jsm: JetStreamManager, stream: string, formerNames: readonly string[]) {
  for (const name of formerNames) {
    const info = await consumerInfo(jsm, stream, name);
    if (info) return { name, startSeq: info.ack_floor.stream_seq + 1 };
  }
  return undefined;
}

async function ensureConsumer(jsm: JetStreamManager, stream: string, config: DurableConfig, formerNames: readonly string[]): Promise<void> {
  const existing = await consumerInfo(jsm, stream, config.durable_name);
  if (existing) {
    if (existing.config.max_deliver !== config.max_deliver) await jsm.consumers.update(stream, config.durable_name, { max_deliver: config.max_deliver });
    return;
  }
  const former = await formerDurable(jsm, stream, formerNames);
  const { opt_start_time: _startTime, ...rest } = config;
  const created: DurableConfig = former ? { ...rest, deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: former.startSeq } : config;
  try {
    await jsm.consumers.add(stream, created);
  } catch (err) {
    // A replica starting beside this one created it first.
    if (!(await consumerInfo(jsm, stream, config.durable_name))) throw err;
  }
  if (former) await jsm.consumers.delete(stream, former.name).catch(() => false);
}

/**
 * Runs `handleOne` on each message in arrival order with at most `limit` of them unfinished.
 * A handling that throws (an ack on a closed connection) ends the loop, as it always has.
 */
async function handleEach(messages: AsyncIterable<JsMsg>, limit: number, handleOne: (msg: JsMsg) => Promise<void>): Promise<void> {
  const running = new Set<Promise<unknown>>();
  try {
    for await (const msg of messages) {
      const handling: Promise<unknown> = handleOne(msg).then(() => running.delete(handling));
      // A rejected handling stays in the set for the next race to rethrow; until then it must
      // not count as an unhandled rejection, which would end the process.
      handling.catch(() => undefined);
      running.add(handling);
      if (running.size >= limit) await Promise.race(running);
    }
    await Promise.all(running);
  } finally {
    // A stopping subscription lets every event in hand finish.
    await Promise.allSettled(running);
  }
}

interface Durable {
  /** The subscription's consumer name, as /metrics labels its lag. */
  consumer: string;
  stream: string;
  config: DurableConfig;
  messages: ConsumerMessages;
  done: Promise<void>;
}

/**
 * The bus of every distributed deployment: JetStream with one stream per domain and durable
 * pull consumers. Publishing sets `msgID` to the event id, so a publish retried by the outbox
 * is stored once. A handler's success acks the message; a failure naks it with a growing
 * delay until the consumer's attempts run out, when it is stored as a dead letter first
 * (deadLetter.ts); a failure because the database is away is delivered again for as long as
 * it takes. The connection reconnects for as long as the server is away.
 */
export async function createNatsBus(options: NatsBusOptions): Promise<EventBus> {
  const { logger } = options;
  const policy: RetryPolicy = {
    maxAttempts: options.maxAttempts ?? DEFAULT_RETRY_POLICY.maxAttempts,
    retryDelayMs: options.retryDelayMs ?? DEFAULT_RETRY_POLICY.retryDelayMs,
  };
  const publishTimeoutMs = options.publishTimeoutMs ?? 5_000;

  const nc = await connect({
    servers: options.servers,
    name: options.name,
    maxReconnectAttempts: -1,
    waitOnFirstConnect: true,
    reconnectTimeWait: 1_000,
  });
  const jsm = await jetstreamManager(nc);
  const js = jetstream(nc);
  await ensureStreams(jsm, options.streamLimits, logger);

  const durables = new Set<Durable>();
  let closing: Promise<void> | undefined;

  // A server that lost its store comes back without streams or durables; recreate them.
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect') logger.warn({ server: status.server }, 'NATS connection lost; reconnecting');
      if (status.type !== 'reconnect') continue;
      logger.info({ server: status.server }, 'NATS connection restored');
      try {
        await ensureStreams(jsm, options.streamLimits, logger);
        for (const d of durables) await ensureConsumer(jsm, d.stream, d.config, []);
      } catch (err) {
        logger.error({ err }, 'could not restore JetStream streams and consumers');
      }
    }
  })();

  async function handle(msg: JsMsg, consumer: string, handler: EventHandler) {
    let event: EventEnvelope;
    try {
      event = msg.json<EventEnvelope>();
    } catch (err) {
      logger.error({ err, consumer, subject: msg.subject, seq: msg.seq }, 'undecodable event dropped');
      msg.term();
      return;
    }
    const attempts = msg.info.deliveryCount;
    // A slow handler keeps its claim on the message instead of getting a parallel redelivery.
    const keepAlive = setInterval(() => msg.working(), ACK_WAIT_MS / 3);
    try {
      await consumeInPublishedContext({ consumer, event, headers: carriedHeaders(msg.headers), attempts }, () =>
        handler(event, { stream: msg.info.stream, seq: msg.seq }),
      );
      msg.ack();
    } catch (err) {
      const context = { err, consumer, eventId: event.id, type: event.type, attempts };
      if (!(err instanceof UnreadableEvent) && (isUnavailable(err) || attempts < policy.maxAttempts)) {
        logger.warn(context, isUnavailable(err) ? 'database unavailable; delivering the event again later' : 'event handler failed; delivering again later');
        msg.nak(redeliveryDelay(policy, Math.min(attempts, policy.maxAttempts), isUnavailable(err)));
      } else {
        await keepAsDeadLetter(msg, deadLetterOf(consumer, event, err, attempts));
      }
    } finally {
      clearInterval(keepAlive);
    }
  }

  /** Stores the dead letter before the event leaves the consumer: if that fails, it is delivered again instead. */
  async function keepAsDeadLetter(msg: JsMsg, letter: DeadLetter): Promise<void> {
    try {
      await js.publish(`deadletter.${letter.consumer}`, JSON.stringify(letter), { msgID: `${letter.event.id}:${letter.consumer}`, timeout: publishTimeoutMs });
    } catch (err) {
      logger.warn({ err, consumer: letter.consumer, eventId: letter.event.id }, 'could not store the dead letter; delivering the event again later');
      msg.nak(retryDelay(policy, policy.maxAttempts));
      return;
    }
    reportDeadLetter(logger, letter);
    msg.term();
  }

  /** The dead letters stored in the stream, with their sequence numbers, oldest first. */
  async function storedDeadLetters(consumer?: string): Promise<{ seq: number; letter: DeadLetter }[]> {
    const { state } = await jsm.streams.info(DEAD_LETTER_STREAM.name);
    const found: { seq: number; letter: DeadLetter }[] = [];
    if (state.messages === 0) return found;
    for (let seq = state.first_seq; seq <= state.last_seq; seq++) {
      const stored = await jsm.streams.getMessage(DEAD_LETTER_STREAM.name, { seq }).catch(() => null);
      if (!stored) continue;
      const letter = stored.json<DeadLetter>();
      if (consumer === undefined || letter.consumer === consumer) found.push({ seq, letter });
    }
    return found;
  }

  async function startDurable(
    stream: string,
    subject: string,
    { consumer, handler: given, maxInFlight = 1, readsVersion = 1, eachProcess, formerly = [] }: SubscribeOptions,
  ): Promise<Durable> {
    const handler = readingVersionsUpTo(readsVersion, given);
    const config: DurableConfig = {
      durable_name: eachProcess ? `${durableName(consumer, subject)}__${randomUUID().slice(0, 8)}` : durableName(consumer, subject),
      filter_subject: subject,
      ack_policy: AckPolicy.Explicit,
      ...(eachProcess
        ? { deliver_policy: DeliverPolicy.New, inactive_threshold: nanos(EACH_PROCESS_IDLE_MS) }
        : options.durablesFrom
          ? { deliver_policy: DeliverPolicy.StartTime, opt_start_time: options.durablesFrom.toISOString() }
          : { deliver_policy: DeliverPolicy.All }),
      ack_wait: nanos(ACK_WAIT_MS),
      // Unlimited: the handler decides when an event becomes a dead letter, and an outage never counts.
      max_deliver: -1,
    };
    await ensureConsumer(jsm, stream, config, eachProcess ? [] : formerly.map((former) => durableName(former, subject)));
    // No more events taken than handled at once: an event waiting in a buffer would get no
    // working() and come back to another process after ACK_WAIT_MS.
    const messages = await (await js.consumers.get(stream, config.durable_name)).consume({ max_messages: maxInFlight });
    const done = (async () => {
      try {
        await handleEach(messages, maxInFlight, (msg) => handle(msg, consumer, handler));
      } catch (err) {
        logger.error({ err, consumer, subject }, 'event consumer stopped');
      }
    })();
    return { consumer, stream, config, messages, done };
  }

  async function stopDurables(list: Durable[]) {
    for (const d of list) durables.delete(d);
    await Promise.all(list.map((d) => d.messages.close()));
    await Promise.all(list.map((d) => d.done));
    // A process's own consumer goes with it at once; the idle threshold is for a process that died.
    await Promise.all(list.filter((d) => d.config.inactive_threshold).map((d) => jsm.consumers.delete(d.stream, d.config.durable_name).catch(() => false)));
  }

  // Each durable's standing, read from the server at each scrape: what waits for it and what it holds.
  const stopReportingLag = reportConsumerLag(() =>
    Promise.all(
      [...durables].map(async (d) => {
        const info = await jsm.consumers.info(d.stream, d.config.durable_name);
        return { consumer: d.consumer, subject: d.config.filter_subject ?? '', pending: info.num_pending, unacknowledged: info.num_ack_pending };
      }),
    ),
  );

  return {
    async publish(event) {
      assertPublishable(event);
      await js.publish(event.type, serializedEnvelope(event), { msgID: event.id, timeout: publishTimeoutMs, headers: messageHeaders() });
    },

    async subscribe(options: SubscribeOptions): Promise<Subscription> {
      const streams = subscriptionStreams(options);
      if (!options.eachProcess) countDeadLettersFromZero(options.consumer, options.subjects);
      const mine: Durable[] = [];
      try {
        for (const [i, subject] of options.subjects.entries()) {
          const d = await startDurable(streams[i]!.name, subject, options);
          mine.push(d);
          durables.add(d);
        }
      } catch (err) {
        await stopDurables(mine);
        throw err;
      }
      let stopped: Promise<void> | undefined;
      return { stop: () => (stopped ??= stopDurables(mine)) };
    },

    async deadLetters(consumer) {
      return (await storedDeadLetters(consumer)).map(({ letter }) => letter);
    },

    async replayDeadLetters(consumer) {
      const stored = await storedDeadLetters(consumer);
      for (const { seq, letter } of stored) {
        // A message id of its own: the original id may still sit in the stream's duplicate window.
        await js.publish(letter.event.type, JSON.stringify(letter.event), { msgID: `${letter.event.id}:replay:${seq}`, timeout: publishTimeoutMs });
        await jsm.streams.deleteMessage(DEAD_LETTER_STREAM.name, seq);
      }
      return stored.length;
    },

    async positions(subjects) {
      const streams = new Set(subjects.map((subject) => streamForFilter(subject).name));
      const found: Record<string, number> = {};
      for (const stream of streams) found[stream] = (await jsm.streams.info(stream)).state.last_seq;
      return found;
    },

    async readBetween(subjects, after, upTo, handler) {
      for (const subject of subjects) {
        const stream = streamForFilter(subject).name;
        const from = after[stream];
        const to = upTo[stream];
        if (from === undefined || to === undefined || from >= to) continue;
        // An ordered consumer: the server's own cursor over the stream, gone as soon as it is closed.
        // One filter as a string: nats-server 2.9 knows no filter lists.
        const reader = await js.consumers.get(stream, { filter_subjects: subject, deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: from + 1 });
        if ((await reader.info(true)).num_pending === 0) continue;
        const messages = await reader.consume();
        try {
          for await (const msg of messages) {
            if (msg.seq > to) break;
            await handler(msg.json<EventEnvelope>(), { stream, seq: msg.seq });
            if (msg.seq === to || msg.info.pending === 0) break;
          }
        } finally {
          await messages.close();
        }
      }
    },

    async ping(timeoutMs) {
      // While the connection is away a ping waits for the reconnect: the timeout answers for it.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('NATS did not answer')), timeoutMs)));
      try {
        await Promise.race([nc.rtt(), late]);
      } finally {
        clearTimeout(timer);
      }
    },

    close() {
      stopReportingLag();
      closing ??= stopDurables([...durables]).then(() => nc.drain());
      return closing;
    },
  };
}

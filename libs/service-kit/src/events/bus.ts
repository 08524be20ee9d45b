import type { EventEnvelope } from '@printpool/contracts';

/**
 * Every event PrintPool publishes: subjects are `<domain>.<entity>.<verb>`, e.g.
 * `inventory.purchase-order.changed`. `version` is the version of `data`'s schema.
 */
export type { EventEnvelope };

/**
 * Where the broker keeps an event: its stream and its sequence number there. Only a bus that
 * stores events (NATS JetStream) knows it; a subscriber that must resume where it stopped, such
 * as a browser's live stream after its gateway went away, keeps the newest one of each stream.
 */
export interface EventPosition {
  stream: string;
  seq: number;
}

/** The newest sequence number of each stream, by stream name. */
export type StreamPositions = Readonly<Record<string, number>>;

export type EventHandler = (event: EventEnvelope, position?: EventPosition) => Promise<void>;

/** An event one consumer gave up on after every attempt: kept, counted, logged, replayable (deadLetter.ts). */
export interface DeadLetter {
  consumer: string;
  event: EventEnvelope;
  /** The handler's last error message. */
  error: string;
  attempts: number;
  failedAt: string;
}

export interface SubscribeOptions {
  /** Durable consumer name; a consumer resumes where it stopped and sees each event once per name. */
  consumer: string;
  /** Subjects or wildcards (`accounting.customer.*`, `inventory.>`). */
  subjects: string[];
  handler: EventHandler;
  /**
   * How many events of each subject (each durable) may be handed to the handler before the
   * earlier ones have finished; default 1, each event waiting for the one before. A handler
   * given more must itself apply events in the order it received them, as
   * idempotentBatchHandler does. Each event is still acknowledged, or delivered again, on the
   * outcome of its own handler call.
   */
  maxInFlight?: number;
  /** The newest data version the handler reads (default 1): a newer event becomes a dead letter at once (UnreadableEvent). */
  readsVersion?: number;
  /**
   * Every subscription gets every event published from now on, on a consumer of its own, instead
   * of sharing the name's events out among the processes that subscribe under it: for fan-out to
   * what one process holds (its browsers' live streams), never for work that must happen once.
   * The server forgets such a consumer once its process has been gone for EACH_PROCESS_IDLE_MS,
   * so a replica that died leaves nothing behind.
   */
  eachProcess?: boolean;
  /**
   * Names this consumer had before. A subject's durable that does not exist yet continues where
   * the first former one of that subject stands (past every event it acknowledged in order), and
   * the former durable is removed, so a renamed or merged consumer neither replays the stream
   * nor skips what was waiting. Events the former had in hand come again: the consumer's inbox
   * must hold what the former applied (the service's migration carries it over).
   */
  formerly?: string[];
}

/** How long a consumer of `eachProcess` outlives its process. */
export const EACH_PROCESS_IDLE_MS = 60_000;

export interface Subscription {
  stop(): Promise<void>;
}

/**
 * One interface, two implementations chosen by configuration: in-process for the
 * all-in-one mode and unit tests, NATS JetStream for every distributed deployment.
 * A handler that throws gets the event again later (at-least-once); handlers are made
 * idempotent with the inbox. After the policy's attempts an event becomes a dead letter, kept
 * until replayed; a failure because the database is away (isUnavailable) never counts. Each consumer receives a subject's events in publish order,
 * except that an event being retried arrives after the events published behind it. With
 * `maxInFlight` above 1 the handler receives the next events, still in that order, while
 * earlier ones are being handled; a failed one is then retried after events already handed over.
 */
export interface EventBus {
  publish(event: EventEnvelope): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** Events consumers gave up on after every attempt (deadLetter.ts), oldest first; `consumer` narrows to one. */
  deadLetters(consumer?: string): Promise<DeadLetter[]>;
  /**
   * Publishes those events again and forgets them as dead letters; answers how many. Every
   * consumer of the subject receives them again, and the ones that applied them already skip
   * them by their inbox.
   */
  replayDeadLetters(consumer?: string): Promise<number>;
  /** Each stream's newest sequence number, for the streams `subjects` are kept in. Only a bus that stores events has it. */
  positions?(subjects: string[]): Promise<StreamPositions>;
  /**
   * Hands `handler` the stored events of `subjects` that came after `after` up to and including
   * `upTo`, in each stream's order, with their positions; a stream missing from `after` gives
   * none. Nothing is acknowledged or remembered: it is a read, for a subscriber catching up on
   * what it missed. Only a bus that stores events has it.
   */
  readBetween?(subjects: string[], after: StreamPositions, upTo: StreamPositions, handler: EventHandler): Promise<void>;
  /** Resolves once the broker answered a round trip within `timeoutMs`; rejects while it is away. The in-process bus has none. */
  ping?(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

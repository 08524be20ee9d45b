import { EVENT_SCHEMAS } from '@printpool/contracts';
import { Counter, Registry } from 'prom-client';
import type { Logger } from '../logger.js';
import type { DeadLetter, EventEnvelope, EventHandler } from './bus.js';
import { subjectMatches } from './subjects.js';

export type { DeadLetter };

/** Dead letters are stored on JetStream under `deadletter.<consumer>`, in a stream of their own. */
export const DEAD_LETTER_STREAM = { name: 'DEADLETTER', subjects: ['deadletter.>'] } as const;

/** Metrics of the process's event consumers, served with each service's own (createServiceApp). */
export const eventMetrics = new Registry();

const deadLettered = new Counter({
  name: 'events_dead_lettered_total',
  help: 'Events a consumer gave up on after every attempt (replay with npm run events:replay)',
  labelNames: ['consumer', 'type'] as const,
  registers: [eventMetrics],
});

/**
 * Gives a consumer's series of `events_dead_lettered_total` the value 0 for every event type its
 * subjects take (wildcards matched against the contracts' event types), once it subscribes:
 * Prometheus' `increase()` sees no rise in a series that first appears at 1, so an alert on the
 * first dead letter needs the series before it (infra/monitoring/alerts.yaml).
 */
export function countDeadLettersFromZero(consumer: string, subjects: readonly string[]): void {
  for (const type of Object.keys(EVENT_SCHEMAS)) {
    if (subjects.some((subject) => subjectMatches(subject, type))) deadLettered.inc({ consumer, type }, 0);
  }
}

/**
 * An event its consumer can never apply: its data is of a version newer than the consumer reads
 * (a breaking change published as a new version). It becomes a dead letter at once, since no
 * retry can help; replayed once the consumer reads that version.
 */
export class UnreadableEvent extends Error {}

/** `handler` for the data versions up to `readsVersion`; a newer one throws UnreadableEvent before the handler sees it. */
export function readingVersionsUpTo(readsVersion: number, handler: EventHandler): EventHandler {
  return async (event, position) => {
    if (event.version > readsVersion)
      throw new UnreadableEvent(`${event.type} data version ${event.version}: this consumer reads up to version ${readsVersion}`);
    await handler(event, position);
  };
}

export function deadLetterOf(consumer: string, event: EventEnvelope, err: unknown, attempts: number): DeadLetter {
  return { consumer, event, error: err instanceof Error ? err.message : String(err), attempts, failedAt: new Date().toISOString() };
}

/** Counts the dead letter and says so loudly: someone has to look at it. */
export function reportDeadLetter(logger: Logger, letter: DeadLetter): void {
  deadLettered.inc({ consumer: letter.consumer, type: letter.event.type });
  logger.error(
    {
      alert: 'event-dead-lettered',
      consumer: letter.consumer,
      eventId: letter.event.id,
      type: letter.event.type,
      attempts: letter.attempts,
      error: letter.error,
    },
    'event handler failed on every attempt; event kept as a dead letter (replay with npm run events:replay)',
  );
}

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', '57P01', '57P02', '57P03', '53300']);

/**
 * Whether a handler failed because what it depends on is away (the database restarting or
 * unreachable), not because of the event: such an event is delivered again for as long as it
 * takes, and never counts towards a dead letter.
 */
export function isUnavailable(err: unknown): boolean {
  const { code, name, message } = (err ?? {}) as { code?: unknown; name?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  if (name === 'KnexTimeoutError') return true;
  return typeof message === 'string' && /Connection terminated|connection is closed|Client has encountered a connection error/i.test(message);
}

import type { Logger } from '../logger.js';
import { createNatsBus } from './natsBus.js';

export interface ReplayCommandOptions {
  /** NATS_URL: the servers whose DEADLETTER stream holds the dead letters. */
  servers: string;
  /** Only this consumer's dead letters; all of them when unset. */
  consumer?: string;
  logger: Logger;
  /** Where the report goes, a line at a time (stdout). */
  write(line: string): void;
}

/**
 * `npm run events:replay [-- <consumer>]` (infra/launch/scripts/replay-dead-letters.mjs): names
 * each dead letter and why its consumer gave up on it, then publishes them again and forgets
 * them (natsBus.ts replayDeadLetters). Every consumer of the subject receives them; those that
 * applied them already skip them by their inbox. Answers how many were replayed.
 */
export async function replayDeadLettersCommand({ servers, consumer, logger, write }: ReplayCommandOptions): Promise<number> {
  // No stream limits: a tool leaves the streams as the services configured them (streamRetention.ts).
  const bus = await createNatsBus({ servers, name: 'printpool-replay', logger });
  try {
    for (const letter of await bus.deadLetters(consumer))
      write(`${letter.failedAt} ${letter.consumer} ${letter.event.type} ${letter.event.id} (${letter.attempts} attempts): ${letter.error}`);
    const replayed = await bus.replayDeadLetters(consumer);
    write(`replayed ${replayed} dead letter${replayed === 1 ? '' : 's'}${consumer ? ` of ${consumer}` : ''}`);
    return replayed;
  } finally {
    await bus.close();
  }
}

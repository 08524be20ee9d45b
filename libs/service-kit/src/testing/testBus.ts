import { randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { JetStreamApiCodes, JetStreamApiError, jetstreamManager } from '@nats-io/jetstream';
import { streamForSubject } from '@printpool/contracts';
import { createLogger } from '../logger.js';
import type { EventBus } from '../events/bus.js';
import { createInProcessBus } from '../events/inProcessBus.js';
import { createNatsBus, durableName } from '../events/natsBus.js';
import type { RetryPolicy } from '../events/retry.js';

/**
 * The durables of one test file's buses carry a name of their own: two files running at once
 * on a shared server would otherwise share a durable (each seeing only some events) and delete
 * it under each other when they close. Jest evaluates this module once per test file.
 */
const TEST_FILE_RUN = randomUUID().slice(0, 8);

/** Retries fast enough for a test to watch them. */
const TEST_RETRY_POLICY: RetryPolicy = { maxAttempts: 5, retryDelayMs: 50 };

const silent = createLogger('test', 'silent');

/**
 * A JetStream bus whose close() also deletes the durables it created, so tests leave no
 * consumers behind on a shared server.
 */
export async function createTestNatsBus(servers: string, policy: Partial<RetryPolicy> = {}): Promise<EventBus> {
  // A test's durables skip the shared stream's history (every earlier suite's events), which
  // would take a new durable longer to get through than a test waits.
  const bus = await createNatsBus({
    servers,
    name: 'printpool-test',
    logger: silent,
    ...TEST_RETRY_POLICY,
    ...policy,
    publishTimeoutMs: 2_000,
    durablesFrom: new Date(Date.now() - 1_000),
  });
  const durables = new Map<string, string>();
  const own = (consumer: string | undefined) => (consumer === undefined ? undefined : `${consumer}-${TEST_FILE_RUN}`);
  return {
    publish: (event) => bus.publish(event),
    deadLetters: async (consumer) =>
      (await bus.deadLetters(own(consumer))).map((letter) => ({ ...letter, consumer: letter.consumer.replace(new RegExp(`-${TEST_FILE_RUN}$`), '') })),
    replayDeadLetters: (consumer) => bus.replayDeadLetters(own(consumer)),
    positions: (subjects) => bus.positions!(subjects),
    readBetween: (subjects, after, upTo, handler) => bus.readBetween!(subjects, after, upTo, handler),
    async subscribe(options) {
      const consumer = own(options.consumer)!;
      const subscription = await bus.subscribe({
        ...options,
        consumer,
        ...(options.formerly ? { formerly: options.formerly.map((former) => own(former)!) } : {}),
      });
      for (const subject of options.subjects) durables.set(durableName(consumer, subject), streamForSubject(subject)!.name);
      return subscription;
    },
    async close() {
      await bus.close();
      if (durables.size === 0) return;
      const nc = await connect({ servers });
      try {
        const jsm = await jetstreamManager(nc);
        for (const [durable, stream] of durables) {
          await jsm.consumers.delete(stream, durable).catch((err: unknown) => {
            if (!(err instanceof JetStreamApiError && err.code === JetStreamApiCodes.ConsumerNotFound)) throw err;
          });
        }
        durables.clear();
      } finally {
        await nc.close();
      }
    },
  };
}

/** The JetStream bus at `NATS_URL` when it is set, the in-process bus otherwise. */
export async function createTestBus(policy: Partial<RetryPolicy> = {}): Promise<EventBus> {
  const url = process.env.NATS_URL || undefined;
  if (url) return createTestNatsBus(url, policy);
  return createInProcessBus({ logger: silent, ...TEST_RETRY_POLICY, ...policy });
}

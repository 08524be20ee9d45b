import { eventContractProblem, inventoryAsyncApi } from '@printpool/contracts';
import { messageValidators } from '@printpool/contracts/testing';
import type { Database } from '../db/database.js';
import type { EventBus, EventEnvelope } from '../events/bus.js';
import { publishedEnvelope } from '../events/outbox.js';
import { serializedEnvelope } from '../events/serializedData.js';

let documented: ReturnType<typeof messageValidators> | undefined;

/**
 * Fails unless every event the service recorded in its outbox is one its consumers can read by
 * its contract (libs/contracts eventContractProblem): a type with a schema, data the schema
 * accepts. Each is checked as the relay publishes it, and one the AsyncAPI document names also
 * as a strict subscriber reads the message body: by the document alone (libs/contracts/asyncapi.yaml).
 * Called as a producer's test database closes, so every flow its suites run (a sync's imports,
 * order edits, tickets) checks the events it caused, and a change to an event's schema breaks
 * the producer that no longer fits.
 */
export async function expectRecordedEventsKeepContracts(db: Database): Promise<void> {
  documented ??= messageValidators(inventoryAsyncApi());
  const rows: { id: string; seq: string; type: string; tenant_id: string; occurred_at: Date; version: number; data: string }[] = await db
    .knex('outbox')
    .orderBy('seq')
    .select('id', 'seq', 'type', 'tenant_id', 'occurred_at', 'version', 'data');
  const problems = new Set<string>();
  for (const row of rows) {
    const event = publishedEnvelope(row, { value: JSON.parse(row.data) as unknown, json: row.data });
    const problem = eventContractProblem(event);
    if (problem) problems.add(problem);
    const validate = documented.get(row.type);
    if (validate && !validate(JSON.parse(serializedEnvelope(event)))) {
      const [error] = validate.errors ?? [];
      problems.add(`${row.type} breaks the AsyncAPI document at '${error?.instancePath ?? ''}': ${error?.message ?? 'invalid'}`);
    }
  }
  if (problems.size > 0) throw new Error(`Recorded events break their contracts:\n  ${[...problems].join('\n  ')}`);
}

/**
 * Throws unless `event` is one a producer could send by its contract: for the events a test hands
 * a consumer, so a consumer's tests never rest on an event no producer sends, and a change to
 * the event's schema breaks them.
 */
export function expectEventKeepsContract(event: EventEnvelope): void {
  const problem = eventContractProblem(event);
  if (problem) throw new Error(`No producer could send this event: ${problem}`);
}

/** `bus`, refusing to publish an event no producer could send (expectEventKeepsContract). */
export function contractCheckedBus(bus: EventBus): EventBus {
  return {
    publish: async (event) => {
      expectEventKeepsContract(event);
      await bus.publish(event);
    },
    subscribe: (options) => bus.subscribe(options),
    deadLetters: (consumer) => bus.deadLetters(consumer),
    replayDeadLetters: (consumer) => bus.replayDeadLetters(consumer),
    ...(bus.ping ? { ping: (timeoutMs: number) => bus.ping!(timeoutMs) } : {}),
    close: () => bus.close(),
  };
}

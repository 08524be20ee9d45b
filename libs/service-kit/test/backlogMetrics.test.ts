import { randomBytes } from 'node:crypto';
import { createEvent } from '@printpool/contracts';
import request from 'supertest';
import type { Database } from '../src/db/database.js';
import type { EventBus, EventEnvelope } from '../src/events/bus.js';
import { outboxMigrations, recordEvents, startOutboxRelay } from '../src/events/outbox.js';
import { createInProcessBus } from '../src/events/inProcessBus.js';
import { createServiceApp } from '../src/http/app.js';
import { createLogger } from '../src/logger.js';
import { createTestBus, createTestDatabase, waitFor } from '../src/testing/index.js';

const logger = createLogger('backlog-test', 'silent');
const run = randomBytes(4).toString('hex');
const scrape = createServiceApp({ name: 'svc-metrics', logger }).callback();

/** The value /metrics gives the series `name` whose labels match `labels`, or undefined. */
async function metric(name: string, labels: RegExp): Promise<number | undefined> {
  const text = (await request(scrape).get('/metrics').expect(200)).text;
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && labels.test(l));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

let db: Database;
let bus: EventBus;
beforeAll(async () => {
  db = await createTestDatabase(outboxMigrations);
  bus = await createTestBus();
});
afterAll(async () => {
  await bus.close();
  await db.close();
});

describe('/metrics on the work behind the requests', () => {
  it("shows the outbox's backlog and how long its oldest event has waited while the broker is away, then what was published", async () => {
    let brokerAway = true;
    const flaky: EventBus = {
      ...bus,
      publish: async (event) => {
        if (brokerAway) throw new Error('broker away');
        await bus.publish(event);
      },
    };
    const relay = startOutboxRelay({ db, bus: flaky, logger, intervalMs: 50, maxBackoffMs: 100 });
    try {
      const subject = `inventory.t${run}.changed`;
      await db.knex.transaction((trx) =>
        recordEvents(
          trx,
          [1, 2, 3].map((n) => createEvent(subject, 'tenant-1', { n })),
        ),
      );
      const schema = new RegExp(`schema="${db.schema}"`);
      await waitFor(async () => {
        expect(await metric('outbox_unpublished_events', schema)).toBe(3);
        expect(await metric('outbox_oldest_unpublished_age_seconds', schema)).toBeGreaterThanOrEqual(1);
      });

      brokerAway = false;
      await waitFor(async () => {
        expect(await metric('outbox_unpublished_events', schema)).toBe(0);
        expect(await metric('outbox_oldest_unpublished_age_seconds', schema)).toBe(0);
      });
      expect(await metric('outbox_published_events_total', schema)).toBe(3);
    } finally {
      await relay.stop();
    }
    // A stopped relay's outbox is no longer reported.
    await waitFor(async () => expect(await metric('outbox_unpublished_events', new RegExp(`schema="${db.schema}"`))).toBeUndefined());
  });

  it('shows what waits for a busy consumer and what it holds, and that it caught up', async () => {
    const subject = `inventory.t${run}.lagging`;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handled: EventEnvelope[] = [];
    await bus.subscribe({
      consumer: `lag-${run}`,
      subjects: [subject],
      handler: async (event) => {
        handled.push(event);
        await gate;
      },
    });
    for (const n of [1, 2, 3]) await bus.publish(createEvent(subject, 'tenant-1', { n }));
    const series = new RegExp(`consumer="lag-${run}[^"]*",subject="${subject.replaceAll('.', '\\.')}"`);
    await waitFor(async () => {
      expect(handled).toHaveLength(1);
      expect(await metric('events_consumer_pending', series)).toBe(2);
      expect(await metric('events_consumer_unacknowledged', series)).toBe(1);
    });

    release();
    await waitFor(async () => {
      expect(handled).toHaveLength(3);
      expect(await metric('events_consumer_pending', series)).toBe(0);
      expect(await metric('events_consumer_unacknowledged', series)).toBe(0);
    });
  });

  it("shows a consumer's dead letters from zero, for every event type its subjects take, before the first one", async () => {
    const consumer = `dead-${run}`;
    const own = createInProcessBus({ logger });
    try {
      expect(await metric('events_dead_lettered_total', new RegExp(`consumer="${consumer}"`))).toBeUndefined();
      await own.subscribe({ consumer, subjects: ['accounting.customer.*', 'inventory.sales-order.changed'], handler: async () => undefined });
      expect(await metric('events_dead_lettered_total', new RegExp(`consumer="${consumer}",type="inventory\\.sales-order\\.changed"`))).toBe(0);
      expect(await metric('events_dead_lettered_total', new RegExp(`consumer="${consumer}",type="accounting\\.customer\\.upserted"`))).toBe(0);
      expect(await metric('events_dead_lettered_total', new RegExp(`consumer="${consumer}",type="inventory\\.item\\.`))).toBeUndefined();
    } finally {
      await own.close();
    }
  });
});

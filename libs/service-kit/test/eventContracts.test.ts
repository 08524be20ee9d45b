import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { createEvent, INVENTORY_EVENTS } from '@printpool/contracts';
import type { Database } from '../src/db/database.js';
import { outboxMigrations, recordEvents } from '../src/events/outbox.js';
import { createTestDatabase, expectRecordedEventsKeepContracts } from '../src/testing/index.js';

/**
 * A producer's suites close their database through expectRecordedEventsKeepContracts: what they
 * recorded must be what the event contracts (libs/contracts) let consumers read.
 */
let db: Database;

beforeAll(async () => {
  db = await createTestDatabase(outboxMigrations);
});

afterAll(async () => {
  await db.close();
});

it('passes events their consumers can read, and names each one they cannot', async () => {
  await recordEvents(db.knex, [
    createEvent(INVENTORY_EVENTS.itemLevelChanged, 'tenant-1', { itemQbId: '7', virtualInventory: 12.5 }),
    createEvent(INVENTORY_EVENTS.catalogChanged, 'tenant-1', { entity: 'item', count: 3 }),
  ]);
  await expect(expectRecordedEventsKeepContracts(db)).resolves.toBeUndefined();

  await recordEvents(db.knex, [
    createEvent(INVENTORY_EVENTS.itemLevelChanged, 'tenant-1', { itemQbId: '7', level: 12.5 }),
    createEvent('inventory.item.renamed', 'tenant-1', { itemQbId: '7' }),
  ]);
  const failure = expectRecordedEventsKeepContracts(db);
  await expect(failure).rejects.toThrow("inventory.item-level.changed breaks its contract at 'virtualInventory'");
  await expect(failure).rejects.toThrow('inventory.item.renamed has no schema in libs/contracts');
});

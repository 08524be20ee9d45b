import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger, type Database } from '@printpool/service-kit';
import { waitFor } from '@printpool/service-kit/testing';
import type { WebhookChange } from '../src/domain/webhookChange.js';
import { WebhookQueue } from '../src/sync/webhookQueue.js';
import { replicaDatabases, type ReplicaDatabases } from './replicaDatabases.js';

/**
 * Two svc-sync replicas' webhook queues on one database, each with a connection pool of its own
 * (on PostgreSQL). What they apply is recorded as the sync would apply it: per tenant, in order.
 */
const logger = createLogger('webhook-queue-test', 'silent');
let first: Database;
let second: Database;
let queues: WebhookQueue[] = [];

let databases: ReplicaDatabases;

beforeAll(async () => {
  databases = await replicaDatabases();
  ({ first, second } = databases);
});

afterEach(async () => {
  for (const queue of queues) await queue.drain();
  queues = [];
  await first.knex('qbo_webhook_changes').delete();
});

afterAll(async () => {
  await databases.close();
});

const change = (id: string): WebhookChange[] => [{ name: 'Estimate', id, operation: 'Update' }];

interface Applied {
  tenantId: string;
  id: string;
  by: number;
}

/** A replica's queue that records what it applies, taking `applyMs` for each, and how many of one tenant it applied at once. */
function replica(db: Database, by: number, applied: Applied[], overlaps: string[], applyMs = 20) {
  const busy = new Set<string>();
  const queue = new WebhookQueue(
    db,
    async (tenantId, _realmId, changes) => {
      if (busy.has(tenantId)) overlaps.push(tenantId);
      busy.add(tenantId);
      await sleep(applyMs);
      applied.push({ tenantId, id: changes[0]!.id, by });
      busy.delete(tenantId);
    },
    logger,
    { pollMs: 100, leaseMs: 1_000 },
  );
  queues.push(queue);
  return queue;
}

const waiting = async () => Number((await first.knex('qbo_webhook_changes').count<{ n: number }[]>('* as n'))[0]?.n);

describe('webhook notifications kept in the database', () => {
  it('are applied once each by the replicas together, a tenant at a time and in the order received', async () => {
    const applied: Applied[] = [];
    const overlaps: string[] = [];
    const [a, b] = [replica(first, 1, applied, overlaps), replica(second, 2, applied, overlaps)];
    a.start();
    b.start();
    for (let n = 0; n < 10; n++) {
      await (n % 2 ? a : b).enqueue('tenant-a', 'realm-1', change(`a${n}`));
      await (n % 2 ? b : a).enqueue('tenant-b', 'realm-1', change(`b${n}`));
    }
    await waitFor(() => expect(applied).toHaveLength(20), { timeoutMs: 10_000 });
    const order = (tenantId: string) => applied.filter((one) => one.tenantId === tenantId).map((one) => one.id);
    expect(order('tenant-a')).toEqual(Array.from({ length: 10 }, (_, n) => `a${n}`));
    expect(order('tenant-b')).toEqual(Array.from({ length: 10 }, (_, n) => `b${n}`));
    expect(overlaps).toEqual([]);
    await waitFor(async () => expect(await waiting()).toBe(0));
  });

  it('are applied by another replica when the one that received them goes away before applying them', async () => {
    const applied: Applied[] = [];
    // Received by a replica that stops before applying them (it never started taking them): nothing lost.
    const stopping = replica(first, 1, applied, []);
    await stopping.enqueue('tenant-c', 'realm-1', change('c0'));
    await stopping.enqueue('tenant-c', 'realm-1', change('c1'));
    await stopping.drain();
    expect(await waiting()).toBe(2);

    const other = replica(second, 2, applied, []);
    other.start();
    await waitFor(() => expect(applied.map((one) => one.id)).toEqual(['c0', 'c1']), { timeoutMs: 5_000 });
    // A notification leaves the queue just after it was applied (webhookQueue.ts).
    await waitFor(async () => expect(await waiting()).toBe(0));
  });

  it('are applied by another replica once the claim of one that died lapses', async () => {
    // A replica died holding the notification: its claim runs out and nobody renews it.
    await first.knex('qbo_webhook_changes').insert({
      tenant_id: 'tenant-d',
      realm_id: 'realm-1',
      changes: JSON.stringify(change('d0')),
      claimed_by: 'a-replica-that-died',
      claimed_until: first.knex.raw("clock_timestamp() + interval '500 milliseconds'"),
    });
    const applied: Applied[] = [];
    const survivor = replica(second, 2, applied, []);
    survivor.start();
    await sleep(200);
    expect(applied).toEqual([]);
    await waitFor(() => expect(applied).toEqual([{ tenantId: 'tenant-d', id: 'd0', by: 2 }]), { timeoutMs: 5_000 });
  });
});

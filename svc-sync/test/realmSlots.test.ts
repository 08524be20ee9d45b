import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Knex } from 'knex';
import { createLogger, type Database } from '@printpool/service-kit';
import type { Release, RequestSlots } from '../src/qbo/realmLimiter.js';
import { sharedRealmSlots } from '../src/qbo/sharedRealmSlots.js';
import { replicaDatabases, type ReplicaDatabases } from './replicaDatabases.js';

/**
 * Two svc-sync replicas on one database, each with a connection pool of its own (on
 * PostgreSQL): together they may have only the company's limit of requests in flight.
 */
const LIMIT = 3;
const logger = createLogger('realm-slots-test', 'silent');
let first: Database;
let second: Database;

let databases: ReplicaDatabases;

beforeAll(async () => {
  databases = await replicaDatabases();
  ({ first, second } = databases);
});

afterAll(async () => {
  await databases.close();
});

const replica = (db: Database, leaseMs = 60_000): RequestSlots => sharedRealmSlots(db.knex, LIMIT, { leaseMs, pollMs: 10, logger });

/** Whether `pending` has settled within `ms`. */
async function settledWithin(pending: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  void pending.then(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, ms));
  return settled;
}

describe('the QuickBooks requests in flight, shared by svc-sync replicas', () => {
  it('lets two replicas together have only the limit in flight, and the next one in as soon as one ends', async () => {
    const [a, b] = [replica(first), replica(second)];
    const held: Release[] = [await a.acquire('realm-1'), await a.acquire('realm-1'), await b.acquire('realm-1')];
    const fourth = b.acquire('realm-1');
    expect(await settledWithin(fourth, 200)).toBe(false);
    held.shift()!();
    held.push(await fourth);
    expect(await settledWithin(a.acquire('realm-2'), 100)).toBe(true);
    for (const release of held) release();
  });

  it('frees the slots of a replica killed mid-request once their lease has run out', async () => {
    const dying = replica(first, 300);
    // Never given back: its process died with them.
    for (let i = 0; i < LIMIT; i++) await dying.acquire('realm-killed');
    const survivor = replica(second);
    const next = survivor.acquire('realm-killed');
    expect(await settledWithin(next, 100)).toBe(false);
    (await next)();
  });

  it('keeps at most the limit in flight when many requests of two replicas race', async () => {
    const replicas = [replica(first), replica(second)];
    let inFlight = 0;
    let peak = 0;
    const call = async (slots: RequestSlots) => {
      const release = await slots.acquire('realm-race');
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 15));
      inFlight -= 1;
      release();
    };
    await Promise.all(replicas.flatMap((slots) => Array.from({ length: 8 }, () => call(slots))));
    expect(peak).toBe(LIMIT);
  });

  it('gives back, before its next request, the slots it could not give back while the database was away', async () => {
    let away = false;
    const unavailable = () => Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    // The replica's database connection, failing every statement while `away`.
    const flaky = new Proxy(first.knex, {
      apply: (target, self, args: Parameters<Knex>) => {
        if (away) throw unavailable();
        return Reflect.apply(target, self, args);
      },
    });
    const restarted = sharedRealmSlots(flaky, LIMIT, { leaseMs: 60_000, pollMs: 10, logger });
    const held = [];
    for (let i = 0; i < LIMIT; i++) held.push(await restarted.acquire('realm-restart'));
    away = true;
    for (const release of held) release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    away = false;
    // Without giving them back first, every slot would stay taken for the lease's minute.
    const next = await restarted.acquire('realm-restart');
    const other = replica(second);
    const others = [await other.acquire('realm-restart'), await other.acquire('realm-restart')];
    for (const release of [next, ...others]) release();
  });
});

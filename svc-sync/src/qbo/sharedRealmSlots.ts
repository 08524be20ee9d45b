import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Knex } from 'knex';
import { isUnavailable, type Logger } from '@printpool/service-kit';
import { memorySlots, type RequestSlots } from './realmLimiter.js';

export interface SharedSlotsOptions {
  /**
   * How long a slot stays taken without being given back: a process killed mid-request frees
   * its slots after this. Longer than a request may take (QBO_TIMEOUT_MS).
   */
  leaseMs: number;
  /** How often a request waiting for a slot asks again. */
  pollMs?: number;
  logger: Logger;
}

/**
 * Intuit allows a company `concurrentRequests` requests in flight whichever replica sends
 * them: each request holds one of the realm's slot rows while it runs, taken and given back by
 * one statement each. A process first takes a slot of its own memory, so it never asks for
 * more than the limit and its waiting requests do not poll the database. While the database
 * cannot be asked, this process keeps to the limit alone instead of stopping its requests.
 */
export function sharedRealmSlots(knex: Knex, concurrentRequests: number, options: SharedSlotsOptions): RequestSlots {
  const { leaseMs, pollMs = 50, logger } = options;
  const own = memorySlots(concurrentRequests);

  /** A free slot (never taken, given back, or its lease run out), taken for `holder`; undefined when all are held. */
  async function claim(realmId: string, holder: string): Promise<number | undefined> {
    // A random free slot: requests asking at the same moment rarely reach for the same row.
    const { rows } = await knex.raw<{ rows: { slot: number }[] }>(
      `INSERT INTO qbo_realm_slots AS s (realm_id, slot, holder, held_until)
       SELECT :realmId, free.slot, :holder, statement_timestamp() + make_interval(secs => :leaseS)
       FROM generate_series(0, :last) AS free(slot)
       WHERE NOT EXISTS (
         SELECT 1 FROM qbo_realm_slots t WHERE t.realm_id = :realmId AND t.slot = free.slot AND t.held_until > statement_timestamp())
       ORDER BY random() LIMIT 1
       ON CONFLICT (realm_id, slot) DO UPDATE SET holder = excluded.holder, held_until = excluded.held_until
         WHERE s.held_until <= statement_timestamp()
       RETURNING slot`,
      { realmId, holder, leaseS: leaseMs / 1000, last: concurrentRequests - 1 },
    );
    return rows[0]?.slot;
  }

  /** Slots whose giving back failed (the database went away mid-request): given back before the next claim. */
  const owed: { realmId: string; slot: number; holder: string }[] = [];

  async function giveBack(realmId: string, slot: number, holder: string): Promise<void> {
    await knex('qbo_realm_slots').where({ realm_id: realmId, slot, holder }).delete();
  }

  /**
   * A slot not given back would stay taken until its lease ran out, a minute or more in which the
   * realm has one request fewer; after a database restart, all ten, and the sync would stall.
   */
  async function settleOwed(): Promise<void> {
    while (owed.length > 0) {
      const { realmId, slot, holder } = owed[0]!;
      await giveBack(realmId, slot, holder);
      owed.shift();
    }
  }

  return {
    async acquire(realmId) {
      const releaseOwn = await own.acquire(realmId);
      const holder = randomUUID();
      try {
        await settleOwed();
        for (;;) {
          const slot = await claim(realmId, holder);
          if (slot !== undefined)
            return () => {
              releaseOwn();
              // Not awaited: the response is read already.
              giveBack(realmId, slot, holder).catch((err: unknown) => {
                owed.push({ realmId, slot, holder });
                logger.warn({ err, realmId }, 'could not give back a QuickBooks request slot; giving it back before the next request');
              });
            };
          await sleep(pollMs);
        }
      } catch (error) {
        if (!isUnavailable(error)) {
          releaseOwn();
          throw error;
        }
        logger.warn({ err: error, realmId }, 'database unavailable; keeping QuickBooks requests in flight to the limit in this process alone');
        return releaseOwn;
      }
    },
  };
}

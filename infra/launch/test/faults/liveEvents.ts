import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger, createNatsBus } from '@printpool/service-kit';
import { LIVE_SUBJECTS } from '@printpool/svc-gateway';
import type { LiveListener } from './liveListener.js';
import { withClient } from './snapshot.js';

/** A live event a tab is owed: its id, and how a failure names it (type, id, place in its stream). */
export interface OwedEvent {
  id: string;
  label: string;
}

/**
 * For each tab, the live events of its company it is owed as of now: every event stored on the
 * live subjects after the tab first connected, read back from JetStream itself.
 */
export async function owedLiveEvents(natsUrl: string, databaseUrl: string, email: string, tabs: readonly LiveListener[]): Promise<OwedEvent[][]> {
  const tenantId = await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ tenant_id: string }>('SELECT tenant_id FROM gateway.users WHERE email_key = $1', [email.toLowerCase()]);
    return rows[0]!.tenant_id;
  });
  const bus = await createNatsBus({ servers: natsUrl, name: 'faults-live-check', logger: createLogger('faults-live-check') });
  try {
    const now = await bus.positions!(LIVE_SUBJECTS);
    return await Promise.all(
      tabs.map(async (tab) => {
        const owed: OwedEvent[] = [];
        await bus.readBetween!(LIVE_SUBJECTS, tab.startedAt ?? {}, now, async (event, position) => {
          if (event.tenantId === tenantId) owed.push({ id: event.id, label: `${event.type} ${event.id} (${position?.stream}:${position?.seq})` });
        });
        return owed;
      }),
    );
  } finally {
    await bus.close();
  }
}

/**
 * What each tab still lacks of what it is owed, once it had `withinMs` to arrive: an event stored
 * a moment before the reading may still be on its way through a gateway; a lost one never comes.
 * `late` counts those that were on their way.
 */
export async function missedLiveEvents(
  owed: readonly OwedEvent[][],
  tabs: readonly LiveListener[],
  withinMs: number,
): Promise<{ missed: string[][]; late: number }> {
  const deadline = Date.now() + withinMs;
  const lacking = () => owed.map((events, i) => events.filter((event) => !tabs[i]!.received.has(event.id)).map((event) => event.label));
  const count = (lists: string[][]) => lists.reduce((sum, labels) => sum + labels.length, 0);
  const first = count(lacking());
  for (;;) {
    const missed = lacking();
    if (count(missed) === 0 || Date.now() >= deadline) return { missed, late: first - count(missed) };
    await sleep(250);
  }
}

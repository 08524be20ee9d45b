import { createLogger, createNatsBus } from '@printpool/service-kit';
import { LIVE_SUBJECTS } from '@printpool/svc-gateway';
import type { LiveListener } from './liveListener.js';
import { withClient } from './snapshot.js';

/**
 * For each tab, the live events of its company it never received: every event stored on the
 * live subjects after the tab first connected, read back from JetStream itself.
 */
export async function missedLiveEvents(natsUrl: string, databaseUrl: string, email: string, tabs: readonly LiveListener[]): Promise<string[][]> {
  const tenantId = await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ tenant_id: string }>('SELECT tenant_id FROM gateway.users WHERE email_key = $1', [email.toLowerCase()]);
    return rows[0]!.tenant_id;
  });
  const bus = await createNatsBus({ servers: natsUrl, name: 'faults-live-check', logger: createLogger('faults-live-check') });
  try {
    const now = await bus.positions!(LIVE_SUBJECTS);
    return await Promise.all(
      tabs.map(async (tab) => {
        const owed: string[] = [];
        await bus.readBetween!(LIVE_SUBJECTS, tab.startedAt ?? {}, now, async (event) => {
          if (event.tenantId === tenantId) owed.push(`${event.type} ${event.id}`);
        });
        return owed.filter((entry) => !tab.received.has(entry.split(' ')[1]!));
      }),
    );
  } finally {
    await bus.close();
  }
}

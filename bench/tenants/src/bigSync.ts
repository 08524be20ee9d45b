import { setTimeout as sleep } from 'node:timers/promises';
import type { ConnectedCompany } from './connectCompany.js';

/** The big company's first full sync: when it started and ended (svc-sync's run), and how it ended. */
export interface BigSyncFigures {
  startedAt: number;
  endedAt: number | null;
  status: string;
  entities: number;
}

/**
 * Starts the company's full sync (Sync Data, not waited for) and follows its run as the
 * progress panel does (GET /api/quickbooks/sync/runs/latest) until it ends or `stopped` says so.
 */
export async function runBigSync(company: ConnectedCompany, stopped: () => boolean): Promise<BigSyncFigures> {
  const startedAt = Date.now();
  await company.broker.call('post /api/quickbooks/sync', { query: { mode: 'full' } });
  const figures: BigSyncFigures = { startedAt, endedAt: null, status: 'running', entities: 0 };
  while (!stopped()) {
    const { status, body } = await company.broker.send('get /api/quickbooks/sync/runs/latest', {});
    if (status === 200 && body) {
      figures.status = body.status;
      figures.entities = body.progress.done;
      if (body.status !== 'running') {
        figures.endedAt = Date.now();
        break;
      }
    }
    await sleep(500);
  }
  return figures;
}

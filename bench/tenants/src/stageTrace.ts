import pg from 'pg';
import type { ChangeSample } from './changeStream.js';
import { summarize } from './stats.js';

/** Where one change spent its time, in ms from when it was made, as the product's own tables date each step. */
interface Stages {
  /** The webhook delivered, queued, claimed, the document read from QuickBooks and its event recorded in svc-sync's outbox. */
  recorded: number;
  /** svc-sync's outbox relay published it on the bus. */
  published: number;
  /** svc-inventory applied it (its inbox). */
  applied: number;
  /** The API answered it to the bench's poll. */
  visible: number;
}

const EVENT = { estimate: ['accounting.estimate.upserted', 'estimates'], purchaseOrder: ['accounting.purchase-order.upserted', 'purchaseOrders'] } as const;

/**
 * Each seen change's steps through the product, from the timestamps its tables keep (service-kit
 * outbox.ts created_at and published_at, inbox.ts processed_at): the first event of the tenant
 * carrying the document that svc-sync recorded after the change was made, and when svc-inventory
 * applied it. Printed as p50 / p95 of each step's end, so the step where the time goes stands out.
 */
export async function traceStages(databaseUrl: string, samples: readonly ChangeSample[], tenants: Map<string, string>): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const traced: Stages[] = [];
  try {
    for (const sample of samples) {
      if (sample.visibleMs === null) continue;
      const [type, field] = EVENT[sample.kind];
      const { rows } = await client.query<{ created: Date; published: Date | null; applied: Date | null }>(
        `SELECT o.created_at AS created, o.published_at AS published, (SELECT min(i.processed_at) FROM inventory.inbox i WHERE i.event_id = o.id) AS applied
           FROM sync.outbox o
          WHERE o.tenant_id = $1 AND o.type = $2 AND o.created_at >= to_timestamp($3 / 1000.0)
            AND o.data::jsonb @> jsonb_build_object($4::text, jsonb_build_array(jsonb_build_object('qbId', $5::text)))
          ORDER BY o.seq LIMIT 1`,
        [tenants.get(sample.realmId), type, sample.madeAt, field, sample.qbId],
      );
      const row = rows[0];
      if (!row?.published || !row.applied) continue;
      traced.push({
        recorded: row.created.getTime() - sample.madeAt,
        published: row.published.getTime() - sample.madeAt,
        applied: row.applied.getTime() - sample.madeAt,
        visible: sample.visibleMs,
      });
    }
  } finally {
    await client.end();
  }
  const step = (name: keyof Stages) => {
    const { p50, p95 } = summarize(traced.map((each) => each[name]));
    return `${name} p50 ${Math.round(p50)} / p95 ${Math.round(p95)} ms`;
  };
  return `${traced.length} of ${samples.length} traced: ${(['recorded', 'published', 'applied', 'visible'] as const).map(step).join('; ')}`;
}

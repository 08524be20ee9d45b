import { spawn } from 'node:child_process';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { fromRoot } from '../../src/repoPaths.js';
import { withClient } from './snapshot.js';

export interface SyncState {
  running: number;
  latest: { status: string; error: string | null } | undefined;
}

export async function syncState(url: string): Promise<SyncState> {
  return withClient(url, async (client) => {
    const running = await client.query<{ n: string }>("SELECT count(*) AS n FROM sync.sync_runs WHERE status = 'running'");
    const latest = await client.query<{ status: string; error: string | null }>(
      'SELECT status, error FROM sync.sync_runs ORDER BY started_at DESC, id DESC LIMIT 1',
    );
    return { running: Number(running.rows[0]!.n), latest: latest.rows[0] };
  });
}

/** E-mail log rows by status: 'sending' means a send neither finished nor was taken up again. */
export async function emailStates(url: string): Promise<Record<string, number>> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ status: string; n: string }>('SELECT status, count(*) AS n FROM documents.email_logs GROUP BY status');
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
  });
}

/** Sales orders with a customer e-mail address, to send their estimates by e-mail. */
export async function mailableOrders(url: string, limit: number): Promise<string[]> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `SELECT id::text FROM inventory.sales_orders WHERE customer_email LIKE '%@%' ORDER BY id LIMIT ${limit}`,
    );
    return rows.map((row) => row.id);
  });
}

export async function salesOrderCount(url: string): Promise<number> {
  return withClient(url, async (client) => {
    try {
      const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM inventory.sales_orders');
      return Number(rows[0]!.n);
    } catch {
      // Not migrated yet.
      return 0;
    }
  });
}

/**
 * svc-inventory's reconcile script (what `npm run reconcile -w @printpool/svc-inventory` runs) on
 * the scenario's database: clean when it reports no drift.
 */
export async function reconcile(url: string): Promise<{ clean: boolean; output: string }> {
  const child = spawn(process.execPath, [fromRoot('svc-inventory', 'dist', 'scripts', 'reconcile.js')], {
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { clean: code === 0, output: output.trim() };
}

export interface EventBacklog {
  /** Messages delivered to no consumer yet, or delivered and not acknowledged. */
  pending: number;
  deadLetters: number;
}

/** How much every durable consumer still has to do, and how many events were given up. */
export async function eventBacklog(natsUrl: string): Promise<EventBacklog> {
  const nc = await connect({ servers: natsUrl, reconnect: false, timeout: 3_000 });
  try {
    const jsm = await jetstreamManager(nc);
    let pending = 0;
    let deadLetters = 0;
    for await (const stream of jsm.streams.list()) {
      if (stream.config.name === 'DEADLETTER') {
        deadLetters += stream.state.messages;
        continue;
      }
      for await (const consumer of jsm.consumers.list(stream.config.name)) pending += consumer.num_pending + consumer.num_ack_pending;
    }
    return { pending, deadLetters };
  } finally {
    await nc.close();
  }
}

/** Accepted QuickBooks orders holding stock, which can get a pull ticket (docs/product.md §4). */
export async function acceptedOrders(url: string, limit: number): Promise<string[]> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `SELECT so.id::text FROM inventory.sales_orders so
       WHERE so.status = 'processing' AND so.qb_id IS NOT NULL
         AND (so.bulk_po_id IS NOT NULL OR EXISTS (SELECT 1 FROM inventory.allocations a WHERE a.sales_order_id = so.id AND a.released_at IS NULL))
       ORDER BY so.id LIMIT ${limit}`,
    );
    return rows.map((row) => row.id);
  });
}

/** The QuickBooks ids of orders, the keys a snapshot knows them by. */
export async function quickbooksIdsOf(url: string, orderIds: string[]): Promise<string[]> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ qb_id: string }>('SELECT qb_id FROM inventory.sales_orders WHERE id = ANY($1::bigint[])', [orderIds]);
    return rows.map((row) => row.qb_id);
  });
}

/** For each ticket, how many e-mails went to its vendor and to its customer (logged sent). */
export async function ticketMail(url: string, tickets: number[]): Promise<{ ticket: string; vendor: number; customer: number }[]> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ ticket: string; vendor: string; customer: string }>(
      `SELECT t.id AS ticket,
              count(*) FILTER (WHERE l.to_email LIKE 'vendor@%') AS vendor,
              count(*) FILTER (WHERE l.to_email LIKE 'customer@%') AS customer
       FROM unnest($1::text[]) AS t(id)
       LEFT JOIN documents.email_logs l ON l.reference_type = 'PT' AND l.reference_id = t.id AND l.status = 'sent'
       GROUP BY t.id ORDER BY array_position($1::text[], t.id)`,
      [tickets.map(String)],
    );
    return rows.map((row) => ({ ticket: row.ticket, vendor: Number(row.vendor), customer: Number(row.customer) }));
  });
}

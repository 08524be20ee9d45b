import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from '@printpool/service-kit/testing';
import { ROUTES, type Fixtures } from './catalogue.js';
import { foreignHostRequests, generateRequests, validBody, type FuzzRequest } from './generate.js';
import { startProduct, type RunningProduct } from './product.js';
import { sendRaw, type RawAnswer } from './rawHttp.js';

/**
 * Malformed requests, generated from the route catalogue (catalogue.ts),
 * against the real product (the all-in-one composition) after a sync from the QBO sandbox.
 * No answer ≥ 500, no reset or timeout, every 4xx JSON `{ message, code }`, nothing stored.
 * FUZZ_SEED replays a run; FUZZ_REQUESTS sets how many requests at least (default 5,200).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 5200);
const CONCURRENCY = 4;

let running: RunningProduct;
let cookie = '';
let fixtures: Fixtures;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the suite reads the product's JSON answers field by field
type Json = any;

/** A well-formed call, on a connection of its own (a kept-alive one may meet the server closing it while idle). */
async function api(
  method: string,
  path: string,
  body?: unknown,
  extra: Record<string, string> = {},
): Promise<{ status: number; body: Json; total: string | null }> {
  const headers: Record<string, string> = { origin: running.origin, cookie, accept: 'application/json', ...extra };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const answer = await sendRaw(running.port, { method, path, headers, body: body === undefined ? undefined : Buffer.from(JSON.stringify(body)) }, 90_000);
  if (answer.failure) throw new Error(`${method} ${path}: ${answer.failure}`);
  const text = answer.body.toString('utf8');
  return { status: answer.status!, body: answer.contentType?.includes('json') && text ? JSON.parse(text) : text, total: answer.total ?? null };
}

async function signIn(email: string): Promise<string> {
  const response = await fetch(`${running.origin}/api/dev-login`, {
    method: 'POST',
    headers: { origin: running.origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The consent flow a broker goes through: auth URL → the sandbox's consent page → callback through the gateway. */
async function connectSandbox(): Promise<void> {
  const { body } = await api('GET', '/api/quickbooks/auth-url');
  const authUrl = new URL(body.authUrl);
  await (await fetch(authUrl)).text();
  const form = new URLSearchParams({
    client_id: authUrl.searchParams.get('client_id')!,
    redirect_uri: authUrl.searchParams.get('redirect_uri')!,
    scope: authUrl.searchParams.get('scope')!,
    state: authUrl.searchParams.get('state')!,
    realmId: running.product.sandbox!.admin.companies()[0]!.realmId,
    decision: 'approve',
  });
  const approved = await fetch(`${running.origin}/qbo-sandbox/connect/oauth2/approve`, { method: 'POST', body: form, redirect: 'manual' });
  const landed = await fetch(approved.headers.get('location')!, { redirect: 'manual', headers: { cookie } });
  expect(landed.headers.get('location')).toBe('/dashboard?qbo=connected');
}

/** What the tenant holds, as its pages and the database show it: equal before and after means nothing was stored. */
async function fingerprint(): Promise<Record<string, string>> {
  const prints: Record<string, string> = {};
  const reads = [
    '/api/auth/user',
    '/api/dashboard/stats',
    '/api/sales-orders?limit=1000',
    '/api/purchase-orders?limit=1000',
    '/api/purchase-orders/bulk/open',
    '/api/pull-tickets?limit=1000',
    '/api/items?limit=1000',
    '/api/customers?limit=1000',
    '/api/email-logs?limit=500',
    '/api/quickbooks/status',
    '/api/team',
    '/api/quickbooks/sync/runs/latest',
    `/api/sales-orders/${fixtures.salesOrder.id}`,
    `/api/pull-tickets/${fixtures.pullTicket.id}`,
    `/api/purchase-orders/${fixtures.program.purchaseOrderId}/program`,
    `/api/vendors/${encodeURIComponent(fixtures.vendor.name)}/program-defaults`,
  ];
  for (const path of reads) {
    const answer = await api('GET', path);
    prints[path] = `${answer.status} total=${answer.total} ${createHash('sha256').update(JSON.stringify(answer.body)).digest('hex')}`;
  }
  const mailbox = await sendRaw(running.port, { method: 'GET', path: '/dev/mailbox.json', headers: {} });
  prints['dev mailbox'] = `${mailbox.status} ${createHash('sha256').update(mailbox.body).digest('hex')}`;
  // Rows per table of every service, for what no page lists (contact messages, sessions, attachments, outboxes).
  for (const { db, module } of running.product.services) {
    const tables: { table_name: string }[] = (
      await db.knex.raw('SELECT table_name FROM information_schema.tables WHERE table_schema = ? AND table_type = ?', [db.schema, 'BASE TABLE'])
    ).rows;
    for (const { table_name: table } of tables) {
      // Kept by GETs (an OAuth state per auth URL), by the service's own timers (tallies folded every
      // minute) or by the rate limits, which count every call to a limited route, malformed or not.
      if (['oauth_states', 'sales_order_tallies', 'rate_limit_windows'].includes(table)) continue;
      const [row] = await db.knex(table).count({ count: '*' });
      prints[`${module.name}.${table} rows`] = String(row?.count);
    }
  }
  return prints;
}

/** The token of the newest invitation link e-mailed to `to`, as the dev mailbox's page shows the e-mail. */
async function invitationToken(to: string): Promise<string> {
  let token: string | undefined;
  await waitFor(
    async () => {
      const page = (await sendRaw(running.port, { method: 'GET', path: '/dev/mailbox', headers: {} })).body.toString('utf8');
      const mail = page.slice(page.indexOf(to));
      token = /\/invitations\/([A-Za-z0-9_-]+)/.exec(mail)?.[1];
      if (!token) throw new Error(`no invitation e-mail to ${to} yet`);
    },
    { timeoutMs: 15_000, intervalMs: 300 },
  );
  return token!;
}

interface Outcome {
  request: FuzzRequest;
  answer: RawAnswer;
}

/** Why an answer breaks the suite's rules, or null. */
function problem({ request, answer }: Outcome): string | null {
  if (answer.failure) return `connection failed: ${answer.failure}`;
  const status = answer.status!;
  if (status >= 500) return `answered ${status}: ${answer.body.toString('utf8').slice(0, 300)}`;
  if (request.route.mutates && status < 400) return `accepted (${status}) a malformed request to a route that changes state`;
  if (status >= 400) {
    let parsed: Json;
    try {
      parsed = JSON.parse(answer.body.toString('utf8'));
    } catch {
      return `answered ${status} without a JSON body (${answer.contentType}): ${answer.body.toString('utf8').slice(0, 100)}`;
    }
    if (typeof parsed?.message !== 'string' || typeof parsed?.code !== 'string')
      return `answered ${status} without { message, code }: ${JSON.stringify(parsed).slice(0, 200)}`;
  }
  return null;
}

describe('fuzzing every documented route', () => {
  beforeAll(async () => {
    running = await startProduct({ SIGN_IN_RATE_LIMIT: '1000000', CONTACT_RATE_LIMIT: '1000000' });
    cookie = await signIn('fuzz@example.com');
    await connectSandbox();
    expect((await api('POST', '/api/quickbooks/sync?wait=true')).status).toBe(200);
    // Inventory imports the synced records from events; wait until the counts stop moving.
    let last = '';
    await waitFor(
      async () => {
        const [orders, pos] = await Promise.all([api('GET', '/api/sales-orders?limit=1'), api('GET', '/api/purchase-orders?limit=1')]);
        const now = `${orders.total}/${pos.total}`;
        const settled = now === last && Number(orders.total) > 0 && Number(pos.total) > 0;
        last = now;
        if (!settled) throw new Error(`still importing: ${now}`);
        await new Promise((resolve) => setTimeout(resolve, 300));
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    const orders: Json[] = (await api('GET', '/api/sales-orders?limit=1000')).body;
    const editable = orders.find(
      (o) => ['pending', 'active'].includes(o.status) && o.items.length > 0 && o.items.length < 10 && (o.status === 'pending' || o.bulkPoId),
    );
    // A ticket needs the order's bulk PO (svc-inventory's createPullTicket.ts).
    const accepted = orders.find((o) => o.status === 'processing' && o.qbId && o.bulkPoId && o.items.length > 0);
    expect(editable).toBeDefined();
    expect(accepted).toBeDefined();
    const ticket = await api('POST', `/api/sales-orders/${accepted.id}/create-pull-ticket`, {});
    expect(ticket.status).toBe(201);
    const pos: Json[] = (await api('GET', '/api/purchase-orders?limit=1000')).body;
    // A vendor's name goes in a path: one the gateway forwards has no '/' (docs/product.md §11).
    const bulk = pos.find((po) => po.poType === 'BULK' && po.vendorName && !po.vendorName.includes('/') && !/^\.{1,2}$/.test(po.vendorName));
    expect(bulk).toBeDefined();
    const vendorPath = `/api/vendors/${encodeURIComponent(bulk.vendorName)}/program-defaults`;
    const invited = await api('POST', '/api/team/invitations', { email: 'fuzz-invitee@example.com', role: 'staff' });
    expect(invited.status).toBe(201);
    const [owner] = (await api('GET', '/api/team')).body.members;
    // A receipt of all the bulk PO ordered: the pool and every order stay as they were.
    const receiptsPath = `/api/purchase-orders/${bulk.id}/receipts`;
    const run = (await api('GET', receiptsPath)).body;
    const delivered = { receivedOn: '2026-11-20', lines: run.lines.map((line: Json) => ({ itemId: line.itemId, quantityReceived: line.ordered })) };
    const receipt = await api('POST', receiptsPath, delivered, { 'if-match': `"${run.version}"` });
    expect(receipt.status).toBe(201);
    fixtures = {
      salesOrder: {
        id: editable.id,
        customerName: editable.customerName,
        customerEmail: editable.customerEmail,
        status: editable.status,
        bulkPoId: editable.bulkPoId ?? null,
        version: editable.version,
        items: editable.items.map((line: Json) => ({
          lineId: line.lineId,
          itemId: line.itemId,
          itemName: line.itemName,
          description: line.description,
          sku: line.sku,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
        })),
      },
      purchaseOrder: { id: pos[0].id, version: pos[0].version },
      receipt: { receiptId: receipt.body.receipts[0].id, itemId: run.lines[0].itemId, version: receipt.body.version },
      program: { purchaseOrderId: bulk.id, version: (await api('GET', `/api/purchase-orders/${bulk.id}/program`)).body.version },
      vendor: { name: bulk.vendorName, version: (await api('GET', vendorPath)).body.version },
      customer: { id: (await api('GET', '/api/customers?limit=1')).body[0].id },
      settings: { version: (await api('GET', '/api/auth/user')).body.settingsVersion },
      pullTicket: { id: ticket.body.id, ptNumber: ticket.body.ptNumber, version: ticket.body.version },
      member: { id: owner.id, version: owner.version },
      invitation: { id: invited.body.invitation.id, token: await invitationToken('fuzz-invitee@example.com') },
    };
    // The fixture order saved as it is must succeed, or the suite's bodies would be refused for the wrong reason.
    const { version, ...saved } = fixtures.salesOrder;
    const roundTrip = await api('PUT', `/api/sales-orders/${saved.id}`, { ...saved, items: JSON.stringify(saved.items) }, { 'if-match': `"${version}"` });
    expect(roundTrip.status).toBe(200);
    fixtures.salesOrder.version = roundTrip.body.version;
    // So must the program and the vendor's defaults with the catalogue's example terms.
    const byPath = (path: string) => ROUTES.find((route) => route.method === 'PUT' && route.path === path)!;
    const vendorSaved = await api('PUT', vendorPath, validBody(byPath('/api/vendors/:vendorName/program-defaults'), fixtures), {
      'if-match': `"${fixtures.vendor.version}"`,
    });
    expect(vendorSaved.status).toBe(200);
    fixtures.vendor.version = vendorSaved.body.version;
    const programPath = `/api/purchase-orders/${bulk.id}/program`;
    // The vendor's new defaults gave the program a new version too.
    const program = (await api('GET', programPath)).body;
    const programSaved = await api('PUT', programPath, validBody(byPath('/api/purchase-orders/:id/program'), fixtures), { 'if-match': `"${program.version}"` });
    expect(programSaved.status).toBe(200);
    fixtures.program.version = programSaved.body.version;
  }, 120_000);

  afterAll(async () => {
    await running?.stop();
  });

  it('answers 400 to every route whose request target names another host, signed in or out, and reaches nothing there', async () => {
    const reached: string[] = [];
    const foreign = createServer((req, res) => {
      reached.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"foreign":true}');
    });
    await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
    try {
      const host = `127.0.0.1:${(foreign.address() as AddressInfo).port}`;
      const requests = foreignHostRequests(ROUTES, fixtures, { host, attachmentId: '0190c8a4-7a55-7cc4-9a1e-000000000000' });
      const before = await fingerprint();
      const wrong: string[] = [];
      for (const signedIn of [false, true]) {
        for (const request of requests) {
          const headers: Record<string, string> = { origin: running.origin, accept: 'application/json', ...(signedIn ? { cookie } : {}) };
          if (request.contentType) headers['content-type'] = request.contentType;
          const answer = await sendRaw(running.port, { method: request.method, path: request.path, headers, body: request.body });
          const code = answer.contentType?.includes('json') ? JSON.parse(answer.body.toString('utf8')).code : undefined;
          if (answer.status !== 400 || code !== 'BAD_REQUEST')
            wrong.push(`${request.method} ${request.path} (${signedIn ? 'signed in' : 'signed out'}): ${answer.status} ${code}`);
        }
      }
      expect(wrong).toEqual([]);
      expect(reached).toEqual([]);
      expect(await fingerprint()).toEqual(before);
    } finally {
      await new Promise((resolve) => foreign.close(resolve));
    }
  }, 120_000);

  it('answers ≥ 5,000 malformed requests with 4xx JSON, no 5xx, no reset, and stores nothing', async () => {
    const requests = generateRequests(ROUTES, fixtures, { seed: SEED, total: TOTAL, attachmentId: '0190c8a4-7a55-7cc4-9a1e-000000000000' });
    expect(requests.length).toBeGreaterThanOrEqual(5000);
    const before = await fingerprint();

    const started = performance.now();
    const outcomes: Outcome[] = [];
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const request = requests[next++]!;
        const headers: Record<string, string> = { origin: running.origin, accept: 'application/json' };
        if (!request.route.anonymous) headers.cookie = cookie;
        if (request.contentType) headers['content-type'] = request.contentType;
        if (request.route.ifMatch) headers['if-match'] = `"${request.route.ifMatch(fixtures)}"`;
        const answer = await sendRaw(running.port, { method: request.method, path: request.path, headers, body: request.body, stream: request.route.stream });
        outcomes.push({ request, answer });
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const elapsed = (performance.now() - started) / 1000;

    const after = await fingerprint();
    const classes: Record<string, number> = {};
    for (const { answer } of outcomes) {
      const key = answer.failure ? 'failed' : `${String(answer.status).slice(0, 1)}xx`;
      classes[key] = (classes[key] ?? 0) + 1;
    }
    const failures = outcomes.map((outcome) => ({ outcome, why: problem(outcome) })).filter((f) => f.why);
    const resets = outcomes.filter((o) => o.answer.failure).length;
    const slowest = [...outcomes].sort((a, b) => b.answer.ms - a.answer.ms)[0]!;
    // eslint-disable-next-line no-console -- the suite's summary line, read in CI's log
    console.log(
      `fuzz: ${outcomes.length} requests over ${ROUTES.length} routes (seed ${SEED}) in ${elapsed.toFixed(1)} s: ` +
        `${Object.entries(classes)
          .sort()
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}; resets/timeouts ${resets}; ` +
        `slowest ${slowest.answer.ms} ms (${slowest.request.method} ${slowest.request.route.path}: ${slowest.request.variant}); ` +
        `${Object.keys(before).length} reads and tables fingerprinted`,
    );
    if (process.env.FUZZ_REPORT) {
      const lines = failures.map(
        ({ outcome: { request, answer }, why }) => `#${request.n} ${request.method} ${request.path.slice(0, 160)} [${request.variant}] ${answer.ms} ms: ${why}`,
      );
      writeFileSync(process.env.FUZZ_REPORT, `${lines.join('\n')}\n`);
    }
    const report = failures
      .slice(0, 40)
      .map(({ outcome: { request }, why }) => `#${request.n} ${request.method} ${request.path.slice(0, 120)} [${request.variant}]: ${why}`);
    expect(report).toEqual([]);
    const changed = Object.keys(before).filter((key) => before[key] !== after[key]);
    expect(changed).toEqual([]);
  }, 300_000);
});

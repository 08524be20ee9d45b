import { expect } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ACCOUNTING_EVENT_SCHEMAS,
  ErrorBodySchema,
  routeRequest,
  type AccountingEventType,
  type EventEnvelope,
  type MemberRole,
  type RouteInput,
  type RouteName,
  type RouteResponse,
} from '@printpool/contracts';
import { createQboSandbox, type QboSandbox, type QboSandboxOptions } from '@printpool/qbo-sandbox';
import { createLogger, INTERNAL_TOKEN_HEADER, signInternalToken, type Database, type EventBus, type ServiceInstance } from '@printpool/service-kit';
import { createTestBus, createTestDatabase, expectRecordedEventsKeepContracts, waitFor } from '@printpool/service-kit/testing';
import { documentsService } from '@printpool/svc-documents';
import { consumerHandler, CONSUMERS, inventoryService } from '@printpool/svc-inventory';
import { migrations } from '../src/db/migrations/index.js';
import { createSyncService } from '../src/service.js';

export const CLIENT_ID = 'ABsyncTestClient';
const CLIENT_SECRET = 'sync-test-secret';
export const WEBHOOK_VERIFIER = 'sync-test-verifier';
const INTERNAL_SECRET = 'sync-test-internal-secret';
export const TOKEN_KEY = randomBytes(32).toString('hex');

const silent = createLogger('svc-sync-test', 'silent');

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** An answer as it came: its status and JSON body (none for an empty one). */
interface CallAnswer {
  status: number;
  body: unknown;
}

/**
 * A call of one of our routes by its contract's name, as the gateway makes it for the tenant's
 * owner: answered with the status and the body the contract gives that status
 * (libs/contracts/src/http/routeCall.ts RouteResponse), read through `answered`.
 */
type RouteCall = <N extends RouteName>(tenantId: string, name: N, input: RouteInput<N>) => Promise<RouteResponse<N>>;

/**
 * The body of a route's answer, which must have come with `status` (else the test fails, showing
 * the answer), typed as the route's contract answers at that status: a refusal without a schema of
 * its own as the error body every route answers with (ErrorBodySchema), which it is checked to be.
 */
export function answered<A extends { status: number; body: unknown }, S extends A['status']>(answer: A, status: S): Extract<A, { status: S }>['body'] {
  if (answer.status !== status) throw new Error(`Answered ${answer.status}, not ${status}: ${JSON.stringify(answer.body)?.slice(0, 2_000)}`);
  if (status >= 400) ErrorBodySchema.parse(answer.body);
  return answer.body as Extract<A, { status: S }>['body'];
}

/** A value the route's contract forbids, sent in place of one it allows: for a test that the route refuses it. */
export const offContract = <T>(value: unknown): T => value as T;

export interface Harness {
  sandbox: QboSandbox;
  sandboxUrl: string;
  syncUrl: string;
  db: Database;
  bus: EventBus;
  /** Every accounting event published for the harness's tenants, in arrival order. */
  events: EventEnvelope[];
  /** Requests the sandbox's token endpoint has received (code exchanges and refreshes). */
  tokenRequests(): number;
  /** A call of one of svc-sync's routes by its contract. */
  route: RouteCall;
  /**
   * A request built by hand rather than from its route's contract, as the gateway sends it for a
   * member of `tenantId` (an owner unless `role` says otherwise): for routeAccess.test.ts, which
   * sends every route's request as each role and company, to be refused where the contract says.
   */
  callOffContract(tenantId: string, method: string, path: string, body?: unknown, role?: MemberRole): Promise<CallAnswer>;
  /** The real svc-inventory, fed the accounting events of this harness's tenants, when started with `inventory: true`. */
  inventory?: {
    db: Database;
    /** A call of one of svc-inventory's routes by its contract. */
    route: RouteCall;
  };
  /**
   * Waits until svc-inventory has taken every accounting event svc-sync has recorded so far for the
   * harness's tenants, so a test reads orders no import will still change (an order drawn before
   * its purchase order arrived is re-allocated when it does).
   */
  inventoryCaughtUp(): Promise<void>;
  /** The real svc-documents reading that svc-inventory, when started with `documents: true`: a GET of one of its PDFs. */
  documents?: { pdf(tenantId: string, path: string): Promise<{ status: number; type: string | null; body: Buffer }> };
  /** The real consent flow: auth-url → approve on the sandbox's page → callback. Answers the callback URL. */
  connect(tenantId: string, realmId?: string): Promise<string>;
  /** Stops svc-sync and starts it again on the same database, sandbox and address, its environment changed by `changed` (undefined removes a variable). */
  restart(changed: Record<string, string | undefined>): Promise<void>;
  /** GET on svc-sync without an internal token (as Intuit's redirect arrives). */
  visit(url: string): Promise<{ status: number; location: string | null }>;
  stop(): Promise<void>;
}

export interface HarnessOptions {
  sandbox?: Partial<QboSandboxOptions>;
  env?: Record<string, string>;
  /** Also run svc-inventory (its own database) as svc-sync's INVENTORY_URL peer. */
  inventory?: boolean;
  /** Also run svc-documents (its own database) on that svc-inventory, for the PDFs a broker sends; implies `inventory`. */
  documents?: boolean;
}

/** A call as the gateway makes it: the member's internal token, JSON in and out. */
async function callService(
  baseUrl: string,
  tenantId: string,
  method: string,
  path: string,
  body?: unknown,
  role: MemberRole = 'owner',
  headers: Readonly<Record<string, string>> = {},
): Promise<CallAnswer> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      [INTERNAL_TOKEN_HEADER]: await signInternalToken({ tenantId, userId: `user-of-${tenantId}`, role }, INTERNAL_SECRET),
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

/** Calls the route at `baseUrl` with the request its contract builds from `input`. */
const routeCall =
  (baseUrl: string): RouteCall =>
  async (tenantId, name, input) => {
    const { method, url, body, headers } = routeRequest(name, input);
    // The answer is the contract's; `answered` holds a test to the status it reads it at.
    return (await callService(baseUrl, tenantId, method, url, body, 'owner', headers)) as RouteResponse<typeof name>;
  };

/**
 * svc-inventory on a real port. Its consumers get this harness's accounting events handed to
 * them as a delivery would (not through durables of their own, which on a shared NATS server
 * other test runs would also consume from).
 */
async function startInventoryPeer(bus: EventBus) {
  const db = await createTestDatabase(inventoryService.migrations);
  const instance = await inventoryService.create({ db, bus, logger: silent, internalTokenSecret: INTERNAL_SECRET, env: {} });
  const handlers = new Map<string, (event: EventEnvelope) => Promise<void>>();
  for (const { consumer, subjects } of CONSUMERS) {
    const handler = consumerHandler(db, consumer, () => undefined);
    for (const subject of subjects) handlers.set(subject, handler);
  }
  const server = createServer(instance.app.callback());
  const url = await listen(server);
  return {
    url,
    peer: { db, route: routeCall(url) },
    deliver: async (event: EventEnvelope) => handlers.get(event.type)?.(event),
    async stop() {
      await close(server);
      await db.close();
    },
  };
}

/** svc-documents on a real port, reading svc-inventory at `inventoryUrl`; its mail and event relay stay off. */
async function startDocumentsPeer(bus: EventBus, inventoryUrl: string) {
  const db = await createTestDatabase(documentsService.migrations);
  const instance = await documentsService.create({ db, bus, logger: silent, internalTokenSecret: INTERNAL_SECRET, env: { INVENTORY_URL: inventoryUrl } });
  const server = createServer(instance.app.callback());
  const url = await listen(server);
  return {
    peer: {
      async pdf(tenantId: string, path: string) {
        const response = await fetch(`${url}${path}`, {
          headers: { [INTERNAL_TOKEN_HEADER]: await signInternalToken({ tenantId, userId: `user-of-${tenantId}`, role: 'owner' }, INTERNAL_SECRET) },
        });
        return { status: response.status, type: response.headers.get('content-type'), body: Buffer.from(await response.arrayBuffer()) };
      },
    },
    async stop() {
      await close(server);
      await instance.stop?.();
      await db.close();
    },
  };
}

/** svc-sync on a real port against an in-process QBO sandbox on another, with a test database and bus. */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const sandboxServer = createServer();
  const syncServer = createServer();
  const sandboxUrl = await listen(sandboxServer);
  const syncUrl = await listen(syncServer);
  const redirectUri = `${syncUrl}/api/quickbooks/callback`;
  const sandbox = createQboSandbox({
    baseUrl: sandboxUrl,
    clients: [{ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUris: [redirectUri] }],
    webhook: { url: `${syncUrl}/api/quickbooks/webhook`, verifierToken: WEBHOOK_VERIFIER, batchMs: 50, retryDelaysMs: [] },
    logger: silent,
    ...options.sandbox,
  });
  let tokenRequests = 0;
  const sandboxHandler = sandbox.app.callback();
  sandboxServer.on('request', (req, res) => {
    if (req.url?.startsWith('/oauth2/v1/tokens/bearer')) tokenRequests += 1;
    void sandboxHandler(req, res);
  });

  const db = await createTestDatabase(migrations);
  const bus = await createTestBus();
  const inventory = options.inventory || options.documents ? await startInventoryPeer(bus) : undefined;
  const documents = options.documents && inventory ? await startDocumentsPeer(bus, inventory.url) : undefined;
  const tenants = new Set<string>();
  const events: EventEnvelope[] = [];
  const delivered = new Set<string>();
  const subscription = await bus.subscribe({
    consumer: `svc-sync-test-${randomUUID().slice(0, 8)}`,
    subjects: ['accounting.>'],
    handler: async (event) => {
      events.push(event);
      if (tenants.has(event.tenantId)) await inventory?.deliver(event);
      delivered.add(event.id);
    },
  });
  const env = {
    ...(inventory ? { INVENTORY_URL: inventory.url } : {}),
    QBO_CLIENT_ID: CLIENT_ID,
    QBO_CLIENT_SECRET: CLIENT_SECRET,
    QBO_ENVIRONMENT: 'sandbox',
    QBO_REDIRECT_URI: redirectUri,
    QBO_BASE_URL: sandboxUrl,
    QBO_TOKEN_KEY: TOKEN_KEY,
    QBO_WEBHOOK_VERIFIER: WEBHOOK_VERIFIER,
    QBO_RETRY_BASE_MS: '20',
    QBO_THROTTLE_WINDOW_MS: '500',
    // A scheduled run would add runs and events the suites do not expect; catchUp.test.ts turns it on.
    QBO_CATCH_UP_MINUTES: '0',
    ...options.env,
  };
  let instance: ServiceInstance = await createSyncService({ db, bus, logger: silent, internalTokenSecret: INTERNAL_SECRET, env });
  await instance.start?.();
  let handle = instance.app.callback();
  syncServer.on('request', (req, res) => void handle(req, res));
  const restart: Harness['restart'] = async (changed) => {
    await instance.stop?.();
    const next = Object.fromEntries(Object.entries({ ...env, ...changed }).filter((entry): entry is [string, string] => entry[1] !== undefined));
    instance = await createSyncService({ db, bus, logger: silent, internalTokenSecret: INTERNAL_SECRET, env: next });
    await instance.start?.();
    handle = instance.app.callback();
  };

  const route = routeCall(syncUrl);

  const visit: Harness['visit'] = async (url) => {
    const response = await fetch(url, { redirect: 'manual' });
    await response.arrayBuffer();
    return { status: response.status, location: response.headers.get('location') };
  };

  const connect: Harness['connect'] = async (tenantId, realmId = sandbox.admin.companies()[0]!.realmId) => {
    tenants.add(tenantId);
    const authUrl = new URL(answered(await route(tenantId, 'get /api/quickbooks/auth-url', {}), 200).authUrl);
    const page = await fetch(authUrl);
    expect(page.status).toBe(200);
    await page.text();
    const form = new URLSearchParams({
      client_id: authUrl.searchParams.get('client_id')!,
      redirect_uri: authUrl.searchParams.get('redirect_uri')!,
      scope: authUrl.searchParams.get('scope')!,
      state: authUrl.searchParams.get('state')!,
      realmId,
      decision: 'approve',
    });
    const approved = await fetch(`${sandboxUrl}/connect/oauth2/approve`, { method: 'POST', body: form, redirect: 'manual' });
    const callbackUrl = approved.headers.get('location')!;
    expect(callbackUrl.startsWith(redirectUri)).toBe(true);
    const landed = await visit(callbackUrl);
    expect(landed).toEqual({ status: 302, location: '/dashboard?qbo=connected' });
    return callbackUrl;
  };

  const inventoryCaughtUp: Harness['inventoryCaughtUp'] = async () => {
    const recorded: { id: string }[] = await db
      .knex('outbox')
      .whereIn('tenant_id', [...tenants])
      .whereLike('type', 'accounting.%')
      .select('id');
    await waitFor(() => expect(recorded.filter(({ id }) => !delivered.has(id))).toEqual([]), { timeoutMs: 30_000 });
  };

  return {
    sandbox,
    sandboxUrl,
    syncUrl,
    db,
    bus,
    events,
    tokenRequests: () => tokenRequests,
    route,
    callOffContract: (tenantId, method, path, body, role) => callService(syncUrl, tenantId, method, path, body, role),
    inventory: inventory?.peer,
    inventoryCaughtUp,
    documents: documents?.peer,
    connect,
    visit,
    restart,
    async stop() {
      await close(syncServer);
      await instance.stop?.();
      // No more deliveries before the peers' databases close: one in flight would wait on a closed pool.
      await subscription.stop();
      // Every accounting event the suite's syncs published, and every inventory event they caused,
      // is one its consumers can read (libs/contracts); checked before the databases go.
      const contracts = await Promise.allSettled([
        expectRecordedEventsKeepContracts(db),
        ...(inventory ? [expectRecordedEventsKeepContracts(inventory.peer.db)] : []),
      ]);
      await documents?.stop();
      await inventory?.stop();
      await sandbox.close();
      await close(sandboxServer);
      await bus.close();
      await db.close();
      for (const outcome of contracts) if (outcome.status === 'rejected') throw outcome.reason;
    },
  };
}

/** A tenant id of this test run: with a shared NATS server, other runs' events are ignored by tenant. */
export const newTenant = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;

/** Asserts an event's data against the accounting contract. */
export function expectContract(event: EventEnvelope): void {
  const schema = ACCOUNTING_EVENT_SCHEMAS[event.type as AccountingEventType];
  expect(schema).toBeDefined();
  const result = schema.safeParse(event.data);
  if (!result.success) throw new Error(`${event.type} breaks the contract: ${result.error.message}`);
}

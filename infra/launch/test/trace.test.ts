import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { createLogger, startService, startTelemetry, type StartedService } from '@printpool/service-kit';
import { createTestBus, createTestDatabase, waitFor } from '@printpool/service-kit/testing';
import { gatewayModule } from '@printpool/svc-gateway';
import { inventoryService } from '@printpool/svc-inventory';

/** A span as an OTLP/HTTP JSON export carries it (ids in hex). */
interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}

const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;

/** The collector an operator would run, cut down to what the test reads: every span exported to it. */
function otlpReceiver() {
  const spans: ExportedSpan[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = JSON.parse((req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString()) as {
        resourceSpans: { scopeSpans: { spans: ExportedSpan[] }[] }[];
      };
      for (const resource of body.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return { spans, server };
}

/** The live consumer, by the name the gateway was given (a test bus adds a suffix of its own). */
const isLiveConsumer = (span: ExportedSpan) => String(attribute(span, 'messaging.consumer.group.name')).startsWith(`trace-live-${run}`);

const attribute = (span: ExportedSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? value?.intValue;
};

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

const run = randomBytes(4).toString('hex');
const ORIGIN = 'http://trace.test';
const SECRET = randomBytes(32).toString('hex');
const logger = createLogger('trace-test', 'silent');
const receiver = otlpReceiver();
let telemetry: ReturnType<typeof startTelemetry>;
const servers: Server[] = [];
const started: StartedService[] = [];
const buses: { close(): Promise<void> }[] = [];
let gatewayUrl: string;

beforeAll(async () => {
  telemetry = startTelemetry({ serviceName: 'printpool-trace-test', env: { OTEL_EXPORTER_OTLP_ENDPOINT: await listen(receiver.server) } });
  servers.push(receiver.server);

  // svc-inventory and the gateway as launchers start them, reached over HTTP and, with NATS_URL,
  // each on a broker connection of its own, so the trace context crosses real requests and NATS.
  // Without it they share one in-process bus, as in the all-in-one mode.
  const shared = process.env.NATS_URL ? undefined : await createTestBus();
  const busOfItsOwn = async () => {
    const bus = shared ?? (await createTestBus());
    if (!buses.includes(bus)) buses.push(bus);
    return bus;
  };
  const inventoryBus = await busOfItsOwn();
  const inventory = await startService(inventoryService, {
    env: {},
    bus: inventoryBus,
    logger,
    internalTokenSecret: SECRET,
    db: await createTestDatabase(inventoryService.migrations),
  });
  started.push(inventory);
  const inventoryServer = createServer(inventory.instance.app.callback());
  servers.push(inventoryServer);
  const inventoryUrl = await listen(inventoryServer);

  const gatewayBus = await busOfItsOwn();
  const gateway = await startService(gatewayModule({ services: { inventory: inventoryUrl } }), {
    env: { AUTH_DEV_LOGIN: 'true', ALLOWED_ORIGINS: ORIGIN, LIVE_CONSUMER: `trace-live-${run}` },
    bus: gatewayBus,
    logger,
    internalTokenSecret: SECRET,
    db: await createTestDatabase(gatewayModule().migrations),
  });
  started.push(gateway);
  const gatewayServer = createServer(gateway.instance.app.callback());
  servers.push(gatewayServer);
  gatewayUrl = await listen(gatewayServer);
});

afterAll(async () => {
  for (const service of started.reverse()) await service.stop();
  for (const bus of buses) await bus.close();
  await telemetry.shutdown();
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
});

async function signIn(email: string): Promise<string> {
  const res = await fetch(`${gatewayUrl}/api/dev-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ email }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

describe("a purchase order's status change, traced", () => {
  it('is one trace from the browser’s request through the gateway, svc-inventory, the outbox and NATS to the live consumer', async () => {
    const cookie = await signIn(`trace-${run}@broker.test`);
    const call = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${gatewayUrl}${path}`, {
        method,
        headers: { cookie, origin: ORIGIN, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const created = await call('POST', '/api/purchase-orders', {
      poNumber: `PO-T${run}`,
      vendorName: 'Acme Paper',
      vendorEmail: 'orders@acme-paper.test',
      // A company never synced has no vendors: this one is added with the PO (docs/product.md §5).
      addVendor: true,
      items: [{ itemId: 'SKU-1', itemName: 'Business cards', quantity: 500, unitPrice: 0.1 }],
    });
    expect(created.status).toBe(201);
    const { id, version } = (await created.json()) as { id: number; version: string };

    const closed = await call('POST', `/api/purchase-orders/${id}/status`, { status: 'closed' }, { 'if-match': `"${version}"` });
    expect(closed.status).toBe(200);
    const requestId = closed.headers.get('x-request-id');

    // The trace whose root is the gateway's span for the status change, once its consumer span is in.
    const trace = () => {
      const root = receiver.spans.find(
        (s) => s.kind === SERVER && s.name === 'POST /api/purchase-orders/:id/status' && attribute(s, 'printpool.service') === 'gateway',
      );
      return root ? receiver.spans.filter((s) => s.traceId === root.traceId) : [];
    };
    const parentOf = (span: ExportedSpan) => trace().find((s) => s.spanId === span.parentSpanId);
    await waitFor(
      async () => {
        await telemetry.flush();
        expect(trace().some((s) => s.kind === CONSUMER && isLiveConsumer(s))).toBe(true);
      },
      { timeoutMs: 20_000 },
    );

    const consumer = trace().find((s) => s.kind === CONSUMER && s.name === 'process inventory.purchase-order.changed' && isLiveConsumer(s))!;
    const producer = parentOf(consumer)!;
    const inventory = parentOf(producer)!;
    const forward = parentOf(inventory)!;
    const gateway = parentOf(forward)!;
    expect(producer).toMatchObject({ kind: PRODUCER, name: 'publish inventory.purchase-order.changed' });
    expect(inventory).toMatchObject({ kind: SERVER, name: 'POST /api/purchase-orders/:id/status' });
    expect(attribute(inventory, 'printpool.service')).toBe('svc-inventory');
    expect(forward).toMatchObject({ kind: CLIENT, name: 'POST inventory' });
    expect(gateway).toMatchObject({ kind: SERVER, name: 'POST /api/purchase-orders/:id/status' });
    expect(attribute(gateway, 'printpool.service')).toBe('gateway');
    expect(gateway.parentSpanId ?? '').toBe('');
    // The browser's request id is the one every hop names.
    for (const span of [gateway, inventory]) expect(attribute(span, 'printpool.request_id')).toBe(requestId);
  }, 60_000);
});

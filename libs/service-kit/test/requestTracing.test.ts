import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { createLogger, createRouter, createServiceApp, createServiceClient, INTERNAL_TOKEN_HEADER, signInternalToken, startTelemetry } from '../src/index.js';
import { logLines, loopbackServers } from './logsAndServers.js';

const exporter = new InMemorySpanExporter();
const telemetry = startTelemetry({ serviceName: 'tracing-test', exporter });
const secret = 'tracing-test-secret-with-entropy';

const { listen, close: closeServers } = loopbackServers();
afterAll(async () => {
  await closeServers();
  await telemetry.shutdown();
});

const peerLog = logLines();
const callerLog = logLines();
let callerUrl: string;

beforeAll(async () => {
  const peerLogger = createLogger('peer', 'info', peerLog.destination);
  const peerRoutes = createRouter('/api');
  peerRoutes.get('/orders/:id', (ctx) => {
    peerLogger.info({ orderId: ctx.params.id }, 'reading the order');
    ctx.body = { id: Number(ctx.params.id) };
  });
  const peerUrl = await listen(createServiceApp({ name: 'peer', logger: peerLogger, routers: [peerRoutes], internalTokenSecret: secret }));

  const peer = createServiceClient({ from: 'caller', to: 'peer', baseUrl: peerUrl, secret });
  const callerRoutes = createRouter('/api');
  callerRoutes.get('/summaries/:id', async (ctx) => {
    const { body } = await peer.json<{ id: number }>(ctx.state.caller, 'GET', `/api/orders/${ctx.params.id}`);
    ctx.body = { order: body };
  });
  callerUrl = await listen(
    createServiceApp({ name: 'caller', logger: createLogger('caller', 'info', callerLog.destination), routers: [callerRoutes], internalTokenSecret: secret }),
  );
});

const spanId = (span: ReadableSpan) => span.spanContext().spanId;

describe('a request through two services', () => {
  it('is one trace: the callee continues the caller, and the request id comes back', async () => {
    const token = await signInternalToken({ tenantId: 'tenant-7', userId: 'user-3' }, secret);
    const res = await fetch(`${callerUrl}/api/summaries/42`, { headers: { [INTERNAL_TOKEN_HEADER]: token, 'x-request-id': 'req-trace-1' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('req-trace-1');
    await telemetry.flush();

    const spans = exporter.getFinishedSpans();
    const callerServer = spans.find((s) => s.kind === SpanKind.SERVER && s.attributes['printpool.service'] === 'caller')!;
    const client = spans.find((s) => s.kind === SpanKind.CLIENT && s.name === 'GET peer')!;
    const peerServer = spans.find((s) => s.kind === SpanKind.SERVER && s.attributes['printpool.service'] === 'peer')!;
    expect(callerServer.name).toBe('GET /api/summaries/:id');
    expect(peerServer.name).toBe('GET /api/orders/:id');
    expect(client.parentSpanContext?.spanId).toBe(spanId(callerServer));
    expect(peerServer.parentSpanContext?.spanId).toBe(spanId(client));
    expect(new Set([callerServer, client, peerServer].map((s) => s.spanContext().traceId)).size).toBe(1);
    expect(peerServer.attributes).toMatchObject({ 'printpool.tenant_id': 'tenant-7', 'printpool.user_id': 'user-3', 'http.response.status_code': 200 });
  });

  it('puts the request id, tenant, user and trace on every line each service logs for it, and no token', async () => {
    const traceId = exporter.getFinishedSpans()[0]!.spanContext().traceId;
    const handlerLine = peerLog.lines.find((line) => line.msg === 'reading the order');
    expect(handlerLine).toMatchObject({ requestId: 'req-trace-1', tenantId: 'tenant-7', userId: 'user-3', traceId, orderId: '42' });
    for (const line of [...peerLog.lines, ...callerLog.lines].filter((l) => l.msg === 'request')) {
      expect(line).toMatchObject({ requestId: 'req-trace-1', tenantId: 'tenant-7', userId: 'user-3', traceId });
    }
    const written = JSON.stringify([...peerLog.lines, ...callerLog.lines]);
    expect(written).not.toContain((await signInternalToken({ tenantId: 'tenant-7', userId: 'user-3' }, secret)).split('.')[0]);
  });

  it('does not take a malformed request id from a caller', async () => {
    const token = await signInternalToken({ tenantId: 'tenant-7', userId: 'user-3' }, secret);
    const res = await fetch(`${callerUrl}/api/summaries/1`, { headers: { [INTERNAL_TOKEN_HEADER]: token, 'x-request-id': 'two words; <b>' } });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

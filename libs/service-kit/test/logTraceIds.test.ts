import { createLogger, createRouter, createServiceApp, createServiceClient, INTERNAL_TOKEN_HEADER, signInternalToken, startTelemetry } from '../src/index.js';
import { logLines, loopbackServers } from './logsAndServers.js';

// Telemetry as every process starts it with no OTLP endpoint set: nothing is exported.
const telemetry = startTelemetry({ serviceName: 'log-trace-test', env: {} });
const secret = 'log-trace-test-secret-with-entropy';

const { listen, close: closeServers } = loopbackServers();

const peerLog = logLines();
const callerLog = logLines();
let peerUrl: string;
let callerUrl: string;

beforeAll(async () => {
  const peerLogger = createLogger('peer', 'info', peerLog.destination);
  const peerRoutes = createRouter('/api');
  peerRoutes.get('/orders/:id', (ctx) => {
    peerLogger.info({ orderId: ctx.params.id }, 'reading the order');
    ctx.body = { id: Number(ctx.params.id) };
  });
  peerUrl = await listen(createServiceApp({ name: 'peer', logger: peerLogger, routers: [peerRoutes], internalTokenSecret: secret }));
  const peer = createServiceClient({ from: 'caller', to: 'peer', baseUrl: peerUrl, secret });
  const callerLogger = createLogger('caller', 'info', callerLog.destination);
  const callerRoutes = createRouter('/api');
  callerRoutes.get('/summaries/:id', async (ctx) => {
    callerLogger.info('summing up');
    const { body } = await peer.json<{ id: number }>(ctx.state.caller, 'GET', `/api/orders/${ctx.params.id}`);
    ctx.body = { order: body };
  });
  callerUrl = await listen(createServiceApp({ name: 'caller', logger: callerLogger, routers: [callerRoutes], internalTokenSecret: secret }));
});

afterAll(async () => {
  await closeServers();
  await telemetry.shutdown();
});

const linesOf = (log: { lines: Record<string, unknown>[] }, requestId: string) => log.lines.filter((line) => line.requestId === requestId);

describe('log lines with no trace exporter set', () => {
  it('carry one trace id through both services for a request that began a trace', async () => {
    expect(telemetry.exporting).toBe(false);
    const token = await signInternalToken({ tenantId: 'tenant-7', userId: 'user-3' }, secret);
    const res = await fetch(`${callerUrl}/api/summaries/42`, { headers: { [INTERNAL_TOKEN_HEADER]: token, 'x-request-id': 'req-log-trace-1' } });
    expect(res.status).toBe(200);

    const lines = [...linesOf(callerLog, 'req-log-trace-1'), ...linesOf(peerLog, 'req-log-trace-1')];
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['summing up', 'reading the order']));
    const traceIds = new Set(lines.map((line) => line.traceId));
    expect(traceIds.size).toBe(1);
    expect([...traceIds][0]).toMatch(/^[0-9a-f]{32}$/);
  });

  it("carry the caller's trace id when the request came with a trace context", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const token = await signInternalToken({ tenantId: 'tenant-7', userId: 'user-3' }, secret);
    const res = await fetch(`${peerUrl}/api/orders/7`, {
      headers: { [INTERNAL_TOKEN_HEADER]: token, 'x-request-id': 'req-log-trace-2', traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(res.status).toBe(200);
    const lines = linesOf(peerLog, 'req-log-trace-2');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.traceId).toBe(traceId);
  });
});

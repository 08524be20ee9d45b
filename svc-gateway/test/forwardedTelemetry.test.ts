import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import request from 'supertest';
import { startTelemetry } from '@printpool/service-kit';
import { createEchoService } from './support/echoService.js';
import { ORIGIN, signedInAgent, startGateway, type TestGateway } from './support/gateway.js';

const exporter = new InMemorySpanExporter();
const telemetry = startTelemetry({ serviceName: 'gateway-test', exporter });

let gateway: TestGateway;
beforeAll(async () => {
  const echo = createEchoService();
  gateway = await startGateway({}, { services: { inventory: echo.listener, sync: echo.listener, documents: echo.listener } });
});
afterAll(async () => {
  await gateway.close();
  await telemetry.shutdown();
});

describe('a forwarded call, as an operator sees it', () => {
  it('is counted under the route the service serves, not as unmatched', async () => {
    const agent = await signedInAgent(gateway, 'route-labels@example.com');
    await agent.post('/api/purchase-orders/417/status').set('Origin', ORIGIN).send({ status: 'closed' }).expect(200);
    await agent.post('/api/purchase-orders/418/status').set('Origin', ORIGIN).send({ status: 'open' }).expect(200);
    // A path under the table's prefix that no contract serves is counted under the prefix.
    await agent.get('/api/items/417/nothing-here').expect(404);

    const metrics = (await request(gateway.callback).get('/metrics').expect(200)).text;
    const forwarded = metrics
      .split('\n')
      .filter((line) => line.startsWith('http_request_duration_seconds_count{') && line.includes('route="/api/purchase-orders'));
    expect(forwarded).toEqual([expect.stringMatching(/route="\/api\/purchase-orders\/:id\/status",status="200"\} 2$/)]);
    expect(metrics).toMatch(/http_request_duration_seconds_count\{[^}]*method="GET",route="\/api\/items\*",status="404"\}/);
    expect(metrics).not.toMatch(/route="\/api\/purchase-orders\/41[78]/);
  });

  it('starts its own trace, which the service continues, whatever trace context the browser sent', async () => {
    const agent = await signedInAgent(gateway, 'trace-start@example.com');
    const browserTrace = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    await telemetry.flush();
    exporter.reset();
    const res = await agent.get('/api/items').set('traceparent', browserTrace).set('x-request-id', 'browser-req-1').expect(200);
    await telemetry.flush();

    const spans = exporter.getFinishedSpans();
    const gatewayServer = spans.find((s) => s.kind === SpanKind.SERVER && s.attributes['printpool.service'] === 'gateway')!;
    const forward = spans.find((s) => s.kind === SpanKind.CLIENT && s.name === 'GET inventory')!;
    const service = spans.find((s) => s.kind === SpanKind.SERVER && s.attributes['printpool.service'] === 'echo')!;
    expect(gatewayServer.name).toBe('GET /api/items');
    expect(gatewayServer.parentSpanContext).toBeUndefined();
    expect(gatewayServer.spanContext().traceId).not.toBe('0af7651916cd43dd8448eb211c80319c');
    expect(forward.parentSpanContext?.spanId).toBe(gatewayServer.spanContext().spanId);
    expect(service.parentSpanContext?.spanId).toBe(forward.spanContext().spanId);
    expect(res.body.traceparent).toBe(`00-${forward.spanContext().traceId}-${forward.spanContext().spanId}-01`);
    // The request id is the gateway's to give, and the service answers under it.
    expect(res.body.requestId).toBe('browser-req-1');
    expect(service.attributes).toMatchObject({ 'printpool.request_id': 'browser-req-1', 'printpool.tenant_id': expect.any(String) });
  });
});

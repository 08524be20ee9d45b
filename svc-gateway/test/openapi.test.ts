import { readFileSync } from 'node:fs';
import request from 'supertest';
import {
  buildGatewayOpenApiDocument,
  ERROR_CODES,
  GATEWAY_ROUTES,
  inventoryAsyncApi,
  isPublicRoute,
  openApiPath,
  routeKey,
  SERVICE_ROUTES,
  type RouteContract,
} from '@printpool/contracts';
import { servedRoutes } from '@printpool/service-kit';
import { logger, startGateway, type TestGateway } from './support/gateway.js';

describe('GET /api/openapi.json', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(() => gateway.close());

  it("is an OpenAPI 3.1 document listing the gateway's routes and every service route a browser or Intuit calls", async () => {
    const res = await request(gateway.callback).get('/api/openapi.json').expect(200);
    expect(res.body.openapi).toBe('3.1.0');
    const listed = Object.entries(res.body.paths as Record<string, Record<string, unknown>>).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method} ${path}`),
    );
    const documented = (route: RouteContract) => routeKey({ ...route, path: route.path.replace(/:(\w+)/g, '{$1}') });
    const forwarded = SERVICE_ROUTES.filter(isPublicRoute).map(documented);
    expect(forwarded).toEqual(expect.arrayContaining(['post /api/quickbooks/sync', 'post /api/sales-orders/{id}/sync']));
    expect(listed.sort()).toEqual([...GATEWAY_ROUTES.map(documented), ...forwarded].sort());
    // Routes only services or operators call stay out of the public document.
    expect(listed.filter((key) => key.includes('/api/internal/') || key.includes('/api/inventory/reconcile'))).toEqual([]);
  });

  it('is the openapi.json beside the gateway, which other teams read without running it (npm run openapi writes it)', () => {
    const committed: unknown = JSON.parse(readFileSync(new URL('../openapi.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(buildGatewayOpenApiDocument())));
  });

  it('lists the routes the gateway actually registers', async () => {
    const { authRoutes } = await import('../src/routes/auth.js');
    const { settingsRoutes } = await import('../src/routes/settings.js');
    const { contactRoutes } = await import('../src/routes/contact.js');
    const { metaRoutes } = await import('../src/routes/meta.js');
    const { liveRoutes } = await import('../src/routes/live.js');
    const { teamRoutes } = await import('../src/routes/team.js');
    const { createLiveHub } = await import('../src/live/liveHub.js');
    const hub = createLiveHub();
    const noop = async (_ctx: unknown, next: () => Promise<void>) => next();
    const oidc = {
      start: async () => ({ url: new URL('https://idp.test'), pending: { codeVerifier: '', state: '', nonce: '' } }),
      finish: async () => ({ email: '' }),
    };
    const { knex } = gateway.db;
    const routers = [
      authRoutes({ knex, logger, sessions: {} as never, devLogin: true, oidc, oidcRedirectUri: 'https://app.test/api/callback', signInLimit: noop }),
      settingsRoutes({ knex, outbox: { publishNow: async () => undefined } }),
      contactRoutes({ knex: gateway.db.knex, contactLimit: noop }),
      metaRoutes({ remotes: [] }),
      liveRoutes({ hub, bus: gateway.bus }),
      teamRoutes({ knex, mailer: { send: async () => true }, memberChanges: { change: (_tenantId, run) => run() } }),
    ];
    hub.close();
    expect(servedRoutes(routers).sort()).toEqual(GATEWAY_ROUTES.map(routeKey).sort());
  });

  it('describes the bodies with the schemas the gateway validates with', async () => {
    const res = await request(gateway.callback).get('/api/openapi.json').expect(200);
    const schemas = res.body.components.schemas;
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining(['User', 'UserSettingsInput', 'ContactMessageInput', 'DevLoginInput', 'Error']));
    expect(schemas.UserSettingsInput.required).toEqual(['bulkPoSuffix', 'bulkEstimateSuffix']);
    expect(schemas.ContactMessageInput.properties.message.maxLength).toBe(5000);
  });
});

describe("the OpenAPI document's rules", () => {
  it('tells every change a browser makes, signed in or not, that it is refused without the product’s own Origin', () => {
    const document = buildGatewayOpenApiDocument() as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
    };
    // originCheck.ts holds every change to it but Intuit's signed calls (routeTable.ts, public).
    const held = [...GATEWAY_ROUTES, ...SERVICE_ROUTES].filter((route) => isPublicRoute(route) && route.caller !== 'intuit' && route.method !== 'get');
    const changes = held.map((route) => ({
      key: `${route.method} ${route.path}`,
      refusal: document.paths[openApiPath(route.path)]?.[route.method]?.responses['403']?.description ?? '',
    }));
    expect(changes.length).toBeGreaterThan(20);
    expect(changes.map((change) => change.key)).toEqual(expect.arrayContaining(['post /api/dev-login', 'post /api/contact']));
    expect(changes.filter((change) => !change.refusal.includes('ORIGIN_NOT_ALLOWED')).map((change) => change.key)).toEqual([]);
  });
});

describe("the OpenAPI document's errors", () => {
  type Operation = { responses: Record<string, { description: string; content?: unknown }> };
  const document = buildGatewayOpenApiDocument() as unknown as {
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, { properties: Record<string, { enum?: string[] }> }> };
  };
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ key: `${method} ${path}`, operation })),
  );

  it('enumerates every error code an answer may carry', () => {
    expect(document.components.schemas.Error!.properties.code!.enum).toEqual(Object.keys(ERROR_CODES));
  });

  it('says where a failure answers 5xx: every route may fail, and a forwarded one may find its service down or slow', () => {
    const forwarded = new Set(SERVICE_ROUTES.filter(isPublicRoute).map((route) => `${route.method} ${openApiPath(route.path)}`));
    expect(operations.filter(({ operation }) => !operation.responses['500']?.description.includes('INTERNAL')).map(({ key }) => key)).toEqual([]);
    const unsaid = operations.filter(
      ({ key, operation }) => forwarded.has(key) && !(operation.responses['502']?.description.includes('BAD_GATEWAY') && operation.responses['504']),
    );
    expect(unsaid.map(({ key }) => key)).toEqual([]);
    // A route's own 502 is kept beside the forward's.
    const mailed = operations.filter(({ operation }) => operation.responses['502']?.description.includes('MAIL_SEND_FAILED'));
    expect(mailed.length).toBeGreaterThan(0);
    expect(mailed.every(({ operation }) => operation.responses['502']!.description.includes('BAD_GATEWAY'))).toBe(true);
  });
});

describe('GET /api/asyncapi.json', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(() => gateway.close());

  it('serves, signed out, the AsyncAPI document of the events a subscriber reads, as libs/contracts/asyncapi.yaml holds it', async () => {
    const res = await request(gateway.callback).get('/api/asyncapi.json').expect(200);
    expect(res.body.asyncapi).toBe('3.0.0');
    expect(res.body).toEqual(JSON.parse(JSON.stringify(inventoryAsyncApi())));
    expect(
      Object.values(res.body.channels as Record<string, { address: string; 'x-jetstream': unknown }>).find(
        (channel) => channel.address === 'inventory.sales-order.changed',
      )?.['x-jetstream'],
    ).toMatchObject({ stream: 'INVENTORY', maxAgeDays: 7, duplicateWindowSeconds: 120 });
    expect(Object.keys(res.body.components.schemas.EventHeaders.properties)).toEqual([
      'Nats-Msg-Id',
      'traceparent',
      'tracestate',
      'x-request-id',
      'x-printpool-user',
    ]);
  });
});

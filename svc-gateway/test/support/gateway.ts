import { createLogger, type Database, type EventBus, type EventEnvelope } from '@printpool/service-kit';
import { createTestBus, createTestDatabase, expectRecordedEventsKeepContracts } from '@printpool/service-kit/testing';
import request from 'supertest';
import { createGatewayService, type GatewayServiceOptions } from '../../src/app.js';
import { THIRTY_DAYS_MS, type GatewayConfig } from '../../src/config.js';
import { gatewayMigrations } from '../../src/db/migrations.js';

export const ORIGIN = 'http://app.test';
export const INTERNAL_SECRET = 'gateway-test-internal-secret-0123456789';
export const logger = createLogger('gateway-test', process.env.TEST_LOG_LEVEL ?? 'silent');

export function testConfig(overrides: Partial<GatewayConfig> = {}): GatewayConfig {
  return {
    internalTokenSecret: INTERNAL_SECRET,
    devLogin: true,
    allowedOrigins: [ORIGIN],
    allowedHosts: [],
    trustProxy: false,
    sessionTtlMs: THIRTY_DAYS_MS,
    // Suites change sessions in the database and expect the next request to see it; the cache has a suite of its own.
    sessionCacheMs: 0,
    liveConsumer: 'gateway-live',
    // Suites share one gateway for many sign-ins; the limits have suites of their own.
    rateLimits: { signIn: { max: 1000, windowMs: 60_000 }, contact: { max: 1000, windowMs: 60_000 } },
    serviceUrls: {},
    ...overrides,
  };
}

export interface TestGateway {
  db: Database;
  bus: EventBus;
  /** Events the gateway published, in order. */
  events: EventEnvelope[];
  /** The gateway as a request listener; supertest serves it on an ephemeral port per request. */
  callback: ReturnType<ReturnType<typeof createGatewayService>['app']['callback']>;
  close(): Promise<void>;
}

/** A gateway on its own database and bus (JetStream when NATS_URL is set, in-process otherwise). */
export async function startGateway(
  config: Partial<GatewayConfig> = {},
  options: Omit<GatewayServiceOptions, 'db' | 'bus' | 'config'> = {},
): Promise<TestGateway> {
  const db = await createTestDatabase(gatewayMigrations);
  const bus = await createTestBus();
  const events: EventEnvelope[] = [];
  await bus.subscribe({ consumer: 'gateway-test', subjects: ['identity.>'], handler: async (event) => void events.push(event) });
  const gateway = createGatewayService({ db, bus, config: testConfig(config), logger, ...options });
  return {
    db,
    bus,
    events,
    callback: gateway.app.callback(),
    async close() {
      await gateway.close();
      await bus.close();
      // Every settings event the suite caused is one svc-inventory and svc-documents can read (libs/contracts).
      try {
        await expectRecordedEventsKeepContracts(db);
      } finally {
        await db.close();
      }
    },
  };
}

/** Signs in through the dev e-mail sign-in and returns the agent holding the session cookie. */
export async function signedInAgent(gateway: TestGateway, email: string) {
  const agent = request.agent(gateway.callback);
  await agent.post('/api/dev-login').set('Origin', ORIGIN).send({ email }).expect(200, { ok: true });
  return agent;
}

/** The value of the pp_session cookie a response set, with its attributes. */
export function sessionCookie(res: request.Response): string | undefined {
  const raw = res.headers['set-cookie'] as unknown as string[] | undefined;
  return raw?.find((cookie) => cookie.startsWith('pp_session='));
}

/** The Settings page's save: the settings read (their version), then saved with it in If-Match. */
export function saveSettings(agent: ReturnType<typeof request.agent>, body: object) {
  return {
    async expect(status: number) {
      const user = await agent.get('/api/auth/user').expect(200);
      return agent.patch('/api/user/settings').set('Origin', ORIGIN).set('If-Match', `"${user.body.settingsVersion}"`).send(body).expect(status);
    },
  };
}

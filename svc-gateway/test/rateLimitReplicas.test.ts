import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createDatabase, type Database, type EventBus } from '@printpool/service-kit';
import { createTestBus, createTestDatabase } from '@printpool/service-kit/testing';
import request from 'supertest';
import { createGatewayService, type GatewayService } from '../src/app.js';
import { gatewayMigrations } from '../src/db/migrations.js';
import { logger, ORIGIN, testConfig } from './support/gateway.js';

/**
 * Two gateway replicas on one database, as behind a load balancer: each with a connection pool
 * of its own (on PostgreSQL) and a bus of its own. Together they allow an address the limit once.
 */
let shared: Database;
let second: Database;
let buses: EventBus[];
let replicas: GatewayService[];
const rateLimits = { signIn: { max: 3, windowMs: 60_000 }, contact: { max: 5, windowMs: 600_000 } };

beforeAll(async () => {
  shared = await createTestDatabase(gatewayMigrations);
  second = shared.url ? createDatabase({ schema: shared.schema, url: shared.url, migrations: gatewayMigrations, pool: { min: 0, max: 2 } }) : shared;
  buses = [await createTestBus(), await createTestBus()];
  replicas = [shared, second].map((db, i) => createGatewayService({ db, bus: buses[i]!, config: testConfig({ rateLimits }), logger }));
});

afterAll(async () => {
  for (const replica of replicas) await replica.close();
  for (const bus of buses) await bus.close();
  if (second !== shared) await second.close();
  await shared.close();
});

/** Sends `count` calls alternately to each replica and answers their statuses in order. */
async function alternate(count: number, send: (agent: request.Agent, n: number) => request.Test): Promise<number[]> {
  const agents = replicas.map((replica) => request.agent(replica.app.callback()));
  const statuses: number[] = [];
  for (let n = 0; n < count; n++) statuses.push((await send(agents[n % 2]!, n)).status);
  return statuses;
}

describe('rate limits across gateway replicas', () => {
  // Every test starts with the address's budget untouched.
  beforeEach(() => shared.knex('rate_limit_windows').delete());

  it('lets one address sign in only the limit in all, whichever replica it reaches', async () => {
    const statuses = await alternate(6, (agent, n) =>
      agent
        .post('/api/dev-login')
        .set('Origin', ORIGIN)
        .send({ email: `replica${n}@example.com` }),
    );
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
  });

  it('keeps only the limit of contact messages from one address, however they are spread', async () => {
    const message = { name: 'Pat', email: 'pat@example.com', message: 'Hello' };
    const statuses = await alternate(8, (agent, n) =>
      agent
        .post('/api/contact')
        .set('Origin', ORIGIN)
        .send({ ...message, message: `Hello ${n}` }),
    );
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    const counted = await shared.knex('contact_messages').count<{ count: number }[]>('* as count');
    expect(Number(counted[0]?.count)).toBe(5);
  });

  it('admits exactly the limit of sign-ins sent to both replicas at once', async () => {
    const agents = replicas.map((replica) => request.agent(replica.app.callback()));
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        agents[n % 2]!.post('/api/dev-login')
          .set('Origin', ORIGIN)
          .send({ email: `burst${n}@example.com` }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(9);
  });
});

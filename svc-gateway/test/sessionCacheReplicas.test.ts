import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { createDatabase, type Database, type EventBus } from '@printpool/service-kit';
import { createTestBus, createTestDatabase, describeOnPostgres, waitFor } from '@printpool/service-kit/testing';
import request from 'supertest';
import { createGatewayService, type GatewayService } from '../src/app.js';
import { gatewayMigrations } from '../src/db/migrations.js';
import { startDocumentsPeer, type DocumentsPeer } from './support/documentsPeer.js';
import { logger, ORIGIN, sessionCookie, testConfig } from './support/gateway.js';

/**
 * Two gateway replicas on one database, each keeping resolved sessions for a minute: what one
 * replica changes about a company's members, the other honours as soon as PostgreSQL's
 * notification reaches it, milliseconds later, not a minute. (On the replica that made the
 * change it counts from the next request: test/team.test.ts.)
 */
describeOnPostgres('sessions kept by another gateway replica', () => {
  let shared: Database;
  let second: Database;
  let buses: EventBus[];
  let documents: DocumentsPeer;
  let replicas: GatewayService[];
  let counter = 0;

  beforeAll(async () => {
    documents = await startDocumentsPeer();
    shared = await createTestDatabase(gatewayMigrations);
    second = createDatabase({ schema: shared.schema, url: shared.url, migrations: gatewayMigrations, pool: { min: 0, max: 2 } });
    buses = [await createTestBus(), await createTestBus()];
    const config = testConfig({ sessionCacheMs: 60_000, serviceUrls: { documents: documents.url } });
    replicas = [shared, second].map((db, i) => createGatewayService({ db, bus: buses[i]!, config, logger }));
  });

  afterAll(async () => {
    for (const replica of replicas) await replica.close();
    for (const bus of buses) await bus.close();
    await second.close();
    await shared.close();
    await documents.close();
  });

  const on = (replica: number) => request(replicas[replica]!.app.callback());
  /** Each replica's database connection hears the notification on its own; one second is ample, a minute is the cache. */
  const soon = (expectation: () => Promise<unknown>) => waitFor(expectation, { timeoutMs: 1_000, intervalMs: 5 });

  async function signIn(email: string): Promise<string> {
    const res = await on(0).post('/api/dev-login').set('Origin', ORIGIN).send({ email }).expect(200);
    return `pp_session=${/^pp_session=([^;]+)/.exec(sessionCookie(res) ?? '')?.[1]}`;
  }

  /** Signs in an owner and an invited staff member; the member's session is kept by the second replica. */
  async function companyWithKeptMember() {
    counter += 1;
    const owner = await signIn(`owner-${counter}@lonestarprint.test`);
    const memberEmail = `staff-${counter}@lonestarprint.test`;
    await on(0).post('/api/team/invitations').set('Origin', ORIGIN).set('Cookie', owner).send({ email: memberEmail, role: 'staff' }).expect(201);
    const member = await signIn(memberEmail);
    const memberId = (await on(0).get('/api/auth/user').set('Cookie', member).expect(200)).body.id as string;
    // Kept: the second replica answers the member without asking the database (once its change feed is up).
    await waitFor(async () => {
      await on(1).get('/api/auth/user').set('Cookie', member).expect(200);
      const queries: string[] = [];
      const record = (query: { sql: string }) => queries.push(query.sql);
      second.knex.on('query', record);
      try {
        await on(1).get('/api/auth/user').set('Cookie', member).expect(200);
      } finally {
        second.knex.off('query', record);
      }
      expect(queries.filter((sql) => sql.includes('sessions'))).toEqual([]);
    });
    return { owner, member, memberId };
  }

  it('a member removed through one replica is signed out on the other at once', async () => {
    const { owner, member, memberId } = await companyWithKeptMember();
    await on(1).get('/api/team').set('Cookie', member).expect(200);
    await on(0).delete(`/api/team/members/${memberId}`).set('Origin', ORIGIN).set('Cookie', owner).expect(200);
    // The team is read by the session's company alone: a kept session would still be answered.
    await soon(() => on(1).get('/api/team').set('Cookie', member).expect(401));
  });

  it("a member's role changed through one replica counts on the other at once", async () => {
    const { owner, member, memberId } = await companyWithKeptMember();
    const saveSettings = () => ({
      async expect(status: number) {
        const { settingsVersion } = (await on(1).get('/api/auth/user').set('Cookie', member).expect(200)).body;
        return on(1)
          .patch('/api/user/settings')
          .set('Origin', ORIGIN)
          .set('Cookie', member)
          .set('If-Match', settingsVersion)
          .send({ bulkPoSuffix: '-BL', bulkEstimateSuffix: '-BL' })
          .expect(status);
      },
    });
    await saveSettings().expect(403);
    const { members } = (await on(0).get('/api/team').set('Cookie', owner).expect(200)).body as { members: { id: string; version: string }[] };
    const version = members.find((m) => m.id === memberId)!.version;
    await on(0).patch(`/api/team/members/${memberId}`).set('Origin', ORIGIN).set('Cookie', owner).set('If-Match', version).send({ role: 'owner' }).expect(200);
    // The role the gateway's own routes and the services hold the member to is the kept session's: now an owner's.
    await soon(() => saveSettings().expect(200));
  });
});

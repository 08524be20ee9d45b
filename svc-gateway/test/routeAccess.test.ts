import { randomUUID } from 'node:crypto';
import { GATEWAY_ROUTES, type MemberRole } from '@printpool/contracts';
import { describeRouteAccess } from '@printpool/service-kit/testing';
import type request from 'supertest';
import { ORIGIN, signedInAgent, startGateway } from './support/gateway.js';

// The company is an owner's first sign-in (its name is the owner's address) with a staff member
// and a viewer; another company is another address's first sign-in.
describeRouteAccess('svc-gateway', GATEWAY_ROUTES, async () => {
  const gateway = await startGateway();
  const run = randomUUID().slice(0, 8);
  const agents = new Map<string, request.Agent>();
  const addressOf = (tenantId: string, role: MemberRole) => `${role}-${run}-${tenantId.slice(0, 8)}@access.test`;

  /** The signed-in member of `role` in the company the suite calls `tenantId`: its owner's first sign-in made it. */
  async function agentFor(tenantId: string, role: MemberRole): Promise<request.Agent> {
    const key = `${tenantId}/${role}`;
    const known = agents.get(key);
    if (known) return known;
    if (role !== 'owner') {
      await agentFor(tenantId, 'owner');
      const owner = (await gateway.db.knex('users').where('email_key', addressOf(tenantId, 'owner')).first('tenant_id')) as { tenant_id: string };
      const email = addressOf(tenantId, role);
      await gateway.db.knex('users').insert({ id: randomUUID(), tenant_id: owner.tenant_id, email, email_key: email, role });
    }
    const agent = await signedInAgent(gateway, addressOf(tenantId, role));
    agents.set(key, agent);
    return agent;
  }

  return {
    call: async ({ tenantId, role }, method, path, body, headers = {}) => {
      const agent = await agentFor(tenantId, role);
      const answer = await agent[method](path)
        .set('Origin', ORIGIN)
        .set(headers)
        .send(body as object | undefined);
      return { status: answer.status, text: answer.text ?? '' };
    },
    async seed() {
      const tenantId = randomUUID();
      await agentFor(tenantId, 'staff');
      await agentFor(tenantId, 'viewer');
      const viewer = ((await gateway.db.knex('users').where('email_key', addressOf(tenantId, 'viewer')).first('id')) as { id: string }).id;
      // A pending invitation of the company, as the owner's invite leaves it.
      const owner = (await gateway.db.knex('users').where('email_key', addressOf(tenantId, 'owner')).first('tenant_id', 'id')) as {
        tenant_id: string;
        id: string;
      };
      const invitation = randomUUID();
      await gateway.db.knex('invitations').insert({
        id: invitation,
        tenant_id: owner.tenant_id,
        email: `invited-${run}@access.test`,
        email_key: `invited-${run}@access.test`,
        role: 'staff',
        token_hash: randomUUID(),
        invited_by: owner.id,
        invited_by_name: addressOf(tenantId, 'owner'),
        expires_at: new Date(Date.now() + 86_400_000),
      });
      return {
        tenantId,
        // The company is named after its owner's address; its Team list shows every member's.
        markers: (['owner', 'staff', 'viewer'] as const).map((role) => addressOf(tenantId, role)),
        paths: {
          'patch /api/team/members/:id': `/api/team/members/${viewer}`,
          'delete /api/team/members/:id': `/api/team/members/${viewer}`,
          'delete /api/team/invitations/:id': `/api/team/invitations/${invitation}`,
        },
        bodies: { 'patch /api/user/settings': { bulkPoSuffix: '-BL', bulkEstimateSuffix: '-BL' }, 'patch /api/team/members/:id': { role: 'staff' } },
      };
    },
    close: () => gateway.close(),
  };
});

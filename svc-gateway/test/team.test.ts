import { get, type IncomingMessage } from 'node:http';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { ACCOUNTING_EVENTS, createEvent, type CompanyUpdated, type ConnectionEstablished, type Team } from '@printpool/contracts';
import { waitFor } from '@printpool/service-kit/testing';
import { ORIGIN, sessionCookie, signedInAgent, startGateway, type TestGateway } from './support/gateway.js';
import { startDocumentsPeer, type DocumentsPeer } from './support/documentsPeer.js';

type Agent = Awaited<ReturnType<typeof signedInAgent>>;

describe('a company: members, roles and invitations', () => {
  let gateway: TestGateway;
  let documents: DocumentsPeer;
  let counter = 0;
  const unique = (label: string) => `${label}-${++counter}@lonestarprint.test`;

  beforeAll(async () => {
    documents = await startDocumentsPeer();
    gateway = await startGateway({ serviceUrls: { documents: documents.url } });
  });
  afterAll(async () => {
    await gateway.close();
    await documents.close();
  });

  const invite = (owner: Agent, email: string, role = 'staff') => owner.post('/api/team/invitations').set('Origin', ORIGIN).send({ email, role });
  const team = async (agent: Agent) => (await agent.get('/api/team').expect(200)).body as Team;
  /** A member's version as the agent's Team page shows it, which a role change names; 'unread' for one it does not list. */
  const versionOf = async (agent: Agent, id: string) => (await team(agent)).members.find((m) => m.id === id)?.version ?? 'unread';

  /** An owner, and a member who joined through an invitation with `role`. */
  async function companyWithMember(role: string) {
    const ownerEmail = unique('owner');
    const owner = await signedInAgent(gateway, ownerEmail);
    const memberEmail = unique(role);
    await invite(owner, memberEmail, role).expect(201);
    const member = await signedInAgent(gateway, memberEmail);
    const memberId = (await team(owner)).members.find((m) => m.email === memberEmail)!.id;
    return { owner, ownerEmail, member, memberEmail, memberId };
  }

  it('invites by e-mail: the link is mailed through documents, and the invited person who signs in joins the company in that role, once', async () => {
    const ownerEmail = unique('owner');
    const owner = await signedInAgent(gateway, ownerEmail);
    await gateway.db.knex('users').where('email_key', ownerEmail).update({ first_name: 'Grace', last_name: 'Hopper' });
    const invited = unique('New.Hire');

    const sent = await invite(owner, invited, 'staff').expect(201);
    expect(sent.body).toMatchObject({ emailSent: true, invitation: { email: invited, role: 'staff', invitedBy: 'Grace Hopper' } });
    const expiresIn = new Date(sent.body.invitation.expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(7 * 24 * 3600_000);
    const mail = documents.sent.at(-1)!;
    expect(mail.mail).toMatchObject({ email: invited, role: 'staff', invitedBy: 'Grace Hopper', companyName: ownerEmail });
    // At the address the owner's browser used (PUBLIC_ORIGIN when set).
    expect(mail.mail.link).toMatch(/^http:\/\/[^/]+\/invitations\/[A-Za-z0-9_-]{43}$/);
    expect(mail.caller).toMatchObject({ role: 'owner', memberName: 'Grace Hopper' });
    // Only the token's hash is kept.
    const token = documents.linkTokenFor(invited);
    expect(await gateway.db.knex('invitations').where('token_hash', token).first()).toBeUndefined();
    expect((await team(owner)).invitations).toEqual([expect.objectContaining({ email: invited, role: 'staff', invitedBy: 'Grace Hopper' })]);

    // The link's page, before anyone signs in.
    const preview = await request(gateway.callback).get(`/api/invitations/${token}`).expect(200);
    expect(preview.body).toEqual({
      companyName: ownerEmail,
      email: invited,
      role: 'staff',
      invitedBy: 'Grace Hopper',
      expiresAt: sent.body.invitation.expiresAt,
    });
    // Without an identity provider, the link's sign-in is the e-mail sign-in page, signing the invited address in at once.
    const login = await request(gateway.callback).get(`/api/login?invitation=${token}`).expect(302);
    expect(login.headers.location).toBe(`/login?auto=true&email=${encodeURIComponent(invited)}`);

    const member = await signedInAgent(gateway, invited.toUpperCase());
    const user = (await member.get('/api/auth/user').expect(200)).body;
    expect(user).toMatchObject({ role: 'staff', companyName: ownerEmail });
    const { members, invitations } = await team(owner);
    expect(members.map((m) => [m.email, m.role])).toEqual([
      [ownerEmail, 'owner'],
      [invited.toUpperCase(), 'staff'],
    ]);
    expect(invitations).toEqual([]);
    expect(await team(member)).toEqual({ members, invitations: [] });

    // Single use: the link now says nothing and signs nobody in anywhere.
    await request(gateway.callback).get(`/api/invitations/${token}`).expect(404);
    expect((await request(gateway.callback).get(`/api/login?invitation=${token}`).expect(302)).headers.location).toBe('/login');
  });

  it('names the company as its QuickBooks company once connected, the newest name winning, in the invitation e-mail and on its page', async () => {
    const ownerEmail = unique('owner');
    const owner = await signedInAgent(gateway, ownerEmail);
    const neighbourEmail = unique('neighbour');
    const neighbour = await signedInAgent(gateway, neighbourEmail);
    const { tenant_id: tenantId } = await gateway.db.knex('users').where('email_key', ownerEmail).first('tenant_id');
    const companyName = async (agent: Agent) => (await agent.get('/api/auth/user').expect(200)).body.companyName as string;
    expect(await companyName(owner)).toBe(ownerEmail);

    const connected = createEvent<ConnectionEstablished>(ACCOUNTING_EVENTS.connectionEstablished, tenantId, {
      realmId: '9130',
      companyName: 'Lone Star Print Co.',
    });
    await gateway.bus.publish(connected);
    await waitFor(async () => expect(await companyName(owner)).toBe('Lone Star Print Co.'));

    const companyInfo = (name: string | null, minutesAgo: number) => ({
      ...createEvent<CompanyUpdated>(ACCOUNTING_EVENTS.companyUpdated, tenantId, {
        realmId: '9130',
        companyName: name,
        legalName: null,
        address: null,
        phone: null,
        email: null,
      }),
      occurredAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    });
    const renamed = companyInfo('Lone Star Print & Mail', 0);
    const late = companyInfo('Lone Star Printing (old)', 60);
    const unnamed = companyInfo(null, -1);
    for (const event of [renamed, late, unnamed]) await gateway.bus.publish(event);
    // Each was applied (the inbox holds it); an older name arriving late and a CompanyInfo without a name change nothing.
    await waitFor(async () =>
      expect((await gateway.db.knex('inbox').where('consumer', 'gateway-company-name').whereIn('event_id', [renamed.id, late.id, unnamed.id])).length).toBe(3),
    );
    expect(await companyName(owner)).toBe('Lone Star Print & Mail');
    expect(await companyName(neighbour)).toBe(neighbourEmail);

    const invited = unique('hire');
    await invite(owner, invited).expect(201);
    expect(documents.sent.at(-1)!.mail).toMatchObject({ email: invited, companyName: 'Lone Star Print & Mail' });
    const preview = await request(gateway.callback)
      .get(`/api/invitations/${documents.linkTokenFor(invited)}`)
      .expect(200);
    expect(preview.body.companyName).toBe('Lone Star Print & Mail');
  });

  it('an expired or revoked invitation joins nobody: the address signs in to a company of its own', async () => {
    const owner = await signedInAgent(gateway, unique('owner'));
    const expired = unique('late');
    await invite(owner, expired).expect(201);
    await gateway.db
      .knex('invitations')
      .where('email_key', expired)
      .update({ expires_at: new Date(Date.now() - 1000) });
    const revoked = unique('revoked');
    const { invitation } = (await invite(owner, revoked, 'viewer').expect(201)).body;
    expect((await team(owner)).invitations.map((i) => i.email)).toEqual([revoked]);
    await owner.delete(`/api/team/invitations/${invitation.id}`).set('Origin', ORIGIN).expect(200, { ok: true });
    await request(gateway.callback)
      .get(`/api/invitations/${documents.linkTokenFor(revoked)}`)
      .expect(404);
    expect((await team(owner)).invitations).toEqual([]);

    for (const email of [expired, revoked]) {
      const agent = await signedInAgent(gateway, email);
      expect((await agent.get('/api/auth/user').expect(200)).body).toMatchObject({ role: 'owner', companyName: email });
    }
    expect((await team(owner)).members).toHaveLength(1);
  });

  it('inviting an address again replaces its pending invitation: only the newest link works', async () => {
    const owner = await signedInAgent(gateway, unique('owner'));
    const email = unique('twice');
    await invite(owner, email, 'viewer').expect(201);
    const first = documents.linkTokenFor(email);
    await invite(owner, email, 'staff').expect(201);
    await request(gateway.callback).get(`/api/invitations/${first}`).expect(404);
    await request(gateway.callback)
      .get(`/api/invitations/${documents.linkTokenFor(email)}`)
      .expect(200);
    expect((await team(owner)).invitations.map((i) => [i.email, i.role])).toEqual([[email, 'staff']]);
  });

  it('refuses, with why, an address that is already a member or belongs to another company, and a bad address or role naming the field', async () => {
    const { owner, memberEmail } = await companyWithMember('staff');
    const elsewhere = unique('elsewhere');
    await signedInAgent(gateway, elsewhere);
    expect((await invite(owner, memberEmail).expect(409)).body.message).toBe(`${memberEmail} is already a member of this company`);
    expect((await invite(owner, elsewhere.toUpperCase()).expect(409)).body.message).toBe(
      `${elsewhere.toUpperCase()} already belongs to another company on PrintPool`,
    );
    expect((await invite(owner, 'not-an-address').expect(400)).body.message).toContain('Enter a valid email address');
    expect(JSON.stringify((await invite(owner, unique('x'), 'admin').expect(400)).body)).toContain('role');
  });

  it('keeps the invitation when its e-mail is queued (documents sends it again later), and none when documents gave it up or cannot be reached', async () => {
    const owner = await signedInAgent(gateway, unique('owner'));
    documents.answerAs('queued');
    try {
      const refused = unique('refused');
      expect((await invite(owner, refused).expect(201)).body).toMatchObject({ emailSent: false, invitation: { email: refused } });
      expect((await team(owner)).invitations.map((i) => i.email)).toEqual([refused]);
      // No resend configured: nothing will send it, so no invitation waits on it and the owner may try again.
      documents.answerAs('given up');
      await invite(owner, unique('given-up')).expect(502);
      expect((await team(owner)).invitations.map((i) => i.email)).toEqual([refused]);
    } finally {
      documents.answerAs('sent');
    }
    const away = await startGateway({ serviceUrls: { documents: 'http://127.0.0.1:9' } });
    try {
      const ownerAway = await signedInAgent(away, unique('owner'));
      await ownerAway
        .post('/api/team/invitations')
        .set('Origin', ORIGIN)
        .send({ email: unique('lost'), role: 'staff' })
        .expect(502);
      expect(Number((await away.db.knex('invitations').count({ n: '*' }).first())?.n)).toBe(0);
    } finally {
      await away.close();
    }
  });

  it('lets every member read the team, and only an owner change it', async () => {
    for (const role of ['staff', 'viewer']) {
      const { owner, member, ownerEmail } = await companyWithMember(role);
      const ownerId = (await team(owner)).members.find((m) => m.email === ownerEmail)!.id;
      expect((await team(member)).members).toHaveLength(2);
      expect((await invite(member, unique('sneaky')).expect(403)).body.message).toEqual(expect.any(String));
      await member
        .patch(`/api/team/members/${ownerId}`)
        .set('Origin', ORIGIN)
        .set('If-Match', await versionOf(member, ownerId))
        .send({ role: 'viewer' })
        .expect(403);
      await member.delete(`/api/team/members/${ownerId}`).set('Origin', ORIGIN).expect(403);
      expect((await team(owner)).members.find((m) => m.id === ownerId)?.role).toBe('owner');
    }
  });

  it("changes a member's role from their next request on, and never leaves the company without an owner", async () => {
    const { owner, ownerEmail, member, memberId } = await companyWithMember('staff');
    const changed = await owner
      .patch(`/api/team/members/${memberId}`)
      .set('Origin', ORIGIN)
      .set('If-Match', await versionOf(owner, memberId))
      .send({ role: 'viewer' })
      .expect(200);
    expect(changed.body).toMatchObject({ id: memberId, role: 'viewer' });
    expect((await member.get('/api/auth/user').expect(200)).body.role).toBe('viewer');

    const ownerId = (await team(owner)).members.find((m) => m.email === ownerEmail)!.id;
    expect(
      (
        await owner
          .patch(`/api/team/members/${ownerId}`)
          .set('Origin', ORIGIN)
          .set('If-Match', await versionOf(owner, ownerId))
          .send({ role: 'staff' })
          .expect(409)
      ).body.message,
    ).toBe('The company needs at least one owner');
    // With a second owner, the first may step down.
    await owner
      .patch(`/api/team/members/${memberId}`)
      .set('Origin', ORIGIN)
      .set('If-Match', await versionOf(owner, memberId))
      .send({ role: 'owner' })
      .expect(200);
    await owner
      .patch(`/api/team/members/${ownerId}`)
      .set('Origin', ORIGIN)
      .set('If-Match', await versionOf(owner, ownerId))
      .send({ role: 'staff' })
      .expect(200);
    expect((await owner.get('/api/auth/user').expect(200)).body.role).toBe('staff');
    await owner
      .post('/api/team/invitations')
      .set('Origin', ORIGIN)
      .send({ email: unique('x'), role: 'staff' })
      .expect(403);
  });

  // Each pair runs at once, as two owners' clicks do: whichever commits second finds its caller no longer an owner, or the last one.
  type Pair = { t: string; a: string };
  const OWNER_RACES = {
    'T demotes A while A removes T': (t: Agent, a: Agent, ids: Pair, v: Pair) => [
      t.patch(`/api/team/members/${ids.a}`).set('Origin', ORIGIN).set('If-Match', v.a).send({ role: 'staff' }),
      a.delete(`/api/team/members/${ids.t}`).set('Origin', ORIGIN),
    ],
    'each demotes the other': (t: Agent, a: Agent, ids: Pair, v: Pair) => [
      t.patch(`/api/team/members/${ids.a}`).set('Origin', ORIGIN).set('If-Match', v.a).send({ role: 'viewer' }),
      a.patch(`/api/team/members/${ids.t}`).set('Origin', ORIGIN).set('If-Match', v.t).send({ role: 'viewer' }),
    ],
    'each removes the other': (t: Agent, a: Agent, ids: Pair) => [
      t.delete(`/api/team/members/${ids.a}`).set('Origin', ORIGIN),
      a.delete(`/api/team/members/${ids.t}`).set('Origin', ORIGIN),
    ],
    'each steps down at once': (t: Agent, a: Agent, ids: Pair, v: Pair) => [
      t.patch(`/api/team/members/${ids.t}`).set('Origin', ORIGIN).set('If-Match', v.t).send({ role: 'staff' }),
      a.patch(`/api/team/members/${ids.a}`).set('Origin', ORIGIN).set('If-Match', v.a).send({ role: 'staff' }),
    ],
  };

  it.each(Object.keys(OWNER_RACES))(
    'never leaves a company without an owner when two owners race (%s), in 50 runs',
    async (race) => {
      const outcomes: Record<string, number> = {};
      for (let run = 0; run < 50; run++) {
        const { owner: t, ownerEmail, member: a, memberId } = await companyWithMember('staff');
        await t
          .patch(`/api/team/members/${memberId}`)
          .set('Origin', ORIGIN)
          .set('If-Match', await versionOf(t, memberId))
          .send({ role: 'owner' })
          .expect(200);
        const ids = { t: (await team(t)).members.find((m) => m.email === ownerEmail)!.id, a: memberId };
        // Both owners read the team first, as their pages did before the clicks.
        const versions = { t: await versionOf(a, ids.t), a: await versionOf(t, ids.a) };
        const answers = await Promise.all(OWNER_RACES[race as keyof typeof OWNER_RACES](t, a, ids, versions));
        const statuses = answers.map((answer) => answer.status).join('/');
        outcomes[statuses] = (outcomes[statuses] ?? 0) + 1;
        const owners = await gateway.db.knex('users').whereIn('id', [ids.t, ids.a]).where('role', 'owner').count<{ count: string }[]>('* as count');
        expect({ run, statuses, ownersLeft: Number(owners[0]!.count) >= 1 }).toEqual({ run, statuses, ownersLeft: true });
        // Exactly one of the two changes wins; the other is refused, saying why: 409 on a version
        // the winner moved, 403 once its caller is no owner, 401 once its caller is no member (the
        // winner removed them before their request was signed in: they are signed out).
        expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
        expect([401, 403, 409]).toContain(answers.find((answer) => answer.status !== 200)?.status);
      }
      // eslint-disable-next-line no-console -- which side won how often, read when the race is studied
      console.log(`${race}: ${JSON.stringify(outcomes)}`);
    },
    120_000,
  );

  it('refuses a role change based on a role another owner changed since, saying what it is now', async () => {
    const { owner, member, memberId } = await companyWithMember('staff');
    const seen = await versionOf(owner, memberId);
    await owner.patch(`/api/team/members/${memberId}`).set('Origin', ORIGIN).set('If-Match', seen).send({ role: 'viewer' }).expect(200);
    const stale = await owner.patch(`/api/team/members/${memberId}`).set('Origin', ORIGIN).set('If-Match', seen).send({ role: 'owner' }).expect(409);
    expect(stale.body).toMatchObject({
      code: 'VERSION_CONFLICT',
      details: { current: { id: memberId, role: 'viewer' }, differences: [{ field: 'Role', path: ['role'], current: 'viewer', proposed: 'owner' }] },
    });
    expect((await member.get('/api/auth/user').expect(200)).body.role).toBe('viewer');
    expect((await owner.patch(`/api/team/members/${memberId}`).set('Origin', ORIGIN).send({ role: 'owner' }).expect(400)).body.message).toBe(
      'If-Match: send the version the record was read at (its ETag)',
    );
  });

  it('removes a member, who is signed out on their next request; an owner cannot remove themself', async () => {
    const { owner, ownerEmail, member, memberId } = await companyWithMember('staff');
    await member.get('/api/auth/user').expect(200);
    await owner.delete(`/api/team/members/${memberId}`).set('Origin', ORIGIN).expect(200, { ok: true });
    await member.get('/api/auth/user').expect(401);
    expect((await team(owner)).members.map((m) => m.email)).toEqual([ownerEmail]);
    expect(await gateway.db.knex('sessions').where('user_id', memberId)).toEqual([]);

    const ownerId = (await team(owner)).members[0]!.id;
    expect((await owner.delete(`/api/team/members/${ownerId}`).set('Origin', ORIGIN).expect(409)).body.message).toBe(
      'You cannot remove yourself from the company',
    );
  });

  it("ends a removed member's live updates, and no one else's", async () => {
    const signIn = async (email: string) =>
      sessionCookie(await request(gateway.callback).post('/api/dev-login').set('Origin', ORIGIN).send({ email }).expect(200))!.split(';')[0]!;
    const owner = await signIn(unique('owner'));
    const memberEmail = unique('staff');
    await request(gateway.callback)
      .post('/api/team/invitations')
      .set('Origin', ORIGIN)
      .set('Cookie', owner)
      .send({ email: memberEmail, role: 'staff' })
      .expect(201);
    const member = await signIn(memberEmail);
    const memberId = (await request(gateway.callback).get('/api/auth/user').set('Cookie', member).expect(200)).body.id as string;
    // supertest buffers whole bodies; a listening server lets the test hold the streams open.
    const server: Server = createServer(gateway.callback);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const openLive = (cookie: string) =>
      new Promise<IncomingMessage>((resolve, reject) => get(`${base}/api/live`, { headers: { cookie } }, resolve).on('error', reject));
    const ended = (res: IncomingMessage) => new Promise<void>((resolve) => res.on('end', () => resolve()).resume());
    try {
      const [memberLive, ownerLive] = await Promise.all([openLive(member), openLive(owner)]);
      expect([memberLive.statusCode, ownerLive.statusCode]).toEqual([200, 200]);
      let ownerEnded = false;
      void ended(ownerLive).then(() => (ownerEnded = true));
      await request(gateway.callback).delete(`/api/team/members/${memberId}`).set('Origin', ORIGIN).set('Cookie', owner).expect(200);
      await ended(memberLive);
      expect(ownerEnded).toBe(false);
      const again = await openLive(member);
      expect(again.statusCode).toBe(401);
      again.resume();
      ownerLive.destroy();
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("answers 404 for another company's member or invitation, and for an id that names none", async () => {
    const { memberId } = await companyWithMember('staff');
    const other = await signedInAgent(gateway, unique('other'));
    const { invitation } = (await invite(await signedInAgent(gateway, unique('third')), unique('invitee')).expect(201)).body;
    await other
      .patch(`/api/team/members/${memberId}`)
      .set('Origin', ORIGIN)
      .set('If-Match', await versionOf(other, memberId))
      .send({ role: 'viewer' })
      .expect(404);
    await other.delete(`/api/team/members/${memberId}`).set('Origin', ORIGIN).expect(404);
    await other.delete(`/api/team/invitations/${invitation.id}`).set('Origin', ORIGIN).expect(404);
    await other.delete('/api/team/members/not-a-uuid').set('Origin', ORIGIN).expect(404);
    await request(gateway.callback).get('/api/invitations/not-a-token').expect(404);
    expect((await team(other)).members).toHaveLength(1);
  });
});

import request from 'supertest';
import { ORIGIN, signedInAgent, startGateway, type TestGateway } from './support/gateway.js';

describe('Origin check on state-changing requests', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway({ publicOrigin: 'http://printpool.example', allowedHosts: ['gateway.internal'] });
  });
  afterAll(() => gateway.close());

  const contact = { name: 'N', email: 'n@example.com', message: 'hello' };

  it('refuses a request from another site with 403 and stores nothing', async () => {
    const res = await request(gateway.callback).post('/api/contact').set('Origin', 'https://evil.example').send(contact).expect(403);
    expect(res.body).toEqual({ message: 'Cross-site request refused', code: 'ORIGIN_NOT_ALLOWED' });
    expect(await gateway.db.knex('contact_messages').count<{ count: number }[]>('* as count')).toEqual([{ count: 0 }]);
  });

  it('refuses a request with neither Origin nor Referer', async () => {
    await request(gateway.callback).post('/api/contact').send(contact).expect(403);
  });

  it('refuses the literal "null" origin of sandboxed frames', async () => {
    await request(gateway.callback).post('/api/contact').set('Origin', 'null').send(contact).expect(403);
  });

  it("accepts the request's own origin, the public origin and the allow-list", async () => {
    await request(gateway.callback)
      .post('/api/contact')
      .set('Host', 'gateway.internal:8080')
      .set('Origin', 'http://gateway.internal:8080')
      .send(contact)
      .expect(201);
    await request(gateway.callback).post('/api/contact').set('Origin', 'http://printpool.example').send(contact).expect(201);
    await request(gateway.callback).post('/api/contact').set('Origin', ORIGIN).send(contact).expect(201);
  });

  it('falls back to the Referer when the Origin is missing', async () => {
    await request(gateway.callback).post('/api/contact').set('Referer', `${ORIGIN}/contact?x=1`).send(contact).expect(201);
    await request(gateway.callback).post('/api/contact').set('Referer', 'https://evil.example/app.test').send(contact).expect(403);
  });

  it('guards PATCH and forwarded calls too, even for a signed-in user', async () => {
    const agent = await signedInAgent(gateway, 'csrf@example.com');
    await agent.patch('/api/user/settings').set('Origin', 'https://evil.example').send({ bulkPoSuffix: '-X', bulkEstimateSuffix: '-X' }).expect(403);
    await agent.delete('/api/purchase-orders/1').set('Origin', 'https://evil.example').expect(403);
    expect((await agent.get('/api/auth/user').expect(200)).body.bulkPoSuffix).toBe('-BL');
  });

  it('leaves reads alone', async () => {
    await request(gateway.callback).get('/api/auth/user').set('Origin', 'https://evil.example').expect(401);
  });
});

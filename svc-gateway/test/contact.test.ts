import request from 'supertest';
import { ORIGIN, signedInAgent, startGateway, type TestGateway } from './support/gateway.js';

const valid = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  company: 'Navy Print',
  phone: '555-0100',
  subject: 'Pricing',
  message: 'Do you support 500 tenants?',
};

describe('POST /api/contact', () => {
  let gateway: TestGateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(() => gateway.close());

  const messages = () => gateway.db.knex('contact_messages').select('*').orderBy('created_at');

  it('stores a message from a signed-out visitor and answers 201', async () => {
    await request(gateway.callback).post('/api/contact').set('Origin', ORIGIN).send(valid).expect(201, { ok: true });
    const stored = (await messages()).find((row: { email: string }) => row.email === 'grace@example.com');
    expect(stored).toMatchObject({ ...valid, tenant_id: null });
  });

  it('accepts the optional fields left out or empty', async () => {
    await request(gateway.callback).post('/api/contact').set('Origin', ORIGIN).send({ name: 'Min', email: 'min@example.com', message: 'Hi' }).expect(201);
    await request(gateway.callback)
      .post('/api/contact')
      .set('Origin', ORIGIN)
      .send({ name: 'Empty', email: 'empty@example.com', company: '', phone: '', subject: '', message: 'Hi' })
      .expect(201);
    const rows = await gateway.db.knex('contact_messages').whereIn('email', ['min@example.com', 'empty@example.com']);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ company: null, phone: null, subject: null });
  });

  it('links a signed-in sender to their tenant', async () => {
    const agent = await signedInAgent(gateway, 'customer@example.com');
    await agent
      .post('/api/contact')
      .set('Origin', ORIGIN)
      .send({ ...valid, email: 'customer@example.com' })
      .expect(201);
    const user = await gateway.db.knex('users').where('email_key', 'customer@example.com').first();
    const row = await gateway.db.knex('contact_messages').where('email', 'customer@example.com').first();
    expect(row.tenant_id).toBe(user.tenant_id);
  });

  it.each([
    [{ ...valid, name: undefined }, 'name: Name is required'],
    [{ ...valid, name: '  ' }, 'name: Name is required'],
    [{ ...valid, email: undefined }, 'email: Email is required'],
    [{ ...valid, email: '' }, 'email: Email is required'],
    [{ ...valid, email: 'grace-at-example' }, 'email: Enter a valid email address'],
    [{ ...valid, message: undefined }, 'message: Message is required'],
    [{ ...valid, message: '' }, 'message: Message is required'],
    [{ ...valid, message: 'x'.repeat(5001) }, 'message: Message must be at most 5000 characters'],
    [{ ...valid, company: 'c'.repeat(201) }, 'company: Company must be at most 200 characters'],
    [{ ...valid, phone: 'p'.repeat(51) }, 'phone: Phone must be at most 50 characters'],
    [{ ...valid, subject: 's'.repeat(201) }, 'subject: Subject must be at most 200 characters'],
  ])('refuses %#: "%s" and stores nothing', async (body, message) => {
    const before = (await messages()).length;
    const res = await request(gateway.callback).post('/api/contact').set('Origin', ORIGIN).send(body).expect(400);
    expect(res.body).toMatchObject({ message, code: 'VALIDATION_FAILED' });
    expect((await messages()).length).toBe(before);
  });

  it('accepts a message of exactly 5000 characters', async () => {
    await request(gateway.callback)
      .post('/api/contact')
      .set('Origin', ORIGIN)
      .send({ ...valid, email: 'long@example.com', message: 'x'.repeat(5000) })
      .expect(201);
  });
});

describe('contact rate limit', () => {
  it('answers 429 after 5 messages from one address within 10 minutes', async () => {
    const gateway = await startGateway({ rateLimits: { signIn: { max: 100, windowMs: 60_000 }, contact: { max: 5, windowMs: 600_000 } } });
    try {
      for (let i = 0; i < 5; i += 1) {
        await request(gateway.callback)
          .post('/api/contact')
          .set('Origin', ORIGIN)
          .send({ ...valid, message: `message ${i}` })
          .expect(201);
      }
      const res = await request(gateway.callback).post('/api/contact').set('Origin', ORIGIN).send(valid).expect(429);
      expect(res.body).toEqual({ message: 'Too many requests, please try again later', code: 'RATE_LIMITED' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(500);
      const count = await gateway.db.knex('contact_messages').count<{ count: number }[]>('* as count');
      expect(count[0]?.count).toBe(5);
    } finally {
      await gateway.close();
    }
  });
});

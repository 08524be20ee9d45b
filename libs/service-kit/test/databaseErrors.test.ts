import request from 'supertest';
import { createRouter, createServiceApp } from '../src/http/app.js';
import type { Database } from '../src/db/database.js';
import { createLogger } from '../src/logger.js';
import { createTestDatabase } from '../src/testing/testDatabase.js';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase([
    {
      name: '001_notes',
      up: async (knex) => {
        await knex.schema.createTable('notes', (t) => {
          t.integer('qty').notNullable();
          t.bigInteger('order_id');
          t.text('code').unique();
        });
      },
    },
  ]);
});
afterAll(() => db.close());

function buildApp() {
  const router = createRouter('/api');
  router.post('/notes', async (ctx) => {
    // A schema that forgot a bound: the database is the last line, and must not turn it into a 500.
    const body = ctx.request.body as Record<string, unknown>;
    await db.knex('notes').insert({ qty: body.qty, order_id: body.orderId, code: body.code });
    ctx.status = 201;
  });
  return createServiceApp({ name: 'test', logger: createLogger('test', 'silent'), publicRouters: [router] }).callback();
}

describe('what the database refuses of a request', () => {
  it('answers 400 for a value its column cannot hold, 409 for a duplicate, never 500', async () => {
    const app = buildApp();
    const overflow = await request(app).post('/api/notes').send({ qty: 1e12 }).expect(400);
    expect(overflow.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/is out of range$/) });
    expect((await request(app).post('/api/notes').send({ qty: 1, orderId: '1.5' }).expect(400)).body.message).toMatch(/is not a valid value$/);
    await request(app).post('/api/notes').send({ qty: 1, code: 'A' }).expect(201);
    expect((await request(app).post('/api/notes').send({ qty: 2, code: 'A' }).expect(409)).body).toMatchObject({
      code: 'CONFLICT',
      message: 'A record with these values already exists',
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readJson, startSandbox, type EntityResponse, type Running } from './support.js';

const VERIFIER = 'verifier-token-123';

interface Delivery {
  body: string;
  signature: string;
}

let receiver: Server;
let running: Running;
const deliveries: Delivery[] = [];
let failuresLeft = 0;

function read(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    request.on('data', (chunk) => (data += chunk));
    request.on('end', () => resolve(data));
  });
}

beforeAll(async () => {
  receiver = createServer(async (request, response) => {
    const body = await read(request);
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      response.writeHead(503).end();
      return;
    }
    deliveries.push({ body, signature: String(request.headers['intuit-signature']) });
    response.writeHead(200).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/qbo`;
  // A batch window longer than any test, so each test's changes go out together when it flushes (50 ms split them on a busy machine).
  running = await startSandbox(
    { scale: 0.2, webhook: { url, verifierToken: VERIFIER, format: 'legacy', batchMs: 10_000, retryDelaysMs: [20, 20] } },
    '/qbo-sandbox',
  );
});
afterAll(async () => {
  await running.stop();
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

function estimateId(index: number): string {
  return running.sandbox.store.realm(running.realmId)!.tables.Estimate.byId[index]!.data.Id;
}

function verified(delivery: Delivery): boolean {
  const expected = Buffer.from(createHmac('sha256', VERIFIER).update(delivery.body).digest('base64'));
  const given = Buffer.from(delivery.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

describe('webhooks (legacy format)', () => {
  it('posts batched, signed notifications for admin and API changes, under a path prefix', async () => {
    const { sandbox, realmId } = running;
    sandbox.admin.setEstimateStatus(realmId, estimateId(0), 'Accepted');
    const created = await readJson<EntityResponse<'Customer'>>(
      await running.api('/customer', { method: 'POST', body: JSON.stringify({ DisplayName: 'Webhook Test Co' }) }),
    );
    await sandbox.admin.flushWebhooks();
    expect(deliveries).toHaveLength(1);
    expect(verified(deliveries[0]!)).toBe(true);
    const payload = JSON.parse(deliveries[0]!.body);
    expect(payload.eventNotifications[0].realmId).toBe(realmId);
    expect(payload.eventNotifications[0].dataChangeEvent.entities).toEqual([
      { name: 'Estimate', id: estimateId(0), operation: 'Update', lastUpdated: expect.any(String) },
      { name: 'Customer', id: created.Customer.Id, operation: 'Create', lastUpdated: expect.any(String) },
    ]);
  });

  it('retries a failed delivery', async () => {
    deliveries.length = 0;
    failuresLeft = 2;
    const response = await fetch(`${running.baseUrl}/admin/companies/${running.realmId}/estimates/${estimateId(1)}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ TxnStatus: 'Rejected' }),
    });
    expect(response.status).toBe(200);
    await running.sandbox.admin.flushWebhooks();
    expect(deliveries).toHaveLength(1);
    expect(JSON.parse(deliveries[0]!.body).eventNotifications[0].dataChangeEvent.entities[0]).toEqual(
      expect.objectContaining({ name: 'Estimate', id: estimateId(1), operation: 'Update' }),
    );
  });
});

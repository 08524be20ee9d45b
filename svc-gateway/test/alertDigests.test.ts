import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AlertDigestMailInputSchema, createEvent, INVENTORY_EVENTS, type AlertsDigest, type MailOutcome } from '@printpool/contracts';
import { INTERNAL_TOKEN_HEADER } from '@printpool/service-kit';
import { waitFor } from '@printpool/service-kit/testing';
import { signedInAgent, startGateway, type TestGateway } from './support/gateway.js';

// A company's digest of stock alerts (docs/product.md §12) goes to each owner and staff member,
// never a viewer, through svc-documents, once per member and event (its Idempotency-Key).
describe('the digest of stock alerts', () => {
  const sent: { tenantId: string; key: string; email: string; alerts: number }[] = [];
  let documents: Server;
  let gateway: TestGateway;

  beforeAll(async () => {
    // svc-documents as the gateway calls it: what it is sent is parsed by the route's own schema.
    documents = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        const mail = AlertDigestMailInputSchema.parse(JSON.parse(text));
        const token = JSON.parse(Buffer.from(String(req.headers[INTERNAL_TOKEN_HEADER]).split('.')[1]!, 'base64url').toString()) as { tenantId: string };
        sent.push({ tenantId: token.tenantId, key: String(req.headers['idempotency-key']), email: mail.email, alerts: mail.alerts.length });
        const answer: MailOutcome = {
          status: 'sent',
          message: 'Stock alerts sent',
          emailLog: {
            id: randomUUID(),
            subject: 'Stock alerts',
            toEmail: mail.email,
            sentAt: new Date().toISOString(),
            referenceType: 'DIGEST',
            referenceId: mail.asOf,
            referenceNumber: `${mail.alerts.length} alerts`,
            status: 'sent',
            error: null,
            attempts: 1,
            sentBy: null,
          },
        };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', () => resolve()));
    gateway = await startGateway({ serviceUrls: { documents: `http://127.0.0.1:${(documents.address() as AddressInfo).port}` } });
  });
  afterAll(async () => {
    await gateway.close();
    documents.close();
  });

  it('e-mails each owner and staff member, no viewer, each mail keyed by the event and the member', async () => {
    await signedInAgent(gateway, 'digest-owner@example.com');
    const owner = await gateway.db.knex('users').where('email_key', 'digest-owner@example.com').first();
    for (const [email, role] of [
      ['digest-staff@example.com', 'staff'],
      ['digest-viewer@example.com', 'viewer'],
    ] as const)
      await gateway.db.knex('users').insert({ id: randomUUID(), tenant_id: owner.tenant_id, email, email_key: email, role });
    const digest: AlertsDigest = {
      asOf: '2026-11-28',
      alerts: [{ kind: 'expiring', key: 'expiring.3', purchaseOrderId: 3, poNumber: 'PO-1001-BL', expiresOn: '2026-12-10', daysLeft: 12, remaining: 3_000 }],
    };
    const event = createEvent(INVENTORY_EVENTS.alertsDigest, owner.tenant_id, digest);
    await gateway.bus.publish(event);
    await waitFor(() => expect(sent.map((mail) => mail.email).sort()).toEqual(['digest-owner@example.com', 'digest-staff@example.com']));
    expect(sent.every((mail) => mail.tenantId === owner.tenant_id && mail.alerts === 1 && mail.key.startsWith(`${event.id}:`))).toBe(true);
    const keys = new Set(sent.map((mail) => mail.key));
    expect(keys.size).toBe(2);
    // Each key is the event's and the member's: a redelivery asks for the same mails, which svc-documents sends once (test: alertDigestMail.test.ts).
    expect([...keys].sort()).toEqual(
      [`${event.id}:${owner.id}`, ...sent.filter((mail) => mail.email === 'digest-staff@example.com').map((mail) => mail.key)].sort(),
    );
  });
});

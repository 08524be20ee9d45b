import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEvent, DELETED_ORDER_TICKET_HELD, type EmailLog, type EmailQueued, type PullTicketEmailOutcome } from '@printpool/contracts';
import { createLogger } from '@printpool/service-kit';
import { waitFor } from '@printpool/service-kit/testing';
import { startDevMailbox, type DevMailbox } from '../src/index.js';
import { readTenantProfile, saveCompanyInfo } from '../src/db/tenantProfiles.js';
import { companyInfo, OTHER_TENANT, pullTicket, salesOrder, TENANT } from './support/fixtures.js';
import { postJson, startHarness, type Harness } from './support/harness.js';
import { pdfPages } from './support/pdfText.js';

/** The pull ticket send's 200 answer: sent, and whether the ticket was marked sent. */
type TicketEmailed = Extract<PullTicketEmailOutcome, { status: 'sent' }>;

let mailbox: DevMailbox;
let h: Harness;

beforeAll(async () => {
  mailbox = await startDevMailbox({ logger: createLogger('mailbox-test', 'silent') });
  h = await startHarness(mailbox.smtpUrl);
  await h.bus.publish(createEvent('accounting.company.updated', TENANT, companyInfo));
  await waitFor(async () => expect((await readTenantProfile(h.db.knex, TENANT)).email).toBe(companyInfo.email));
});

/** From stays the configured sender (MAIL_FROM); answers go to the broker's QuickBooks e-mail. */
const BROKER_REPLY_TO = 'office@lonestarprint.test';

afterAll(async () => {
  await h.close();
  await mailbox.close();
});

/** A send from a newly opened dialog: its own Idempotency-Key, so an identical message sent a moment ago does not stand in for it. */
const fromNewDialog = (body: unknown): RequestInit => {
  const init = postJson(body);
  return { ...init, headers: { ...(init.headers as Record<string, string>), 'Idempotency-Key': randomUUID() } };
};

const logs = async (tenantId: string, query = '') => (await (await h.call(tenantId, `/api/email-logs${query}`)).json()) as EmailLog[];
const outbox = async (type: string) => {
  const rows: { tenant_id: string; data: string }[] = await h.db.knex('outbox').where({ type }).select('tenant_id', 'data');
  return rows.map((row) => ({ tenant_id: row.tenant_id, data: JSON.parse(row.data) as unknown }));
};

describe('POST /api/pull-tickets/:id/email', () => {
  it('sends the ticket PDF through SMTP, logs it sent, records the event and marks the ticket sent', async () => {
    const response = await h.call(TENANT, '/api/pull-tickets/41/email', postJson({ emailAddress: 'orders@papermill.test' }));
    expect(response.status).toBe(200);
    const body = (await response.json()) as TicketEmailed;
    expect(body.statusUpdated).toBe(true);
    expect(h.inventory.markedSent).toEqual(['41']);

    const [mail] = mailbox.messages();
    expect(mail).toMatchObject({ to: ['orders@papermill.test'], subject: 'Pull Ticket PT-000042 - Items for Fulfillment' });
    expect(mail!.from).toContain('pt@broker.test');
    expect(mail!.replyTo).toBe(BROKER_REPLY_TO);
    expect(mail!.text).toContain('PT-000042');
    expect(mail!.attachments).toHaveLength(1);
    const [attachment] = mail!.attachments;
    expect(attachment).toMatchObject({ filename: 'PT-000042.pdf', contentType: 'application/pdf' });
    const [page] = await pdfPages(attachment!.content);
    expect(page).toContain('PT-000042');

    expect(body.emailLog).toMatchObject({
      subject: mail!.subject,
      toEmail: 'orders@papermill.test',
      referenceType: 'PT',
      referenceId: '41',
      referenceNumber: 'PT-000042',
      status: 'sent',
      attempts: 1,
      error: null,
    });
    expect((await logs(TENANT))[0]).toEqual(body.emailLog);
    const events = await outbox('documents.email.sent');
    expect(events).toContainEqual({ tenant_id: TENANT, data: expect.objectContaining({ emailLogId: body.emailLog.id, messageId: expect.any(String) }) });
  });

  it('uses the subject and message the sender wrote', async () => {
    const response = await h.call(
      TENANT,
      '/api/pull-tickets/41/email',
      postJson({ emailAddress: 'a@b.test', subject: 'Rush: PT-000042', message: 'Please pull today.' }),
    );
    expect(response.status).toBe(200);
    expect(mailbox.messages()[0]).toMatchObject({ subject: 'Rush: PT-000042', text: expect.stringContaining('Please pull today.') });
  });

  it('refuses a missing or invalid address naming the field, and sends nothing', async () => {
    const before = mailbox.messages().length;
    for (const body of [{}, { emailAddress: '' }, { emailAddress: 'not-an-address' }]) {
      const response = await h.call(TENANT, '/api/pull-tickets/41/email', postJson(body));
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe('emailAddress: Email Required: Please enter an email address');
    }
    expect(mailbox.messages()).toHaveLength(before);
  });

  it('keeps the send and notes it in the log when inventory cannot mark the ticket sent', async () => {
    h.inventory.markSentAvailable = false;
    try {
      const response = await h.call(TENANT, '/api/pull-tickets/41/email', fromNewDialog({ emailAddress: 'orders@papermill.test' }));
      expect(response.status).toBe(200);
      const body = (await response.json()) as TicketEmailed;
      expect(body.statusUpdated).toBe(false);
      const [log] = await logs(TENANT);
      expect(log).toMatchObject({ id: body.emailLog.id, status: 'sent', error: expect.stringContaining('pull ticket status was not updated') });
    } finally {
      h.inventory.markSentAvailable = true;
    }
  });

  it('refuses a ticket whose order QuickBooks deleted, naming why, and sends and logs nothing', async () => {
    h.inventory.tickets.set('43', { ...pullTicket(), id: 43, ptNumber: 'PT-000043', orderDeletedInQuickbooksAt: '2026-11-21T08:00:00.000Z' });
    const before = mailbox.messages().length;
    const response = await h.call(TENANT, '/api/pull-tickets/43/email', fromNewDialog({ emailAddress: 'orders@papermill.test' }));
    expect(response.status).toBe(422);
    expect(((await response.json()) as { message: string }).message).toBe(DELETED_ORDER_TICKET_HELD);
    expect(mailbox.messages()).toHaveLength(before);
    expect((await logs(TENANT, '?referenceType=PT&referenceId=43')).length).toBe(0);
    expect(h.inventory.markedSent).not.toContain('43');
  });

  it("answers 404 for another tenant's ticket and logs nothing for it", async () => {
    const response = await h.call(OTHER_TENANT, '/api/pull-tickets/41/email', postJson({ emailAddress: 'x@y.test' }));
    expect(response.status).toBe(404);
    expect(await logs(OTHER_TENANT)).toEqual([]);
  });
});

describe('POST /api/sales-orders/:id/send-estimate', () => {
  it("sends the order PDF to the order's customer with the default subject", async () => {
    const response = await h.call(TENANT, '/api/sales-orders/7/send-estimate', postJson({}));
    expect(response.status).toBe(200);
    const [mail] = mailbox.messages();
    expect(mail).toMatchObject({ to: ['buyer@acme.test'], subject: 'Sales Order EST-1001-BL', replyTo: BROKER_REPLY_TO });
    expect(mail!.attachments[0]).toMatchObject({ filename: 'EST-1001-BL.pdf', contentType: 'application/pdf' });
    expect((await logs(TENANT))[0]).toMatchObject({ referenceType: 'SO', referenceNumber: 'EST-1001-BL', status: 'sent' });
  });

  it('answers 422 when the order has no customer email', async () => {
    h.inventory.salesOrders.set('8', { ...salesOrder, id: 8, soNumber: 'EST-2', customerName: 'Walk-in', customerEmail: null, status: 'active' });
    const response = await h.call(TENANT, '/api/sales-orders/8/send-estimate', postJson({ subject: 'Hi' }));
    expect(response.status).toBe(422);
    expect(((await response.json()) as { message: string }).message).toBe('Sales order has no customer email');
  });
});

describe('a subject or message no log can hold', () => {
  it.each([
    ['a NUL', 'Pull Ticket\u0000'],
    ['an unpaired surrogate', 'Pull Ticket \ud800'],
  ])('with %s is refused with a 400 naming the field, and nothing is sent or logged', async (_label, subject) => {
    const sent = mailbox.messages().length;
    const logged = (await logs(TENANT)).length;
    const response = await h.call(TENANT, '/api/pull-tickets/41/email', postJson({ emailAddress: 'orders@papermill.test', subject }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/^subject: /);
    expect(mailbox.messages().length).toBe(sent);
    expect((await logs(TENANT)).length).toBe(logged);
  });
});

describe('POST /api/internal/notifications/shipment', () => {
  it('notifies the customer with the default shipped subject', async () => {
    const response = await h.call(
      TENANT,
      '/api/internal/notifications/shipment',
      postJson({ pullTicketId: 41, customerEmail: 'buyer@acme.test' }),
      'svc-inventory',
    );
    expect(response.status).toBe(200);
    expect(mailbox.messages()[0]).toMatchObject({
      to: ['buyer@acme.test'],
      subject: 'Pull Ticket PT-000042 - Shipped',
      text: expect.stringContaining('has shipped'),
      replyTo: BROKER_REPLY_TO,
    });
  });

  it('tells the customer the carrier, the tracking number and the items shipped, under the broker’s own message too', async () => {
    const shipment = {
      pullTicketId: 41,
      customerEmail: 'tracking@acme.test',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      items: [
        { name: 'Flyer A5', sku: 'FLY-A5', description: 'A5 flyer', quantity: 500 },
        { name: null, sku: null, description: 'Setup', quantity: 1 },
      ],
    };
    expect((await h.call(TENANT, '/api/internal/notifications/shipment', postJson(shipment), 'svc-inventory')).status).toBe(200);
    const mail = mailbox.messages().find((m) => m.to.includes('tracking@acme.test'))!;
    expect(mail.text).toContain('has shipped (pull ticket PT-000042)');
    expect(mail.text).toContain('Carrier: UPS\nTracking number: 1Z999AA10123456784');
    expect(mail.text).toContain('Items shipped:\n- 500 × Flyer A5 (SKU FLY-A5)\n- 1 × Setup');
    const own = { ...shipment, customerEmail: 'own-words@acme.test', body: 'Your banners are on their way.' };
    expect((await h.call(TENANT, '/api/internal/notifications/shipment', postJson(own), 'svc-inventory')).status).toBe(200);
    const ownMail = mailbox.messages().find((m) => m.to.includes('own-words@acme.test'))!;
    expect(ownMail.text).toMatch(/^Your banners are on their way\.\n\nCarrier: UPS\nTracking number: 1Z999AA10123456784\n\nItems shipped:\n- 500 × Flyer A5/);
    const bad = await h.call(TENANT, '/api/internal/notifications/shipment', postJson({ ...shipment, trackingNumber: 'x'.repeat(101) }), 'svc-inventory');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('trackingNumber');
  });

  it('sends nothing for a call the gateway made for a browser', async () => {
    const before = mailbox.messages().length;
    const response = await h.call(
      TENANT,
      '/api/internal/notifications/shipment',
      postJson({ pullTicketId: 41, customerEmail: 'anyone@elsewhere.test', body: 'Pay here' }),
    );
    expect(response.status).toBe(403);
    expect(mailbox.messages().length).toBe(before);
  });
});

describe('Reply-To', () => {
  it("answers to the broker's PrintPool account e-mail when QuickBooks' CompanyInfo has none", async () => {
    await h.db.knex('tenant_profiles').where({ tenant_id: TENANT }).update({ company_email: null, account_email: 'owner@lonestarprint.test' });
    try {
      const response = await h.call(TENANT, '/api/sales-orders/7/send-estimate', fromNewDialog({}));
      expect(response.status).toBe(200);
      expect(mailbox.messages()[0]).toMatchObject({
        subject: 'Sales Order EST-1001-BL',
        replyTo: 'owner@lonestarprint.test',
        from: expect.stringContaining('broker.test'),
      });
    } finally {
      await h.db.knex('tenant_profiles').where({ tenant_id: TENANT }).update({ company_email: companyInfo.email });
    }
  });
});

describe('GET /api/email-logs', () => {
  it('lists newest first, honours ?limit and shows each tenant only its own', async () => {
    const all = await logs(TENANT);
    expect(all.length).toBeGreaterThanOrEqual(5);
    const times = all.map((log) => log.sentAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(await logs(TENANT, '?limit=2')).toEqual(all.slice(0, 2));
    expect(await logs(OTHER_TENANT)).toEqual([]);
    expect((await h.call(TENANT, '/api/email-logs?limit=0')).status).toBe(400);
  });
});

describe('with the SMTP server down', () => {
  let down: Harness;
  let port: number;
  beforeAll(async () => {
    const closed = await startDevMailbox({ logger: createLogger('closed', 'silent') });
    port = Number(new URL(closed.smtpUrl).port);
    await closed.close();
    down = await startHarness(closed.smtpUrl, { MAIL_RESEND_BASE_MS: '300' });
    // Its own database: the tenant's profile as the consumer would have mirrored it.
    await down.db.knex.transaction((trx) => saveCompanyInfo(trx, TENANT, { ...companyInfo, address: null }, new Date().toISOString()));
  });
  afterAll(() => down.close());

  it('retries, answers 202 queued with the next attempt, and logs the send as failed with the error', async () => {
    const started = Date.now();
    const response = await down.call(TENANT, '/api/pull-tickets/41/email', postJson({ emailAddress: 'orders@papermill.test' }));
    expect(response.status).toBe(202);
    const body = (await response.json()) as EmailQueued;
    expect(body.status).toBe('queued');
    expect(body.message).toBe(`The mail server did not take the e-mail; it will be sent again at ${body.nextAttemptAt}`);
    expect(body.emailLog.error).toContain(`(sending again at ${body.nextAttemptAt})`);
    // Two backoff waits (20 ms, 40 ms) separate the three attempts.
    expect(Date.now() - started).toBeGreaterThanOrEqual(60);
    const [log] = (await (await down.call(TENANT, '/api/email-logs')).json()) as EmailLog[];
    expect(log).toMatchObject({
      id: body.emailLog.id,
      status: 'failed',
      attempts: 3,
      error: expect.stringContaining('ECONNREFUSED'),
      referenceNumber: 'PT-000042',
    });
    expect(down.inventory.markedSent).toEqual([]);
    expect(await down.db.knex('outbox').where({ type: 'documents.email.failed' }).count({ n: '*' }).first()).toEqual({ n: 1 });
  });

  it('sends a failed e-mail again once the mail server is back, with the same attachment, and logs it sent', async () => {
    const response = await down.call(TENANT, '/api/pull-tickets/41/email', postJson({ emailAddress: 'later@papermill.test' }));
    expect(response.status).toBe(202);
    const details = (await response.json()) as EmailQueued;
    expect(details.emailLog).toMatchObject({ status: 'failed', error: expect.stringMatching(/\(sending again at /) });

    const back = await startDevMailbox({ port, logger: createLogger('back', 'silent') });
    try {
      const mail = await waitFor(
        () => {
          const found = back.messages().find((m) => m.to.includes('later@papermill.test'));
          expect(found).toBeDefined();
          return found!;
        },
        { timeoutMs: 15_000 },
      );
      expect(mail.subject).toBe('Pull Ticket PT-000042 - Items for Fulfillment');
      expect(mail.replyTo).toBe(BROKER_REPLY_TO);
      expect((await pdfPages(mail.attachments[0]!.content))[0]).toContain('PT-000042');
      await waitFor(async () => {
        const logs = (await (await down.call(TENANT, '/api/email-logs')).json()) as EmailLog[];
        expect(logs.find((log) => log.id === details.emailLog.id)).toMatchObject({ status: 'sent', error: null });
      });
      expect(await down.db.knex('mail_outbox').where({ email_log_id: details.emailLog.id }).first()).toBeUndefined();
      // Both failed mails of ticket 41 (this one and the one above) went out on a resend, and
      // inventory was told each time: the ticket shows sent.
      await waitFor(() => expect(down.inventory.markedSent).toEqual(['41', '41']));
      // Sent once: the resender does not send it again.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(back.messages().filter((m) => m.to.includes('later@papermill.test'))).toHaveLength(1);
    } finally {
      await back.close();
    }
  });

  it.each([
    ['svc-inventory', '/api/internal/notifications/shipment', { pullTicketId: 41, customerEmail: 'shipped@acme.test' }],
    [
      'gateway',
      '/api/internal/notifications/invitation',
      {
        invitationId: '01970000-0000-7000-8000-000000000002',
        email: 'new.hire@acme.test',
        role: 'staff',
        invitedBy: 'Grace Hopper',
        companyName: 'Acme',
        link: 'https://printpool.example/invitations/abc123',
        expiresAt: '2026-03-12T10:00:00.000Z',
      },
    ],
    [
      'gateway',
      '/api/internal/notifications/alert-digest',
      {
        email: 'owner@acme.test',
        companyName: 'Acme',
        asOf: '2026-11-28',
        appOrigin: 'https://printpool.example',
        alerts: [{ kind: 'expiring', key: 'expiring.3', purchaseOrderId: 3, poNumber: 'PO-1001-BL', expiresOn: '2026-12-10', daysLeft: 12, remaining: 3_000 }],
      },
    ],
  ])("answers %s's notice the mail server refused as queued with its next attempt, never as failed", async (service, path, notice) => {
    // A key on every notice: the digest's route requires one (each mail once per digest and member), the others ignore it.
    const response = await down.call(TENANT, path, fromNewDialog(notice), service);
    expect(response.status).toBe(202);
    const body = (await response.json()) as EmailQueued;
    expect(body).toMatchObject({ status: 'queued', emailLog: { status: 'failed' } });
    expect(Date.parse(body.nextAttemptAt)).toBeGreaterThan(Date.now() - 1_000);
    expect(await down.db.knex('mail_outbox').where({ email_log_id: body.emailLog.id }).first()).toBeDefined();
  });
});

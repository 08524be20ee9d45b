import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEvent, type EmailLog, type EmailQueued, type EstimateEmailOutcome } from '@printpool/contracts';
import { lastFullMonth, todayUtc } from '@printpool/domain';
import { createLogger } from '@printpool/service-kit';
import { waitFor } from '@printpool/service-kit/testing';
import { startDevMailbox, type DevMailbox } from '../src/index.js';
import { readTenantProfile } from '../src/db/tenantProfiles.js';
import { companyInfo, OTHER_TENANT, purchaseOrder, TENANT, tenantProfile } from './support/fixtures.js';
import { postJson, startHarness, type Harness } from './support/harness.js';
import { pdfPages } from './support/pdfText.js';

// A customer's stock statement (docs/product.md §12): the PDF read back as the customer's viewer
// would, and its e-mail through a real SMTP server, logged and announced as inventory.statement.sent.

const OCTOBER = { from: '2026-10-01', to: '2026-10-31' };
const STATEMENT = '/api/customers/12/statement.pdf';
const EMAIL = '/api/customers/12/statement/email';

const withKey = (body: unknown, key: string = randomUUID()): RequestInit => {
  const init = postJson(body);
  return { ...init, headers: { ...(init.headers as Record<string, string>), 'Idempotency-Key': key } };
};

/** The events of a type the service recorded in its outbox, oldest first. */
const recorded = async (h: Harness, type: string) =>
  ((await h.db.knex('outbox').where({ type, tenant_id: TENANT }).orderBy('seq').select('data')) as { data: string }[]).map(
    (row) => JSON.parse(row.data) as Record<string, unknown>,
  );

/** One line of the PDF's text with its cells as pdftotext lays them out, spaces between them squeezed to one. */
const squeezed = (text: string) => text.split('\n').map((line) => line.trim().replace(/\s{2,}/g, ' | '));

describe("a customer's statement", () => {
  let mailbox: DevMailbox;
  let h: Harness;

  beforeAll(async () => {
    mailbox = await startDevMailbox({ logger: createLogger('mailbox-test', 'silent') });
    h = await startHarness(mailbox.smtpUrl);
    await h.bus.publish(createEvent('identity.settings.updated', TENANT, { bulkPoSuffix: '-BL', bulkEstimateSuffix: '-BL', faxNumber: '(555) 123-4567' }));
    await h.bus.publish(createEvent('accounting.connection.established', TENANT, { realmId: 'r1', companyName: 'Lone Star Print Brokers' }));
    await h.bus.publish(createEvent('accounting.company.updated', TENANT, companyInfo));
    await waitFor(async () => expect(await readTenantProfile(h.db.knex, TENANT)).toEqual(tenantProfile));
  });
  afterAll(async () => {
    await h.close();
    await mailbox.close();
  });

  const download = async (tenantId: string, query: string) => {
    const response = await h.call(tenantId, `${STATEMENT}${query}`);
    return { response, body: Buffer.from(await response.arrayBuffer()) };
  };
  const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;

  describe('GET /api/customers/:id/statement.pdf', () => {
    it('shows the letterhead, the customer, each item held and released, each release of the period, what remains and when programs end', async () => {
      const { response, body } = await download(TENANT, `?from=${OCTOBER.from}&to=${OCTOBER.to}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="Statement-Harbor-Dental-2026-10-01-to-2026-10-31.pdf"');
      expect(h.inventory.statementPeriods.at(-1)).toEqual(OCTOBER);

      const text = (await pdfPages(body)).join('\n');
      const lines = squeezed(text);
      for (const letterhead of ['Lone Star Print Brokers', '500 Congress Ave, Suite 210, Austin, TX 78701', 'office@lonestarprint.test', 'STOCK STATEMENT'])
        expect(text).toContain(letterhead);
      expect(text).toMatch(/Customer: Harbor Dental/);
      expect(text).toMatch(/Period: Oct 1, 2026 – Oct 31, 2026/);
      expect(text).toMatch(/Stock as of: Nov 28, 2026/);

      // One row an item: held at vendors, of it on order and remaining, released in the period, months of supply, programs' ends.
      expect(text).toMatch(/ Item +At Vendors +On Order +Remaining +Released +Supply \(Mo\.\) +Programs End\n/);
      expect(text).toMatch(/ Business Cards +0 +0 +0 +500 +- +-\n/);
      expect(text).toMatch(/ Envelopes #10 +4,000 +1,000 +3,000 +2,500 +1\.6 +Jan 10, 2027\n/);
      expect(text).toMatch(/ Letterhead +12,250\.5 +0 +12,250\.5 +0 +8\.2 +Nov 20, 2026 \(ended\)\n +Jun 30, 2027\n/);

      // Each release of the period, by the day it shipped and its pull ticket.
      expect(lines).toContain('Oct 6, 2026 | PT-000051 | 1,500');
      expect(lines).toContain('Oct 20, 2026 | PT-000057 | 1,000');
      expect(lines).toContain('Oct 14, 2026 | PT-000053 | 500');
      expect(text).toContain('Envelopes #10: released in the period');
      expect(text).toContain('2,500 units in 2 releases.');
      expect(text).toContain('500 units in one release.');
      expect(text).toMatch(/Letterhead: released in the period\s+No releases in this period\./);

      // The customer's paper: nothing of the broker's buying.
      expect(text).not.toContain('$');
      expect(text).not.toContain(purchaseOrder.vendorName!);
      expect(text).not.toMatch(/PO-\d/);
    });

    it('covers the last full calendar month unless told otherwise, a day left out taken from it', async () => {
      const lastMonth = lastFullMonth(todayUtc());
      expect((await download(TENANT, '')).response.status).toBe(200);
      expect(h.inventory.statementPeriods.at(-1)).toEqual(lastMonth);
      expect((await download(TENANT, '?from=2026-01-01')).response.status).toBe(200);
      expect(h.inventory.statementPeriods.at(-1)).toEqual({ from: '2026-01-01', to: lastMonth.to });
    });

    it('refuses a period that is no statement’s with 400 naming the field, and asks inventory nothing', async () => {
      const asked = h.inventory.statementPeriods.length;
      const refusals = [];
      for (const query of [
        '?from=2026-13-01&to=2026-12-31',
        '?from=2026-10-01&to=yesterday',
        '?from=2026-10-02&to=2026-10-01',
        '?from=2025-01-01&to=2026-01-02',
      ]) {
        const response = await h.call(TENANT, `${STATEMENT}${query}`);
        refusals.push([response.status, await messageOf(response)]);
      }
      expect(refusals).toEqual([
        [400, 'from: must be a date YYYY-MM-DD'],
        [400, 'to: must be a date YYYY-MM-DD'],
        [400, 'to: must be on or after from'],
        [400, 'to: must be at most 366 days from from'],
      ]);
      expect(h.inventory.statementPeriods).toHaveLength(asked);
    });

    it('says so for a customer holding nothing, and answers 404 for another company’s customer', async () => {
      const nothing = await h.call(TENANT, '/api/customers/13/statement.pdf');
      expect(nothing.status).toBe(200);
      const [page, ...more] = await pdfPages(Buffer.from(await nothing.arrayBuffer()));
      expect(more).toEqual([]);
      expect(page).toContain('Customer: Quayside Cafe');
      expect(page).toContain('We hold no stock for Quayside Cafe, and nothing was released to you in this period.');
      expect((await h.call(OTHER_TENANT, STATEMENT)).status).toBe(404);
    });
  });

  describe('POST /api/customers/:id/statement/email', () => {
    const logsOf = async (customerId: string) =>
      (await (await h.call(TENANT, `/api/email-logs?referenceType=STATEMENT&referenceId=${customerId}`)).json()) as EmailLog[];

    it("sends the statement's PDF to the customer's address, logs it and announces inventory.statement.sent once, however often the send is repeated", async () => {
      const key = randomUUID();
      const response = await h.call(TENANT, EMAIL, withKey(OCTOBER, key));
      expect(response.status).toBe(200);
      const sent = (await response.json()) as Extract<EstimateEmailOutcome, { status: 'sent' }>;
      expect(sent).toMatchObject({
        status: 'sent',
        message: 'Statement e-mailed to office@harbordental.test',
        emailLog: {
          toEmail: 'office@harbordental.test',
          subject: 'Stock Statement - Harbor Dental - Oct 1, 2026 to Oct 31, 2026',
          referenceType: 'STATEMENT',
          referenceId: '12',
          referenceNumber: '2026-10-01/2026-10-31',
          status: 'sent',
        },
      });

      const mails = mailbox.messages().filter((mail) => mail.to.includes('office@harbordental.test'));
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail!.subject).toBe(sent.emailLog.subject);
      expect(mail!.replyTo).toBe('office@lonestarprint.test');
      expect(mail!.text).toBe(
        [
          'Hello Harbor Dental,',
          '',
          'Please find attached your stock statement for Oct 1, 2026 to Oct 31, 2026: what we hold for you, what was released to you in the period, and how long it lasts.',
          '',
          'Lone Star Print Brokers',
        ].join('\n'),
      );
      const [attachment] = mail!.attachments;
      expect(attachment).toMatchObject({ filename: 'Statement-Harbor-Dental-2026-10-01-to-2026-10-31.pdf', contentType: 'application/pdf' });
      expect(squeezed((await pdfPages(attachment!.content)).join('\n'))).toContain('Oct 20, 2026 | PT-000057 | 1,000');

      expect(await logsOf('12')).toEqual([sent.emailLog]);
      const announced = [
        {
          customerId: 12,
          customerName: 'Harbor Dental',
          ...OCTOBER,
          emailLogId: sent.emailLog.id,
          toEmail: 'office@harbordental.test',
          subject: sent.emailLog.subject,
          sentAt: sent.emailLog.sentAt,
          messageId: expect.any(String),
        },
      ];
      expect(await recorded(h, 'inventory.statement.sent')).toEqual(announced);

      // The same send again (a retry of the same click): its first outcome, nothing more sent or told.
      const again = await h.call(TENANT, EMAIL, withKey(OCTOBER, key));
      expect(again.status).toBe(200);
      expect(((await again.json()) as typeof sent).emailLog.id).toBe(sent.emailLog.id);
      expect(mailbox.messages().filter((m) => m.to.includes('office@harbordental.test'))).toHaveLength(1);
      expect(await recorded(h, 'inventory.statement.sent')).toEqual(announced);
    });

    it('uses the subject and message the broker wrote', async () => {
      const response = await h.call(TENANT, EMAIL, withKey({ ...OCTOBER, subject: 'Your October stock', message: 'Time to reorder envelopes.' }));
      expect(response.status).toBe(200);
      expect(mailbox.messages()[0]).toMatchObject({ subject: 'Your October stock', text: expect.stringContaining('Time to reorder envelopes.') });
    });

    it('refuses a customer without an e-mail address with 422 naming it, and a bad period with 400, sending and logging nothing', async () => {
      const before = mailbox.messages().length;
      const noAddress = await h.call(TENANT, '/api/customers/13/statement/email', withKey(OCTOBER));
      expect(noAddress.status).toBe(422);
      expect(await noAddress.json()).toMatchObject({
        message: 'Quayside Cafe has no e-mail address in QuickBooks: add one there, then sync customers',
        details: { field: 'customerEmail' },
      });
      const noPeriod = await h.call(TENANT, EMAIL, withKey({ to: '2026-10-31' }));
      expect([noPeriod.status, await messageOf(noPeriod)]).toEqual([400, 'from: must be a date YYYY-MM-DD']);
      const backwards = await h.call(TENANT, EMAIL, withKey({ from: '2026-10-31', to: '2026-10-01' }));
      expect([backwards.status, await messageOf(backwards)]).toEqual([400, 'to: must be on or after from']);
      expect(mailbox.messages()).toHaveLength(before);
      expect(await logsOf('13')).toEqual([]);
      expect((await h.call(OTHER_TENANT, EMAIL, withKey(OCTOBER))).status).toBe(404);
    });
  });
});

describe("a customer's statement e-mailed while the mail server is down", () => {
  it('answers 202 queued, and announces inventory.statement.sent once, when the resend goes out', async () => {
    const closed = await startDevMailbox({ logger: createLogger('closed', 'silent') });
    await closed.close();
    const h = await startHarness(closed.smtpUrl, { MAIL_RESEND_BASE_MS: '500' });
    try {
      const response = await h.call(TENANT, EMAIL, withKey(OCTOBER));
      expect(response.status).toBe(202);
      const queued = (await response.json()) as EmailQueued;
      expect(queued).toMatchObject({ status: 'queued', emailLog: { referenceType: 'STATEMENT', toEmail: 'office@harbordental.test', status: 'failed' } });
      expect(await recorded(h, 'inventory.statement.sent')).toEqual([]);

      const back = await startDevMailbox({ port: Number(new URL(closed.smtpUrl).port), logger: createLogger('back', 'silent') });
      try {
        await waitFor(async () => expect(await recorded(h, 'inventory.statement.sent')).toHaveLength(1), { timeoutMs: 15_000 });
        expect(back.messages().filter((mail) => mail.to.includes('office@harbordental.test'))).toHaveLength(1);
        expect((await recorded(h, 'inventory.statement.sent'))[0]).toMatchObject({ emailLogId: queued.emailLog.id, customerId: 12, ...OCTOBER });
      } finally {
        await back.close();
      }
    } finally {
      await h.close();
    }
  });
});

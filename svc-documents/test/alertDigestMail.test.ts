import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEvent, type AlertDigestMail } from '@printpool/contracts';
import { createLogger } from '@printpool/service-kit';
import { waitFor } from '@printpool/service-kit/testing';
import { startDevMailbox, type DevMailbox } from '../src/index.js';
import { readTenantProfile } from '../src/db/tenantProfiles.js';
import { companyInfo, TENANT } from './support/fixtures.js';
import { postJson, startHarness, type Harness } from './support/harness.js';

// A company's digest of new stock alerts (docs/product.md §12), e-mailed through a real SMTP server
// to one owner or staff member per call, once per Idempotency-Key, and logged.
let mailbox: DevMailbox;
let h: Harness;

beforeAll(async () => {
  mailbox = await startDevMailbox({ logger: createLogger('mailbox-test', 'silent') });
  h = await startHarness(mailbox.smtpUrl);
  await h.bus.publish(createEvent('accounting.company.updated', TENANT, companyInfo));
  await waitFor(async () => expect((await readTenantProfile(h.db.knex, TENANT)).companyName).toBe(companyInfo.companyName));
});
afterAll(async () => {
  await h.close();
  await mailbox.close();
});

const digest = (email: string): AlertDigestMail => ({
  email,
  companyName: 'Lone Star',
  asOf: '2026-11-28',
  appOrigin: 'https://printpool.example.com',
  alerts: [
    {
      kind: 'reorder',
      key: 'reorder.12.7',
      customerId: 12,
      customerName: 'Harbor Dental',
      itemId: '7',
      itemName: 'Envelopes #10',
      atVendor: 4_000,
      reorderPoint: { units: null, months: 2 },
      monthsOfSupply: 1.6,
      runOutOn: '2027-01-14',
      estimate: null,
    },
    { kind: 'expiring', key: 'expiring.3', purchaseOrderId: 3, poNumber: 'PO-1001-BL', expiresOn: '2026-12-10', daysLeft: 12, remaining: 3_000 },
  ],
});
const send = (body: AlertDigestMail, key: string) => {
  const init = postJson(body);
  return h.call(
    TENANT,
    '/api/internal/notifications/alert-digest',
    { ...init, headers: { ...(init.headers as Record<string, string>), 'Idempotency-Key': key } },
    'gateway',
  );
};
const to = (address: string) => mailbox.messages().filter((mail) => mail.to.includes(address));

describe('POST /api/internal/notifications/alert-digest', () => {
  it('e-mails each new alert in the broker’s words with where to open it, under the QuickBooks company name, and logs it', async () => {
    const response = await send(digest('owner@lonestarprint.test'), 'digest-event-1:member-1');
    expect(response.status).toBe(200);
    const [mail] = to('owner@lonestarprint.test');
    expect(mail!.subject).toBe('Stock alerts for Lone Star Print Brokers: 2 new');
    expect(mail!.text).toContain('New stock alerts for Lone Star Print Brokers as of Nov 28, 2026:');
    expect(mail!.text).toContain(
      '- Harbor Dental: Envelopes #10 at its reorder point: 4,000 held, reorder at 2 months, 1.6 months of supply, runs out Jan 14, 2027.',
    );
    expect(mail!.text).toContain('https://printpool.example.com/customers/12');
    expect(mail!.text).toContain('- Program PO-1001-BL ends Dec 10, 2026 with 3,000 units left.');
    expect(mail!.text).toContain('https://printpool.example.com/purchase-orders/3/program');
    const logs = (await (await h.call(TENANT, '/api/email-logs?referenceType=DIGEST')).json()) as Array<Record<string, unknown>>;
    expect(logs).toEqual([
      expect.objectContaining({ toEmail: 'owner@lonestarprint.test', referenceType: 'DIGEST', referenceNumber: '2 alerts', status: 'sent' }),
    ]);
  });

  it('sends a digest delivered twice once, and refuses one without alerts', async () => {
    expect((await send(digest('staff@lonestarprint.test'), 'digest-event-2:member-2')).status).toBe(200);
    expect((await send(digest('staff@lonestarprint.test'), 'digest-event-2:member-2')).status).toBe(200);
    expect(to('staff@lonestarprint.test')).toHaveLength(1);
    expect((await send({ ...digest('staff@lonestarprint.test'), alerts: [] }, 'digest-event-3:member-2')).status).toBe(400);
    expect(to('staff@lonestarprint.test')).toHaveLength(1);
  });
});

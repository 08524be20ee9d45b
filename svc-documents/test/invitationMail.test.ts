import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEvent } from '@printpool/contracts';
import { createLogger } from '@printpool/service-kit';
import { waitFor } from '@printpool/service-kit/testing';
import { startDevMailbox, type DevMailbox } from '../src/index.js';
import { readTenantProfile } from '../src/db/tenantProfiles.js';
import { companyInfo, OTHER_TENANT, TENANT } from './support/fixtures.js';
import { postJson, startHarness, type Harness } from './support/harness.js';

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

const invitation = (email: string) => ({
  invitationId: '01970000-0000-7000-8000-000000000001',
  email,
  role: 'staff',
  invitedBy: 'Grace Hopper',
  companyName: 'grace@lonestarprint.test',
  link: 'https://printpool.example/invitations/abc123',
  expiresAt: '2026-03-12T10:00:00.000Z',
});

const logs = async (tenantId: string) => (await (await h.call(tenantId, '/api/email-logs')).json()) as Array<Record<string, unknown>>;

describe('POST /api/internal/notifications/invitation', () => {
  it('e-mails the link with who invites and as what, under the QuickBooks company name, and logs it', async () => {
    const response = await h.call(TENANT, '/api/internal/notifications/invitation', postJson(invitation('new.hire@lonestarprint.test')), 'gateway');
    expect(response.status).toBe(200);
    const mail = mailbox.messages().find((m) => m.to.includes('new.hire@lonestarprint.test'))!;
    expect(mail.subject).toBe('Invitation to join Lone Star Print Brokers on PrintPool');
    expect(mail.text).toContain('Grace Hopper invited you to join Lone Star Print Brokers on PrintPool as a staff member.');
    expect(mail.text).toContain('https://printpool.example/invitations/abc123');
    expect(mail.text).toContain('The link works once, until Mar 12, 2026.');
    expect((await logs(TENANT))[0]).toMatchObject({
      subject: 'Invitation to join Lone Star Print Brokers on PrintPool',
      toEmail: 'new.hire@lonestarprint.test',
      referenceType: 'INVITATION',
      referenceId: '01970000-0000-7000-8000-000000000001',
      status: 'sent',
    });
  });

  it("names the company as the gateway does before QuickBooks told documents its name, and logs it in that company's log only", async () => {
    const response = await h.call(OTHER_TENANT, '/api/internal/notifications/invitation', postJson(invitation('viewer@elsewhere.test')), 'gateway');
    expect(response.status).toBe(200);
    expect(mailbox.messages().find((m) => m.to.includes('viewer@elsewhere.test'))?.subject).toBe('Invitation to join grace@lonestarprint.test on PrintPool');
    expect((await logs(OTHER_TENANT)).map((log) => log.toEmail)).toEqual(['viewer@elsewhere.test']);
    expect((await logs(TENANT)).map((log) => log.toEmail)).not.toContain('viewer@elsewhere.test');
  });

  it('refuses a link that is not http(s), naming the field, and sends nothing', async () => {
    const before = mailbox.messages().length;
    const response = await h.call(
      TENANT,
      '/api/internal/notifications/invitation',
      postJson({ ...invitation('x@y.test'), link: 'javascript:alert(1)' }),
      'gateway',
    );
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('link');
    expect(mailbox.messages().length).toBe(before);
  });

  it('sends nothing for a call the gateway forwarded for a browser', async () => {
    const before = mailbox.messages().length;
    const response = await h.call(TENANT, '/api/internal/notifications/invitation', postJson(invitation('phish@elsewhere.test')));
    expect(response.status).toBe(403);
    expect(mailbox.messages().length).toBe(before);
  });
});

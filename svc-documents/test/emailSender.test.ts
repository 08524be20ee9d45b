import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger, INTERNAL_TOKEN_HEADER, signInternalToken, type CallerIdentity } from '@printpool/service-kit';
import { startDevMailbox, type DevMailbox } from '../src/index.js';
import { OTHER_TENANT, TENANT } from './support/fixtures.js';
import { SECRET, startHarness, type Harness } from './support/harness.js';

// docs/product.md §10: the communication log names the member who sent each e-mail, and a
// document's History tab reads the e-mails sent for that document alone.

let mailbox: DevMailbox;
let h: Harness;
const ann: CallerIdentity = { tenantId: TENANT, userId: 'user-ann', role: 'staff', memberName: 'Ann Approver' };

/** fetch() as the gateway forwards a member's browser call. */
const asMember = async (member: CallerIdentity, pathname: string, body?: object) =>
  fetch(`${h.url}${pathname}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', [INTERNAL_TOKEN_HEADER]: await signInternalToken(member, SECRET) },
    body: body ? JSON.stringify(body) : undefined,
  });

interface LogEntry {
  referenceType: string;
  referenceId: string;
  sentBy: string | null;
}

beforeAll(async () => {
  mailbox = await startDevMailbox({ logger: createLogger('mailbox-test', 'silent') });
  h = await startHarness(mailbox.smtpUrl);
});
afterAll(async () => {
  await h.close();
  await mailbox.close();
});

describe('who sent an e-mail', () => {
  it('is logged with the member’s name and answered with each entry', async () => {
    const sent = await asMember(ann, '/api/pull-tickets/41/email', { emailAddress: 'orders@papermill.test' });
    expect(sent.status).toBe(200);
    expect(((await sent.json()) as { emailLog: LogEntry }).emailLog.sentBy).toBe('Ann Approver');
    await expect(asMember(ann, '/api/sales-orders/7/send-estimate', {})).resolves.toMatchObject({ status: 200 });

    const [latest] = (await (await asMember(ann, '/api/email-logs')).json()) as LogEntry[];
    expect(latest).toMatchObject({ referenceType: 'SO', referenceId: '7', sentBy: 'Ann Approver' });
  });

  it("lists one document's e-mails alone when the log is asked for that document, and none of another company's", async () => {
    const ticketMail = (await (await asMember(ann, '/api/email-logs?referenceType=PT&referenceId=41')).json()) as LogEntry[];
    expect(ticketMail.length).toBeGreaterThan(0);
    expect(ticketMail.every((log) => log.referenceType === 'PT' && log.referenceId === '41')).toBe(true);

    const stranger = { ...ann, tenantId: OTHER_TENANT, userId: 'user-x' };
    expect(await (await asMember(stranger, '/api/email-logs?referenceType=PT&referenceId=41')).json()).toEqual([]);
  });

  it('refuses a reference that names no document, naming the field', async () => {
    const response = await asMember(ann, '/api/email-logs?referenceType=PT&referenceId=abc');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain('referenceId');
  });
});

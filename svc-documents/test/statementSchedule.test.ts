import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { StatementScheduleSchema, type StatementSchedule } from '@printpool/contracts';
import { lastFullMonth, monthOf, todayUtc } from '@printpool/domain';
import { createLogger } from '@printpool/service-kit';
import { waitFor } from '@printpool/service-kit/testing';
import { startDevMailbox, type DevMailbox } from '../src/index.js';
import { TENANT } from './support/fixtures.js';
import { startHarness, type Harness } from './support/harness.js';

// A customer's monthly statement (docs/product.md §12): turned on, it goes to the customer's
// address once its month is over, through a real SMTP server, logged, and once only.

const SCHEDULE = '/api/customers/12/statement/schedule';
const HARBOR = 'office@harbordental.test';

describe("a customer's monthly statement", () => {
  let mailbox: DevMailbox;
  let h: Harness;
  const harborMails = () => mailbox.messages().filter((mail) => mail.to.includes(HARBOR));

  beforeAll(async () => {
    mailbox = await startDevMailbox({ logger: createLogger('mailbox-test', 'silent') });
    // The scheduler looks every 0.3 s, so what is owed goes within a test's time.
    h = await startHarness(mailbox.smtpUrl, { STATEMENT_SCHEDULE_MINUTES: '0.005' });
  });
  afterAll(async () => {
    await h.close();
    await mailbox.close();
  });

  const read = async (path = SCHEDULE): Promise<{ status: number; schedule: StatementSchedule }> => {
    const response = await h.call(TENANT, path);
    const body: unknown = await response.json();
    return { status: response.status, schedule: response.status === 200 ? StatementScheduleSchema.parse(body) : (body as StatementSchedule) };
  };
  const save = (monthly: unknown, version: string, path = SCHEDULE) =>
    h.call(TENANT, path, { method: 'PUT', headers: { 'content-type': 'application/json', 'If-Match': `"${version}"` }, body: JSON.stringify({ monthly }) });

  it('is off until turned on, and turned on waits for the month in progress to end', async () => {
    const { schedule } = await read();
    expect(schedule).toMatchObject({ customerId: 12, monthly: false, lastSentMonth: null, nextSendOn: null });

    const saved = await save(true, schedule.version);
    expect(saved.status).toBe(200);
    const on = StatementScheduleSchema.parse(await saved.json());
    expect(on).toMatchObject({ monthly: true, lastSentMonth: monthOf(lastFullMonth(todayUtc()).from) });
    expect(on.nextSendOn! > todayUtc()).toBe(true);
    expect(on.nextSendOn!.endsWith('-01')).toBe(true);
    // Nothing of the months before goes out by itself.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(harborMails()).toHaveLength(0);
  });

  it("sends the month that ended to the customer once, logged with its period, whatever the scheduler's passes", async () => {
    const month = lastFullMonth(todayUtc());
    // As a schedule turned on the month before: the month that just ended is owed.
    await h.db.knex('statement_schedules').where({ tenant_id: TENANT, customer_id: 12 }).update({ last_sent_month: '2000-01' });

    await waitFor(() => expect(harborMails()).toHaveLength(1));
    const [mail] = harborMails();
    expect(mail!.subject).toContain('Harbor Dental');
    expect(mail!.attachments.map((attachment) => attachment.filename)).toEqual([`Statement-Harbor-Dental-${month.from}-to-${month.to}.pdf`]);
    expect(h.inventory.statementPeriods.at(-1)).toEqual(month);
    await waitFor(async () => expect((await read()).schedule.lastSentMonth).toBe(monthOf(month.from)));
    const logged = await h.db.knex('statement_emails').where({ tenant_id: TENANT, customer_id: 12 }).select('period_from', 'period_to');
    expect(logged).toEqual([{ period_from: month.from, period_to: month.to }]);

    // A replica that had not seen the month noted finds it owed again: its key has sent it already.
    await h.db.knex('statement_schedules').where({ tenant_id: TENANT, customer_id: 12 }).update({ last_sent_month: '2000-01' });
    await waitFor(async () => expect((await read()).schedule.lastSentMonth).toBe(monthOf(month.from)));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(harborMails()).toHaveLength(1);
  });

  it('turned off, sends nothing', async () => {
    const { schedule } = await read();
    expect((await save(false, schedule.version)).status).toBe(200);
    await h.db.knex('statement_schedules').where({ tenant_id: TENANT, customer_id: 12 }).update({ last_sent_month: '2000-01' });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(harborMails()).toHaveLength(1);
    expect((await read()).schedule).toMatchObject({ monthly: false, nextSendOn: null });
  });

  it('refuses a customer without an address, a stale version, a body that is not true or false, and a customer the company lacks', async () => {
    const quayside = '/api/customers/13/statement/schedule';
    const noAddress = await save(true, (await read(quayside)).schedule.version, quayside);
    expect(noAddress.status).toBe(422);
    expect(await noAddress.json()).toMatchObject({ details: { field: 'customerEmail' } });

    const stale = await save(true, 'stale-version');
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { code: string }).code).toBe('VERSION_CONFLICT');
    expect((await read()).schedule.monthly).toBe(false);

    const notBoolean = await save('yes', (await read()).schedule.version);
    expect(notBoolean.status).toBe(400);
    expect(((await notBoolean.json()) as { message: string }).message).toContain('Monthly must be true or false');

    expect((await read('/api/customers/999/statement/schedule')).status).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EmailLog, EmailQueued, PullTicketEmailOutcome } from '@printpool/contracts';
import { createLogger } from '@printpool/service-kit';
import { waitFor } from '@printpool/service-kit/testing';
import { startDevMailbox, type DevMailbox } from '../src/index.js';
import { TENANT } from './support/fixtures.js';
import { postJson, startHarness, type Harness } from './support/harness.js';

// A send answers sent (200) or queued, will retry (202), never an error for mail that still goes
// out; a retry of the same send while it is queued, or just after it went out, sends nothing more
// (docs/product.md §2 and §7, svc-documents README "E-mail").

const withKey = (body: unknown, key: string): RequestInit => {
  const init = postJson(body);
  return { ...init, headers: { ...(init.headers as Record<string, string>), 'Idempotency-Key': key } };
};

/** A port nothing listens on: the mail server is down until a mailbox is started there. */
async function closedSmtpUrl(): Promise<string> {
  const closed = await startDevMailbox({ logger: createLogger('closed', 'silent') });
  await closed.close();
  return closed.smtpUrl;
}

const mailTo = (mailbox: DevMailbox, address: string) => mailbox.messages().filter((m) => m.to.includes(address));
const settle = () => new Promise((resolve) => setTimeout(resolve, 1_000));

describe('with the SMTP server down, then back', () => {
  let smtpUrl: string;
  let h: Harness;
  const logsOf = async (address: string) => ((await (await h.call(TENANT, '/api/email-logs')).json()) as EmailLog[]).filter((log) => log.toEmail === address);

  beforeAll(async () => {
    smtpUrl = await closedSmtpUrl();
    // The resender waits long enough for the retries below to find the mail still queued.
    h = await startHarness(smtpUrl, { MAIL_RESEND_BASE_MS: '2000' });
  });
  afterAll(() => h.close());

  it('answers a failed pull-ticket send 202 queued with its next attempt, a retry sends nothing more, and one mail goes out', async () => {
    const body = { emailAddress: 'retry@papermill.test' };
    const first = await h.call(TENANT, '/api/pull-tickets/41/email', postJson(body));
    const retried = await h.call(TENANT, '/api/pull-tickets/41/email', postJson(body));

    const back = await startDevMailbox({ port: Number(new URL(smtpUrl).port), logger: createLogger('back', 'silent') });
    try {
      await waitFor(() => expect(mailTo(back, 'retry@papermill.test').length).toBeGreaterThan(0), { timeoutMs: 15_000 });
      await settle();
      expect(mailTo(back, 'retry@papermill.test')).toHaveLength(1);
    } finally {
      await back.close();
    }

    expect(first.status).toBe(202);
    const queued = (await first.json()) as EmailQueued;
    expect(queued).toMatchObject({ status: 'queued', emailLog: { toEmail: 'retry@papermill.test', status: 'failed', attempts: 3 } });
    expect(queued.message).toMatch(/will be sent again at /);
    expect(Date.parse(queued.nextAttemptAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(retried.status).toBe(202);
    expect(((await retried.json()) as EmailQueued).emailLog.id).toBe(queued.emailLog.id);

    const logs = await logsOf('retry@papermill.test');
    expect(logs).toEqual([expect.objectContaining({ id: queued.emailLog.id, status: 'sent', error: null })]);
  });

  it('answers a second call with the same Idempotency-Key by the first call’s outcome now: queued, then sent', async () => {
    const body = { subject: 'Estimate for you' };
    const key = 'dialog-7f3c9a1e-estimate';
    const first = await h.call(TENANT, '/api/sales-orders/7/send-estimate', withKey(body, key));
    expect(first.status).toBe(202);
    const queued = (await first.json()) as EmailQueued;
    expect(queued).toMatchObject({ status: 'queued', emailLog: { toEmail: 'buyer@acme.test', status: 'failed' } });

    const whileQueued = await h.call(TENANT, '/api/sales-orders/7/send-estimate', withKey(body, key));
    expect(whileQueued.status).toBe(202);
    expect(await whileQueued.json()).toMatchObject({ status: 'queued', emailLog: { id: queued.emailLog.id }, nextAttemptAt: queued.nextAttemptAt });

    const back = await startDevMailbox({ port: Number(new URL(smtpUrl).port), logger: createLogger('back', 'silent') });
    try {
      await waitFor(() => expect(mailTo(back, 'buyer@acme.test').length).toBeGreaterThan(0), { timeoutMs: 15_000 });
      await waitFor(async () => expect((await logsOf('buyer@acme.test'))[0]).toMatchObject({ id: queued.emailLog.id, status: 'sent' }));
      const afterSent = await h.call(TENANT, '/api/sales-orders/7/send-estimate', withKey(body, key));
      expect(afterSent.status).toBe(200);
      expect(await afterSent.json()).toMatchObject({ status: 'sent', emailLog: { id: queued.emailLog.id, status: 'sent' } });
      await settle();
      expect(mailTo(back, 'buyer@acme.test')).toHaveLength(1);
    } finally {
      await back.close();
    }
    expect(await logsOf('buyer@acme.test')).toHaveLength(1);
  });
});

describe('with the SMTP server down and no resends', () => {
  it('answers 502 naming the address and the reason: nothing will send it', async () => {
    const h = await startHarness(await closedSmtpUrl(), { MAIL_MAX_RESENDS: '0' });
    try {
      const response = await h.call(TENANT, '/api/sales-orders/7/send-estimate', postJson({}));
      expect(response.status).toBe(502);
      const body = (await response.json()) as { message: string; details: { emailLog: EmailLog } };
      expect(body.message).toMatch(/^Failed to send email to buyer@acme.test after 3 attempts: .*ECONNREFUSED/);
      expect(body.details.emailLog).toMatchObject({ status: 'failed', error: expect.stringContaining('given up') });
    } finally {
      await h.close();
    }
  });
});

describe('with the SMTP server up', () => {
  let mailbox: DevMailbox;
  let h: Harness;
  beforeAll(async () => {
    mailbox = await startDevMailbox({ logger: createLogger('mailbox-test', 'silent') });
    h = await startHarness(mailbox.smtpUrl, { MAIL_REPEAT_WINDOW_MS: '1500' });
  });
  afterAll(async () => {
    await h.close();
    await mailbox.close();
  });

  it('sends a double-clicked message once, and both calls answer the sent e-mail', async () => {
    const body = { emailAddress: 'double@papermill.test', message: 'Please pull today.' };
    const answers = await Promise.all([1, 2].map(() => h.call(TENANT, '/api/pull-tickets/41/email', postJson(body))));
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as PullTicketEmailOutcome[];
    const statuses = answers.map((a) => a.status);
    // The second may find the first still at the mail server (queued) or done (sent): either way one mail.
    expect(statuses.every((s) => s === 200 || s === 202)).toBe(true);
    expect(bodies[0]!.emailLog.id).toBe(bodies[1]!.emailLog.id);
    await settle();
    expect(mailTo(mailbox, 'double@papermill.test')).toHaveLength(1);
    const again = await h.call(TENANT, '/api/pull-tickets/41/email', postJson(body));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ status: 'sent', emailLog: { id: bodies[0]!.emailLog.id, status: 'sent' }, statusUpdated: true });
    expect(mailTo(mailbox, 'double@papermill.test')).toHaveLength(1);
  });

  it('sends an identical message again once it went out longer ago than the repeat window, and a different one at once', async () => {
    const body = { emailAddress: 'window@papermill.test' };
    expect((await h.call(TENANT, '/api/pull-tickets/41/email', postJson(body))).status).toBe(200);
    expect((await h.call(TENANT, '/api/pull-tickets/41/email', postJson({ ...body, subject: 'Rush' }))).status).toBe(200);
    expect(mailTo(mailbox, 'window@papermill.test')).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    const later = await h.call(TENANT, '/api/pull-tickets/41/email', postJson(body));
    expect(later.status).toBe(200);
    expect(mailTo(mailbox, 'window@papermill.test')).toHaveLength(3);
  });

  it('sends each action once: a new Idempotency-Key sends again, the same one does not', async () => {
    const body = { emailAddress: 'keyed@papermill.test' };
    const first = (await (await h.call(TENANT, '/api/pull-tickets/41/email', withKey(body, 'open-0001-aaaa'))).json()) as PullTicketEmailOutcome;
    const same = await h.call(TENANT, '/api/pull-tickets/41/email', withKey(body, 'open-0001-aaaa'));
    expect(same.status).toBe(200);
    expect(((await same.json()) as PullTicketEmailOutcome).emailLog.id).toBe(first.emailLog.id);
    const next = await h.call(TENANT, '/api/pull-tickets/41/email', withKey(body, 'open-0002-bbbb'));
    expect(next.status).toBe(200);
    expect(((await next.json()) as PullTicketEmailOutcome).emailLog.id).not.toBe(first.emailLog.id);
    expect(mailTo(mailbox, 'keyed@papermill.test')).toHaveLength(2);
  });

  it('refuses an Idempotency-Key used for another e-mail, naming the header, and sends nothing', async () => {
    await h.call(TENANT, '/api/pull-tickets/41/email', withKey({ emailAddress: 'one@papermill.test' }, 'open-0003-cccc'));
    const other = await h.call(TENANT, '/api/pull-tickets/41/email', withKey({ emailAddress: 'two@papermill.test' }, 'open-0003-cccc'));
    expect(other.status).toBe(422);
    expect(((await other.json()) as { message: string }).message).toMatch(/^Idempotency-Key: /);
    expect(mailTo(mailbox, 'two@papermill.test')).toHaveLength(0);
  });

  it.each([
    ['too short', 'abc'],
    ['too long', 'k'.repeat(129)],
    ['with a space', 'open 0004 dddd'],
    ['with a quote', 'open-0004-"dd"'],
  ])('refuses an Idempotency-Key %s with a 400 naming the header, and sends nothing', async (_label, key) => {
    const before = mailbox.messages().length;
    const response = await h.call(TENANT, '/api/pull-tickets/41/email', withKey({ emailAddress: 'bad-key@papermill.test' }, key));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/^Idempotency-Key: /);
    expect(mailbox.messages().length).toBe(before);
  });

  it('keeps real errors errors, naming the field, with or without a key', async () => {
    const noAddress = await h.call(TENANT, '/api/pull-tickets/41/email', withKey({ emailAddress: '' }, 'open-0005-eeee'));
    expect(noAddress.status).toBe(400);
    expect(((await noAddress.json()) as { message: string }).message).toBe('emailAddress: Email Required: Please enter an email address');
    const missing = await h.call(TENANT, '/api/sales-orders/999/send-estimate', withKey({}, 'open-0006-ffff'));
    expect(missing.status).toBe(404);
  });
});

describe("what svc-documents' /metrics tells about mail that fails", () => {
  /** The value of one series (`name` or `name{labels}`) on the harness's /metrics, 0 when it has none yet. */
  const scraped = async (h: Harness, series: string) => {
    const text = await (await fetch(`${h.url}/metrics`)).text();
    const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
    return line === undefined ? 0 : Number(line.slice(series.length + 1));
  };

  it('counts a failed send and shows the mail waiting in the resend queue', async () => {
    // The resend comes long after the test, so the mail stays queued.
    const h = await startHarness(await closedSmtpUrl(), { MAIL_RESEND_BASE_MS: '600000' });
    try {
      const failedBefore = await scraped(h, 'mail_sends_total{outcome="failed"}');
      expect((await (await fetch(`${h.url}/metrics`)).text()).split('\n')).toEqual(
        expect.arrayContaining([expect.stringMatching(/^mail_sends_total\{outcome="sent"\} \d+$/), expect.stringMatching(/^mail_resend_queue_length \d+$/)]),
      );
      expect(await scraped(h, 'mail_resend_queue_length')).toBe(0);
      expect((await h.call(TENANT, '/api/pull-tickets/41/email', postJson({ emailAddress: 'queued@papermill.test' }))).status).toBe(202);
      expect(await scraped(h, 'mail_sends_total{outcome="failed"}')).toBe(failedBefore + 1);
      expect(await scraped(h, 'mail_resend_queue_length')).toBe(1);
    } finally {
      await h.close();
    }
  });

  it('counts a mail given up, which leaves the queue', async () => {
    const h = await startHarness(await closedSmtpUrl(), { MAIL_MAX_RESENDS: '0' });
    try {
      const givenUpBefore = await scraped(h, 'mail_given_up_total');
      expect((await h.call(TENANT, '/api/sales-orders/7/send-estimate', postJson({}))).status).toBe(502);
      expect(await scraped(h, 'mail_given_up_total')).toBe(givenUpBefore + 1);
      expect(await scraped(h, 'mail_resend_queue_length')).toBe(0);
    } finally {
      await h.close();
    }
  });
});

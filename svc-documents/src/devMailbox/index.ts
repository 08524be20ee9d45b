import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import { simpleParser } from 'mailparser';
import type { ErrorBody } from '@printpool/contracts';
import { SMTPServer } from 'smtp-server';
import type { Logger } from '@printpool/service-kit';
import { mailboxPage } from './mailboxPage.js';
import { MailStore, type ReceivedMail } from './mailStore.js';

export type { ReceivedAttachment, ReceivedMail } from './mailStore.js';

export interface DevMailboxOptions {
  /** SMTP port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  logger: Logger;
  /** Messages kept; older ones are dropped. */
  capacity?: number;
}

export interface DevMailbox {
  /** Where to point the documents service: `SMTP_URL`. */
  smtpUrl: string;
  port: number;
  /** GET /dev/mailbox (HTML list), GET /dev/mailbox.json and GET /dev/mailbox/:id/attachments/:index (download). */
  router: Router;
  messages(): ReceivedMail[];
  close(): Promise<void>;
}

const BASE_PATH = '/dev/mailbox';
const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;

/**
 * A local SMTP server for the all-in-one mode that keeps what it receives in memory and shows
 * it on a page, so a developer can read the e-mails the product sent. It listens on loopback
 * only, accepts any sender without authentication and never relays anything.
 */
export async function startDevMailbox({ port = 0, logger, capacity = 200 }: DevMailboxOptions): Promise<DevMailbox> {
  const store = new MailStore(capacity);
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
      simpleParser(stream)
        .then((parsed) => {
          const mail = store.add(parsed, to);
          logger.info({ mailId: mail.id, attachments: mail.attachments.length }, 'dev mailbox received a message');
          callback();
        })
        .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
    },
  });
  server.on('error', (err) => logger.warn({ err }, 'dev mailbox SMTP error'));
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  const bound = (server.server.address() as AddressInfo).port;

  const router = new Router();
  router.get(BASE_PATH, (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = mailboxPage(store.list(), BASE_PATH);
  });
  // The same list for scripts and browser tests: metadata only, attachments by their download link.
  router.get(`${BASE_PATH}.json`, (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = store.list().map((mail) => ({
      id: mail.id,
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      date: mail.date,
      attachments: mail.attachments.map((a, i) => ({
        filename: a.filename,
        contentType: a.contentType,
        size: a.size,
        url: `${BASE_PATH}/${mail.id}/attachments/${i}`,
      })),
    }));
  });
  router.get(`${BASE_PATH}/:id/attachments/:index`, (ctx) => {
    const attachment = store.find(ctx.params.id!)?.attachments[Number(ctx.params.index)];
    if (!attachment) {
      ctx.status = 404;
      ctx.body = { message: 'Attachment not found', code: 'NOT_FOUND' } satisfies ErrorBody;
      return;
    }
    ctx.type = attachment.contentType;
    ctx.attachment(attachment.filename);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = attachment.content;
  });

  return {
    smtpUrl: `smtp://127.0.0.1:${bound}`,
    port: bound,
    router,
    messages: () => store.list(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

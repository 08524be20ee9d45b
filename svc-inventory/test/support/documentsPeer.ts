import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import { MailOutcomeSchema, ShipmentNotificationInputSchema, type ShipmentNotification } from '@printpool/contracts';
import { createInternalTokenVerifier, HttpError, INTERNAL_TOKEN_HEADER, parseInput, type CallerIdentity } from '@printpool/service-kit';
import { SECRET } from './service.js';

export interface ReceivedNotification {
  caller: CallerIdentity;
  body: Record<string, unknown>;
}

export interface DocumentsPeer {
  url: string;
  received: ReceivedNotification[];
  /** Answers the next notifications with this status (null: accept them). */
  failWith(status: number | null): void;
  /** Answers the next notifications as queued for a resend at this time, as svc-documents does when the mail server refuses (null: send them). */
  queueUntil(nextAttemptAt: string | null): void;
  close(): Promise<void>;
}

/**
 * Stands in for svc-documents' shipment notification endpoint over real HTTP: it checks the
 * internal token as every service does, reads the notice with the route's own input schema
 * (libs/contracts documents.ts), refusing what svc-documents would refuse, answers as its
 * contract says, and records what it was asked to send. A change to what svc-documents takes
 * therefore breaks inventory's tests, where the notice is written.
 */
export async function startDocumentsPeer(): Promise<DocumentsPeer> {
  const received: ReceivedNotification[] = [];
  let failure: number | null = null;
  let queuedUntil: string | null = null;
  const verify = createInternalTokenVerifier(SECRET);
  const app = new Koa();
  app.use(async (ctx) => {
    const claims = await verify(ctx.get(INTERNAL_TOKEN_HEADER));
    if (!claims) {
      ctx.status = 401;
      ctx.body = { message: 'Unauthorized', code: 'UNAUTHORIZED' };
      return;
    }
    if (claims.service !== 'svc-inventory') {
      ctx.status = 403;
      ctx.body = { message: 'Only PrintPool services may call this route', code: 'FORBIDDEN' };
      return;
    }
    const { caller } = claims;
    if (ctx.method !== 'POST' || ctx.path !== '/api/internal/notifications/shipment') {
      ctx.status = 404;
      ctx.body = { message: 'Not found', code: 'NOT_FOUND' };
      return;
    }
    if (failure !== null) {
      ctx.status = failure;
      ctx.body = { message: 'Mail server refused the message', code: 'MAIL_FAILED' };
      return;
    }
    let raw = '';
    for await (const chunk of ctx.req) raw += String(chunk);
    const body = JSON.parse(raw) as Record<string, unknown>;
    let notice: ShipmentNotification;
    try {
      notice = parseInput(ShipmentNotificationInputSchema, body);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      ctx.status = err.status;
      ctx.body = { message: err.message, code: err.code, details: err.details };
      return;
    }
    received.push({ caller, body });
    const emailLog = {
      id: randomUUID(),
      subject: notice.subject ?? 'Shipped',
      toEmail: notice.customerEmail,
      sentAt: new Date().toISOString(),
      referenceType: 'PT',
      referenceId: notice.pullTicketId,
      referenceNumber: null,
      status: queuedUntil ? 'failed' : 'sent',
      error: queuedUntil ? `connect ECONNREFUSED (sending again at ${queuedUntil})` : null,
      attempts: queuedUntil ? 3 : 1,
      sentBy: null,
    };
    if (queuedUntil) ctx.status = 202;
    ctx.body = MailOutcomeSchema.parse(
      queuedUntil
        ? {
            status: 'queued',
            message: `The mail server did not take the e-mail; it will be sent again at ${queuedUntil}`,
            emailLog,
            nextAttemptAt: queuedUntil,
          }
        : { status: 'sent', message: 'Shipment notification sent', emailLog },
    );
  });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    failWith: (status) => void (failure = status),
    queueUntil: (at) => void (queuedUntil = at),
    close: () => new Promise((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}

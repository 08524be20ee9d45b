import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { InvitationMailInputSchema, MailOutcomeSchema, type InvitationMail } from '@printpool/contracts';
import { createInternalTokenVerifier, HttpError, INTERNAL_TOKEN_HEADER, parseInput, type CallerIdentity } from '@printpool/service-kit';
import { INTERNAL_SECRET } from './gateway.js';

export interface SentInvitation {
  caller: CallerIdentity;
  mail: InvitationMail;
}

export interface DocumentsPeer {
  url: string;
  sent: SentInvitation[];
  /** The token in the newest invitation link sent to this address. */
  linkTokenFor(email: string): string;
  /**
   * How the next invitations are answered: 'queued' as svc-documents does when the mail server
   * refuses (202, sent again later), 'given up' when no resend is configured (502), 'sent' as usual.
   */
  answerAs(outcome: 'sent' | 'queued' | 'given up'): void;
  close(): Promise<void>;
}

/**
 * Stands in for svc-documents' invitation e-mail route over real HTTP: it checks the internal
 * token names a calling service as svc-documents' internal routes do, reads the request with the
 * route's own input schema (libs/contracts documents.ts), answers as its contract says, and
 * records what it was asked to send. svc-documents' own tests send the mail itself.
 */
export async function startDocumentsPeer(): Promise<DocumentsPeer> {
  const sent: SentInvitation[] = [];
  let outcome: 'sent' | 'queued' | 'given up' = 'sent';
  const verify = createInternalTokenVerifier(INTERNAL_SECRET);
  const app = new Koa();
  app.use(async (ctx) => {
    const claims = await verify(ctx.get(INTERNAL_TOKEN_HEADER));
    if (!claims?.service) {
      ctx.status = 403;
      ctx.body = { message: 'Only PrintPool services may call this route', code: 'FORBIDDEN' };
      return;
    }
    if (ctx.method !== 'POST' || ctx.path !== '/api/internal/notifications/invitation') {
      ctx.status = 404;
      ctx.body = { message: 'Route not found', code: 'NOT_FOUND' };
      return;
    }
    let raw = '';
    for await (const chunk of ctx.req) raw += String(chunk);
    let mail: InvitationMail;
    try {
      mail = parseInput(InvitationMailInputSchema, JSON.parse(raw));
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      ctx.status = err.status;
      ctx.body = { message: err.message, code: err.code, details: err.details };
      return;
    }
    const refusal = `Failed to send email to ${mail.email} after 3 attempts: connect ECONNREFUSED`;
    if (outcome === 'given up') {
      ctx.status = 502;
      ctx.body = { message: refusal, code: 'MAIL_SEND_FAILED' };
      return;
    }
    const emailLog = {
      id: randomUUID(),
      subject: `Invitation to join ${mail.companyName} on PrintPool`,
      toEmail: mail.email,
      sentAt: new Date().toISOString(),
      referenceType: 'INVITATION',
      referenceId: mail.invitationId,
      referenceNumber: null,
      status: outcome === 'sent' ? 'sent' : 'failed',
      error: outcome === 'sent' ? null : refusal,
      attempts: outcome === 'sent' ? 1 : 3,
      sentBy: claims.caller.memberName ?? null,
    };
    if (outcome === 'queued') {
      const nextAttemptAt = new Date(Date.now() + 60_000).toISOString();
      ctx.status = 202;
      ctx.body = MailOutcomeSchema.parse({
        status: 'queued',
        message: `The mail server did not take the e-mail; it will be sent again at ${nextAttemptAt}`,
        emailLog,
        nextAttemptAt,
      });
      return;
    }
    sent.push({ caller: claims.caller, mail });
    ctx.body = MailOutcomeSchema.parse({ status: 'sent', message: 'Invitation sent', emailLog });
  });
  const server: Server = createServer(app.callback());
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent,
    linkTokenFor(email) {
      const mail = sent.filter((s) => s.mail.email === email).at(-1)?.mail;
      if (!mail) throw new Error(`no invitation was sent to ${email}`);
      return new URL(mail.link).pathname.split('/').at(-1)!;
    },
    answerAs(next) {
      outcome = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

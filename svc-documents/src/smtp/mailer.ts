import { setTimeout as sleep } from 'node:timers/promises';
import nodemailer from 'nodemailer';
import { backoffDelay } from '@printpool/domain';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The broker's own address: From stays MAIL_FROM (the address the SMTP server may send as), answers go to the broker. */
  replyTo?: string;
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

export type SendOutcome = { ok: true; attempts: number; messageId: string } | { ok: false; attempts: number; error: string };

export interface Mailer {
  /** Tries up to `attempts` times with backoff; never throws, the outcome says what happened. */
  send(mail: OutgoingMail): Promise<SendOutcome>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string;
  from: string;
  attempts: number;
  baseDelayMs: number;
  /** How long the server may stay silent mid-conversation; connecting and its greeting get at most 5 s of it. */
  timeoutMs?: number;
}

/** Sends over SMTP with nodemailer; timeouts are short so a dead server fails fast and is retried. */
export function createMailer({ smtpUrl, from, attempts, baseDelayMs, timeoutMs = 15_000 }: MailerOptions): Mailer {
  const answerWithin = Math.min(timeoutMs, 5_000);
  const transport = nodemailer.createTransport(
    { url: smtpUrl, connectionTimeout: answerWithin, greetingTimeout: answerWithin, socketTimeout: timeoutMs },
    { from },
  );
  return {
    async send(mail) {
      let error = 'not attempted';
      for (let attempt = 1; attempt <= attempts; attempt++) {
        try {
          const info = await transport.sendMail({ from, ...mail });
          return { ok: true, attempts: attempt, messageId: String(info.messageId ?? '') };
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          error = (err as { code?: unknown }).code === 'ETIMEDOUT' ? `The mail server did not answer in time (${message})` : message;
          // base, 2×base, 4×base…: a short outage of the mail server is ridden out without holding the request long.
          if (attempt < attempts) await sleep(backoffDelay(attempt - 1, { baseMs: baseDelayMs }));
        }
      }
      return { ok: false, attempts, error };
    },
    close: () => transport.close(),
  };
}

import { IDEMPOTENCY_KEY_HEADER, SendHeadersSchema } from '@printpool/contracts';
import { parseInput } from '@printpool/service-kit';
import type { Context } from 'koa';
import type { Delivery } from '../mail/deliver.js';

/** 202 for a mail the resender will send (docs/product.md §2, the e-mail dialogs): no one must send it again. */
export function answerQueued(ctx: Context, delivery: Extract<Delivery, { status: 'queued' }>): void {
  const nextAttemptAt = delivery.nextAttemptAt.toISOString();
  ctx.status = 202;
  ctx.body = {
    status: 'queued',
    message: `The mail server did not take the e-mail; it will be sent again at ${nextAttemptAt}`,
    emailLog: delivery.emailLog,
    nextAttemptAt,
  };
}

/** A notice a service asked for (libs/contracts MailOutcomeSchema): 200 sent, or 202 queued with its next attempt. */
export function answerDelivery(ctx: Context, delivery: Delivery, sentMessage: string): void {
  if (delivery.status === 'queued') return answerQueued(ctx, delivery);
  ctx.body = { status: 'sent', message: sentMessage, emailLog: delivery.emailLog };
}

/** The caller's Idempotency-Key, checked at the edge like the body (libs/contracts SendHeadersSchema). */
export const idempotencyKey = (ctx: Context) =>
  parseInput(SendHeadersSchema, { [IDEMPOTENCY_KEY_HEADER]: ctx.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()] })[IDEMPOTENCY_KEY_HEADER];

import type { Knex } from 'knex';
import { Counter, Gauge } from 'prom-client';
import { processMetrics } from '@printpool/service-kit';

/** The databases of the svc-documents instances in this process (one, or one per test). */
const watched = new Set<Knex>();

const sends = new Counter({
  name: 'mail_sends_total',
  help: 'Mails handed to the SMTP server, first sends and resends alike, by outcome: sent, or failed (its retries spent)',
  labelNames: ['outcome'] as const,
  registers: [processMetrics],
});

// Both series from the start: Prometheus' increase() sees no rise in a series that first appears at 1.
for (const outcome of ['sent', 'failed']) sends.inc({ outcome }, 0);

const givenUp = new Counter({
  name: 'mail_given_up_total',
  help: 'Mails no longer sent again after their last resend failed (MAIL_MAX_RESENDS): logged failed for good',
  registers: [processMetrics],
});

new Gauge({
  name: 'mail_resend_queue_length',
  help: 'Mails in the mail outbox: waiting to be sent again after a failure, or being sent',
  registers: [processMetrics],
  async collect() {
    let queued = 0;
    for (const knex of watched) {
      try {
        const row = await knex('mail_outbox').count<{ n: string | number }[]>('* as n').first();
        queued += Number(row?.n ?? 0);
      } catch {
        // The database is away: the figure of the others rather than none (readiness says why).
      }
    }
    this.set(queued);
  },
});

/** Counts one send of a mail (mail/deliver.ts settleDelivery): sent, failed, and whether it was given up. */
export function countMailSend(ok: boolean, gaveUp: boolean): void {
  sends.inc({ outcome: ok ? 'sent' : 'failed' });
  if (gaveUp) givenUp.inc();
}

/** Reports the length of `knex`'s mail outbox on /metrics until the returned function is called. */
export function watchResendQueue(knex: Knex): () => void {
  watched.add(knex);
  return () => void watched.delete(knex);
}

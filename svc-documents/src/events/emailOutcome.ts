import type { Knex } from 'knex';
import { createEvent, DOCUMENTS_EVENTS, type EmailOutcome } from '@printpool/contracts';
import { recordEvent } from '@printpool/service-kit';

/** Recorded in the transaction that logs the e-mail, so the event exists exactly when the row does. */
export async function recordEmailOutcome(trx: Knex.Transaction, tenantId: string, outcome: EmailOutcome): Promise<void> {
  const type = outcome.error === null ? DOCUMENTS_EVENTS.emailSent : DOCUMENTS_EVENTS.emailFailed;
  await recordEvent(trx, createEvent<EmailOutcome>(type, tenantId, outcome));
}

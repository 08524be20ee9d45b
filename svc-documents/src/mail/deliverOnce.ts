import type { Knex } from 'knex';
import { conflict, unprocessable, type CallerIdentity } from '@printpool/service-kit';
import { toEmailLog } from '../db/emailLogs.js';
import { claimSendKey, readKeyedSend, takeOverSendKey, type KeyedSend, type SendKey } from '../db/mailSendKeys.js';
import type { DocumentsConfig } from '../config.js';
import { earlierSendHolds, sendKeyOf } from '../domain/sendKey.js';
import type { OutgoingMail } from '../smtp/mailer.js';
import { settle, startDelivery, type Delivery, type DeliveryDeps, type Reference } from './deliver.js';

export type { Delivery } from './deliver.js';

export type OnceDeps = DeliveryDeps & { config: Pick<DocumentsConfig, 'mailRepeatWindowMs'> };

/**
 * A broker's send, made once per key (domain/sendKey.ts): a call whose key an earlier send still
 * holds sends nothing and answers that send as it stands now (`repeated`). The key is written
 * with the log row, under a unique index (migrations/010-mail-send-keys.ts), so of two calls at
 * once, on any replica, one sends. Only a send that is given up at once (MAIL_MAX_RESENDS=0)
 * is an error: nothing will send it.
 */
export async function deliverOnce(
  deps: OnceDeps,
  caller: CallerIdentity,
  outgoing: OutgoingMail,
  reference: Reference,
  headerKey: string | undefined,
  /** What else a send writes with its log row (a statement's period, db/statementEmails.ts). */
  alongside: (trx: Knex.Transaction, emailLogId: string) => Promise<void> = async () => undefined,
): Promise<Delivery> {
  const sendKey: SendKey = { tenantId: caller.tenantId, ...sendKeyOf(headerKey, caller.tenantId, reference, outgoing) };
  // A call that loses the key to another answers that one's send on its next round.
  for (let round = 0; round < 3; round++) {
    const earlier = await readKeyedSend(deps.db.knex, sendKey.tenantId, sendKey.key);
    if (earlier) {
      assertSameMail(earlier, outgoing, reference);
      const { status, sent_at } = earlier.emailLog;
      const held = { queued: earlier.nextAttemptAt !== null, status, sentAt: new Date(sent_at), derived: earlier.derived };
      if (earlierSendHolds(held, deps.config.mailRepeatWindowMs)) return standing(earlier);
    }
    const started = await startDelivery(deps, caller, outgoing, reference, async (trx, emailLogId) => {
      const claimed = earlier ? await takeOverSendKey(trx, sendKey, earlier.emailLog.id, emailLogId) : await claimSendKey(trx, sendKey, emailLogId);
      if (claimed) await alongside(trx, emailLogId);
      return claimed;
    });
    if (started) return settle(deps, started);
  }
  throw conflict('Another send with the same Idempotency-Key is starting; try again', { field: 'Idempotency-Key' });
}

function standing(earlier: KeyedSend): Delivery {
  const emailLog = toEmailLog(earlier.emailLog);
  return earlier.nextAttemptAt
    ? { status: 'queued', emailLog, nextAttemptAt: earlier.nextAttemptAt, repeated: true }
    : { status: 'sent', emailLog, repeated: true };
}

/** A key answers only for the mail it was first used for: the same document to the same address. */
function assertSameMail(earlier: KeyedSend, outgoing: OutgoingMail, reference: Reference): void {
  const log = earlier.emailLog;
  if (log.reference_type !== reference.type || log.reference_id !== reference.id || log.to_email.toLowerCase() !== outgoing.to.toLowerCase())
    throw unprocessable('Idempotency-Key: already used for another e-mail; send it with a new key', { field: 'Idempotency-Key' });
}

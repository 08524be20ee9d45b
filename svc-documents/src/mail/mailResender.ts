import { setTimeout as sleep } from 'node:timers/promises';
import type { DocumentsDeps } from '../deps.js';
import { readEmailLogRow } from '../db/emailLogs.js';
import { claimDueMail, removeQueuedMail } from '../db/mailOutbox.js';
import { settleDelivery } from './deliver.js';
import { recordPullTicketSent } from './pullTicketSent.js';

export interface MailResender {
  stop(): Promise<void>;
}

/** How long a claimed mail is left to its resender before another may take it. */
const CLAIM_MS = 5 * 60_000;

/**
 * Sends again, one at a time, every mail whose send failed or was cut short (the mail outbox,
 * db/mailOutbox.ts), on the schedule settleDelivery set, until it goes out or is given up.
 * Any replica may run it: a claim keeps two from sending the same mail.
 */
export function startMailResender(deps: DocumentsDeps, idleMs = 5_000): MailResender {
  const stopping = new AbortController();
  const loop = (async () => {
    while (!stopping.signal.aborted) {
      let sentOne = false;
      try {
        sentOne = await resendNext(deps);
      } catch (err) {
        deps.logger.warn({ err }, 'mail resend failed; trying again later');
      }
      if (!sentOne) await sleep(idleMs, undefined, { signal: stopping.signal }).catch(() => undefined);
    }
  })();
  return {
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}

async function resendNext(deps: DocumentsDeps): Promise<boolean> {
  const queued = await claimDueMail(deps.db.knex, CLAIM_MS);
  if (!queued) return false;
  const logged = await readEmailLogRow(deps.db.knex, queued.tenantId, queued.emailLogId);
  if (!logged) {
    await removeQueuedMail(deps.db.knex, queued.emailLogId);
    return true;
  }
  const outcome = await deps.mailer.send(queued.mail);
  const { row } = await settleDelivery(deps, logged, outcome, queued.resends + 1);
  deps.logger.info({ emailLogId: row.id, status: row.status, resends: queued.resends + 1 }, 'mail sent again');
  // The broker sent the ticket to its vendor; it counts as sent from when it went out.
  if (row.status === 'sent' && row.reference_type === 'PT')
    await recordPullTicketSent(deps, { tenantId: row.tenant_id, userId: 'svc-documents' }, row.id, row.reference_id);
  return true;
}

import type { CallerIdentity, Logger } from '@printpool/service-kit';
import { noteEmailLogError } from '../db/emailLogs.js';
import type { DocumentsDeps } from '../deps.js';

/**
 * Once a pull ticket's e-mail is out, whether on the first send or on a resend
 * (mailResender.ts), inventory records the ticket sent. The mail cannot be unsent, so a
 * failure here is noted on the log row for the broker to see, never turned into an error.
 * Answers the note, or null when the status was recorded.
 */
export async function recordPullTicketSent(
  deps: Pick<DocumentsDeps, 'db' | 'source'> & { logger: Logger },
  caller: CallerIdentity,
  emailLogId: string,
  ticketId: string,
): Promise<string | null> {
  try {
    await deps.source.markPullTicketSent(caller, ticketId);
    return null;
  } catch (error) {
    const note = `Sent, but the pull ticket status was not updated: ${error instanceof Error ? error.message : String(error)}`;
    await noteEmailLogError(deps.db.knex, caller.tenantId, emailLogId, note);
    deps.logger.warn({ emailLogId, pullTicketId: ticketId }, 'pull ticket e-mailed but not marked sent');
    return note;
  }
}

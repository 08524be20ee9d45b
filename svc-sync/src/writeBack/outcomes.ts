import { HttpError, type CallerIdentity } from '@printpool/service-kit';
import type { TermNames } from '../domain/mapTransactions.js';
import type { QboDocument } from '../domain/qboDocument.js';
import { failureReason, QboApiError, QboReauthorizationRequired } from '../qbo/qboErrors.js';
import { NotConnectedError } from '../qbo/qboTokens.js';
import type { TermNameList } from '../qbo/termNames.js';

/** What write-back answers, and records, when the company is not connected to QuickBooks. */
export const NOT_CONNECTED = 'Not connected to QuickBooks';
/** The code of a write refused because QuickBooks changed the document since: nothing was written. */
export const WRITE_BACK_CONFLICT = 'WRITE_BACK_CONFLICT';

/** What the page is told, and the document records, when a write to QuickBooks fails as it can. */
export function knownFailure(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (error instanceof NotConnectedError || error instanceof QboReauthorizationRequired) return new HttpError(409, NOT_CONNECTED, 'CONFLICT');
  if (error instanceof QboApiError) return new HttpError(502, failureReason(error), 'QBO_WRITE_FAILED');
  return undefined;
}

/**
 * The names of the terms a document QuickBooks answered refers to by Id. QuickBooks has taken the
 * write by then, so a Term list that cannot be read costs the terms' name until the next sync,
 * never the write's outcome.
 */
export async function answeredTermNames(terms: Pick<TermNameList, 'for'> | undefined, caller: CallerIdentity, document: QboDocument): Promise<TermNames> {
  return (await terms?.for(caller.tenantId, [document]).catch(() => undefined)) ?? new Map<string, string>();
}

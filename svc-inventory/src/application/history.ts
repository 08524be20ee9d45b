import type { Knex } from 'knex';
import { PRINTPOOL_ACTOR, QUICKBOOKS_SYNC_ACTOR, type HistoryDocumentKind, type HistoryFieldChange } from '@printpool/contracts';
import { insertJsonRows, type CallerIdentity } from '@printpool/service-kit';
import { fieldChanges, type TrackedFields } from '../domain/fieldChanges.js';
import { sameToTheCent } from '../domain/trackedFields.js';

/** Who made a change: a member (id and name as the change was made), or no member: 'QuickBooks sync', PrintPool. */
export interface ChangeAuthor {
  memberId: string | null;
  name: string;
}

/** Who made a unit of work's changes and why (the action its documents' history shows, docs/product.md §10). */
export interface ChangeReason {
  by: ChangeAuthor;
  action: string;
}

export const QUICKBOOKS_SYNC: ChangeAuthor = { memberId: null, name: QUICKBOOKS_SYNC_ACTOR };
/** The service's own repairs: orders left waiting allocated as it starts, reconcile's fixes. */
export const PRINTPOOL: ChangeAuthor = { memberId: null, name: PRINTPOOL_ACTOR };

/**
 * Why a request changes documents: `action`, by the member the call is made for (the gateway
 * names them in the internal token, as does a service calling on a member's behalf), or by
 * 'QuickBooks sync' for svc-sync's calls, which carry what QuickBooks answered.
 */
export function requestReason(request: { caller: CallerIdentity; callingService: string | null }, action: string): ChangeReason {
  if (request.callingService === 'svc-sync') return { by: QUICKBOOKS_SYNC, action };
  return { by: { memberId: request.caller.userId, name: request.caller.memberName ?? request.caller.userId }, action };
}

/** A document as a unit of work left it: its tracked fields, or null when it was deleted. */
export interface DocumentState {
  kind: HistoryDocumentKind;
  id: number;
  fields: TrackedFields | null;
  action: string;
  /** Changes of what it reads but does not track (a bulk PO's program terms), recorded beside those of its fields. */
  noted?: readonly HistoryFieldChange[];
}

interface LastState {
  document_kind: HistoryDocumentKind;
  document_id: string | number;
  state: TrackedFields | string | null;
  prices_exact: boolean;
}

/** A document's last recorded fields, and whether its unit prices were recorded exactly (migration 018). */
interface Recorded {
  fields: TrackedFields | null;
  pricesExact: boolean;
}

const exactly = (a: string | null, b: string | null) => a === b;
const toTheCent = (a: string | null, b: string | null) => a === b || sameToTheCent(a, b);

/**
 * Appends a history entry for each document whose tracked fields differ from those its last
 * entry recorded (none yet: every field is new), in the transaction of the change, so the
 * history exists exactly when the change does. A document noted without a visible change (a
 * PO drawn down, a re-import of the same estimate) gets no entry; a deleted one always does.
 */
export async function recordHistory(trx: Knex.Transaction, tenantId: string, by: ChangeAuthor, documents: readonly DocumentState[]): Promise<void> {
  if (documents.length === 0) return;
  const last = await lastStates(trx, tenantId, documents);
  const entries = documents.flatMap((document) => {
    const recorded = last.get(`${document.kind}:${document.id}`);
    const before = recorded?.fields ?? null;
    const changes = fieldChanges(before, document.fields, recorded?.pricesExact === false ? toTheCent : exactly);
    const noted = document.noted ?? [];
    if (changes.length === 0 && noted.length === 0 && document.fields !== null) return [];
    // A document from before history was kept, first changed in what it reads, starts with that change alone.
    const first = before === null && document.fields !== null && noted.length === 0;
    return [
      {
        tenant_id: tenantId,
        document_kind: document.kind,
        document_id: document.id,
        member_id: by.memberId,
        actor: by.name,
        action: document.action,
        // A first entry's changes are its state (migration 016); a deletion lists no fields: the document as it stood is its previous entry.
        changes: first ? null : document.fields === null ? [] : [...(before === null ? [] : changes), ...noted],
        state: document.fields,
        prices_exact: true,
      },
    ];
  });
  // One JSON parameter however many entries: an import's thousands of new orders cost one statement (insertJsonRows).
  await insertJsonRows(trx, { table: 'document_history', rows: entries });
}

async function lastStates(trx: Knex.Transaction, tenantId: string, documents: readonly DocumentState[]): Promise<Map<string, Recorded>> {
  const kinds = [...new Set(documents.map((document) => document.kind))];
  const rows: LastState[] = await trx('document_history')
    .distinctOn('document_kind', 'document_id')
    .where('tenant_id', tenantId)
    .where((where) => {
      for (const kind of kinds)
        where.orWhere((one) =>
          one.where('document_kind', kind).whereIn(
            'document_id',
            documents.filter((document) => document.kind === kind).map((document) => document.id),
          ),
        );
    })
    .orderBy([{ column: 'document_kind' }, { column: 'document_id' }, { column: 'id', order: 'desc' }])
    .select('document_kind', 'document_id', 'state', 'prices_exact');
  return new Map(
    rows.map((row) => [
      `${row.document_kind}:${Number(row.document_id)}`,
      { fields: typeof row.state === 'string' ? (JSON.parse(row.state) as TrackedFields) : row.state, pricesExact: row.prices_exact },
    ]),
  );
}

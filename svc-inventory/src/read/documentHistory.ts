import type { Knex } from 'knex';
import type { HistoryDocumentKind, HistoryEntry, HistoryFieldChange } from '@printpool/contracts';
import { fieldChanges, type TrackedFields } from '../domain/fieldChanges.js';

interface HistoryRow {
  id: string | number;
  pt_number: string | null;
  occurred_at: Date | string;
  member_id: string | null;
  actor: string;
  action: string;
  /** Null on a document's first entry: every field of its state is new (migration 016). */
  changes: HistoryFieldChange[] | string | null;
  state: TrackedFields | string | null;
}

const TABLES: Record<HistoryDocumentKind, string> = { 'purchase-order': 'purchase_orders', 'sales-order': 'sales_orders', 'pull-ticket': 'pull_tickets' };

const COLUMNS = ['h.id', 'h.occurred_at', 'h.member_id', 'h.actor', 'h.action', 'h.changes', 'h.state'];

/**
 * A document's history, newest first (docs/product.md §10), or null when the tenant has no such
 * document and never had: another company's id is unknown here. A deleted document keeps its
 * history. A sales order's history holds its pull tickets' too, each named, so the order reads
 * as one story from estimate to shipment.
 */
export async function documentHistory(knex: Knex, tenantId: string, kind: HistoryDocumentKind, id: number): Promise<HistoryEntry[] | null> {
  const own = knex('document_history as h')
    .where({ 'h.tenant_id': tenantId, 'h.document_kind': kind, 'h.document_id': id })
    .select(...COLUMNS, knex.raw('NULL::text AS pt_number'));
  const tickets = knex('document_history as h')
    .join('pull_tickets as pt', (on) => on.on('pt.tenant_id', 'h.tenant_id').andOn('pt.id', 'h.document_id'))
    .where({ 'h.tenant_id': tenantId, 'h.document_kind': 'pull-ticket', 'pt.sales_order_id': id })
    .select(...COLUMNS, 'pt.pt_number');
  const rows: HistoryRow[] = await (kind === 'sales-order' ? own.unionAll(tickets, true) : own).orderBy('id', 'desc');
  if (rows.length === 0 && !(await knex(TABLES[kind]).where({ tenant_id: tenantId, id }).first('id'))) return null;
  return rows.map((row) => ({
    id: Number(row.id),
    at: new Date(row.occurred_at).toISOString(),
    memberId: row.member_id,
    by: row.actor,
    action: row.action,
    about: row.pt_number === null ? null : `Pull ticket ${row.pt_number}`,
    changes: row.changes === null ? fieldChanges(null, parsed(row.state)) : parsed(row.changes),
  }));
}

/** The drivers answer a json column parsed (pg) or as its text (PGlite). */
function parsed<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

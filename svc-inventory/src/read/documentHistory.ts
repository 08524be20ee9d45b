import type { Knex } from 'knex';
import type { HistoryDocumentKind, HistoryEntry, HistoryFieldChange } from '@printpool/contracts';

interface HistoryRow {
  id: string | number;
  occurred_at: Date | string;
  member_id: string | null;
  actor: string;
  action: string;
  changes: HistoryFieldChange[] | string;
}

const TABLES: Record<HistoryDocumentKind, string> = { 'purchase-order': 'purchase_orders', 'sales-order': 'sales_orders', 'pull-ticket': 'pull_tickets' };

/**
 * A document's history, newest first (docs/product.md §10), or null when the tenant has no such
 * document and never had: another company's id is unknown here. A deleted document keeps its history.
 */
export async function documentHistory(knex: Knex, tenantId: string, kind: HistoryDocumentKind, id: number): Promise<HistoryEntry[] | null> {
  const rows: HistoryRow[] = await knex('document_history')
    .where({ tenant_id: tenantId, document_kind: kind, document_id: id })
    .orderBy('id', 'desc')
    .select('id', 'occurred_at', 'member_id', 'actor', 'action', 'changes');
  if (rows.length === 0 && !(await knex(TABLES[kind]).where({ tenant_id: tenantId, id }).first('id'))) return null;
  return rows.map((row) => ({
    id: Number(row.id),
    at: new Date(row.occurred_at).toISOString(),
    memberId: row.member_id,
    by: row.actor,
    action: row.action,
    changes: typeof row.changes === 'string' ? (JSON.parse(row.changes) as HistoryFieldChange[]) : row.changes,
  }));
}

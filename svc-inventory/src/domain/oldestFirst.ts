/** A QuickBooks document (purchase order or estimate) as allocation ranks it. */
export interface DatedDocument {
  id: number;
  qbId: string | null;
  /** ISO date text, which sorts as the dates do. */
  txnDate: string | null;
}

/**
 * Oldest first: by QuickBooks' date (undated last), then by QuickBooks' id (its ids are
 * numbers: the shorter first, then character by character), then by ours. Our id records
 * which document arrived first, so it only decides between documents QuickBooks does not
 * tell apart; ranking by it alone made two syncs of one company choose different POs.
 */
export function oldestFirst(a: DatedDocument, b: DatedDocument): number {
  return compareNullsLast(a.txnDate, b.txnDate, compareText) || compareNullsLast(a.qbId, b.qbId, compareQbIds) || a.id - b.id;
}

/** The same order in SQL, for a table aliased `alias` with txn_date, qb_id and id. */
export function oldestFirstSql(alias: string): string {
  return `${alias}.txn_date ASC NULLS LAST, length(${alias}.qb_id) ASC NULLS LAST, ${alias}.qb_id COLLATE "C" ASC NULLS LAST, ${alias}.id ASC`;
}

function compareQbIds(a: string, b: string): number {
  return a.length - b.length || compareText(a, b);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareNullsLast(a: string | null, b: string | null, compare: (a: string, b: string) => number): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return compare(a, b);
}

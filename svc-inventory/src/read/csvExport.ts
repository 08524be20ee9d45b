import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { csvLine, type CsvValue } from '../domain/csv.js';
import { listStatement, type ListSelection } from './listPage.js';

/** A column of a list's CSV export: its heading and how a row's view gives its value. */
export type CsvColumn<View> = [heading: string, value: (view: View) => CsvValue];

/** Completes a list's views, for a page or an export's batch at once, with what their rows do not hold (a bulk PO's charges to date). */
export type ListCompletion<View> = (db: Knex | Knex.Transaction, tenantId: string, views: View[]) => Promise<View[]>;

/** Rows read per FETCH: what the service holds at once, however many rows the export has. */
const BATCH_ROWS = 500;

/**
 * Every row a list's search and filters select, in the list's order, as CSV (UTF-8 with the byte
 * order mark spreadsheets look for). The rows come through a cursor of one read-only transaction,
 * a batch at a time and only as fast as the browser takes them, so a 100,000-row export holds
 * one batch in memory and sees one snapshot: an order added meanwhile neither shifts nor
 * repeats a row. Each row goes through the list's own view, so the file says what the screen says.
 */
export function listCsv<Row, View>(
  knex: Knex,
  select: (trx: Knex.Transaction) => ListSelection | Promise<ListSelection>,
  toView: (row: Row) => View,
  columns: CsvColumn<View>[],
  complete?: (trx: Knex.Transaction, views: View[]) => Promise<View[]>,
): Readable {
  return Readable.from(csvText(knex, select, toView, columns, complete), { objectMode: false });
}

async function* csvText<Row, View>(
  knex: Knex,
  select: (trx: Knex.Transaction) => ListSelection | Promise<ListSelection>,
  toView: (row: Row) => View,
  columns: CsvColumn<View>[],
  complete: ((trx: Knex.Transaction, views: View[]) => Promise<View[]>) | undefined,
): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(columns.map(([heading]) => heading))}`;
  const trx = await knex.transaction({ isolationLevel: 'repeatable read', readOnly: true });
  try {
    // The selection and each batch's completion read the export's snapshot too.
    const statement = listStatement(await select(trx));
    await trx.raw(`DECLARE list_export NO SCROLL CURSOR FOR ${statement.text}`, [...statement.values]);
    for (;;) {
      const { rows } = (await trx.raw(`FETCH ${BATCH_ROWS} FROM list_export`)) as { rows: Row[] };
      const views = rows.map(toView);
      const shown = complete && views.length > 0 ? await complete(trx, views) : views;
      if (shown.length > 0) yield shown.map((view) => csvLine(columns.map(([, value]) => value(view)))).join('');
      if (rows.length < BATCH_ROWS) break;
    }
    await trx.commit();
  } finally {
    // The browser went away (the stream was destroyed) or a statement failed.
    if (!trx.isCompleted()) await trx.rollback();
  }
}

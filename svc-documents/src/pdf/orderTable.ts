import { formatQuantity, formatUnitPrice, formatUsd } from '../domain/format.js';
import type { DocumentLine } from '../domain/lines.js';
import type { Column } from './table.js';

/** The priced line table sales and purchase orders share. */
export const ORDER_COLUMNS: Column[] = [
  { header: 'Item ID', weight: 1.1 },
  { header: 'Item', weight: 2.2 },
  { header: 'Description', weight: 3.2 },
  { header: 'Qty', weight: 0.9, align: 'right' },
  { header: 'Unit Price', weight: 1.2, align: 'right' },
  { header: 'Total', weight: 1.3, align: 'right' },
];

export function orderRows(lines: DocumentLine[]): string[][] {
  return lines.map((line) => [line.itemId, line.name, line.description, formatQuantity(line.qty), formatUnitPrice(line.unitPrice), formatUsd(line.total)]);
}

import type { ProgramSource, PullTicket, PurchaseOrder, PurchaseOrderProgram, ReceiptWriteBackState, SalesOrder } from '@printpool/contracts';
import { formatCount, formatUnitPrice } from '@printpool/domain';
import type { TrackedFields } from './fieldChanges.js';

/**
 * The fields of each document that history follows (docs/product.md §10), as its dialog shows
 * them. What PrintPool derives as others change (a PO's remaining units, an order's ticket) is
 * not followed: the change that moved it is in the history of the document it was made to.
 */

const money = (amount: number | string): string => `$${Number(amount).toFixed(2)}`;
/** A line as the dialog shows it: its quantity at its unit price as QuickBooks holds it ('6 at $0.1544'). */
const lineValue = (quantity: number | string, unitPrice: number | string): string => `${quantity} at ${formatUnitPrice(unitPrice)}`;
const text = (value: string | null | undefined): string | null => (value === null || value === undefined || value.trim() === '' ? null : value);

/** One entry per line, named by its item (a second line of the same item gets ' (2)'), so an added or removed line shows alone. */
function lineFields(lines: readonly { name: string; value: string }[], label = 'Item'): Record<string, string> {
  const seen = new Map<string, number>();
  const fields: Record<string, string> = {};
  for (const line of lines) {
    const count = (seen.get(line.name) ?? 0) + 1;
    seen.set(line.name, count);
    fields[count === 1 ? `${label} ${line.name}` : `${label} ${line.name} (${count})`] = line.value;
  }
  return fields;
}

const itemName = (line: { itemName?: string | null; itemId?: string | null; description?: string | null }): string =>
  text(line.itemName) ?? text(line.itemId) ?? text(line.description) ?? 'Unknown Item';

export function salesOrderFields(order: SalesOrder): TrackedFields {
  return {
    Customer: text(order.customerName),
    'Customer email': text(order.customerEmail),
    Status: order.status,
    'Bulk PO': text(order.bulkPoNumber),
    'Total quantity': String(order.totalQuantity),
    'Total amount': money(order.totalAmount),
    'QB Sync': order.syncStatus,
    'Deleted in QuickBooks': order.deletedInQuickbooksAt === null ? null : 'Yes',
    'Order date': order.orderDate,
    Terms: text(order.terms),
    'Ship via': text(order.shipMethod),
    'Customer PO': text(order.customerPoNumber),
    'Ship to': text(order.shipAddress),
    ...lineFields(order.items.map((line) => ({ name: itemName(line), value: lineValue(line.quantity, line.unitPrice) }))),
  };
}

/** A receipt the broker asked to write to the QuickBooks PO, as the PO's history follows it. */
export interface ReceiptWriteBackField {
  receivedOn: string;
  writeBack: Pick<ReceiptWriteBackState, 'status' | 'reason'>;
}

const WRITE_BACK_VALUES: Record<ReceiptWriteBackState['status'], string> = { pending: 'To be written', written: 'Written', failed: 'Not written' };

export function purchaseOrderFields(order: PurchaseOrder, writeBacks: readonly ReceiptWriteBackField[] = []): TrackedFields {
  return {
    Vendor: text(order.vendorName),
    'Vendor email': text(order.vendorEmail),
    Status: order.status,
    Type: order.poType,
    'PO date': order.poDate,
    'Total quantity': String(order.totalQuantity),
    'Total amount': money(order.totalAmount),
    ...lineFields(order.items.map((line) => ({ name: itemName(line), value: lineValue(line.qty, line.unitPrice) }))),
    // What receipts brought (docs/product.md §11): a receipt shows in the PO's history as the units it added.
    ...lineFields(
      order.items.filter((line) => line.qtyReceived !== null).map((line) => ({ name: itemName(line), value: String(line.qtyReceived) })),
      'Received',
    ),
    // Whether each receipt the broker asked to write reached QuickBooks, and why not (docs/product.md §11).
    ...lineFields(
      writeBacks.map(({ receivedOn, writeBack }) => ({
        name: `${receivedOn} in QuickBooks`,
        value: writeBack.reason === null ? WRITE_BACK_VALUES[writeBack.status] : `${WRITE_BACK_VALUES[writeBack.status]}: ${writeBack.reason}`,
      })),
      'Receipt of',
    ),
  };
}

/** Where a PO's program terms come from, as its Program card says it (docs/product.md §2, Purchase Order Details). */
const TERMS_FROM: Record<ProgramSource, string> = {
  'purchase-order': 'Terms of this PO',
  'vendor-defaults': "Vendor's defaults",
  defaults: 'Product defaults',
};

/**
 * A bulk PO's program terms as its history shows a save of them (docs/product.md §10, §11), as its
 * Program card words them: 'Minimum release: 2,500 → 3,000'. They are not among the PO's tracked
 * fields: a save records the terms it changed beside the PO's fields (application/changeSet.ts),
 * so no other change of the PO lists them.
 */
export function programFields(program: Omit<PurchaseOrderProgram, 'version'>): TrackedFields {
  const storage =
    program.storageChargePerMonth === null
      ? null
      : `${money(program.storageChargePerMonth)} a month${program.storageChargeBasis === 'per1000' ? ' per 1,000 units' : ''}`;
  return {
    'Terms from': TERMS_FROM[program.source],
    'Expires on': program.expiresOn,
    'Minimum release': program.minReleaseQuantity === null ? null : formatCount(program.minReleaseQuantity),
    'Release charge': money(program.releaseCharge),
    'Free storage days': program.freeStorageDays === null ? null : formatCount(program.freeStorageDays),
    'Storage charge': storage,
    Tolerance: `±${program.tolerancePercent}%`,
    'Planned releases': program.plannedReleases === null ? null : formatCount(program.plannedReleases),
    Notes: text(program.notes),
  };
}

export function pullTicketFields(ticket: PullTicket): TrackedFields {
  return {
    Status: ticket.status,
    'Vendor email': text(ticket.vendorEmail),
    'Vendor phone': text(ticket.vendorPhone),
    'Vendor address': text(ticket.vendorAddress),
    'Bulk PO': text(ticket.bulkPoNumber),
    'Ship to': text(ticket.customerShippingAddress),
    'Ship-by date': ticket.shipByDate,
    Notes: text(ticket.notes),
    'Approval notes': text(ticket.approvalNotes),
    Proof: text(ticket.attachmentPath),
    Carrier: text(ticket.carrier),
    'Tracking number': text(ticket.trackingNumber),
    // The override a release breaking its program went out under (docs/product.md §11): the rules as worded, and why.
    'Program rules overridden': ticket.programOverride && ticket.programOverride.breaches.map((breach) => breach.message).join(' '),
    'Override reason': ticket.programOverride?.reason ?? null,
    ...lineFields(ticket.items.map((line) => ({ name: text(line.item_name) ?? text(line.item_id) ?? 'Unknown Item', value: String(line.qty) }))),
  };
}

const LINE_VALUE = /^(.*) at \$(-?[\d,]+(?:\.\d+)?)$/;

/**
 * Whether `before`, recorded when history showed unit prices to the cent (migration 018), is
 * `after` as it was then shown: the same quantity at the same price rounded to the cent. Such a
 * field did not change; it is only shown more exactly now.
 */
export function sameToTheCent(before: string | null, after: string | null): boolean {
  const was = before === null ? null : LINE_VALUE.exec(before);
  const now = after === null ? null : LINE_VALUE.exec(after);
  if (!was || !now || was[1] !== now[1]) return false;
  return Number(was[2]!.replaceAll(',', '')).toFixed(2) === Number(now[2]!.replaceAll(',', '')).toFixed(2);
}

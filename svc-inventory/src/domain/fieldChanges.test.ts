import { fieldChanges } from './fieldChanges.js';
import type { PurchaseOrder, SalesOrder } from '@printpool/contracts';
import { purchaseOrderFields, salesOrderFields } from './trackedFields.js';

describe('what a change changed', () => {
  it('lists each field whose text differs, with before and after, and nothing that stayed', () => {
    expect(fieldChanges({ Status: 'pending', Customer: 'Acme', Notes: null }, { Status: 'active', Customer: 'Acme', Notes: 'rush' })).toEqual([
      { field: 'Status', before: 'pending', after: 'active' },
      { field: 'Notes', before: null, after: 'rush' },
    ]);
  });

  it('lists a field only the earlier state had (a removed line) after the others', () => {
    expect(fieldChanges({ 'Item Flyer': '200 at $0.10', 'Item Card': '5 at $1.00' }, { 'Item Card': '6 at $1.00' })).toEqual([
      { field: 'Item Card', before: '5 at $1.00', after: '6 at $1.00' },
      { field: 'Item Flyer', before: '200 at $0.10', after: null },
    ]);
  });

  it('gives every field of a new document from nothing, and of a deleted one to nothing', () => {
    expect(fieldChanges(null, { Status: 'open', Vendor: null })).toEqual([{ field: 'Status', before: null, after: 'open' }]);
    expect(fieldChanges({ Status: 'open' }, null)).toEqual([{ field: 'Status', before: 'open', after: null }]);
  });

  it('finds nothing when the same state is recorded again', () => {
    expect(fieldChanges({ Status: 'open', Vendor: 'Pinnacle Press' }, { Status: 'open', Vendor: 'Pinnacle Press' })).toEqual([]);
  });
});

describe("a sales order's tracked fields", () => {
  const order = {
    customerName: 'Acme Marketing',
    customerEmail: '',
    status: 'active',
    bulkPoNumber: 'PO-1-BL',
    totalQuantity: 205,
    totalAmount: '25',
    syncStatus: null,
    orderDate: '2025-02-01',
    terms: null,
    shipMethod: null,
    customerPoNumber: null,
    shipAddress: null,
    items: [
      { itemId: 'flyer', itemName: 'Flyer', quantity: 200, unitPrice: 0.1, description: null },
      { itemId: 'card', itemName: null, quantity: 5, unitPrice: 1, description: null },
      { itemId: 'flyer', itemName: 'Flyer', quantity: 0, unitPrice: 0, description: 'sample' },
    ],
  } as unknown as SalesOrder;

  it('shows money with two decimals, blanks as nothing, and one field per line named by its item', () => {
    expect(salesOrderFields(order)).toMatchObject({
      Customer: 'Acme Marketing',
      'Customer email': null,
      'Total amount': '$25.00',
      'Item Flyer': '200 at $0.10',
      'Item card': '5 at $1.00',
      'Item Flyer (2)': '0 at $0.00',
    });
  });

  it('stay the same when only what other documents derive moves (a PO line drawn down)', () => {
    const po = {
      vendorName: 'Pinnacle Press',
      vendorEmail: null,
      status: 'open',
      poType: 'BULK',
      poDate: '2025-01-10',
      totalQuantity: 500,
      quantityRemaining: 500,
      totalAmount: '50.00',
      items: [{ itemId: 'flyer', itemName: 'Flyer', description: null, qty: 500, unitPrice: 0.1, qtyRemaining: 500, kind: 'item', amount: 50 }],
    } as unknown as PurchaseOrder;
    const drawn = { ...po, quantityRemaining: 300, items: [{ ...po.items[0]!, qtyRemaining: 300 }] };
    expect(fieldChanges(purchaseOrderFields(po), purchaseOrderFields(drawn))).toEqual([]);
    expect(fieldChanges(purchaseOrderFields(po), purchaseOrderFields({ ...drawn, status: 'closed' }))).toEqual([
      { field: 'Status', before: 'open', after: 'closed' },
    ]);
  });
});

import { describe, expect, it } from '@jest/globals';
import { mapAddress } from './mapAddress.js';
import { mapCustomer, mapItem, mapVendor } from './mapNameLists.js';
import { mapEstimate, mapPurchaseOrder } from './mapTransactions.js';

const meta = { CreateTime: '2026-01-01T00:00:00-08:00', LastUpdatedTime: '2026-01-02T00:00:00-08:00' };
const addr = { Id: '1', Line1: '1 Main St', City: 'Austin', CountrySubDivisionCode: 'TX', PostalCode: '78701', Country: 'USA' };

describe('QBO → accounting contract', () => {
  it('maps a customer, keeping inactive ones and missing parts as null', () => {
    expect(mapCustomer({ Id: '7', DisplayName: 'Acme', PrimaryEmailAddr: { Address: 'a@acme.test' }, BillAddr: addr, Active: false, MetaData: meta })).toEqual({
      qbId: '7',
      displayName: 'Acme',
      companyName: null,
      email: 'a@acme.test',
      phone: null,
      billAddress: { line1: '1 Main St', line2: null, line3: null, line4: null, line5: null, city: 'Austin', region: 'TX', postalCode: '78701', country: 'USA' },
      shipAddress: null,
      active: false,
      qbUpdatedAt: meta.LastUpdatedTime,
    });
  });

  it('treats an empty address as none', () => {
    expect(mapAddress({ Id: '3' })).toBeNull();
  });

  it('keeps every line of a free-form address, where street and city sit in Line1..Line5', () => {
    expect(mapAddress({ Id: '8', Line1: 'Jane Roe', Line2: 'Harbor Dental', Line3: '12 Dock Rd', Line4: 'Austin, TX 78701', Line5: 'USA' })).toEqual({
      line1: 'Jane Roe',
      line2: 'Harbor Dental',
      line3: '12 Dock Rd',
      line4: 'Austin, TX 78701',
      line5: 'USA',
      city: null,
      region: null,
      postalCode: null,
      country: null,
    });
  });

  it('maps a vendor with fax and an item with a price', () => {
    expect(mapVendor({ Id: '2', DisplayName: 'Paper Co', Fax: { FreeFormNumber: '(555) 123-4567' }, MetaData: meta })).toMatchObject({ fax: '(555) 123-4567', active: true, address: null });
    expect(mapItem({ Id: '4', Name: 'Cards', Sku: 'BC', UnitPrice: 0.0315, Type: 'NonInventory', MetaData: meta })).toMatchObject({ name: 'Cards', sku: 'BC', unitPrice: 0.0315, description: null });
  });

  it('maps a purchase order, keeping only item lines', () => {
    const po = mapPurchaseOrder({
      Id: '9',
      SyncToken: '2',
      DocNumber: '4000-BL',
      VendorRef: { value: '1', name: 'Silverleaf' },
      POStatus: 'Closed',
      POEmail: { Address: 'orders@silverleaf.test' },
      TotalAmt: 12.5,
      Line: [
        { Id: '1', Amount: 12.5, Description: 'Bond', DetailType: 'ItemBasedExpenseLineDetail', ItemBasedExpenseLineDetail: { ItemRef: { value: '25', name: 'Bond' }, Qty: 5, UnitPrice: 2.5 } },
        { Amount: 12.5, DetailType: 'SubTotalLineDetail', SubTotalLineDetail: {} },
      ],
      MetaData: meta,
    });
    expect(po).toMatchObject({ status: 'closed', vendorQbId: '1', vendorEmail: 'orders@silverleaf.test', syncToken: '2', totalAmount: 12.5 });
    expect(po.lines).toEqual([{ lineId: '1', itemQbId: '25', itemName: 'Bond', description: 'Bond', qty: 5, unitPrice: 2.5, amount: 12.5 }]);
  });

  it('maps an estimate and defaults an unset status to Pending', () => {
    const estimate = mapEstimate({ Id: '41', CustomerRef: { value: '47', name: 'Stonebridge' }, BillEmail: { Address: 's@x.test' }, CustomerMemo: { value: 'Thanks' }, TotalAmt: '780', MetaData: meta });
    expect(estimate).toMatchObject({ txnStatus: 'Pending', customerQbId: '47', customerEmail: 's@x.test', memo: 'Thanks', totalAmount: 780, lines: [] });
  });
});

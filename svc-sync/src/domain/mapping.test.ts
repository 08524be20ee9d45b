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
      fullyQualifiedName: null,
      parentQbId: null,
      currency: null,
      billAddress: {
        line1: '1 Main St',
        line2: null,
        line3: null,
        line4: null,
        line5: null,
        city: 'Austin',
        region: 'TX',
        postalCode: '78701',
        country: 'USA',
      },
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
    expect(mapVendor({ Id: '2', DisplayName: 'Paper Co', Fax: { FreeFormNumber: '(555) 123-4567' }, MetaData: meta })).toMatchObject({
      fax: '(555) 123-4567',
      active: true,
      address: null,
    });
    expect(mapItem({ Id: '4', Name: 'Cards', Sku: 'BC', UnitPrice: 0.0315, Type: 'NonInventory', MetaData: meta })).toMatchObject({
      name: 'Cards',
      sku: 'BC',
      unitPrice: 0.0315,
      description: null,
      purchaseCost: null,
    });
  });

  it("keeps an item's purchase cost, which a manual PO's price starts from, never its selling price", () => {
    expect(mapItem({ Id: '5', Name: 'Flyer', UnitPrice: 0.22, PurchaseCost: 0.0841, Type: 'Inventory', MetaData: meta }).purchaseCost).toBe(0.0841);
    expect(mapItem({ Id: '6', Name: 'Setup', UnitPrice: 45, PurchaseCost: 0, Type: 'Service', MetaData: meta }).purchaseCost).toBe(0);
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
        {
          Id: '1',
          Amount: 12.5,
          Description: 'Bond',
          DetailType: 'ItemBasedExpenseLineDetail',
          ItemBasedExpenseLineDetail: { ItemRef: { value: '25', name: 'Bond' }, Qty: 5, UnitPrice: 2.5 },
        },
        { Amount: 12.5, DetailType: 'SubTotalLineDetail', SubTotalLineDetail: {} },
      ],
      MetaData: meta,
    });
    expect(po).toMatchObject({ status: 'closed', vendorQbId: '1', vendorEmail: 'orders@silverleaf.test', syncToken: '2', totalAmount: 12.5 });
    expect(po.lines).toEqual([
      { lineId: '1', itemQbId: '25', itemName: 'Bond', description: 'Bond', qty: 5, unitPrice: 2.5, amount: 12.5, kind: 'item', bundle: null },
    ]);
  });

  it('keeps the customer a purchase order line was bought for, whose stock it is', () => {
    const po = mapPurchaseOrder({
      Id: '10',
      SyncToken: '0',
      DocNumber: '4001-BL',
      TotalAmt: 30,
      Line: [
        {
          Id: '1',
          Amount: 25,
          DetailType: 'ItemBasedExpenseLineDetail',
          ItemBasedExpenseLineDetail: {
            ItemRef: { value: '25' },
            Qty: 10,
            UnitPrice: 2.5,
            CustomerRef: { value: '47', name: 'Stonebridge' },
            BillableStatus: 'NotBillable',
          },
        },
        { Id: '2', Amount: 5, DetailType: 'ItemBasedExpenseLineDetail', ItemBasedExpenseLineDetail: { ItemRef: { value: '26' }, Qty: 1, UnitPrice: 5 } },
      ],
      MetaData: meta,
    });
    expect(po.lines.map((line) => [line.itemQbId, line.customerQbId ?? null])).toEqual([
      ['25', '47'],
      ['26', null],
    ]);
  });

  it('maps an estimate and defaults an unset status to Pending', () => {
    const estimate = mapEstimate({
      Id: '41',
      CustomerRef: { value: '47', name: 'Stonebridge' },
      BillEmail: { Address: 's@x.test' },
      CustomerMemo: { value: 'Thanks' },
      TotalAmt: '780',
      MetaData: meta,
    });
    expect(estimate).toMatchObject({ txnStatus: 'Pending', customerQbId: '47', customerEmail: 's@x.test', memo: 'Thanks', totalAmount: 780, lines: [] });
    expect(estimate).toMatchObject({ shipMethod: null, terms: null, customerPoNumber: null });
  });

  it("maps an estimate's ship method, terms and the customer's PO number from its custom field", () => {
    const estimate = mapEstimate({
      Id: '42',
      TotalAmt: 10,
      MetaData: meta,
      ShipMethodRef: { value: 'UPS Ground', name: 'UPS Ground' },
      SalesTermRef: { value: '3', name: 'Net 30' },
      CustomField: [
        { DefinitionId: '1', Name: 'Crew #', Type: 'StringType', StringValue: '102' },
        { DefinitionId: '2', Name: 'P.O. Number', Type: 'StringType', StringValue: ' ACME-5521 ' },
      ],
    });
    expect(estimate).toMatchObject({ shipMethod: 'UPS Ground', terms: 'Net 30', customerPoNumber: 'ACME-5521' });
    expect(
      mapEstimate({ Id: '43', MetaData: meta, ShipMethodRef: { value: 'FedEx' }, CustomField: [{ DefinitionId: '1', Name: 'Crew #', StringValue: '7' }] }),
    ).toMatchObject({
      shipMethod: 'FedEx',
      customerPoNumber: null,
    });
  });

  it('keeps a job under its customer and a sub-item under its parent, each by its full name', () => {
    expect(
      mapCustomer({
        Id: '58',
        DisplayName: 'Spring Gala',
        FullyQualifiedName: 'Harbor Dental:Spring Gala',
        ParentRef: { value: '12' },
        Job: true,
        CurrencyRef: { value: 'CAD', name: 'Canadian Dollar' },
        MetaData: meta,
      }),
    ).toMatchObject({
      displayName: 'Spring Gala',
      fullyQualifiedName: 'Harbor Dental:Spring Gala',
      parentQbId: '12',
      currency: 'CAD',
    });
    const a = mapItem({
      Id: '31',
      Name: '500 ct',
      FullyQualifiedName: 'Business Cards:500 ct',
      ParentRef: { value: '30' },
      SubItem: true,
      Type: 'NonInventory',
      MetaData: meta,
    });
    const b = mapItem({
      Id: '41',
      Name: '500 ct',
      FullyQualifiedName: 'Postcards:500 ct',
      ParentRef: { value: '40' },
      SubItem: true,
      Type: 'NonInventory',
      MetaData: meta,
    });
    expect([a.fullyQualifiedName, b.fullyQualifiedName]).toEqual(['Business Cards:500 ct', 'Postcards:500 ct']);
    expect(mapItem({ Id: '5', Name: 'Print', Type: 'Category', MetaData: meta }).type).toBe('Category');
  });

  it('expands a bundle into its components with the quantities QuickBooks gives for the whole bundle', () => {
    // As QuickBooks answers a Group line: the nested Qty is already component quantity × bundle quantity (8 × 4).
    const estimate = mapEstimate({
      Id: '98',
      TotalAmt: 43.2,
      TxnTaxDetail: { TotalTax: 3.2, TaxLine: [{ Amount: 3.2, DetailType: 'TaxLineDetail', TaxLineDetail: { TaxPercent: 8 } }] },
      CurrencyRef: { value: 'USD', name: 'United States Dollar' },
      Line: [
        {
          Id: '1',
          LineNum: 1,
          Amount: 40,
          DetailType: 'GroupLineDetail',
          GroupLineDetail: {
            GroupItemRef: { value: '59', name: 'Event Kit' },
            Quantity: 4,
            Line: [
              {
                Id: '2',
                LineNum: 2,
                Amount: 40,
                DetailType: 'SalesItemLineDetail',
                SalesItemLineDetail: { ItemRef: { value: '8', name: 'Flyer' }, Qty: 32, UnitPrice: 1.25, TaxCodeRef: { value: 'TAX' } },
              },
            ],
          },
        },
        { Id: '3', LineNum: 3, Description: 'PROOF MUST BE APPROVED BEFORE RUN', DetailType: 'DescriptionOnly', DescriptionLineDetail: {} },
        { Amount: 40, DetailType: 'SubTotalLineDetail', SubTotalLineDetail: {} },
      ],
      MetaData: meta,
    });
    expect(estimate.lines).toEqual([
      {
        lineId: '2',
        itemQbId: '8',
        itemName: 'Flyer',
        description: null,
        qty: 32,
        unitPrice: 1.25,
        amount: 40,
        kind: 'item',
        bundle: { lineId: '1', itemQbId: '59', name: 'Event Kit', quantity: 4 },
      },
    ]);
    expect(estimate).toMatchObject({ totalAmount: 43.2, totals: { subtotal: 40, discount: 0, tax: 3.2 }, currency: 'USD' });
    // The text after the bundle follows its last component, where QuickBooks prints it.
    expect(estimate.descriptionLines).toEqual([{ lineId: '3', description: 'PROOF MUST BE APPROVED BEFORE RUN', afterLineId: '2' }]);
  });

  it('keeps description-only lines in their places among the goods lines, a blank one left out', () => {
    const item = (Id: string, item: string) => ({
      Id,
      Amount: 10,
      DetailType: 'SalesItemLineDetail',
      SalesItemLineDetail: { ItemRef: { value: item }, Qty: 10, UnitPrice: 1 },
    });
    const text = (Id: string, Description?: string) => ({
      Id,
      DetailType: 'DescriptionOnly',
      DescriptionLineDetail: {},
      ...(Description ? { Description } : {}),
    });
    const estimate = mapEstimate({
      Id: '99',
      MetaData: meta,
      Line: [
        text('1', 'Spring campaign'),
        item('2', '8'),
        text('3', 'PROOF MUST BE APPROVED BEFORE RUN'),
        text('4'),
        item('5', '9'),
        { Amount: 20, DetailType: 'SubTotalLineDetail', SubTotalLineDetail: {} },
        text('6', 'Łódź Ωmega Дизайн 東京'),
      ],
    });
    expect(estimate.lines.map((line) => line.lineId)).toEqual(['2', '5']);
    expect(estimate.descriptionLines).toEqual([
      { lineId: '1', description: 'Spring campaign', afterLineId: null },
      { lineId: '3', description: 'PROOF MUST BE APPROVED BEFORE RUN', afterLineId: '2' },
      { lineId: '6', description: 'Łódź Ωmega Дизайн 東京', afterLineId: '5' },
    ]);
  });

  it("names an estimate's and a purchase order's terms from QuickBooks' Term list when the ref is an Id alone, and never prints the Id", () => {
    const doc = { Id: '44', MetaData: meta, SalesTermRef: { value: '2' } };
    for (const map of [mapEstimate, mapPurchaseOrder]) {
      expect(map(doc, new Map([['2', 'Net 15']])).terms).toBe('Net 15');
      expect(map(doc).terms).toBeNull();
      expect(map({ ...doc, SalesTermRef: { value: '2', name: 'Net 15 (ref)' } }, new Map([['2', 'Net 15']])).terms).toBe('Net 15 (ref)');
    }
  });

  it("keeps a purchase order's expense lines as expenses and reads discounts into the totals", () => {
    const po = mapPurchaseOrder({
      Id: '12',
      TotalAmt: 1229.5,
      CurrencyRef: { value: 'EUR', name: 'Euro' },
      Line: [
        {
          Id: '1',
          Amount: 1200,
          DetailType: 'ItemBasedExpenseLineDetail',
          ItemBasedExpenseLineDetail: { ItemRef: { value: '25', name: 'Bond' }, Qty: 12750, UnitPrice: 0.0941176 },
        },
        {
          Id: '2',
          Amount: 45,
          Description: 'Freight',
          DetailType: 'AccountBasedExpenseLineDetail',
          AccountBasedExpenseLineDetail: { AccountRef: { value: '80', name: 'Freight and Shipping Costs' }, BillableStatus: 'NotBillable' },
        },
      ],
      MetaData: meta,
    });
    expect(po.lines[1]).toEqual({
      lineId: '2',
      itemQbId: null,
      itemName: 'Freight and Shipping Costs',
      description: 'Freight',
      qty: 0,
      unitPrice: 0,
      amount: 45,
      kind: 'expense',
      bundle: null,
    });
    expect(po.lines[0]!.unitPrice).toBe(0.0941176);
    expect(po.currency).toBe('EUR');
    const discounted = mapEstimate({
      Id: '7',
      TotalAmt: 90,
      Line: [
        { Id: '1', Amount: 100, DetailType: 'SalesItemLineDetail', SalesItemLineDetail: { ItemRef: { value: '8' }, Qty: 1000, UnitPrice: 0.1 } },
        { Amount: 100, DetailType: 'SubTotalLineDetail', SubTotalLineDetail: {} },
        { Amount: 10, DetailType: 'DiscountLineDetail', DiscountLineDetail: { PercentBased: true, DiscountPercent: 10 } },
      ],
      MetaData: meta,
    });
    expect(discounted.totals).toEqual({ subtotal: 100, discount: 10, tax: 0 });
  });
});

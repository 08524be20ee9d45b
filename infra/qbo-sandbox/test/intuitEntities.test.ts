import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readJson, startSandbox, type IntuitFault, type Running } from './support.js';

type Obj = Record<string, unknown>;
type Line = Obj & { Id?: string; DetailType: string; Amount: number };
type Doc = Obj & { Id: string; SyncToken: string; Line: Line[]; TotalAmt: number };

let running: Running;
beforeAll(async () => {
  running = await startSandbox({ scale: 1 });
});
afterAll(() => running.stop());

const post = (path: string, body: unknown) => running.api(path, { method: 'POST', body: JSON.stringify(body) });
async function ok<T = Obj>(response: Response, entity: string): Promise<T> {
  const body = await readJson<Obj>(response);
  if (response.status !== 200) throw new Error(JSON.stringify(body));
  return body[entity] as T;
}
async function rows(text: string): Promise<Obj[]> {
  const { status, body } = await running.query<{ QueryResponse: Record<string, Obj[]> }>(text);
  expect(status).toBe(200);
  const entity = /from\s+(\w+)/i.exec(text)![1]!;
  return Object.entries(body.QueryResponse).find(([key]) => key.toLowerCase() === entity.toLowerCase())?.[1] ?? [];
}
const firstWhere = async (text: string) => (await rows(text))[0]!;

describe('reference lists: Account, TaxCode, TaxRate, Term', () => {
  it("reads and queries them with Intuit's fields", async () => {
    const freight = await firstWhere("select * from Account where Name = 'Freight and Shipping Costs'");
    expect(freight).toMatchObject({
      AccountType: 'Cost of Goods Sold',
      Classification: 'Expense',
      FullyQualifiedName: 'Freight and Shipping Costs',
      Active: true,
    });
    expect(await ok(await running.api(`/account/${String(freight.Id)}`), 'Account')).toMatchObject({ Name: 'Freight and Shipping Costs' });

    const codes = await rows('select * from TaxCode');
    expect(codes.length).toBeGreaterThanOrEqual(2);
    const code = codes[0]!;
    expect(code).toMatchObject({ Taxable: true, TaxGroup: true, SalesTaxRateList: { TaxRateDetail: expect.any(Array) } });
    const rateRef = (code.SalesTaxRateList as { TaxRateDetail: { TaxRateRef: { value: string } }[] }).TaxRateDetail[0]!.TaxRateRef;
    const rate = await ok(await running.api(`/taxrate/${rateRef.value}`), 'TaxRate');
    expect(rate).toMatchObject({ RateValue: expect.any(Number), Active: true });

    const net30 = await firstWhere("select * from Term where Name = 'Net 30'");
    expect(net30).toMatchObject({ Type: 'STANDARD', DueDays: 30, Active: true });
    expect((await rows('select * from Term where DueDays > 20')).map((term) => term.Name)).toEqual(['Net 30', 'Net 60']);
  });

  it('refuses writes to tax codes and rates, as QBO does outside its TaxService', async () => {
    const response = await post('/taxcode', { Name: 'Mine' });
    expect(response.status).toBe(400);
    expect((await readJson<IntuitFault>(response)).Fault.Error[0]).toMatchObject({ code: '500', Message: 'Unsupported Operation' });
  });
});

describe('lines, discounts, bundles and tax', () => {
  it('computes TotalAmt = subtotal - discount + tax, with one TaxLine per rate on the taxable lines', async () => {
    const customer = await firstWhere('select * from Customer where Job = false and Active = true maxresults 1');
    const code = await firstWhere('select * from TaxCode');
    const items = await rows("select * from Item where Type = 'NonInventory' and Active = true maxresults 2");
    const [taxed, untaxed] = items as [Obj, Obj];
    const estimate = await ok<Doc>(
      await post('/estimate', {
        CustomerRef: { value: customer.Id },
        Line: [
          {
            DetailType: 'SalesItemLineDetail',
            Amount: 220.38,
            SalesItemLineDetail: { ItemRef: { value: taxed.Id }, Qty: 2342, UnitPrice: 0.0941, TaxCodeRef: { value: 'TAX' } },
          },
          {
            DetailType: 'SalesItemLineDetail',
            SalesItemLineDetail: { ItemRef: { value: untaxed.Id }, Qty: 1000, UnitPrice: 0.0177, TaxCodeRef: { value: 'NON' } },
          },
          { DetailType: 'DescriptionOnly', Description: 'PROOF MUST BE APPROVED BEFORE RUN' },
          { DetailType: 'DiscountLineDetail', DiscountLineDetail: { PercentBased: true, DiscountPercent: 10 } },
        ],
        TxnTaxDetail: { TxnTaxCodeRef: { value: code.Id } },
      }),
      'Estimate',
    );
    expect(estimate.Line.map((line) => line.DetailType)).toEqual([
      'SalesItemLineDetail',
      'SalesItemLineDetail',
      'DescriptionOnly',
      'DiscountLineDetail',
      'SubTotalLineDetail',
    ]);
    expect(estimate.Line[1]!.Amount).toBe(17.7);
    const subtotal = estimate.Line.at(-1)!.Amount;
    expect(subtotal).toBe(238.08);
    const discount = estimate.Line[3]!;
    expect(discount).toMatchObject({
      Amount: 23.81,
      DiscountLineDetail: { PercentBased: true, DiscountPercent: 10, DiscountAccountRef: expect.objectContaining({ value: expect.any(String) }) },
    });
    const tax = estimate.TxnTaxDetail as {
      TotalTax: number;
      TaxLine: { Amount: number; DetailType: string; TaxLineDetail: { TaxPercent: number; NetAmountTaxable: number; PercentBased: boolean } }[];
    };
    expect(tax.TaxLine.length).toBeGreaterThan(0);
    for (const line of tax.TaxLine) {
      expect(line.DetailType).toBe('TaxLineDetail');
      expect(line.TaxLineDetail.NetAmountTaxable).toBe(220.38);
      expect(line.Amount).toBe(Math.round(220.38 * line.TaxLineDetail.TaxPercent) / 100);
    }
    expect(tax.TotalTax).toBe(Math.round(tax.TaxLine.reduce((sum, line) => sum + line.Amount, 0) * 100) / 100);
    expect(estimate.TotalAmt).toBe(Math.round((subtotal - 23.81 + tax.TotalTax) * 100) / 100);

    // Sent back as read, nothing changes but the SyncToken.
    const again = await ok<Doc>(await post('/estimate', estimate), 'Estimate');
    expect(again.TotalAmt).toBe(estimate.TotalAmt);
    expect(again.Line).toEqual(estimate.Line);

    const byAmount = await ok<Doc>(
      await post('/estimate', {
        ...again,
        Line: [...again.Line.slice(0, 3), { DetailType: 'DiscountLineDetail', Amount: 15, DiscountLineDetail: { PercentBased: false } }],
      }),
      'Estimate',
    );
    expect(byAmount.TotalAmt).toBe(Math.round((238.08 - 15 + tax.TotalTax) * 100) / 100);
  });

  it('expands a Group item into its components, Qty = component qty x group quantity', async () => {
    const group = await firstWhere("select * from Item where Type = 'Group'");
    const members = (group.ItemGroupDetail as { ItemGroupLine: { ItemRef: { value: string }; Qty: number }[] }).ItemGroupLine;
    const customer = await firstWhere('select * from Customer where Job = false maxresults 1');
    const estimate = await ok<Doc>(
      await post('/estimate', {
        CustomerRef: { value: customer.Id },
        Line: [{ DetailType: 'GroupLineDetail', GroupLineDetail: { GroupItemRef: { value: group.Id }, Quantity: 3 } }],
      }),
      'Estimate',
    );
    const bundle = estimate.Line[0]!;
    const detail = bundle.GroupLineDetail as { GroupItemRef: { name: string }; Quantity: number; Line: Line[] };
    expect(detail.GroupItemRef.name).toBe(group.Name);
    expect(detail.Line.map((part) => (part.SalesItemLineDetail as { Qty: number }).Qty)).toEqual(members.map((member) => member.Qty * 3));
    expect(detail.Line.map((part) => (part.SalesItemLineDetail as { ItemRef: { value: string } }).ItemRef.value)).toEqual(
      members.map((member) => member.ItemRef.value),
    );
    expect(new Set([bundle.Id, ...detail.Line.map((part) => part.Id)]).size).toBe(members.length + 1);
    expect(bundle.Amount).toBe(Math.round(detail.Line.reduce((sum, part) => sum + part.Amount, 0) * 100) / 100);
    expect(estimate.TotalAmt).toBe(bundle.Amount);
  });

  it('never puts a Category or Group item on an item line', async () => {
    const customer = await firstWhere('select * from Customer maxresults 1');
    for (const type of ['Category', 'Group']) {
      const item = await firstWhere(`select * from Item where Type = '${type}'`);
      const response = await post('/estimate', {
        CustomerRef: { value: customer.Id },
        Line: [{ DetailType: 'SalesItemLineDetail', Amount: 10, SalesItemLineDetail: { ItemRef: { value: item.Id } } }],
      });
      expect(response.status).toBe(400);
      expect((await readJson<IntuitFault>(response)).Fault.Error[0]!.code).toBe('6000');
    }
  });

  it('keeps freight and setup on purchase orders as expense-account lines in the total', async () => {
    const vendor = await firstWhere('select * from Vendor where Active = true maxresults 1');
    const item = await firstWhere("select * from Item where Type = 'NonInventory' maxresults 1");
    const account = await firstWhere("select * from Account where Name = 'Freight and Shipping Costs'");
    const order = await ok<Doc>(
      await post('/purchaseorder', {
        VendorRef: { value: vendor.Id },
        Line: [
          { DetailType: 'ItemBasedExpenseLineDetail', ItemBasedExpenseLineDetail: { ItemRef: { value: item.Id }, Qty: 5000, UnitPrice: 0.0177 } },
          {
            DetailType: 'AccountBasedExpenseLineDetail',
            Amount: 85.5,
            Description: 'Freight',
            AccountBasedExpenseLineDetail: { AccountRef: { value: account.Id } },
          },
        ],
      }),
      'PurchaseOrder',
    );
    expect(order.Line[1]).toMatchObject({
      Amount: 85.5,
      AccountBasedExpenseLineDetail: { AccountRef: { value: account.Id, name: 'Freight and Shipping Costs' } },
    });
    expect(order.TotalAmt).toBe(88.5 + 85.5);
  });
});

describe('document numbers', () => {
  it('numbers an estimate created without a DocNumber after the last numbered one, as QBO does with automatic numbers, and keeps one sent', async () => {
    const customer = await firstWhere('select * from Customer where Job = false and Active = true maxresults 1');
    const [item] = (await rows("select * from Item where Type = 'NonInventory' and Active = true maxresults 1")) as [Obj];
    const line = { DetailType: 'SalesItemLineDetail', Amount: 94.1, SalesItemLineDetail: { ItemRef: { value: item.Id }, Qty: 1000, UnitPrice: 0.0941 } };
    const numbered = await ok<Doc>(await post('/estimate', { DocNumber: '88001', CustomerRef: { value: customer.Id }, Line: [line] }), 'Estimate');
    expect(numbered.DocNumber).toBe('88001');
    const bulk = await ok<Doc>(await post('/estimate', { DocNumber: '88002-BL', CustomerRef: { value: customer.Id }, Line: [line] }), 'Estimate');
    expect(bulk.DocNumber).toBe('88002-BL');
    const next = await ok<Doc>(await post('/estimate', { CustomerRef: { value: customer.Id }, Line: [line] }), 'Estimate');
    expect(next.DocNumber).toBe('88002');
    // An update never renumbers it.
    const updated = await ok<Doc>(await post('/estimate', { Id: next.Id, SyncToken: next.SyncToken, sparse: true, PrivateNote: 'Reorder' }), 'Estimate');
    expect(updated.DocNumber).toBe('88002');
  });
});

describe('sub-customers, sub-items and currency', () => {
  it('names jobs and sub-items "Parent:Child" with Level and ParentRef; same-named sub-items live under two parents', async () => {
    const parent = await firstWhere("select * from Customer where Job = false and Active = true and DisplayName like '%' maxresults 1");
    const job = await ok(
      await post('/customer', { DisplayName: 'Spring Mailer 2026', ParentRef: { value: parent.Id }, Job: true, BillWithParent: true }),
      'Customer',
    );
    expect(job).toMatchObject({ Job: true, Level: 1, ParentRef: { value: parent.Id }, FullyQualifiedName: `${String(parent.DisplayName)}:Spring Mailer 2026` });
    const estimate = await ok<Doc>(
      await post('/estimate', { CustomerRef: { value: job.Id }, Line: [{ DetailType: 'DescriptionOnly', Description: 'Quote to follow' }] }),
      'Estimate',
    );
    expect(estimate.CustomerRef).toEqual({ value: job.Id, name: job.FullyQualifiedName });

    const subs = await rows("select * from Item where Name = '500 ct'");
    expect(subs).toHaveLength(2);
    expect(new Set(subs.map((sub) => sub.FullyQualifiedName)).size).toBe(2);
    for (const sub of subs) expect(sub).toMatchObject({ SubItem: true, Level: 1, ParentRef: { value: expect.any(String) } });
    const another = await post('/item', { Name: '500 ct', ParentRef: { value: (subs[0]!.ParentRef as { value: string }).value }, Type: 'NonInventory' });
    expect((await readJson<IntuitFault>(another)).Fault.Error[0]!.code).toBe('6240');
  });

  it('bills a foreign-currency customer in its currency with ExchangeRate and HomeTotalAmt', async () => {
    const cad = await firstWhere("select * from Customer where DisplayName like '%Ltd.'");
    expect(cad.CurrencyRef).toEqual({ value: 'CAD', name: 'Canadian Dollar' });
    const docs = (await rows(`select * from Estimate where CustomerRef = '${String(cad.Id)}'`)) as Doc[];
    expect(docs.length).toBeGreaterThan(0);
    for (const doc of docs) {
      expect(doc.CurrencyRef).toEqual({ value: 'CAD', name: 'Canadian Dollar' });
      expect(doc.HomeTotalAmt).toBe(Math.round(doc.TotalAmt * Number(doc.ExchangeRate) * 100) / 100);
    }
    const usd = await post('/estimate', {
      CustomerRef: { value: cad.Id },
      CurrencyRef: { value: 'USD' },
      Line: [{ DetailType: 'DescriptionOnly', Description: 'x' }],
    });
    expect((await readJson<IntuitFault>(usd)).Fault.Error[0]!.code).toBe('6000');
  });
});

describe('invoices, estimate PDF and send', () => {
  it('converts an estimate: the invoice links to it, and it is Closed and links back', async () => {
    const { sandbox, realmId, baseUrl } = running;
    const pending = await firstWhere("select * from Estimate where TxnStatus = 'Pending' maxresults 1");
    const response = await fetch(`${baseUrl}/admin/companies/${realmId}/estimates/${String(pending.Id)}/convert`, { method: 'POST' });
    expect(response.status).toBe(201);
    const { Invoice, Estimate } = await readJson<{ Invoice: Doc; Estimate: Doc }>(response);
    expect(Invoice.LinkedTxn).toEqual([{ TxnId: pending.Id, TxnType: 'Estimate' }]);
    expect(Invoice).toMatchObject({
      TotalAmt: pending.TotalAmt,
      Balance: pending.TotalAmt,
      CustomerRef: pending.CustomerRef,
      DueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(Estimate).toMatchObject({ TxnStatus: 'Closed', LinkedTxn: [{ TxnId: Invoice.Id, TxnType: 'Invoice' }] });
    expect(await ok(await running.api(`/invoice/${Invoice.Id}`), 'Invoice')).toMatchObject({ Id: Invoice.Id });
    expect(await rows(`select * from Invoice where Id = '${Invoice.Id}'`)).toHaveLength(1);
    const again = await fetch(`${baseUrl}/admin/companies/${realmId}/estimates/${String(pending.Id)}/convert`, { method: 'POST' });
    expect(again.status).toBe(400);

    // Through the API as any client would: an invoice with LinkedTxn to an estimate closes it.
    const accepted = await firstWhere("select * from Estimate where TxnStatus = 'Accepted' maxresults 1");
    const created = await ok<Doc>(
      await post('/invoice', {
        CustomerRef: accepted.CustomerRef,
        Line: (accepted.Line as Line[]).filter((line) => line.DetailType !== 'SubTotalLineDetail'),
        LinkedTxn: [{ TxnId: accepted.Id, TxnType: 'Estimate' }],
      }),
      'Invoice',
    );
    const closed = sandbox.store.get(sandbox.store.realm(realmId)!, 'Estimate', String(accepted.Id))!.data;
    expect(closed).toMatchObject({ TxnStatus: 'Closed', LinkedTxn: [{ TxnId: created.Id, TxnType: 'Invoice' }] });
  });

  it('answers GET /estimate/{id}/pdf with a real PDF of the estimate', async () => {
    const estimate = await firstWhere("select * from Estimate where DocNumber = '1001'");
    const response = await running.api(`/estimate/${String(estimate.Id)}/pdf`, { headers: { accept: 'application/pdf' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await response.arrayBuffer());
    const text = bytes.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    expect(text).toContain('(Estimate # 1001)');
    expect(text).toContain(`(${Number(estimate.TotalAmt).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })})`);
    const missing = await running.api('/estimate/999999/pdf');
    expect((await readJson<IntuitFault>(missing)).Fault.Error[0]!.code).toBe('610');
  });

  it('sends an estimate with POST /estimate/{id}/send?sendTo=', async () => {
    const estimate = (await rows("select * from Estimate where TxnStatus = 'Pending' maxresults 20")).find((doc) => doc.EmailStatus === 'NotSet')!;
    const sent = await ok<Doc>(
      await running.api(`/estimate/${String(estimate.Id)}/send?sendTo=${encodeURIComponent('buyer@acme.example')}`, { method: 'POST' }),
      'Estimate',
    );
    expect(sent).toMatchObject({
      EmailStatus: 'EmailSent',
      BillEmail: { Address: 'buyer@acme.example' },
      DeliveryInfo: { DeliveryType: 'Email', DeliveryTime: expect.any(String) },
    });
    expect(Number(sent.SyncToken)).toBe(Number(estimate.SyncToken) + 1);
    const bad = await running.api(`/estimate/${String(estimate.Id)}/send?sendTo=not-an-address`, { method: 'POST' });
    expect(bad.status).toBe(400);
  });
});

describe('time zone', () => {
  it('writes the company offset in force at each instant: -08:00 in winter, -07:00 in summer', async () => {
    const { qboDateTime, qboDate } = await import('../src/clock.js');
    expect(qboDateTime(Date.parse('2026-01-15T20:00:00Z'))).toBe('2026-01-15T12:00:00-08:00');
    expect(qboDateTime(Date.parse('2026-07-15T20:00:00Z'))).toBe('2026-07-15T13:00:00-07:00');
    // The spring-forward and fall-back instants of 2026 (8 March, 1 November, 10:00 and 09:00 UTC).
    expect(qboDateTime(Date.parse('2026-03-08T09:59:59Z'))).toBe('2026-03-08T01:59:59-08:00');
    expect(qboDateTime(Date.parse('2026-03-08T10:00:00Z'))).toBe('2026-03-08T03:00:00-07:00');
    expect(qboDateTime(Date.parse('2026-11-01T08:59:59Z'))).toBe('2026-11-01T01:59:59-07:00');
    expect(qboDateTime(Date.parse('2026-11-01T09:00:00Z'))).toBe('2026-11-01T01:00:00-08:00');
    expect(qboDate(Date.parse('2026-01-01T07:30:00Z'))).toBe('2025-12-31');
    const info = await readJson<{ time: string }>(await running.api(`/companyinfo/${running.realmId}`));
    expect(['-07:00', '-08:00']).toContain(info.time.slice(-6));
  });
});

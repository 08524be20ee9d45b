import { describe, expect, it } from '@jest/globals';
import { generateCompany } from './generate.js';

const NOW = Date.parse('2025-06-01T12:00:00Z');
type Doc = Record<string, unknown> & { Line: Line[] };
type Line = Record<string, unknown> & { DetailType: string; Amount: number };
const detail = (line: Line) => line[line.DetailType === 'DescriptionOnly' ? 'DescriptionLineDetail' : line.DetailType] as Record<string, unknown>;
const cents = (value: number) => Math.round(value * 100) / 100;

function itemLines(lines: Line[]): Line[] {
  return lines.flatMap((line) =>
    line.DetailType === 'GroupLineDetail'
      ? (detail(line).Line as Line[])
      : ['SalesItemLineDetail', 'ItemBasedExpenseLineDetail'].includes(line.DetailType)
        ? [line]
        : [],
  );
}

describe('generateCompany: real-world mess', () => {
  const company = generateCompany({ seed: 1, scale: 1, now: NOW, companyName: 'Northwind Print Brokers' });
  const data = <T extends keyof typeof company.entities>(entity: T) => company.entities[entity].map((record) => record.data) as unknown as Doc[];
  const estimates = data('Estimate');
  const orders = data('PurchaseOrder');
  const customers = data('Customer');
  const items = data('Item');

  it('is deterministic with the mess, and the mess can be switched off', () => {
    expect(JSON.stringify(generateCompany({ seed: 1, scale: 1, now: NOW, companyName: 'Northwind Print Brokers' }))).toBe(JSON.stringify(company));
    const tidy = generateCompany({ seed: 1, scale: 1, now: NOW, messy: false });
    const lineTypes = new Set(tidy.entities.Estimate.flatMap(({ data: doc }) => (doc.Line as Line[]).map((line) => line.DetailType)));
    expect(lineTypes).toEqual(new Set(['SalesItemLineDetail', 'SubTotalLineDetail']));
    expect(tidy.entities.Invoice).toHaveLength(0);
  });

  it('has free-form addresses ("City, ST 12345" in the lines, no City) beside structured ones', () => {
    const addresses = estimates.flatMap((doc) => [doc.BillAddr, doc.ShipAddr]) as Record<string, string>[];
    const freeForm = addresses.filter((address) => !address.City);
    expect(freeForm.length).toBeGreaterThan(0);
    for (const address of freeForm) {
      const last = Object.keys(address)
        .filter((key) => /^Line\d$/.test(key))
        .sort()
        .map((key) => address[key]!)
        .at(-1);
      // A US ZIP, or the Canadian customer's postal code.
      expect(last).toMatch(/^[A-Za-z .]+, [A-Z]{2} (\d{5}|[A-Z]\d[A-Z] \d[A-Z]\d)$/);
    }
    expect(addresses.some((address) => address.City)).toBe(true);
  });

  it('prices per piece below the cent, and every line amount is Qty × UnitPrice to the cent', () => {
    const lines = [...estimates, ...orders].flatMap((doc) => itemLines(doc.Line));
    const prices = lines.map((line) => Number(detail(line).UnitPrice));
    expect(prices.some((price) => Math.round(price * 100) !== price * 100)).toBe(true);
    for (const line of lines) expect(Math.abs(line.Amount - Number(detail(line).Qty) * Number(detail(line).UnitPrice))).toBeLessThanOrEqual(0.005 + 1e-9);
  });

  it('has description-only, subtotal, percent and amount discount, and bundle lines, with totals as QuickBooks computes them', () => {
    const types = new Set(estimates.flatMap((doc) => doc.Line.map((line) => line.DetailType)));
    expect(types).toEqual(new Set(['SalesItemLineDetail', 'DescriptionOnly', 'SubTotalLineDetail', 'DiscountLineDetail', 'GroupLineDetail']));
    const discounts = estimates.flatMap((doc) => doc.Line.filter((line) => line.DetailType === 'DiscountLineDetail'));
    expect(new Set(discounts.map((line) => detail(line).PercentBased))).toEqual(new Set([true, false]));
    for (const doc of estimates) {
      const goods = doc.Line.filter((line) => !['SubTotalLineDetail', 'DiscountLineDetail'].includes(line.DetailType));
      const subtotal = cents(goods.reduce((sum, line) => sum + line.Amount, 0));
      expect(doc.Line.at(-1)).toEqual({ Amount: subtotal, DetailType: 'SubTotalLineDetail', SubTotalLineDetail: {} });
      const discount = doc.Line.filter((line) => line.DetailType === 'DiscountLineDetail').reduce((sum, line) => sum + line.Amount, 0);
      const tax = Number((doc.TxnTaxDetail as { TotalTax: number }).TotalTax);
      expect(doc.TotalAmt).toBe(cents(subtotal - discount + tax));
    }
    // A bulk estimate sells a bundle too (its components drawn from one bulk PO: generate.test checks they fit).
    expect(estimates.some((doc) => String(doc.DocNumber).endsWith('-BL') && doc.Line.some((line) => line.DetailType === 'GroupLineDetail'))).toBe(true);
    const bundle = estimates.flatMap((doc) => doc.Line).find((line) => line.DetailType === 'GroupLineDetail')!;
    const group = items.find((item) => item.Id === (detail(bundle).GroupItemRef as { value: string }).value)!;
    expect(group.Type).toBe('Group');
    const members = (group.ItemGroupDetail as { ItemGroupLine: { ItemRef: { value: string }; Qty: number }[] }).ItemGroupLine;
    const parts = detail(bundle).Line as Line[];
    expect(parts.map((part) => Number(detail(part).Qty))).toEqual(members.map((member) => member.Qty * Number(detail(bundle).Quantity)));
    expect(bundle.Amount).toBe(cents(parts.reduce((sum, part) => sum + part.Amount, 0)));
  });

  it("names estimates' payment terms by the Term's Id alone, as Intuit does, one of the company's terms", () => {
    const terms = new Map(data('Term').map((term) => [term.Id, term.Name]));
    const refs = estimates.map((doc) => doc.SalesTermRef as { value: string; name?: string });
    for (const ref of refs) {
      expect(Object.keys(ref)).toEqual(['value']);
      expect(terms.has(ref.value)).toBe(true);
    }
    expect(new Set(refs.map((ref) => terms.get(ref.value)))).toEqual(new Set(['Due on receipt', 'Net 15', 'Net 30', 'Net 60']));
  });

  it("taxes taxable lines of taxed estimates with the code's rates", () => {
    const taxed = estimates.filter((doc) => Number((doc.TxnTaxDetail as { TotalTax: number }).TotalTax) > 0);
    expect(taxed.length).toBeGreaterThan(0);
    for (const doc of taxed) {
      const detailOf = doc.TxnTaxDetail as {
        TxnTaxCodeRef: { value: string };
        TotalTax: number;
        TaxLine: { Amount: number; TaxLineDetail: { TaxPercent: number; NetAmountTaxable: number } }[];
      };
      const taxable = cents(
        itemLines(doc.Line)
          .filter((line) => (detail(line).TaxCodeRef as { value: string }).value === 'TAX')
          .reduce((sum, line) => sum + line.Amount, 0),
      );
      expect(detailOf.TaxLine).toHaveLength(2);
      for (const taxLine of detailOf.TaxLine) {
        expect(taxLine.TaxLineDetail.NetAmountTaxable).toBe(taxable);
        expect(taxLine.Amount).toBe(cents((taxable * taxLine.TaxLineDetail.TaxPercent) / 100));
      }
      expect(detailOf.TotalTax).toBe(cents(detailOf.TaxLine.reduce((sum, line) => sum + line.Amount, 0)));
    }
  });

  it('puts freight and setup on purchase orders as expense-account lines', () => {
    const expense = orders.flatMap((doc) => doc.Line).filter((line) => line.DetailType === 'AccountBasedExpenseLineDetail');
    expect(expense.length).toBeGreaterThan(0);
    expect(new Set(expense.map((line) => (detail(line).AccountRef as { name: string }).name))).toContain('Freight and Shipping Costs');
    for (const doc of orders) expect(doc.TotalAmt).toBe(cents(doc.Line.reduce((sum, line) => sum + line.Amount, 0)));
  });

  it('has jobs under customers, same-named sub-items under two parents, a Category item never on a line', () => {
    const jobs = customers.filter((customer) => customer.Job === true);
    expect(jobs.length).toBeGreaterThan(0);
    for (const job of jobs) {
      const parent = customers.find((customer) => customer.Id === (job.ParentRef as { value: string }).value)!;
      expect(job.Level).toBe(1);
      expect(job.FullyQualifiedName).toBe(`${String(parent.DisplayName)}:${String(job.DisplayName)}`);
    }
    const subs = items.filter((item) => item.SubItem === true);
    expect(subs.map((item) => item.Name)).toEqual(['500 ct', '500 ct']);
    expect(new Set(subs.map((item) => item.FullyQualifiedName)).size).toBe(2);
    expect(subs.every((item) => String(item.FullyQualifiedName).endsWith(':500 ct') && item.Level === 1)).toBe(true);
    const category = items.filter((item) => item.Type === 'Category');
    expect(category).toHaveLength(1);
    const onLines = new Set([...estimates, ...orders].flatMap((doc) => itemLines(doc.Line)).map((line) => (detail(line).ItemRef as { value: string }).value));
    expect(onLines.has(String(category[0]!.Id))).toBe(false);
    const subOnLine = estimates
      .flatMap((doc) => itemLines(doc.Line))
      .find((line) => subs.some((sub) => sub.Id === (detail(line).ItemRef as { value: string }).value));
    expect((detail(subOnLine!).ItemRef as { name: string }).name).toMatch(/:500 ct$/);
  });

  it('has inactive and merged records, repeated and missing DocNumbers', () => {
    expect(customers.some((customer) => customer.Active === false && !String(customer.DisplayName).endsWith('(deleted)'))).toBe(true);
    const merged = customers.find((customer) => String(customer.DisplayName).endsWith(' (deleted)'))!;
    expect(merged.Active).toBe(false);
    expect(estimates.some((doc) => (doc.CustomerRef as { value: string }).value === merged.Id)).toBe(false);
    expect(data('Vendor').some((vendor) => vendor.Active === false)).toBe(true);
    const numbers = (docs: Doc[]) => docs.map((doc) => doc.DocNumber).filter((number) => number !== undefined);
    expect(estimates.some((doc) => doc.DocNumber === undefined)).toBe(true);
    for (const docs of [estimates, orders]) expect(new Set(numbers(docs)).size).toBeLessThan(numbers(docs).length);
  });

  it('has a Canadian-dollar customer whose documents carry its currency and exchange rate', () => {
    const foreign = customers.filter((customer) => (customer.CurrencyRef as { value: string }).value !== 'USD');
    expect(foreign).toHaveLength(1);
    const docs = estimates.filter((doc) => (doc.CustomerRef as { value: string }).value === foreign[0]!.Id);
    expect(docs.length).toBeGreaterThan(0);
    // One of them a bulk estimate, so the currency reaches sales orders.
    expect(docs.some((doc) => String(doc.DocNumber).endsWith('-BL'))).toBe(true);
    for (const doc of docs) {
      expect(doc.CurrencyRef).toEqual({ value: 'CAD', name: 'Canadian Dollar' });
      expect(doc.ExchangeRate).toBeGreaterThan(0);
      expect(doc.HomeTotalAmt).toBe(cents(Number(doc.TotalAmt) * Number(doc.ExchangeRate)));
    }
  });

  it('invoices some closed estimates, linked both ways', () => {
    const invoices = data('Invoice');
    expect(invoices.length).toBeGreaterThan(0);
    for (const invoice of invoices) {
      const link = (invoice.LinkedTxn as { TxnId: string; TxnType: string }[])[0]!;
      expect(link.TxnType).toBe('Estimate');
      const source = estimates.find((doc) => doc.Id === link.TxnId)!;
      expect(source.TxnStatus).toBe('Closed');
      expect(source.LinkedTxn).toEqual([{ TxnId: invoice.Id, TxnType: 'Invoice' }]);
      expect(invoice.TotalAmt).toBe(source.TotalAmt);
    }
  });

  it('stamps times in the company zone with daylight saving', () => {
    const offsets = new Set(estimates.map((doc) => String((doc.MetaData as { CreateTime: string }).CreateTime).slice(-6)));
    expect([...offsets].every((offset) => offset === '-07:00' || offset === '-08:00')).toBe(true);
    expect(offsets.size).toBe(2);
  });

  it('has fractional quantities: quarter hours of design and half cartons drawn from bulk runs', () => {
    const fractional = (docs: Doc[]) =>
      docs
        .flatMap((doc) => itemLines(doc.Line))
        .map((line) => Number(detail(line).Qty))
        .filter((qty) => !Number.isInteger(qty));
    expect(fractional(estimates).some((qty) => qty % 1 === 0.75)).toBe(true);
    const bulkHalves = estimates
      .filter((doc) => String(doc.DocNumber).endsWith('-BL'))
      .flatMap((doc) => itemLines(doc.Line))
      .filter((line) => Number(detail(line).Qty) % 1 === 0.5);
    expect(bulkHalves.length).toBeGreaterThan(0);
  });
});

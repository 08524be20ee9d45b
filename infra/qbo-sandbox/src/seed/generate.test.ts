import { describe, expect, it } from '@jest/globals';
import { companyFrom } from './company.js';
import { generateCompany } from './generate.js';

const NOW = Date.parse('2025-06-01T12:00:00Z');

interface Ref {
  value: string;
}
interface ItemLine {
  DetailType: string;
  Amount: number;
  Description?: string;
  ItemBasedExpenseLineDetail: { ItemRef: Ref; Qty: number; UnitPrice: number };
  SalesItemLineDetail: { ItemRef: Ref; Qty: number; UnitPrice: number; TaxCodeRef: Ref };
  GroupLineDetail: { GroupItemRef: Ref; Quantity: number; Line: ItemLine[] };
  DiscountLineDetail: { PercentBased: boolean; DiscountPercent?: number };
}

const CORE = ['Customer', 'Vendor', 'Item', 'PurchaseOrder', 'Estimate'] as const;
const coreCount = (company: ReturnType<typeof generateCompany>) => CORE.reduce((sum, name) => sum + company.entities[name].length, 0);

/** Item lines of a document, bundle components included. */
function salesItemLines(lines: ItemLine[]): ItemLine[] {
  return lines.flatMap((line) => (line.DetailType === 'GroupLineDetail' ? line.GroupLineDetail.Line : line.DetailType === 'SalesItemLineDetail' ? [line] : []));
}

function bulkPool(company: ReturnType<typeof generateCompany>) {
  const pool = new Map<string, number>();
  for (const { data } of company.entities.PurchaseOrder) {
    if (!String(data.DocNumber).endsWith('-BL') || data.POStatus !== 'Open') continue;
    for (const line of (data.Line as ItemLine[]).filter((l) => l.DetailType === 'ItemBasedExpenseLineDetail')) {
      const detail = line.ItemBasedExpenseLineDetail;
      pool.set(detail.ItemRef.value, (pool.get(detail.ItemRef.value) ?? 0) + detail.Qty);
    }
  }
  return pool;
}

describe('generateCompany', () => {
  it('is deterministic: the same seed yields the same company', () => {
    const a = generateCompany({ seed: 7, scale: 1, now: NOW });
    const b = generateCompany({ seed: 7, scale: 1, now: NOW });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    const c = generateCompany({ seed: 8, scale: 1, now: NOW });
    expect(JSON.stringify(c)).not.toBe(JSON.stringify(a));
  });

  it('dates documents by the moment it is made as of, so one seed made minutes apart differs unless given the same asOf', () => {
    const txnDates = (company: ReturnType<typeof generateCompany>) => company.entities.PurchaseOrder.map((po) => po.data.TxnDate);
    const later = NOW + 10 * 60_000;
    // Dates count back from the moment, so some documents fall on another day ten minutes later: allocation's oldest-first order moves with them.
    expect(txnDates(companyFrom({ seed: 7, scale: 20 }, later))).not.toEqual(txnDates(companyFrom({ seed: 7, scale: 20 }, NOW)));
    expect(JSON.stringify(companyFrom({ seed: 7, scale: 20, asOf: NOW }, later))).toBe(JSON.stringify(companyFrom({ seed: 7, scale: 20, asOf: NOW }, NOW)));
  });

  it('makes about 200 entities at scale 1 with a print broker vocabulary', () => {
    const company = generateCompany({ seed: 1, scale: 1, now: NOW, companyName: 'Northwind Print Brokers' });
    expect(coreCount(company)).toBe(200);
    const itemNames = company.entities.Item.map(({ data }) => data.Name);
    expect(itemNames).toEqual(
      expect.arrayContaining([
        '14pt Business Cards - Matte',
        'NCR Forms 3-Part 8.5x11',
        '#10 Window Envelopes',
        'Letterhead 24lb',
        'Presentation Folders 9x12',
        'Tri-fold Brochures 100lb Gloss',
      ]),
    );
    for (const { data } of company.entities.Vendor) {
      expect(data.PrimaryEmailAddr).toEqual({ Address: expect.stringMatching(/@.+\.example$/) });
      expect(data.PrimaryPhone).toEqual({ FreeFormNumber: expect.stringMatching(/^\(\d{3}\) 555-01\d{2}$/) });
      expect(data.BillAddr).toEqual(
        expect.objectContaining({ Line1: expect.any(String), City: expect.any(String), PostalCode: expect.stringMatching(/^\d{5}$/) }),
      );
    }
    expect(company.companyInfo.CompanyName).toBe('Northwind Print Brokers');
    const names = [...company.entities.Customer, ...company.entities.Vendor].map(({ data }) => String(data.DisplayName).toLowerCase());
    expect(company.companyInfo.DefaultTimeZone).toBe('America/Los_Angeles');
    expect(new Set(names).size).toBe(names.length);
  });

  it('writes bulk POs with the -BL suffix, large quantities, open and closed', () => {
    const company = generateCompany({ seed: 3, scale: 2, now: NOW });
    const bulk = company.entities.PurchaseOrder.filter(({ data }) => String(data.DocNumber).endsWith('-BL'));
    const standard = company.entities.PurchaseOrder.filter(({ data }) => !String(data.DocNumber).endsWith('-BL'));
    expect(bulk.length).toBeGreaterThan(10);
    expect(standard.length).toBeGreaterThan(10);
    expect(new Set(bulk.map(({ data }) => data.POStatus))).toEqual(new Set(['Open', 'Closed']));
    for (const { data } of bulk) {
      const all = data.Line as ItemLine[];
      const lines = all.filter((line) => line.DetailType === 'ItemBasedExpenseLineDetail');
      expect(lines.length).toBeGreaterThanOrEqual(2);
      expect(all.every((line) => ['ItemBasedExpenseLineDetail', 'AccountBasedExpenseLineDetail'].includes(line.DetailType))).toBe(true);
      for (const line of lines) {
        expect(line.ItemBasedExpenseLineDetail.Qty).toBeGreaterThanOrEqual(5000);
        expect(line.Amount).toBeCloseTo(line.ItemBasedExpenseLineDetail.Qty * line.ItemBasedExpenseLineDetail.UnitPrice, 2);
      }
      expect(data.TotalAmt).toBeCloseTo(
        all.reduce((sum, line) => sum + line.Amount, 0),
        2,
      );
    }
  });

  it('writes estimates of every status, bulk ones fitting within the open bulk POs', () => {
    const company = generateCompany({ seed: 5, scale: 2, now: NOW });
    const estimates = company.entities.Estimate.map(({ data }) => data);
    expect(new Set(estimates.map((e) => e.TxnStatus))).toEqual(new Set(['Pending', 'Accepted', 'Closed', 'Rejected']));
    const bulk = estimates.filter((e) => String(e.DocNumber).endsWith('-BL'));
    expect(bulk.length).toBeGreaterThan(5);
    expect(estimates.length - bulk.length).toBeGreaterThan(5);
    const pool = bulkPool(company);
    const promised = new Map<string, number>();
    for (const estimate of bulk) {
      const lines = estimate.Line as ItemLine[];
      expect(lines.at(-1)?.DetailType).toBe('SubTotalLineDetail');
      for (const line of salesItemLines(lines)) {
        const { ItemRef, Qty } = line.SalesItemLineDetail;
        expect(pool.has(ItemRef.value)).toBe(true);
        promised.set(ItemRef.value, (promised.get(ItemRef.value) ?? 0) + Qty);
      }
    }
    for (const [itemId, qty] of promised) expect(qty).toBeLessThanOrEqual(pool.get(itemId)!);
  });

  // How long it takes is bench/sync's to print (it reports the generation time), not a test's to time.
  it('generates a 70,000-entity company at scale 350', () => {
    const company = generateCompany({ seed: 11, scale: 350, now: NOW });
    expect(coreCount(company)).toBe(70_000);
  });
});

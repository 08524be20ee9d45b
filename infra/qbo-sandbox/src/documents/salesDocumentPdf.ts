import type { QboObject } from '../store/types.js';
import { renderPdf, type PdfText } from './pdf.js';

type Line = Record<string, unknown>;
const money = (value: unknown) => Number(value ?? 0).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Unit prices print every digit QBO holds (at least two). */
const rate = (value: unknown) => {
  const text = String(Number(value ?? 0));
  const decimals = text.includes('.') ? text.split('.')[1]!.length : 0;
  return Number(value ?? 0).toLocaleString('en-US', { minimumFractionDigits: Math.max(2, decimals), maximumFractionDigits: Math.max(2, decimals) });
};
const addressLines = (address: unknown): string[] => {
  const a = (address ?? {}) as Record<string, string>;
  const lines = ['Line1', 'Line2', 'Line3', 'Line4', 'Line5'].map((key) => a[key]).filter((line): line is string => Boolean(line));
  const cityLine = [a.City, [a.CountrySubDivisionCode, a.PostalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return cityLine ? [...lines, cityLine] : lines;
};

/** One printed row per line; a bundle prints its name, then its components indented. */
function rows(lines: Line[]): { text: string; qty?: string; rate?: string; amount?: string; indent?: boolean }[] {
  return lines.flatMap((line) => {
    const detail = line[String(line.DetailType)] as Record<string, unknown> | undefined;
    switch (line.DetailType) {
      case 'SalesItemLineDetail':
        return [
          {
            text: `${String((detail?.ItemRef as { name?: string } | undefined)?.name ?? '')}  ${String(line.Description ?? '')}`,
            qty: String(detail?.Qty ?? ''),
            rate: rate(detail?.UnitPrice),
            amount: money(line.Amount),
          },
        ];
      case 'GroupLineDetail':
        return [
          {
            text: `${String((detail?.GroupItemRef as { name?: string } | undefined)?.name ?? '')}  ${String(line.Description ?? '')}`,
            qty: String(detail?.Quantity ?? ''),
            amount: money(line.Amount),
          },
          ...rows((detail?.Line as Line[] | undefined) ?? []).map((row) => ({ ...row, indent: true })),
        ];
      case 'DescriptionOnly':
        return [{ text: String(line.Description ?? '') }];
      default:
        return [];
    }
  });
}

/**
 * An estimate or invoice as QBO prints it: company, customer, addresses, lines, subtotal,
 * discount, tax, total; an invoice also its due date and the balance still due.
 */
export function salesDocumentPdf(kind: 'Estimate' | 'Invoice', estimate: QboObject, company: QboObject): Buffer {
  const invoice = kind === 'Invoice';
  const lines = (estimate.Line as Line[] | undefined) ?? [];
  const pages: PdfText[][] = [];
  let page: PdfText[] = [];
  let y = 0;
  const newPage = () => {
    page = [];
    pages.push(page);
    y = 740;
  };
  newPage();
  page.push({ x: 50, y, text: String(company.CompanyName ?? ''), size: 16, bold: true });
  page.push({ x: 562, y, text: kind.toUpperCase(), size: 16, bold: true, right: true });
  y -= 16;
  for (const line of addressLines(company.CompanyAddr)) {
    page.push({ x: 50, y, text: line });
    y -= 12;
  }
  y -= 12;
  page.push({ x: 50, y, text: `${kind} # ${String(estimate.DocNumber ?? '')}`, bold: true });
  const dates = invoice ? `Due ${String(estimate.DueDate ?? '')}` : `Expires ${String(estimate.ExpirationDate ?? '')}`;
  page.push({ x: 562, y, text: `Date ${String(estimate.TxnDate ?? '')}   ${dates}`, right: true });
  y -= 20;
  page.push({ x: 50, y, text: 'Bill to', bold: true });
  page.push({ x: 320, y, text: 'Ship to', bold: true });
  y -= 12;
  const bill = addressLines(estimate.BillAddr);
  const ship = addressLines(estimate.ShipAddr);
  const customer = String((estimate.CustomerRef as { name?: string } | undefined)?.name ?? '');
  const billLines = bill.length > 0 ? bill : [customer];
  for (let i = 0; i < Math.max(billLines.length, ship.length); i++) {
    if (billLines[i]) page.push({ x: 50, y, text: billLines[i]! });
    if (ship[i]) page.push({ x: 320, y, text: ship[i]! });
    y -= 12;
  }
  y -= 12;
  const header = () => {
    page.push({ x: 50, y, text: 'Product / service', bold: true });
    page.push({ x: 400, y, text: 'Qty', bold: true, right: true });
    page.push({ x: 480, y, text: 'Rate', bold: true, right: true });
    page.push({ x: 562, y, text: 'Amount', bold: true, right: true });
    y -= 16;
  };
  header();
  for (const row of rows(lines)) {
    if (y < 90) {
      newPage();
      header();
    }
    page.push({ x: row.indent ? 62 : 50, y, text: row.text.length > 60 ? `${row.text.slice(0, 57)}...` : row.text, size: 9 });
    if (row.qty) page.push({ x: 400, y, text: row.qty, size: 9, right: true });
    if (row.rate) page.push({ x: 480, y, text: row.rate, size: 9, right: true });
    if (row.amount) page.push({ x: 562, y, text: row.amount, size: 9, right: true });
    y -= 12;
  }
  if (y < 130) newPage();
  y -= 8;
  const subtotal = lines.find((line) => line.DetailType === 'SubTotalLineDetail')?.Amount;
  const totals: [string, string][] = [['Subtotal', money(subtotal)]];
  for (const discount of lines.filter((line) => line.DetailType === 'DiscountLineDetail')) {
    const detail = discount.DiscountLineDetail as { PercentBased?: boolean; DiscountPercent?: number } | undefined;
    totals.push([detail?.PercentBased ? `Discount ${String(detail.DiscountPercent)}%` : 'Discount', `-${money(discount.Amount)}`]);
  }
  totals.push(['Tax', money((estimate.TxnTaxDetail as { TotalTax?: number } | undefined)?.TotalTax)]);
  const currency = (estimate.CurrencyRef as { value?: string } | undefined)?.value ?? 'USD';
  totals.push([`Total (${currency})`, money(estimate.TotalAmt)]);
  if (invoice) totals.push([`Balance due (${currency})`, money(estimate.Balance ?? estimate.TotalAmt)]);
  for (const [label, value] of totals) {
    const bold = label.startsWith('Total') || label.startsWith('Balance');
    page.push({ x: 480, y, text: label, bold, right: true });
    page.push({ x: 562, y, text: value, bold, right: true });
    y -= 14;
  }
  const memo = (estimate.CustomerMemo as { value?: string } | undefined)?.value;
  if (memo) page.push({ x: 50, y: Math.max(40, y - 10), text: memo, size: 9 });
  return renderPdf(pages);
}

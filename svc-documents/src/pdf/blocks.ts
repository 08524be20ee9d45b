import type { TenantProfile } from '../db/tenantProfiles.js';
import { contentWidth, ensureSpace, type Pdf } from './document.js';
import { writeText } from './fonts.js';

/**
 * The broker's letterhead with the document title on the right: the company as QuickBooks'
 * CompanyInfo names it, its address, phone, fax (from Settings) and e-mail, so whoever holds
 * the paper (a vendor, a customer) knows whom to answer.
 */
export function drawLetterhead(doc: Pdf, profile: TenantProfile, title: string): void {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const top = doc.y;
  doc.fontSize(20);
  writeText(doc, title, 'bold', left, top, { width, align: 'right' });
  doc.fontSize(13);
  writeText(doc, profile.companyName ?? profile.legalName ?? '', 'bold', left, top, { width: width * 0.6 });
  doc.fontSize(9);
  const contact = [profile.phone ? `Phone: ${profile.phone}` : null, profile.faxNumber ? `Fax: ${profile.faxNumber}` : null].filter(Boolean).join('    ');
  for (const line of [profile.address, contact, profile.email]) {
    if (line) writeText(doc, line, 'regular', left, doc.y + 2, { width: width * 0.6 });
  }
  const bottom = Math.max(doc.y, top + 26) + 8;
  doc
    .moveTo(left, bottom)
    .lineTo(left + width, bottom)
    .lineWidth(1)
    .stroke();
  doc.x = left;
  doc.y = bottom + 10;
}

/** A boxed instruction the reader must not miss (the blind-ship line of a pull ticket). */
export function drawNotice(doc: Pdf, text: string): void {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  ensureSpace(doc, 40);
  const top = doc.y;
  doc.fontSize(9);
  writeText(doc, text, 'bold', left + 6, top + 6, { width: width - 12 });
  const bottom = doc.y + 6;
  doc
    .rect(left, top, width, bottom - top)
    .lineWidth(1)
    .stroke();
  doc.x = left;
  doc.y = bottom + 12;
}

/** "Label: value" pairs in two columns. */
export function drawFields(doc: Pdf, fields: Array<[string, string]>): void {
  const left = doc.page.margins.left;
  const half = contentWidth(doc) / 2;
  const top = doc.y;
  let bottom = top;
  fields.forEach(([label, value], i) => {
    const x = left + (i % 2) * half;
    const y = top + Math.floor(i / 2) * 14;
    doc.fontSize(9);
    writeText(doc, `${label}: `, 'bold', x, y, { continued: true, lineBreak: false });
    writeText(doc, value, 'regular', undefined, undefined, { lineBreak: false });
    bottom = Math.max(bottom, y + 14);
  });
  doc.x = left;
  doc.y = bottom + 8;
}

/** Side-by-side boxes such as Ship To and Vendor; empty lines are left out. */
export function drawAddressBoxes(doc: Pdf, boxes: Array<{ title: string; lines: Array<string | null> }>): void {
  const left = doc.page.margins.left;
  const gap = 12;
  const width = (contentWidth(doc) - gap * (boxes.length - 1)) / boxes.length;
  const top = doc.y;
  let bottom = top;
  boxes.forEach((box, i) => {
    const x = left + i * (width + gap);
    doc.fontSize(9);
    writeText(doc, box.title.toUpperCase(), 'bold', x + 6, top + 6, { width: width - 12 });
    const lines = box.lines.filter((line): line is string => !!line && line.trim() !== '');
    writeText(doc, lines.length ? lines.join('\n') : '-', 'regular', x + 6, doc.y + 2, { width: width - 12 });
    bottom = Math.max(bottom, doc.y + 6);
  });
  boxes.forEach((_, i) =>
    doc
      .rect(left + i * (width + gap), top, width, bottom - top)
      .lineWidth(0.75)
      .stroke(),
  );
  doc.x = left;
  doc.y = bottom + 12;
}

/** A titled paragraph (notes, a message to the customer). */
export function drawParagraph(doc: Pdf, title: string, body: string): void {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  ensureSpace(doc, 40);
  doc.fontSize(10);
  writeText(doc, title, 'bold', left, doc.y, { width });
  doc.fontSize(9);
  writeText(doc, body, 'regular', left, doc.y + 2, { width });
  doc.y += 10;
}

/** Right-aligned "Label  value" summary lines under a table. */
export function drawTotals(doc: Pdf, totals: Array<[string, string]>): void {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  ensureSpace(doc, totals.length * 14 + 6);
  for (const [label, value] of totals) {
    const y = doc.y;
    doc.fontSize(10);
    writeText(doc, label, 'bold', left, y, { width: width - 100, align: 'right', lineBreak: false });
    writeText(doc, value, 'regular', left + width - 95, y, { width: 95, align: 'right', lineBreak: false });
    doc.y = y + 14;
  }
  doc.x = left;
  doc.y += 8;
}

/** Lines to sign by hand, e.g. 'Pulled by' and 'Date'. */
export function drawSignatureLines(doc: Pdf, labels: string[]): void {
  const left = doc.page.margins.left;
  const gap = 24;
  const width = (contentWidth(doc) - gap * (labels.length - 1)) / labels.length;
  ensureSpace(doc, 50);
  const y = doc.y + 26;
  labels.forEach((label, i) => {
    const x = left + i * (width + gap);
    doc
      .moveTo(x, y)
      .lineTo(x + width, y)
      .lineWidth(0.75)
      .stroke();
    doc.fontSize(9);
    writeText(doc, label, 'regular', x, y + 4, { width, lineBreak: false });
  });
  doc.x = left;
  doc.y = y + 20;
}

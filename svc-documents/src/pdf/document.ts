import PDFDocument from 'pdfkit';
import { setFace, writeText } from './fonts.js';

export type Pdf = PDFKit.PDFDocument;

export const MARGIN = 48;
const FOOTER_OFFSET = 30;

/** The writable width between the side margins. */
export const contentWidth = (doc: Pdf) => doc.page.width - doc.page.margins.left - doc.page.margins.right;

/** The lowest y content may reach on the current page (the footer sits below it). */
export const contentBottom = (doc: Pdf) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page when `height` more points would not fit on this one. */
export function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > contentBottom(doc)) doc.addPage();
}

/**
 * Renders a US Letter document and answers its bytes. Pages are buffered so that, once the
 * content is laid out and the page count is known, every page gets 'Page N of M'.
 */
export function renderPdf(title: string, draw: (doc: Pdf) => void): Promise<Buffer> {
  // No default font: pdfkit's is Helvetica, which reads WinAnsi only; every text is set in fonts.ts' faces.
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    font: null as unknown as string,
    info: { Title: title, Producer: 'PrintPool' },
  });
  setFace(doc, 'regular');
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  numberPages(doc, title);
  doc.end();
  return done;
}

function numberPages(doc: Pdf, title: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // Writing below the bottom margin would otherwise make pdfkit add a page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - FOOTER_OFFSET;
    const width = contentWidth(doc);
    doc.fontSize(8).fillColor('#666666');
    writeText(doc, title, 'regular', MARGIN, y, { width, align: 'left', lineBreak: false });
    writeText(doc, `Page ${i - start + 1} of ${count}`, 'regular', MARGIN, y, { width, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.fillColor('black');
}

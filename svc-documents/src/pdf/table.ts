import { contentBottom, contentWidth, type Pdf } from './document.js';

export interface Column {
  header: string;
  /** Share of the table width. */
  weight: number;
  align?: 'left' | 'right';
}

const FONT_SIZE = 8.5;
const PAD = 4;

/**
 * A table that flows over as many pages as its rows need, repeating the column headers (and
 * `continued`, so a loose page still says what it belongs to) at the top of each new page.
 */
export function drawTable(doc: Pdf, columns: Column[], rows: string[][], continued: string): void {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const totalWeight = columns.reduce((sum, c) => sum + c.weight, 0);
  const widths = columns.map((c) => (c.weight / totalWeight) * width);
  const xs = widths.map((_, i) => left + widths.slice(0, i).reduce((a, b) => a + b, 0));
  let y = doc.y;

  const drawHeader = () => {
    doc.font('Helvetica-Bold').fontSize(FONT_SIZE);
    doc
      .rect(left, y, width, FONT_SIZE + 2 * PAD)
      .fill('#e8e8e8')
      .fillColor('black');
    columns.forEach((c, i) => doc.text(c.header, xs[i]! + PAD, y + PAD, { width: widths[i]! - 2 * PAD, align: c.align ?? 'left', lineBreak: false }));
    y += FONT_SIZE + 2 * PAD;
    doc.font('Helvetica');
  };

  drawHeader();
  for (const row of rows) {
    const height = Math.max(...row.map((cell, i) => doc.heightOfString(cell, { width: widths[i]! - 2 * PAD }))) + 2 * PAD;
    if (y + height > contentBottom(doc)) {
      doc.addPage();
      y = doc.page.margins.top;
      doc.font('Helvetica-Oblique').fontSize(FONT_SIZE).text(continued, left, y, { width, lineBreak: false });
      y += FONT_SIZE + 2 * PAD;
      drawHeader();
    }
    row.forEach((cell, i) => doc.text(cell, xs[i]! + PAD, y + PAD, { width: widths[i]! - 2 * PAD, align: columns[i]!.align ?? 'left' }));
    y += height;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor('#cccccc')
      .stroke()
      .strokeColor('black');
  }
  doc.x = left;
  doc.y = y + PAD * 2;
}

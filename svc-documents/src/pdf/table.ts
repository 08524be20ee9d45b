import { contentBottom, contentWidth, type Pdf } from './document.js';
import { setFace, textHeight, writeText, type Face } from './fonts.js';

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
/** A row of cells, or a line of text across the whole table (a QuickBooks description-only line, set apart in italics). */
export type TableRow = string[] | { text: string };

export function drawTable(doc: Pdf, columns: Column[], rows: TableRow[], continued: string): void {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const totalWeight = columns.reduce((sum, c) => sum + c.weight, 0);
  const widths = columns.map((c) => (c.weight / totalWeight) * width);
  const xs = widths.map((_, i) => left + widths.slice(0, i).reduce((a, b) => a + b, 0));
  let y = doc.y;

  const drawHeader = () => {
    setFace(doc, 'bold');
    doc.fontSize(FONT_SIZE);
    doc
      .rect(left, y, width, FONT_SIZE + 2 * PAD)
      .fill('#e8e8e8')
      .fillColor('black');
    columns.forEach((c, i) =>
      writeText(doc, c.header, 'bold', xs[i]! + PAD, y + PAD, { width: widths[i]! - 2 * PAD, align: c.align ?? 'left', lineBreak: false }),
    );
    y += FONT_SIZE + 2 * PAD;
  };

  doc.fontSize(FONT_SIZE);
  drawHeader();
  for (const row of rows) {
    const cells = Array.isArray(row) ? { cells: row, span: false } : { cells: [row.text], span: true };
    const cellWidths = cells.span ? [width] : widths;
    const face: Face = cells.span ? 'italic' : 'regular';
    const height = Math.max(...cells.cells.map((cell, i) => textHeight(doc, cell, face, { width: cellWidths[i]! - 2 * PAD }))) + 2 * PAD;
    if (y + height > contentBottom(doc)) {
      doc.addPage();
      y = doc.page.margins.top;
      writeText(doc, continued, 'italic', left, y, { width, lineBreak: false });
      y += FONT_SIZE + 2 * PAD;
      drawHeader();
    }
    cells.cells.forEach((cell, i) =>
      writeText(doc, cell, face, (cells.span ? left : xs[i]!) + PAD, y + PAD, {
        width: cellWidths[i]! - 2 * PAD,
        align: cells.span ? 'left' : (columns[i]!.align ?? 'left'),
      }),
    );
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

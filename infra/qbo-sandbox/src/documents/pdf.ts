/**
 * A small but real PDF 1.4 writer (Helvetica, Letter pages, text only): enough for QBO's
 * "print or preview" of a transaction without a PDF library.
 */
export interface PdfText {
  x: number;
  y: number;
  text: string;
  size?: number;
  bold?: boolean;
  /** Right-aligned at x (approximate Helvetica widths). */
  right?: boolean;
}

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;

/** PDF strings take Latin-1 with `\`, `(` and `)` escaped; anything else prints as `?`. */
function pdfString(text: string): string {
  const latin = [...text].map((char) => (char.charCodeAt(0) < 256 ? char : '?')).join('');
  return latin.replace(/[\\()]/g, (char) => `\\${char}`).replace(/[\r\n]+/g, ' ');
}

/** Helvetica averages about half an em per character; good enough to right-align numbers. */
const widthOf = (text: string, size: number) => text.length * size * 0.52;

export function renderPdf(pages: PdfText[][]): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) as number;
  const catalog = add('');
  const pagesObject = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const bold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const kids: number[] = [];
  for (const page of pages.length > 0 ? pages : [[]]) {
    const ops = page
      .map(({ x, y, text, size = 10, bold: isBold, right }) => {
        const left = right ? x - widthOf(text, size) : x;
        return `BT /${isBold ? 'F2' : 'F1'} ${size} Tf ${left.toFixed(2)} ${y.toFixed(2)} Td (${pdfString(text)}) Tj ET`;
      })
      .join('\n');
    const stream = add(`<< /Length ${Buffer.byteLength(ops, 'latin1')} >>\nstream\n${ops}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesObject} 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 ${font} 0 R /F2 ${bold} 0 R >> >> /Contents ${stream} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObject} 0 R >>`;
  objects[pagesObject - 1] = `<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] /Count ${kids.length} >>`;

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

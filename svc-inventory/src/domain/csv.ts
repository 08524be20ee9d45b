export type CsvValue = string | number | null | undefined;

const NEEDS_QUOTES = /[",\r\n]/;
/** What a spreadsheet would run as a formula (OWASP's CSV injection list): a customer named '=HYPERLINK(…)' stays text. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/** One cell as RFC 4180 writes it; text that a spreadsheet would take for a formula gets a leading apostrophe. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  // 1e-7 units read back as text in some spreadsheets: numbers go in fixed notation.
  const text = typeof value === 'number' && /e/i.test(String(value)) ? value.toFixed(7).replace(/\.?0+$/, '') : String(value);
  const safe = FORMULA_START.test(text) && !NUMBER.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One record, ended by CRLF as RFC 4180 asks. */
export function csvLine(cells: CsvValue[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

import { csvCell, csvLine } from './csv.js';

describe('CSV cells', () => {
  it('quotes a cell holding a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvCell('Acme, Inc.')).toBe('"Acme, Inc."');
    expect(csvCell('12" banner')).toBe('"12"" banner"');
    expect(csvCell('Suite 4\nDenver')).toBe('"Suite 4\nDenver"');
    expect(csvCell('Harbor Dental')).toBe('Harbor Dental');
  });

  it('keeps text a spreadsheet would run as a formula as text', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-2+3')).toBe("'-2+3");
  });

  it('writes numbers, negative amounts included, as they are, and nothing for a missing value', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell('-1250.00')).toBe('-1250.00');
    expect(csvCell(0.0000001)).toBe('0.0000001');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('ends each record with CRLF', () => {
    expect(csvLine(['SO-1', 'Acme, Inc.', 12])).toBe('SO-1,"Acme, Inc.",12\r\n');
  });
});

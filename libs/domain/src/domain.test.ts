import { formatCount, formatFaxNumber, formatUsd, inventoryStatus, isBulkDocNumber, isValidFaxNumber, toMoneyString, virtualInventoryTone } from './index.js';

describe('inventoryStatus', () => {
  it.each([
    [1000, 1000, 'Available'],
    [1000, 751, 'Available'],
    [1000, 750, 'In Use'],
    [1000, 251, 'In Use'],
    [1000, 250, 'Low Stock'],
    [1000, 1, 'Low Stock'],
    [1000, 0, 'Depleted'],
  ])('total %i, remaining %i is %s', (total, remaining, label) => {
    expect(inventoryStatus(total, remaining).label).toBe(label);
  });

  it('treats an empty purchase order as depleted rather than dividing by zero', () => {
    expect(inventoryStatus(0, 0)).toEqual({ label: 'Depleted', tone: 'error', usedPercent: 0 });
  });
});

describe('virtualInventoryTone', () => {
  it.each([
    [101, 'normal'],
    [100, 'secondary'],
    [1, 'secondary'],
    [0, 'destructive'],
  ])('%i → %s', (q, tone) => {
    expect(virtualInventoryTone(q)).toBe(tone);
  });
});

describe('isBulkDocNumber', () => {
  it('matches the default suffix regardless of case and spacing', () => {
    expect(isBulkDocNumber('PO-1042-BL', '-BL')).toBe(true);
    expect(isBulkDocNumber(' po-1042-bl ', '-BL')).toBe(true);
    expect(isBulkDocNumber('PO-1042', '-BL')).toBe(false);
    expect(isBulkDocNumber('-BL', '-BL')).toBe(false);
  });

  it('accepts a prefix marker such as BULK-', () => {
    expect(isBulkDocNumber('BULK-2031', 'BULK-')).toBe(true);
    expect(isBulkDocNumber('2031-BULK', 'BULK-')).toBe(false);
    expect(isBulkDocNumber('2031-BULK', '-BULK')).toBe(true);
  });

  it('never matches an empty document number or marker', () => {
    expect(isBulkDocNumber(null, '-BL')).toBe(false);
    expect(isBulkDocNumber('PO-1-BL', '  ')).toBe(false);
  });
});

describe('fax number', () => {
  it.each([
    ['', ''],
    ['5', '(5'],
    ['555', '(555'],
    ['5551', '(555) 1'],
    ['555123', '(555) 123'],
    ['5551234', '(555) 123-4'],
    ['555-123-4567', '(555) 123-4567'],
    ['(555) 123-45678999', '(555) 123-4567'],
    ['abc', ''],
  ])('formats %p as %p', (input, out) => {
    expect(formatFaxNumber(input)).toBe(out);
    expect(formatFaxNumber(input).length).toBeLessThanOrEqual(14);
  });

  it('accepts only an empty or complete number for storage', () => {
    expect(isValidFaxNumber('')).toBe(true);
    expect(isValidFaxNumber('(555) 123-4567')).toBe(true);
    expect(isValidFaxNumber('(555) 123-456')).toBe(false);
    expect(isValidFaxNumber('5551234567')).toBe(false);
  });
});

describe('money', () => {
  it('formats USD and en-US counts', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd('99.999')).toBe('$100.00');
    expect(formatUsd(null)).toBe('$0.00');
    expect(formatCount(12500)).toBe('12,500');
  });

  it('sends totals with two decimals', () => {
    expect(toMoneyString(12.5)).toBe('12.50');
    expect(toMoneyString(0.1 + 0.2)).toBe('0.30');
  });
});

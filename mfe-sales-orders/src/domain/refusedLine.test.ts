import { expect, it } from '@jest/globals';
import { firstRefusedLine, UNIT_PRICE_PRECISION_MESSAGE } from './refusedLine.js';

const line = (quantity: number | null, unitPrice: number | null) => ({ itemId: 'I-1', quantity, unitPrice });

it('finds the first line whose quantity or price the form refuses, however far down', () => {
  const lines = Array.from({ length: 500 }, () => line(100, 0.25));
  expect(firstRefusedLine(lines)).toBeNull();
  lines[412] = line(0, 0.25);
  lines[450] = line(100, 0.12345678);
  expect(firstRefusedLine(lines)).toEqual({ index: 412, field: 'quantity', message: 'Quantity must be more than 0' });
  lines[412] = line(100, 0.25);
  expect(firstRefusedLine(lines)).toEqual({ index: 450, field: 'unitPrice', message: UNIT_PRICE_PRECISION_MESSAGE });
});

it('refuses a line left without a quantity or a price, as the fields do', () => {
  expect(firstRefusedLine([line(null, 1)])?.field).toBe('quantity');
  expect(firstRefusedLine([line(5, null)])?.field).toBe('unitPrice');
});

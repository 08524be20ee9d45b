import { expect, it, jest } from '@jest/globals';
import { lineRemaining, lineTotal, parseLineItems } from './lineItems.js';

const line = { itemName: 'Poly Mailer', itemId: '7', description: null, qty: 4, unitPrice: '2.50', qtyRemaining: 1 };

it('reads lines sent as a list or as a JSON string', () => {
  expect(parseLineItems([line])).toEqual([line]);
  expect(parseLineItems(JSON.stringify([line]))).toEqual([line]);
  expect(parseLineItems(undefined)).toEqual([]);
});

it('gives no lines for unreadable JSON, and logs why', () => {
  const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  expect(parseLineItems('[{"itemName":')).toEqual([]);
  expect(parseLineItems('{"itemName":"not a list"}')).toEqual([]);
  expect(log).toHaveBeenCalledTimes(2);
  log.mockRestore();
});

it('totals qty × unit price, and a line without its own remaining has all of it left', () => {
  expect(lineTotal(line)).toBe(10);
  expect(lineRemaining(line)).toBe(1);
  expect(lineRemaining({ ...line, qtyRemaining: undefined })).toBe(4);
  expect(lineRemaining({ ...line, qtyRemaining: 0 })).toBe(0);
});

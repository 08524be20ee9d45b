import { expect, it } from '@jest/globals';
import { sentTicket } from '../test-support/tickets.js';
import { initialFormValues, todayInputDate, toInputDate, toUpdateBody } from './pullTicketUpdate.js';

const noon = new Date(2026, 2, 15, 12, 0);

it("gives today's local date as a date input writes it", () => {
  expect(todayInputDate(noon)).toBe('2026-03-15');
});

it('reads a stored date or timestamp as the date input text', () => {
  expect(toInputDate('2026-03-10')).toBe('2026-03-10');
  expect(toInputDate('2026-03-10T00:00:00.000Z')).toBe('2026-03-10');
  expect(toInputDate(null)).toBe('');
});

it('sends the six fields of docs/product.md §7, empty texts as null', () => {
  const values = { ...initialFormValues(sentTicket), vendorPhone: '  ', notes: '', shipByDate: '' };
  expect(toUpdateBody(values)).toEqual({
    vendorEmail: 'orders@acmeprint.com',
    vendorPhone: null,
    vendorAddress: '50 Press Rd, Boston, MA',
    status: 'sent',
    notes: null,
    shipByDate: null,
  });
});

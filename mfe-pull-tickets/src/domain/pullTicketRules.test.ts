import { expect, it } from '@jest/globals';
import { pendingTicket, sentTicket, shippedTicket } from '../test-support/tickets.js';
import { canApprove, emailSubject, isShipped, matchesPullTicket, shipSubject } from './pullTicketRules.js';

it('searches ticket number, vendor, sales order, customer and status, ignoring case', () => {
  const tickets = [sentTicket, shippedTicket, pendingTicket];
  const found = (query: string) => tickets.filter((t) => matchesPullTicket(t, query)).map((t) => t.ptNumber);
  expect(found('pt-1002')).toEqual(['PT-1002']);
  expect(found('metro')).toEqual(['PT-1002']);
  expect(found('SO-3003')).toEqual(['PT-1003']);
  expect(found('harbor')).toEqual(['PT-1001']);
  expect(found('PENDING')).toEqual(['PT-1003']);
  expect(found('  ')).toHaveLength(3);
  expect(found('Portland')).toEqual([]);
});

it('approves only a sent ticket and knows a shipped one', () => {
  expect(['pending', 'sent', 'processing', 'shipped', 'delivered', 'cancelled'].filter((status) => canApprove({ status }))).toEqual(['sent']);
  expect(isShipped(shippedTicket)).toBe(true);
  expect(isShipped(sentTicket)).toBe(false);
});

it('uses the default subjects of spec §9', () => {
  expect(emailSubject(sentTicket)).toBe('Pull Ticket PT-1001 - Items for Fulfillment');
  expect(shipSubject(sentTicket)).toBe('Pull Ticket PT-1001 - Shipped');
});

import { expect, it } from '@jest/globals';
import { PULL_TICKET_STATUSES } from '@printpool/domain';
import { sentTicket, shippedTicket } from '../test-support/tickets.js';
import { canApprove, emailSubject, isShipped, shipSubject } from './pullTicketRules.js';

it('approves only a sent ticket and knows a shipped one', () => {
  expect(PULL_TICKET_STATUSES.filter((status) => canApprove({ status }))).toEqual(['sent']);
  expect(isShipped(shippedTicket)).toBe(true);
  expect(isShipped(sentTicket)).toBe(false);
});

it('uses the default subjects of docs/product.md §9', () => {
  expect(emailSubject(sentTicket)).toBe('Pull Ticket PT-1001 - Items for Fulfillment');
  expect(shipSubject(sentTicket)).toBe('Pull Ticket PT-1001 - Shipped');
});

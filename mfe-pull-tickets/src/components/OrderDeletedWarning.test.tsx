import { afterEach, expect, it } from '@jest/globals';
import { DELETED_ORDER_TICKET_HELD } from '@printpool/contracts';
import { cleanup, screen } from '@testing-library/react';
import { renderWithPlatform } from '@printpool/platform/testing';
import { PullTicketDetailsDialog } from '../dialogs/PullTicketDetailsDialog.js';
import { heldByDeletedOrder } from '../domain/pullTicketRules.js';
import { sentTicket } from '../test-support/tickets.js';

afterEach(cleanup);

const held = { ...sentTicket, orderDeletedInQuickbooksAt: '2026-03-05T15:30:00.000Z' };

it("warns in the ticket's details that its order's estimate was deleted in QuickBooks, and why it waits", async () => {
  renderWithPlatform(<PullTicketDetailsDialog ticket={held} onClose={() => {}} />);
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Its estimate was deleted in QuickBooks');
  expect(alert.textContent).toContain(DELETED_ORDER_TICKET_HELD);
});

it('shows no warning on a ticket of a live order', async () => {
  renderWithPlatform(<PullTicketDetailsDialog ticket={sentTicket} onClose={() => {}} />);
  await screen.findByRole('dialog');
  expect(screen.queryByRole('alert')).toBeNull();
});

it('holds Ship and E-mail until the ticket is cancelled; a shipped one only re-sends the notice', () => {
  expect(heldByDeletedOrder(held)).toBe(true);
  expect(heldByDeletedOrder({ ...held, status: 'cancelled' })).toBe(false);
  expect(heldByDeletedOrder({ ...held, status: 'shipped' })).toBe(false);
  expect(heldByDeletedOrder(sentTicket)).toBe(false);
});

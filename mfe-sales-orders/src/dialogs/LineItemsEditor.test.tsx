/// <reference types="node" />
import { afterAll, afterEach, beforeAll, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import { salesOrder, salesOrderItem } from '../testing/salesOrderFixtures.js';
import { EditSalesOrderDialog } from './EditSalesOrderDialog.js';

const LINE_PX = 40;
const items = Array.from({ length: 500 }, (_, i) =>
  salesOrderItem({ lineId: String(i + 1), itemId: `I-${i + 1}`, itemName: `Card ${i + 1}`, quantity: 100, unitPrice: 0.25 }),
);
const order = salesOrder({ id: 7, soNumber: '9500-BL', items, totalQuantity: 50_000, totalAmount: '12500.00' });
const api = serveApiDuringTests({ '/api/sales-orders/7': { status: 200, body: '{}' } });

// jsdom lays nothing out: each line measures what a browser gives it, so only the lines in view are drawn.
const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight')!;
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => LINE_PX });
});
afterAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight);
});
afterEach(cleanup);

const quantity = (line: number) => screen.queryByLabelText(`Quantity ${line}`) as HTMLInputElement | null;

/** Scrolls the lines as the scroll bar does, to the top of line `line`; the box shows ten lines, as in a browser. */
function scrollToLine(line: number) {
  const holder = screen.getAllByRole('group', { name: /^Line \d+$/ })[0]!.closest<HTMLElement>('.rc-virtual-list-holder')!;
  Object.defineProperty(holder, 'clientHeight', { configurable: true, value: 10 * LINE_PX });
  Object.defineProperty(holder, 'scrollTop', { configurable: true, writable: true, value: (line - 1) * LINE_PX });
  fireEvent.scroll(holder);
}

it("draws a 500-line order's lines as they come into view, each field named by its line", async () => {
  renderWithPlatform(<EditSalesOrderDialog order={order} onClose={() => {}} />);
  expect((await screen.findByLabelText('Quantity 1')).getAttribute('aria-label')).toBe('Quantity 1');
  expect(quantity(400)).toBeNull();
  scrollToLine(400);
  expect((await screen.findByLabelText('Quantity 400')) as HTMLInputElement).toHaveProperty('value', '100');
  expect(screen.getByLabelText('Item name 400')).toHaveProperty('value', 'Card 400');
  expect(screen.getByRole('group', { name: 'Line 400' })).toBeTruthy();
});

it('a save refused for a line out of view scrolls to that line, which says why and takes focus, and sends nothing', async () => {
  renderWithPlatform(<EditSalesOrderDialog order={order} onClose={() => {}} />);
  await screen.findByLabelText('Quantity 1');
  scrollToLine(413);
  fireEvent.change(await screen.findByLabelText('Quantity 413'), { target: { value: '0' } });
  scrollToLine(1);
  await waitFor(() => expect(quantity(413)).toBeNull());

  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Quantity must be more than 0')).toBeTruthy();
  await waitFor(() => expect(document.activeElement).toBe(quantity(413)));
  expect(quantity(413)?.value).toBe('0');
  expect(api.requests.some((request) => request.method === 'PUT')).toBe(false);
});

it('brings a line added to a long order into view, at its end', async () => {
  renderWithPlatform(<EditSalesOrderDialog order={order} onClose={() => {}} />);
  await screen.findByLabelText('Quantity 1');
  scrollToLine(1);
  fireEvent.click(screen.getByRole('button', { name: /Add Item/ }));
  expect(((await screen.findByLabelText('Quantity 501')) as HTMLInputElement).value).toBe('1');
  expect(quantity(1)).toBeNull();
});

/// <reference types="node" />
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import type { PurchaseOrderReceipts, Receipt, ReceiptWriteBackState } from '@printpool/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Route, renderWithPlatform, serveApiDuringTests } from '@printpool/platform/testing';
import { ReceiptsCard } from './ReceiptsCard.js';

afterEach(cleanup);

const PATH = '/api/purchase-orders/1/receipts';
const routes: Record<string, Route> = {};
const api = serveApiDuringTests(routes);
const answer = (body: PurchaseOrderReceipts, path = PATH) =>
  (routes[path] = { status: 200, body: JSON.stringify(body), headers: { ETag: `"${body.version}"` } });

const inProduction: PurchaseOrderReceipts = {
  purchaseOrderId: 1,
  poNumber: 'PO-1001-BL',
  qbId: '41',
  tolerancePercent: 10,
  lines: [
    {
      itemId: '7',
      itemName: 'Envelopes #10',
      ordered: 10_000,
      received: null,
      pooled: 10_000,
      difference: null,
      differencePercent: null,
      withinTolerance: null,
      unitCost: 0.1,
      differenceAmount: null,
      state: 'in-production',
    },
  ],
  receipts: [],
  version: 'v1',
};

const receivedAs = (quantity: number, status: Receipt['status'], version: string, writeBack: ReceiptWriteBackState | null = null): PurchaseOrderReceipts => {
  const difference = quantity - 10_000;
  return {
    ...inProduction,
    lines: [
      {
        ...inProduction.lines[0]!,
        received: quantity,
        pooled: quantity,
        difference,
        differencePercent: difference / 100,
        withinTolerance: status === 'complete',
        differenceAmount: (difference * 0.1).toFixed(2),
        state: status === 'complete' ? 'received' : status,
      },
    ],
    receipts: [
      {
        id: 4,
        receivedOn: '2026-11-20',
        note: 'Run delivered',
        status,
        resolutionNote: null,
        recordedAt: '2026-11-20T10:00:00.000Z',
        lines: [{ itemId: '7', itemName: 'Envelopes #10', quantityReceived: quantity }],
        writeBack,
      },
    ],
    version,
  };
};

beforeEach(() => {
  for (const key of Object.keys(routes)) delete routes[key];
  answer(inProduction);
});

const card = () => screen.findByRole('group', { name: 'Receipts' });
const posts = () => api.requests.filter((request) => request.method === 'POST');

it('records a delivery with overs: previews it within tolerance, posts it on the version read, and shows what the pool holds', async () => {
  renderWithPlatform(<ReceiptsCard purchaseOrderId={1} />);
  expect(await within(await card()).findByText('In production: nothing received yet.')).toBeTruthy();
  fireEvent.click(within(await card()).getByRole('button', { name: 'Record receipt' }));

  fireEvent.change(screen.getByLabelText('Received On'), { target: { value: '2026-11-20' } });
  fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Run delivered' } });
  const quantity = screen.getByLabelText('Envelopes #10 received (ordered 10,000)');
  fireEvent.change(quantity, { target: { value: '10450' } });
  expect(await screen.findByText('Within ±10%: over by 450 (4.5%)')).toBeTruthy();

  answer(receivedAs(10_450, 'complete', 'v2'));
  fireEvent.click(screen.getByRole('button', { name: 'Record' }));
  expect(await screen.findByText('Receipt recorded')).toBeTruthy();
  const [post] = posts();
  expect(post?.ifMatch).toBe('"v1"');
  expect(JSON.parse(post!.body)).toEqual({
    receivedOn: '2026-11-20',
    note: 'Run delivered',
    lines: [{ itemId: '7', quantityReceived: 10_450 }],
    writeBackToQuickBooks: false,
  });
  // Not asked: nothing goes to QuickBooks, and the receipt says nothing of it.
  expect(posts()).toHaveLength(1);

  const table = await screen.findByRole('region', { name: 'Items received' });
  for (const text of ['10,450', '+450 (+4.5%)', '$45.00', 'Received']) expect(await within(table).findAllByText(text)).not.toHaveLength(0);
  const receipt = within(await card()).getByRole('listitem', { name: 'Receipt of Nov 20, 2026' });
  expect(within(receipt).getByText(/10,450 Envelopes #10 — Complete/)).toBeTruthy();
  expect(within(receipt).getByText('Run delivered')).toBeTruthy();
  expect(within(receipt).queryByText(/QuickBooks/)).toBeNull();
});

it('warns of an under beyond tolerance before it is recorded, and lets staff hold it as a claim', async () => {
  renderWithPlatform(<ReceiptsCard purchaseOrderId={1} />);
  fireEvent.click(await within(await card()).findByRole('button', { name: 'Record receipt' }));
  fireEvent.change(screen.getByLabelText('Envelopes #10 received (ordered 10,000)'), { target: { value: '6500' } });
  expect(await screen.findByText('Beyond ±10%: under by 3,500 (35%), for you to accept or claim')).toBeTruthy();

  answer(receivedAs(6_500, 'flagged', 'v2'));
  fireEvent.click(screen.getByRole('button', { name: 'Record' }));
  const receipt = await screen.findByRole('listitem', { name: 'Receipt of Nov 20, 2026' });
  expect(within(receipt).getByText(/Waiting for your answer/)).toBeTruthy();

  answer({ ...receivedAs(6_500, 'claim', 'v3') }, `${PATH}/4/resolve`);
  fireEvent.click(within(receipt).getByRole('button', { name: 'Hold as a claim' }));
  await waitFor(() => expect(posts().map((request) => request.path)).toContain(`${PATH}/4/resolve`));
  const resolve = posts().find((request) => request.path === `${PATH}/4/resolve`)!;
  expect(resolve.ifMatch).toBe('"v2"');
  expect(JSON.parse(resolve.body)).toEqual({ resolution: 'claim' });
});

it('refuses a receipt someone else recorded first, naming what was received since the form opened', async () => {
  renderWithPlatform(<ReceiptsCard purchaseOrderId={1} />);
  fireEvent.click(await within(await card()).findByRole('button', { name: 'Record receipt' }));
  fireEvent.change(screen.getByLabelText('Envelopes #10 received (ordered 10,000)'), { target: { value: '10000' } });

  const recordedMeanwhile = receivedAs(10_450, 'complete', 'v2');
  routes[PATH] = {
    status: 409,
    body: JSON.stringify({
      message: "Someone changed this purchase order's receipts since you opened it",
      code: 'VERSION_CONFLICT',
      details: { current: recordedMeanwhile, differences: [] },
    }),
  };
  fireEvent.click(screen.getByRole('button', { name: 'Record' }));
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Someone recorded or answered a receipt since you opened this form: Envelopes #10 now 10,450 received (was none).');
  expect((screen.getByRole('button', { name: 'Record' }) as HTMLButtonElement).disabled).toBe(true);
  expect(posts()).toHaveLength(1);
});

const WRITE_BACK = `${PATH}/4/write-back`;

it('records a receipt asked to update the quantities in QuickBooks, then writes it there and shows that QuickBooks has them', async () => {
  renderWithPlatform(<ReceiptsCard purchaseOrderId={1} />);
  fireEvent.click(await within(await card()).findByRole('button', { name: 'Record receipt' }));
  fireEvent.change(screen.getByLabelText('Envelopes #10 received (ordered 10,000)'), { target: { value: '10450' } });
  const option = screen.getByRole('checkbox', { name: 'Update the quantities in QuickBooks' });
  expect((option as HTMLInputElement).checked).toBe(false);
  fireEvent.click(option);

  const written = receivedAs(10_450, 'complete', 'v2', { status: 'written', reason: null, at: '2026-11-20T10:00:05.000Z' });
  answer(written);
  answer(written, WRITE_BACK);
  fireEvent.click(screen.getByRole('button', { name: 'Record' }));
  expect(await screen.findByText('Quantities updated in QuickBooks')).toBeTruthy();
  const [recorded, writeBack] = posts();
  expect(JSON.parse(recorded!.body)).toMatchObject({ lines: [{ itemId: '7', quantityReceived: 10_450 }], writeBackToQuickBooks: true });
  expect(writeBack?.path).toBe(WRITE_BACK);
  const receipt = await screen.findByRole('listitem', { name: 'Receipt of Nov 20, 2026' });
  expect(await within(receipt).findByText('QuickBooks: quantities updated')).toBeTruthy();
  expect(within(receipt).queryByRole('button', { name: 'Update QuickBooks' })).toBeNull();
});

it("keeps the receipt when QuickBooks refuses it, shows QuickBooks' reason and lets staff try again", async () => {
  const reason = 'QuickBooks changed PO-1001-BL since PrintPool last synced it (SyncToken 4, PrintPool has 3): nothing was written.';
  renderWithPlatform(<ReceiptsCard purchaseOrderId={1} />);
  fireEvent.click(await within(await card()).findByRole('button', { name: 'Record receipt' }));
  fireEvent.change(screen.getByLabelText('Envelopes #10 received (ordered 10,000)'), { target: { value: '10450' } });
  fireEvent.click(screen.getByRole('checkbox', { name: 'Update the quantities in QuickBooks' }));

  answer(receivedAs(10_450, 'complete', 'v2', { status: 'failed', reason, at: '2026-11-20T10:00:05.000Z' }));
  routes[WRITE_BACK] = { status: 409, body: JSON.stringify({ message: reason, code: 'WRITE_BACK_CONFLICT' }) };
  fireEvent.click(screen.getByRole('button', { name: 'Record' }));
  expect(await screen.findByText('QuickBooks not updated')).toBeTruthy();
  const receipt = await screen.findByRole('listitem', { name: 'Receipt of Nov 20, 2026' });
  expect(await within(receipt).findByText(`QuickBooks: not updated. ${reason}`)).toBeTruthy();
  expect(within(receipt).getByText(/10,450 Envelopes #10 — Complete/)).toBeTruthy();

  fireEvent.click(within(receipt).getByRole('button', { name: 'Update QuickBooks' }));
  await waitFor(() => expect(posts().filter((request) => request.path === WRITE_BACK)).toHaveLength(2));
});

it('offers no QuickBooks update for a PO made in PrintPool', async () => {
  answer({ ...inProduction, qbId: null });
  renderWithPlatform(<ReceiptsCard purchaseOrderId={1} />);
  fireEvent.click(await within(await card()).findByRole('button', { name: 'Record receipt' }));
  expect(await screen.findByLabelText('Envelopes #10 received (ordered 10,000)')).toBeTruthy();
  expect(screen.queryByRole('checkbox', { name: 'Update the quantities in QuickBooks' })).toBeNull();
});

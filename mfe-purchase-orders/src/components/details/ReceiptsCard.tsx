import type { PurchaseOrderReceipts, Receipt, ReceiptLineSummary } from '@printpool/contracts';
import { formatCount, formatUsd } from '@printpool/domain';
import { useCan } from '@printpool/platform';
import { Button, Card, Flex, SimpleTable, Tag, Typography, type SimpleColumn } from '@printpool/ui';
import { useState } from 'react';
import { usePurchaseOrderReceipts, useResolveReceipt, useWriteReceiptBack } from '../../api/usePurchaseOrderReceipts.js';
import { formatDay } from '../../domain/programTerms.js';
import { RecordReceiptForm, type RecordedReceipt } from './RecordReceiptForm.js';

const STATE: Record<ReceiptLineSummary['state'], { text: string; color?: string }> = {
  'in-production': { text: 'In production' },
  received: { text: 'Received', color: 'green' },
  flagged: { text: 'Beyond tolerance', color: 'orange' },
  accepted: { text: 'Accepted as delivered', color: 'blue' },
  claim: { text: 'Claim with vendor', color: 'red' },
};

const RECEIPT_STATUS: Record<Receipt['status'], string> = {
  complete: 'Complete',
  flagged: 'Waiting for your answer',
  accepted: 'Accepted as delivered',
  claim: 'Held as a claim',
};

const signed = (n: number) => `${n > 0 ? '+' : ''}${formatCount(n)}`;

const ITEM_COLUMNS: SimpleColumn<ReceiptLineSummary>[] = [
  { title: 'Item', render: (line) => line.itemName ?? line.itemId },
  { title: 'Ordered', align: 'right', render: (line) => formatCount(line.ordered) },
  { title: 'Received', align: 'right', render: (line) => (line.received === null ? '-' : formatCount(line.received)) },
  {
    title: 'Over / Under',
    align: 'right',
    render: (line) => (line.difference === null ? '-' : `${signed(line.difference)} (${signed(line.differencePercent!)}%)`),
  },
  { title: 'At Cost', align: 'right', render: (line) => (line.differenceAmount === null ? '-' : formatUsd(line.differenceAmount)) },
  { title: 'In Pool', align: 'right', render: (line) => formatCount(line.pooled) },
  { title: 'State', render: (line) => <Tag color={STATE[line.state].color}>{STATE[line.state].text}</Tag> },
];

/** Where a receipt the broker asked to write to the QuickBooks PO stands, with a way to try again while it is not there. */
function WriteBackState({ receipt, writeBack, canWork }: { receipt: Receipt; writeBack: ReturnType<typeof useWriteReceiptBack>; canWork: boolean }) {
  const state = receipt.writeBack;
  if (!state) return null;
  const writing = writeBack.isPending && writeBack.variables === receipt.id;
  let text;
  if (writing) text = <Typography.Text type="secondary">QuickBooks: updating...</Typography.Text>;
  else if (state.status === 'written') text = <Typography.Text type="success">QuickBooks: quantities updated</Typography.Text>;
  else if (state.status === 'pending') text = <Typography.Text type="warning">QuickBooks: not updated yet</Typography.Text>;
  else text = <Typography.Text type="danger">{`QuickBooks: not updated. ${state.reason ?? ''}`.trim()}</Typography.Text>;
  return (
    <Flex gap={8} align="center" wrap>
      {text}
      {canWork && state.status !== 'written' && (
        <Button size="small" disabled={writeBack.isPending} onClick={() => writeBack.mutate(receipt.id)}>
          Update QuickBooks
        </Button>
      )}
    </Flex>
  );
}

function ReceiptEntry({
  run,
  receipt,
  canWork,
  writeBack,
}: {
  run: PurchaseOrderReceipts;
  receipt: Receipt;
  canWork: boolean;
  writeBack: ReturnType<typeof useWriteReceiptBack>;
}) {
  const resolve = useResolveReceipt(run.purchaseOrderId);
  const answer = (resolution: 'accepted' | 'claim') => resolve.mutate({ receiptId: receipt.id, body: { resolution }, version: run.version });
  return (
    <Flex vertical gap={4} role="listitem" aria-label={`Receipt of ${formatDay(receipt.receivedOn)}`}>
      <Typography.Text>
        <Typography.Text strong>{formatDay(receipt.receivedOn)}</Typography.Text>
        {`: ${receipt.lines.map((line) => `${formatCount(line.quantityReceived)} ${line.itemName ?? line.itemId}`).join(', ')} — ${RECEIPT_STATUS[receipt.status]}`}
      </Typography.Text>
      {receipt.note && <Typography.Text type="secondary">{receipt.note}</Typography.Text>}
      {receipt.resolutionNote && <Typography.Text type="secondary">{receipt.resolutionNote}</Typography.Text>}
      <WriteBackState receipt={receipt} writeBack={writeBack} canWork={canWork} />
      {canWork && receipt.status === 'flagged' && (
        <Flex gap={8}>
          <Button size="small" disabled={resolve.isPending} onClick={() => answer('accepted')}>
            Accept as delivered
          </Button>
          <Button size="small" danger disabled={resolve.isPending} onClick={() => answer('claim')}>
            Hold as a claim
          </Button>
        </Flex>
      )}
    </Flex>
  );
}

/**
 * A bulk PO's run as received (docs/product.md §11): per item ordered, received, the over or
 * under and what the pool holds; the receipts, with the broker's answer to one beyond tolerance
 * and whether one the broker asked to write reached QuickBooks; for staff the Record receipt form.
 */
export function ReceiptsCard({ purchaseOrderId }: { purchaseOrderId: number }) {
  const run = usePurchaseOrderReceipts(purchaseOrderId);
  const canWork = useCan('staff');
  const [recording, setRecording] = useState(false);
  // The card's own, not the form's: the write goes on after the form closes.
  const writeBack = useWriteReceiptBack(purchaseOrderId);
  const recorded = (receipt?: RecordedReceipt) => {
    setRecording(false);
    if (receipt?.writeBackToQuickBooks) writeBack.mutate(receipt.receiptId);
  };
  let body;
  if (run.isPending) body = <Typography.Text type="secondary">Loading receipts...</Typography.Text>;
  else if (run.isError) body = <Typography.Text type="danger">Could not load the receipts</Typography.Text>;
  else if (recording) body = <RecordReceiptForm run={run.data} onDone={recorded} />;
  else
    body = (
      <Flex vertical gap={12}>
        <SimpleTable label="Items received" columns={ITEM_COLUMNS} rows={run.data.lines} rowKey={(line) => line.itemId} empty="No items" />
        <Typography.Text type="secondary">{`Tolerance ±${run.data.tolerancePercent}%: within it, overs are billed and unders credited at cost.`}</Typography.Text>
        {run.data.receipts.length === 0 ? (
          <Typography.Text type="secondary">In production: nothing received yet.</Typography.Text>
        ) : (
          <Flex vertical gap={8} role="list" aria-label="Receipts">
            {run.data.receipts.map((receipt) => (
              <ReceiptEntry key={receipt.id} run={run.data} receipt={receipt} canWork={canWork} writeBack={writeBack} />
            ))}
          </Flex>
        )}
      </Flex>
    );
  return (
    <Card
      size="small"
      title="Receipts"
      role="group"
      aria-label="Receipts"
      extra={
        canWork && run.data && !recording ? (
          <Button size="small" onClick={() => setRecording(true)}>
            Record receipt
          </Button>
        ) : undefined
      }
    >
      {body}
    </Card>
  );
}

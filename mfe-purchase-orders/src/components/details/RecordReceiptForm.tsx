import type { PurchaseOrderReceipts, ReceiptInput } from '@printpool/contracts';
import { formatCount, hasQuantityPrecision, receiptDifference } from '@printpool/domain';
import { versionConflictOf } from '@printpool/platform';
import { Button, Flex, Typography } from '@printpool/ui';
import { Checkbox, Form, InputNumber } from '@printpool/ui/form';
import { Input } from '@printpool/ui/input';
import { useState } from 'react';
import { useRecordReceipt } from '../../api/usePurchaseOrderReceipts.js';
import { formatDay, localToday } from '../../domain/programTerms.js';

interface ReceiptFormValues {
  receivedOn: string;
  note?: string;
  /** Units delivered now, per item id. */
  quantities: Record<string, number | null>;
  writeBackToQuickBooks: boolean;
}

const quantityRule = {
  validator: async (_: unknown, value?: number | null) => {
    if (typeof value === 'number' && !(value >= 0 && hasQuantityPrecision(value))) throw new Error('Quantity received must be 0 or more units, to 7 decimals');
  },
};

/** What this delivery would make of an item, by the rule the server records by (libs/domain receipt.ts). */
function Preview({ line, now, tolerancePercent }: { line: PurchaseOrderReceipts['lines'][number]; now: number | null; tolerancePercent: number }) {
  if (now === null) return null;
  const total = (line.received ?? 0) + now;
  const { difference, percent, withinTolerance } = receiptDifference(line.ordered, total, tolerancePercent);
  const text = difference === 0 ? 'exactly as ordered' : `${difference > 0 ? 'over' : 'under'} by ${formatCount(Math.abs(difference))} (${Math.abs(percent)}%)`;
  return (
    <Typography.Text type={withinTolerance ? 'secondary' : 'warning'} style={{ fontSize: 12 }}>
      {withinTolerance ? `Within ±${tolerancePercent}%: ${text}` : `Beyond ±${tolerancePercent}%: ${text}, for you to accept or claim`}
    </Typography.Text>
  );
}

/** A receipt the form recorded, and whether the broker asked to write it to the QuickBooks PO. */
export interface RecordedReceipt {
  receiptId: number;
  writeBackToQuickBooks: boolean;
}

/**
 * What changed of the run since the form opened, per item and per answered receipt: the server
 * knows only the version the form read, the form knows what it showed.
 */
function changedSince(opened: PurchaseOrderReceipts, now: PurchaseOrderReceipts): string[] {
  const count = (received: number | null) => (received === null ? 'none' : formatCount(received));
  const items = opened.lines.flatMap((line) => {
    const current = now.lines.find((candidate) => candidate.itemId === line.itemId);
    return current && current.received !== line.received
      ? [`${line.itemName ?? line.itemId} now ${count(current.received)} received (was ${count(line.received)})`]
      : [];
  });
  const answered = now.receipts.filter((receipt) => opened.receipts.some((before) => before.id === receipt.id && before.status !== receipt.status));
  return [
    ...items,
    ...answered.map((receipt) => `the receipt of ${formatDay(receipt.receivedOn)} ${receipt.status === 'claim' ? 'held as a claim' : 'accepted'}`),
  ];
}

/**
 * Record receipt (docs/product.md §11): the delivery's date, a note and the units of each item,
 * on the version of the run the form was opened at; each item previews its over or under. For a
 * PO from QuickBooks the broker may ask to update its quantities there too. `onDone` is told the
 * receipt recorded, nothing when the form was cancelled.
 */
export function RecordReceiptForm({ run, onDone }: { run: PurchaseOrderReceipts; onDone: (recorded?: RecordedReceipt) => void }) {
  const [form] = Form.useForm<ReceiptFormValues>();
  const [opened] = useState(run);
  const record = useRecordReceipt(opened.purchaseOrderId);
  const conflict = versionConflictOf<PurchaseOrderReceipts>(record.error);
  const changes = conflict ? changedSince(opened, conflict.current) : [];
  const quantities = Form.useWatch('quantities', form) ?? {};
  const initial: ReceiptFormValues = {
    receivedOn: localToday(),
    // What is still to come of each item: the whole order before its first receipt.
    quantities: Object.fromEntries(opened.lines.map((line) => [line.itemId, line.received === null ? line.ordered : null])),
    writeBackToQuickBooks: false,
  };
  const save = ({ receivedOn, note, writeBackToQuickBooks }: ReceiptFormValues) => {
    const values = form.getFieldsValue(true) as ReceiptFormValues;
    const body: ReceiptInput = {
      receivedOn,
      note: note?.trim() || null,
      lines: opened.lines.flatMap((line) => {
        const quantity = values.quantities[line.itemId];
        return typeof quantity === 'number' ? [{ itemId: line.itemId, quantityReceived: quantity }] : [];
      }),
      writeBackToQuickBooks: opened.qbId !== null && writeBackToQuickBooks,
    };
    // The version names the run as opened, so the first receipt after those it had is this one.
    const before = new Set(opened.receipts.map((receipt) => receipt.id));
    record.mutate(
      { body, version: opened.version },
      {
        onSuccess: (answer) => {
          const receipt = answer.receipts.find((candidate) => !before.has(candidate.id));
          onDone(receipt && { receiptId: receipt.id, writeBackToQuickBooks: body.writeBackToQuickBooks });
        },
      },
    );
  };

  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={save} requiredMark={false} aria-label="Record receipt">
      <Flex gap={12} wrap>
        <Form.Item label="Received On" name="receivedOn" style={{ flex: '1 1 200px' }} rules={[{ required: true, message: 'Received on is required' }]}>
          <Input type="date" />
        </Form.Item>
        <Form.Item label="Note" name="note" style={{ flex: '2 1 300px' }}>
          <Input maxLength={2000} />
        </Form.Item>
      </Flex>
      {opened.lines.map((line) => (
        <Form.Item
          key={line.itemId}
          label={`${line.itemName ?? line.itemId} received (ordered ${formatCount(line.ordered)}${line.received === null ? '' : `, ${formatCount(line.received)} so far`})`}
          name={['quantities', line.itemId]}
          rules={[quantityRule]}
          extra={<Preview line={line} now={quantities[line.itemId] ?? null} tolerancePercent={opened.tolerancePercent} />}
        >
          <InputNumber min={0} style={{ width: '100%' }} />
        </Form.Item>
      ))}
      {opened.qbId !== null && (
        <Form.Item
          name="writeBackToQuickBooks"
          valuePropName="checked"
          extra={`Sets each received line of ${opened.poNumber} in QuickBooks to all that was received of it so far, at its unit cost.`}
        >
          <Checkbox>Update the quantities in QuickBooks</Checkbox>
        </Form.Item>
      )}
      {conflict && (
        <Typography.Paragraph type="danger" role="alert">
          Someone recorded or answered a receipt since you opened this form{changes.length > 0 ? `: ${changes.join('; ')}` : ''}. Close it and record again from
          what was received since.
        </Typography.Paragraph>
      )}
      <Flex justify="flex-end" gap={8}>
        <Button onClick={() => onDone()}>Cancel</Button>
        <Button type="primary" htmlType="submit" disabled={record.isPending || Boolean(conflict)}>
          {record.isPending ? 'Recording...' : 'Record'}
        </Button>
      </Flex>
    </Form>
  );
}

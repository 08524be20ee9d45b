import { formatCount, formatDate, normalizeLineItems } from '@printpool/domain';
import { Typography } from '@printpool/ui';
import { Form, InputNumber, ProgramRuleOverride } from '@printpool/ui/form';
import { Table } from '@printpool/ui/table';
import { useState } from 'react';
import { Modal } from '@printpool/ui/overlay';
import { useCreatePullTicket } from '../api/salesOrderActions.js';
import type { SalesOrder } from '../api/salesOrders.js';
import { releaseIssue, releaseRows, NOTHING_TO_RELEASE } from '../domain/releaseRows.js';
import { BulkPurchaseOrderField } from './BulkPurchaseOrderField.js';
import { DocumentLink, documentHref, programRuleRefusalOf } from '@printpool/platform';

export const NEEDS_BULK_PO = 'Choose the bulk purchase order that covers this order before creating its pull ticket';

/**
 * Creating an order's pull ticket. The vendor pulls from the order's bulk PO, so an order
 * without one first gets one: the broker chooses among the bulk POs covering every line, and
 * svc-inventory draws the order from it as it creates the ticket. The ticket releases, per
 * item, the 'Release now' quantity, at most what no other ticket has (docs/product.md §4): the
 * rest stays for a later ticket. A release breaking its bulk PO's program (docs/product.md §11)
 * is refused; the dialog then says which rule, offers to release all of a remainder too small
 * for a release of its own, and sends the release anyway with the broker's reason for it.
 */
export function CreatePullTicketDialog({ order, onClose }: { order: SalesOrder; onClose: () => void }) {
  const create = useCreatePullTicket();
  const existing = order.fulfilment && order.fulfilment.status !== 'cancelled' ? order.fulfilment : null;
  const title = existing ? `Create another pull ticket - ${order.soNumber}` : `Create Pull Ticket - ${order.soNumber}`;

  const rows = releaseRows(order.items);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const releaseNow = rows.map((row) => ({ itemId: row.itemId, quantity: quantities[row.itemId] ?? row.left }));
  const refusal = programRuleRefusalOf(create.error);
  if (!order.bulkPoId) return <ChooseBulkPoFirst order={order} title={title} onClose={onClose} />;

  const confirmLabel = existing ? 'Create another' : 'Create Pull Ticket';
  const lines = releaseNow.filter((line) => line.quantity > 0);
  const issue = lines.length === 0 ? NOTHING_TO_RELEASE : releaseIssue(rows, lines);
  // Everything left, as before partial releases: the server releases the whole remainder without lines.
  const everything = rows.every((row) => row.left === (quantities[row.itemId] ?? row.left));
  const send = (override?: { reason: string }) =>
    create.mutate({ order, force: Boolean(existing), ...(everything ? {} : { lines }), ...(override ? { override } : {}) }, { onSuccess: onClose });
  return (
    <Modal
      open
      title={title}
      okText={create.isPending ? 'Creating...' : confirmLabel}
      okButtonProps={{ disabled: create.isPending || issue !== null, danger: Boolean(existing) }}
      onOk={() => send()}
      onCancel={onClose}
    >
      {existing ? (
        <>
          <Typography.Paragraph>
            This order already has pull ticket <DocumentLink href={documentHref.pullTicket(existing.ptNumber)}>{existing.ptNumber}</DocumentLink> (
            {existing.status}
            {existing.shippedAt ? `, shipped ${formatDate(existing.shippedAt)}` : ''}).
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">
            The new ticket releases only what no other ticket has: the vendor pulls the quantities below.
          </Typography.Paragraph>
        </>
      ) : (
        <Typography.Paragraph>
          Create a pull ticket for {order.soNumber}, for the vendor of bulk PO {order.bulkPoNumber ?? ''} to pull its items?
        </Typography.Paragraph>
      )}
      <Table
        size="small"
        pagination={false}
        rowKey="itemId"
        dataSource={rows}
        columns={[
          { title: 'Item', key: 'item', render: (_, row) => row.itemName ?? row.itemId },
          { title: 'Unreleased', key: 'left', align: 'right', render: (_, row) => formatCount(row.left) },
          {
            title: 'Release now',
            key: 'now',
            align: 'right',
            render: (_, row) => (
              <InputNumber
                aria-label={`Release now of ${row.itemName ?? row.itemId}`}
                min={0}
                max={row.left}
                disabled={row.left === 0}
                value={quantities[row.itemId] ?? row.left}
                onChange={(value) => setQuantities((current) => ({ ...current, [row.itemId]: value ?? 0 }))}
              />
            ),
          },
        ]}
      />
      {issue && <Typography.Text type="warning">{issue}</Typography.Text>}
      {refusal && (
        <ProgramRuleOverride
          refusal={refusal}
          released={Object.fromEntries(releaseNow.map((line) => [line.itemId, line.quantity]))}
          saving={create.isPending}
          action="Override and create"
          onOverride={(reason) => send({ reason })}
          releaseAll={{
            most: Object.fromEntries(rows.map((row) => [row.itemId, row.left])),
            choose: (itemId, quantity) => setQuantities((current) => ({ ...current, [itemId]: quantity })),
          }}
        />
      )}
    </Modal>
  );
}

/** An order without a bulk PO: the broker picks the covering one, and the ticket is made from it. */
function ChooseBulkPoFirst({ order, title, onClose }: { order: SalesOrder; title: string; onClose: () => void }) {
  const create = useCreatePullTicket();
  const refusal = programRuleRefusalOf(create.error);
  const [form] = Form.useForm<{ bulkPoId: number | null }>();
  const submit = async (override?: { reason: string }) => {
    const { bulkPoId } = await form.validateFields();
    create.mutate({ order, bulkPoId: Number(bulkPoId), ...(override ? { override } : {}) }, { onSuccess: onClose });
  };
  return (
    <Modal
      open
      title={title}
      okText={create.isPending ? 'Creating...' : 'Create Pull Ticket'}
      okButtonProps={{ disabled: create.isPending }}
      onOk={() => void submit().catch(() => {})}
      onCancel={onClose}
    >
      <Typography.Paragraph>{NEEDS_BULK_PO}.</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ items: normalizeLineItems(order.items), bulkPoId: null }}>
        {/* The picker offers only the bulk POs holding every line of the order. */}
        <Form.Item name="items" hidden />
        <BulkPurchaseOrderField />
      </Form>
      {refusal && (
        <ProgramRuleOverride
          refusal={refusal}
          released={{}}
          saving={create.isPending}
          action="Override and create"
          onOverride={(reason) => void submit({ reason }).catch(() => {})}
        />
      )}
    </Modal>
  );
}

import { newIdempotencyKey } from '@printpool/platform';
import { Typography } from '@printpool/ui';
import { useState } from 'react';
import { Form } from '@printpool/ui/form';
import { Input } from '@printpool/ui/input';
import { Modal } from '@printpool/ui/overlay';
import { useEmailSalesOrder } from '../api/salesOrderActions.js';
import type { SalesOrder } from '../api/salesOrders.js';

interface EmailValues {
  subject: string;
  message: string;
}

/** Sends the order to its customer as a PDF attachment (POST …/send-estimate). */
export function EmailSalesOrderDialog({ order, onClose }: { order: SalesOrder; onClose: () => void }) {
  const [form] = Form.useForm<EmailValues>();
  const send = useEmailSalesOrder();
  // One send per message written: pressing Send again after an error retries it (the server
  // answers the first call's outcome); changing the message makes it another send.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  return (
    <Modal
      open
      title={`Email Sales Order - ${order.soNumber}`}
      okText={send.isPending ? 'Sending...' : 'Send Email'}
      okButtonProps={{ disabled: send.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">To: {order.customerEmail || 'the customer email on file in QuickBooks'}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ subject: `Sales Order ${order.soNumber}`, message: '' }}
        onFinish={(values) => send.mutate({ order, ...values, idempotencyKey }, { onSuccess: onClose })}
        onValuesChange={() => setIdempotencyKey(newIdempotencyKey())}
      >
        <Form.Item label="Subject" name="subject">
          <Input />
        </Form.Item>
        <Form.Item label="Message" name="message">
          <Input.TextArea rows={5} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { Typography } from '@printpool/ui';
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
        onFinish={(values) => send.mutate({ order, ...values }, { onSuccess: onClose })}
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

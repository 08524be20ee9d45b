import type { StatementPeriod } from '@printpool/domain';
import { formatDay } from '@printpool/domain';
import { newIdempotencyKey } from '@printpool/platform';
import { Typography } from '@printpool/ui';
import { Form } from '@printpool/ui/form';
import { Input } from '@printpool/ui/input';
import { Modal } from '@printpool/ui/overlay';
import { useState } from 'react';
import { useEmailStatement } from '../api/customerStatement.js';

interface EmailValues {
  subject: string;
  message: string;
}

/** E-mails the customer's stock statement of the period to their address in QuickBooks (POST …/statement/email). */
export function EmailStatementDialog({
  customerId,
  customerName,
  period,
  onClose,
}: {
  customerId: number;
  customerName: string;
  period: StatementPeriod;
  onClose: () => void;
}) {
  const [form] = Form.useForm<EmailValues>();
  const send = useEmailStatement();
  // One send per message written: pressing Send again after an error retries it (the server
  // answers the first call's outcome); changing the message makes it another send.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  return (
    <Modal
      open
      title={`E-mail Statement - ${customerName}`}
      okText={send.isPending ? 'Sending...' : 'Send Statement'}
      okButtonProps={{ disabled: send.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">
        To: {customerName}&apos;s e-mail address in QuickBooks. The statement covers {formatDay(period.from)} to {formatDay(period.to)}.
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ subject: '', message: '' }}
        onFinish={(values) => send.mutate({ customerId, ...period, ...values, idempotencyKey }, { onSuccess: onClose })}
        onValuesChange={() => setIdempotencyKey(newIdempotencyKey())}
      >
        <Form.Item label="Subject" name="subject" extra="Left empty: 'Stock Statement', the customer and the period">
          <Input />
        </Form.Item>
        <Form.Item label="Message" name="message" extra="Left empty: a greeting saying what the statement covers">
          <Input.TextArea rows={5} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { newIdempotencyKey, useToast } from '@printpool/platform';
import { useState } from 'react';
import { Form } from '@printpool/ui/form';
import { Input } from '@printpool/ui/input';
import { Modal } from '@printpool/ui/overlay';
import { useEmailPullTicket } from '../api/pullTicketActions.js';
import type { PullTicket } from '../api/pullTickets.js';
import { emailSubject } from '../domain/pullTicketRules.js';

interface EmailValues {
  emailAddress: string;
  subject: string;
  message: string;
}

/** Sends the ticket to its vendor with the PDF (POST …/email); the vendor's address is offered first. */
export function EmailPullTicketDialog({ ticket, onClose }: { ticket: PullTicket; onClose: () => void }) {
  const [form] = Form.useForm<EmailValues>();
  const send = useEmailPullTicket();
  const { toast } = useToast();
  // One send per message written: pressing Send again after an error retries it (the server
  // answers the first call's outcome); changing the message makes it another send.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);

  // docs/product.md §5 words the missing address as a toast, not a field error.
  const submit = ({ emailAddress, subject, message }: EmailValues) => {
    const address = emailAddress.trim();
    if (!address) {
      toast({ title: 'Email Required', description: 'Please enter an email address', variant: 'destructive' });
      return;
    }
    send.mutate({ ticket, emailAddress: address, subject, message, idempotencyKey }, { onSuccess: onClose });
  };

  return (
    <Modal
      open
      title={`Email Pull Ticket - ${ticket.ptNumber}`}
      okText={send.isPending ? 'Sending...' : 'Send Email'}
      okButtonProps={{ disabled: send.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ emailAddress: ticket.vendorEmail ?? '', subject: emailSubject(ticket), message: '' }}
        onFinish={submit}
        onValuesChange={() => setIdempotencyKey(newIdempotencyKey())}
      >
        <Form.Item label="Email Address" name="emailAddress">
          <Input type="email" placeholder="vendor@example.com" />
        </Form.Item>
        <Form.Item label="Subject" name="subject">
          <Input />
        </Form.Item>
        <Form.Item label="Message" name="message">
          <Input.TextArea rows={5} placeholder="Optional message to the vendor" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

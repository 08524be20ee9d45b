import { PullTicketShipmentSchema } from '@printpool/contracts';
import { Typography } from '@printpool/ui';
import { Form, ruleFrom, ruleInForm } from '@printpool/ui/form';
import { Input, Switch } from '@printpool/ui/input';
import { Modal } from '@printpool/ui/overlay';
import { useShipPullTicket } from '../api/pullTicketActions.js';
import type { PullTicket } from '../api/pullTickets.js';
import { isShipped, shipSubject } from '../domain/pullTicketRules.js';

export const NOTIFY_LABEL = 'Send shipping notification to customer';

interface ShipValues {
  sendEmail: boolean;
  carrier: string;
  trackingNumber: string;
  customerEmail: string;
  emailSubject: string;
  emailBody: string;
}

/**
 * Marks the ticket shipped and, by default, tells the customer. A ticket already shipped can
 * only have its customer told (docs/product.md §4), so there is nothing to switch off.
 */
export function ShipPullTicketDialog({ ticket, onClose }: { ticket: PullTicket; onClose: () => void }) {
  const [form] = Form.useForm<ShipValues>();
  const notifyOnly = isShipped(ticket);
  const sendEmail = Form.useWatch('sendEmail', form) ?? true;
  const ship = useShipPullTicket();

  // getFieldsValue(true) keeps the email fields, hidden while the notification is off.
  const submit = () => {
    const values = form.getFieldsValue(true) as ShipValues;
    const body = {
      ...values,
      sendEmail: notifyOnly || values.sendEmail,
      customerEmail: values.customerEmail.trim(),
      // Blank means none: a vendor's own van has no tracking number (libs/contracts inventoryPullTickets.ts clears on '').
      carrier: values.carrier.trim(),
      trackingNumber: values.trackingNumber.trim(),
    };
    ship.mutate({ ticket, ...body }, { onSuccess: onClose });
  };

  const idle = notifyOnly ? 'Send Notification' : 'Mark as Shipped';
  return (
    <Modal
      open
      title={`Ship Pull Ticket - ${ticket.ptNumber}`}
      okText={ship.isPending ? 'Saving...' : idle}
      okButtonProps={{ disabled: ship.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      {notifyOnly && <Typography.Paragraph type="secondary">This ticket is already shipped. Send the customer a shipping notification.</Typography.Paragraph>}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          sendEmail: true,
          carrier: ticket.carrier ?? '',
          trackingNumber: ticket.trackingNumber ?? '',
          customerEmail: ticket.customerEmail ?? '',
          emailSubject: shipSubject(ticket),
          emailBody: '',
        }}
        onFinish={submit}
      >
        <Form.Item label="Carrier" name="carrier" rules={[ruleFrom(PullTicketShipmentSchema.shape.carrier)]}>
          <Input placeholder="UPS, FedEx, vendor delivery..." />
        </Form.Item>
        <Form.Item label="Tracking Number" name="trackingNumber" rules={[ruleFrom(PullTicketShipmentSchema.shape.trackingNumber)]}>
          <Input />
        </Form.Item>
        <Form.Item label={NOTIFY_LABEL} name="sendEmail" valuePropName="checked" hidden={notifyOnly}>
          <Switch aria-label={NOTIFY_LABEL} />
        </Form.Item>
        {sendEmail && (
          <>
            <Form.Item
              label="Customer Email"
              name="customerEmail"
              // Needed only while the notification is on: the shipment's schema judges it with the switch.
              rules={[ruleInForm(PullTicketShipmentSchema, 'customerEmail')]}
            >
              <Input type="email" />
            </Form.Item>
            <Form.Item label="Subject" name="emailSubject">
              <Input />
            </Form.Item>
            <Form.Item label="Message" name="emailBody">
              <Input.TextArea rows={5} placeholder="Optional message to the customer" />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}

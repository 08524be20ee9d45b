import { pullTicketUpdateSchema, type VersionChoice } from '@printpool/contracts';
import { programRuleRefusalOf, resolveFields, versionConflictOf } from '@printpool/platform';
import { Button, Flex } from '@printpool/ui';
import { Form, ProgramRuleOverride, ruleFrom, Select, VersionConflictReview } from '@printpool/ui/form';
import { Input } from '@printpool/ui/input';
import { Modal } from '@printpool/ui/overlay';
import { useUpdatePullTicket } from '../api/pullTicketActions.js';
import type { PullTicket } from '../api/pullTickets.js';
import { PULL_TICKET_STATUSES } from '@printpool/domain';
import { initialFormValues, todayInputDate, toUpdateBody, type PullTicketFormValues } from '../domain/pullTicketUpdate.js';

/** The fields as PUT /api/pull-tickets/:id takes them; its ship-by date is checked against the clock as each check runs. */
const { vendorEmail, shipByDate } = pullTicketUpdateSchema().shape;

const STATUS_OPTIONS = PULL_TICKET_STATUSES.map((status) => ({ value: status, label: status[0]!.toUpperCase() + status.slice(1) }));

export function EditPullTicketDialog({ ticket, onClose }: { ticket: PullTicket; onClose: () => void }) {
  const [form] = Form.useForm<PullTicketFormValues>();
  const update = useUpdatePullTicket();
  const conflict = versionConflictOf<PullTicket>(update.error);
  // Taking a cancelled ticket back releases it again, held to its program as a new ticket is (docs/product.md §11).
  const refusal = programRuleRefusalOf(update.error);
  const save = (values: PullTicketFormValues, override?: { reason: string }) =>
    update.mutate({ ticket, body: { ...toUpdateBody(values), ...(override ? { override } : {}) }, version: ticket.version }, { onSuccess: onClose });
  // The person's input, with the saved values they chose (the form holds '' for none), on the version they were shown.
  const saveAgain = (choices: VersionChoice[]) => {
    const resolved = resolveFields(form.getFieldsValue(true) as PullTicketFormValues, conflict!.differences, choices, (value) => value ?? '');
    form.setFieldsValue(resolved);
    update.mutate({ ticket, body: toUpdateBody(resolved), version: conflict!.current.version }, { onSuccess: onClose });
  };

  return (
    <Modal open title={`Edit Pull Ticket - ${ticket.ptNumber}`} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={initialFormValues(ticket)} onFinish={save} requiredMark={false}>
        <Form.Item label="Vendor Email" name="vendorEmail" rules={[ruleFrom(vendorEmail)]}>
          <Input type="email" />
        </Form.Item>
        <Form.Item label="Vendor Phone" name="vendorPhone">
          <Input type="tel" />
        </Form.Item>
        <Form.Item label="Vendor Address" name="vendorAddress">
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item label="Status" name="status">
          <Select aria-label="Status" options={STATUS_OPTIONS} />
        </Form.Item>
        <Form.Item label="Ship By Date" name="shipByDate" rules={[ruleFrom(shipByDate)]}>
          {/* The browser's own date picker: `min` greys out the past days, the rule above catches typed ones. */}
          <Input type="date" min={todayInputDate()} />
        </Form.Item>
        <Form.Item label="Notes" name="notes">
          <Input.TextArea rows={3} />
        </Form.Item>
        {refusal && (
          <ProgramRuleOverride
            refusal={refusal}
            released={{}}
            saving={update.isPending}
            action="Override and save"
            onOverride={(reason) =>
              void form.validateFields().then(
                (values) => save(values, { reason }),
                () => {},
              )
            }
          />
        )}
        {conflict && (
          <VersionConflictReview
            key={conflict.current.version}
            what="pull ticket"
            differences={conflict.differences}
            saving={update.isPending}
            onSaveAgain={saveAgain}
          />
        )}
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" htmlType="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}

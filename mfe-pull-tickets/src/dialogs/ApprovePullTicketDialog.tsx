import { Form } from '@printpool/ui/form';
import { Input } from '@printpool/ui/input';
import { Modal } from '@printpool/ui/overlay';
import { useState } from 'react';
import { useApprovePullTicket } from '../api/pullTicketActions.js';
import type { PullTicket } from '../api/pullTickets.js';
import { AttachmentPicker } from './AttachmentPicker.js';

/** Records the vendor's approval of a sent ticket, with notes and an optional proof file. */
export function ApprovePullTicketDialog({ ticket, onClose }: { ticket: PullTicket; onClose: () => void }) {
  const [approvalNotes, setApprovalNotes] = useState('');
  const [attachment, setAttachment] = useState<File | null>(null);
  const approve = useApprovePullTicket();
  return (
    <Modal
      open
      title={`Approve Pull Ticket - ${ticket.ptNumber}`}
      okText={approve.isPending ? 'Approving...' : 'Approve'}
      okButtonProps={{ disabled: approve.isPending }}
      onOk={() => approve.mutate({ ticket, approvalNotes, attachment }, { onSuccess: onClose })}
      onCancel={onClose}
    >
      <Form layout="vertical">
        <Form.Item label="Approval Notes" htmlFor="approval-notes">
          <Input.TextArea id="approval-notes" rows={4} value={approvalNotes} onChange={(event) => setApprovalNotes(event.target.value)} />
        </Form.Item>
        <Form.Item label="Attachment (optional)">
          <AttachmentPicker file={attachment} onChange={setAttachment} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

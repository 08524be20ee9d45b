import { Modal } from '@printpool/ui/overlay';
import { useDeletePullTicket } from '../api/pullTicketActions.js';
import type { PullTicket } from '../api/pullTickets.js';

/** Deleting cannot be undone, so it is confirmed first (docs/product.md §5). */
export function DeletePullTicketDialog({ ticket, onClose }: { ticket: PullTicket; onClose: () => void }) {
  const remove = useDeletePullTicket();
  return (
    <Modal
      open
      title={`Delete Pull Ticket - ${ticket.ptNumber}`}
      okText={remove.isPending ? 'Deleting...' : 'Delete'}
      okButtonProps={{ danger: true, disabled: remove.isPending }}
      onOk={() => remove.mutate(ticket, { onSuccess: onClose })}
      onCancel={onClose}
    >
      Are you sure you want to delete this pull ticket?
    </Modal>
  );
}

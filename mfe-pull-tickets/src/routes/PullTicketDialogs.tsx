import { lazyComponent } from '@printpool/platform';
import { CodeBoundary } from '@printpool/ui/overlay';
import type { PullTicketDialog } from './pullTicketDialog.js';

// Dialogs load on first use, so the page does not carry the forms.
const DIALOGS = {
  details: { label: 'Pull ticket details', Dialog: lazyComponent(() => import('../dialogs/PullTicketDetailsDialog.js'), 'PullTicketDetailsDialog') },
  edit: { label: 'Edit pull ticket', Dialog: lazyComponent(() => import('../dialogs/EditPullTicketDialog.js'), 'EditPullTicketDialog') },
  email: { label: 'Email vendor', Dialog: lazyComponent(() => import('../dialogs/EmailPullTicketDialog.js'), 'EmailPullTicketDialog') },
  approve: { label: 'Approve pull ticket', Dialog: lazyComponent(() => import('../dialogs/ApprovePullTicketDialog.js'), 'ApprovePullTicketDialog') },
  ship: { label: 'Ship pull ticket', Dialog: lazyComponent(() => import('../dialogs/ShipPullTicketDialog.js'), 'ShipPullTicketDialog') },
  delete: { label: 'Delete pull ticket', Dialog: lazyComponent(() => import('../dialogs/DeletePullTicketDialog.js'), 'DeletePullTicketDialog') },
};

/** The open dialog, if any; each takes the ticket and a way to close itself. */
export function PullTicketDialogs({ dialog, onClose }: { dialog: PullTicketDialog; onClose: () => void }) {
  if (!dialog) return null;
  const { label, Dialog } = DIALOGS[dialog.kind];
  return (
    <CodeBoundary label={label} onClose={onClose}>
      <Dialog key={`${dialog.kind}-${dialog.ticket.id}`} ticket={dialog.ticket} onClose={onClose} />
    </CodeBoundary>
  );
}

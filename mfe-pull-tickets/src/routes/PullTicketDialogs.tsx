import { lazy, Suspense } from 'react';
import type { PullTicketDialog } from './pullTicketDialog.js';

// Dialogs load on first use, so the page does not carry the forms.
const PullTicketDetailsDialog = lazy(() => import('../dialogs/PullTicketDetailsDialog.js').then((m) => ({ default: m.PullTicketDetailsDialog })));
const EditPullTicketDialog = lazy(() => import('../dialogs/EditPullTicketDialog.js').then((m) => ({ default: m.EditPullTicketDialog })));
const EmailPullTicketDialog = lazy(() => import('../dialogs/EmailPullTicketDialog.js').then((m) => ({ default: m.EmailPullTicketDialog })));
const ApprovePullTicketDialog = lazy(() => import('../dialogs/ApprovePullTicketDialog.js').then((m) => ({ default: m.ApprovePullTicketDialog })));
const ShipPullTicketDialog = lazy(() => import('../dialogs/ShipPullTicketDialog.js').then((m) => ({ default: m.ShipPullTicketDialog })));
const DeletePullTicketDialog = lazy(() => import('../dialogs/DeletePullTicketDialog.js').then((m) => ({ default: m.DeletePullTicketDialog })));

const DIALOGS = {
  details: PullTicketDetailsDialog,
  edit: EditPullTicketDialog,
  email: EmailPullTicketDialog,
  approve: ApprovePullTicketDialog,
  ship: ShipPullTicketDialog,
  delete: DeletePullTicketDialog,
};

/** The open dialog, if any; each takes the ticket and a way to close itself. */
export function PullTicketDialogs({ dialog, onClose }: { dialog: PullTicketDialog; onClose: () => void }) {
  if (!dialog) return null;
  const Dialog = DIALOGS[dialog.kind];
  return (
    <Suspense fallback={null}>
      <Dialog key={`${dialog.kind}-${dialog.ticket.id}`} ticket={dialog.ticket} onClose={onClose} />
    </Suspense>
  );
}

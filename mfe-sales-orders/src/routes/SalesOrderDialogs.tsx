import { lazy, Suspense } from 'react';
import type { SalesOrderDialog } from './salesOrderDialog.js';

// Dialogs load on first use, so the page (and certainly the dashboard) does not carry the forms.
const SalesOrderDetailsDialog = lazy(() => import('../dialogs/SalesOrderDetailsDialog.js').then((m) => ({ default: m.SalesOrderDetailsDialog })));
const EditSalesOrderDialog = lazy(() => import('../dialogs/EditSalesOrderDialog.js').then((m) => ({ default: m.EditSalesOrderDialog })));
const EmailSalesOrderDialog = lazy(() => import('../dialogs/EmailSalesOrderDialog.js').then((m) => ({ default: m.EmailSalesOrderDialog })));
const CreatePullTicketDialog = lazy(() => import('../dialogs/CreatePullTicketDialog.js').then((m) => ({ default: m.CreatePullTicketDialog })));
const AcceptSalesOrderDialog = lazy(() => import('../dialogs/AcceptSalesOrderDialog.js').then((m) => ({ default: m.AcceptSalesOrderDialog })));
const DeleteSalesOrderDialog = lazy(() => import('../dialogs/DeleteSalesOrderDialog.js').then((m) => ({ default: m.DeleteSalesOrderDialog })));

const DIALOGS = {
  details: SalesOrderDetailsDialog,
  edit: EditSalesOrderDialog,
  email: EmailSalesOrderDialog,
  delete: DeleteSalesOrderDialog,
  'pull-ticket': CreatePullTicketDialog,
  accept: AcceptSalesOrderDialog,
};

/** The open dialog, if any; each takes the order and a way to close itself. */
export function SalesOrderDialogs({ dialog, onClose }: { dialog: SalesOrderDialog; onClose: () => void }) {
  if (!dialog) return null;
  const Dialog = DIALOGS[dialog.kind];
  return (
    <Suspense fallback={null}>
      <Dialog key={`${dialog.kind}-${dialog.order.id}`} order={dialog.order} onClose={onClose} />
    </Suspense>
  );
}

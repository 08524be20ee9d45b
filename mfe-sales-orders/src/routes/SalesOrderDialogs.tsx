import { lazyComponent } from '@printpool/platform';
import { CodeBoundary } from '@printpool/ui/overlay';
import type { SalesOrderDialog } from './salesOrderDialog.js';

// Dialogs load on first use, so the page (and certainly the dashboard) does not carry the forms.
const DIALOGS = {
  details: { label: 'Sales order details', Dialog: lazyComponent(() => import('../dialogs/SalesOrderDetailsDialog.js'), 'SalesOrderDetailsDialog') },
  edit: { label: 'Edit sales order', Dialog: lazyComponent(() => import('../dialogs/EditSalesOrderDialog.js'), 'EditSalesOrderDialog') },
  email: { label: 'Email sales order', Dialog: lazyComponent(() => import('../dialogs/EmailSalesOrderDialog.js'), 'EmailSalesOrderDialog') },
  delete: { label: 'Delete sales order', Dialog: lazyComponent(() => import('../dialogs/DeleteSalesOrderDialog.js'), 'DeleteSalesOrderDialog') },
  'pull-ticket': { label: 'Create pull ticket', Dialog: lazyComponent(() => import('../dialogs/CreatePullTicketDialog.js'), 'CreatePullTicketDialog') },
  accept: { label: 'Accept sales order', Dialog: lazyComponent(() => import('../dialogs/AcceptSalesOrderDialog.js'), 'AcceptSalesOrderDialog') },
};

/** The open dialog, if any; each takes the order and a way to close itself. */
export function SalesOrderDialogs({ dialog, onClose }: { dialog: SalesOrderDialog; onClose: () => void }) {
  if (!dialog) return null;
  const { label, Dialog } = DIALOGS[dialog.kind];
  return (
    <CodeBoundary label={label} onClose={onClose}>
      <Dialog key={`${dialog.kind}-${dialog.order.id}`} order={dialog.order} onClose={onClose} />
    </CodeBoundary>
  );
}

import { MoreOutlined } from '@ant-design/icons';
import { documentHref, goTo, useCan } from '@printpool/platform';
import { Tooltip } from '@printpool/ui/overlay';
import { MenuButton, type MenuProps } from '@printpool/ui/menu';
import { useDownloadSalesOrderPdf, useSyncSalesOrder } from '../api/salesOrderActions.js';
import type { SalesOrder } from '../api/salesOrders.js';
import { acceptanceBlocked, isSyncing, offersAcceptance, offersPullTicket, pullTicketBlocked } from '../domain/salesOrderRules.js';
import type { SalesOrderDialog } from './salesOrderDialog.js';

interface Props {
  order: SalesOrder;
  onOpen: (dialog: NonNullable<SalesOrderDialog>) => void;
}

/** One row's actions menu: dialogs open on the page, the one-click actions run here. A viewer is offered only what reads (docs/product.md §6). */
export function SalesOrderActions({ order, onOpen }: Props) {
  const sync = useSyncSalesOrder();
  const pdf = useDownloadSalesOrderPdf();
  const canWork = useCan('staff');
  const ticket = order.fulfilment && order.fulfilment.status !== 'cancelled' ? order.fulfilment : null;

  const details = { key: 'details', label: 'View Details', onClick: () => onOpen({ kind: 'details', order }) };
  const generatePdf = { key: 'pdf', label: 'Generate PDF', disabled: pdf.isPending, onClick: () => pdf.mutate(order) };
  const viewTicket = ticket && { key: 'view-pull-ticket', label: 'View Pull Ticket', onClick: () => goTo(documentHref.pullTicket(ticket.ptNumber)) };
  // Disabled, saying why, where svc-inventory would refuse it (libs/domain pullTicketCreation.ts, orderAcceptance.ts).
  const refusable = (key: string, text: string, reason: string | null, dialog: NonNullable<SalesOrderDialog>['kind']) => ({
    key,
    label: reason ? <Tooltip title={reason}>{text}</Tooltip> : text,
    disabled: reason !== null,
    onClick: () => onOpen({ kind: dialog, order }),
  });
  // Once the order has a ticket the action opens it, fulfilled orders included; a further
  // release is made on purpose, confirmed in the dialog.
  const createPullTicket = refusable('pull-ticket', viewTicket ? 'Create another pull ticket' : 'Create Pull Ticket', pullTicketBlocked(order), 'pull-ticket');
  const accept = offersAcceptance(order) ? [refusable('accept', 'Accept order', acceptanceBlocked(order), 'accept')] : [];
  const items: MenuProps['items'] = order.deletedInQuickbooksAt
    ? // Read-only until the broker decides, in the details dialog (components/DeletedInQuickbooks.tsx).
      [details, generatePdf, ...(viewTicket ? [viewTicket] : [])]
    : canWork
      ? [
          details,
          { key: 'edit', label: 'Edit', onClick: () => onOpen({ kind: 'edit', order }) },
          generatePdf,
          { key: 'email', label: 'Email Customer', onClick: () => onOpen({ kind: 'email', order }) },
          ...accept,
          ...(viewTicket ? [viewTicket] : []),
          ...(offersPullTicket(order) ? [createPullTicket] : []),
          {
            key: 'sync',
            label: order.syncStatus === 'synced' ? 'Re-sync' : 'Sync to QuickBooks',
            disabled: isSyncing(order) || sync.isPending,
            onClick: () => sync.mutate(order),
          },
          { type: 'divider' },
          { key: 'delete', label: 'Delete', danger: true, onClick: () => onOpen({ kind: 'delete', order }) },
        ]
      : [details, generatePdf, ...(viewTicket ? [viewTicket] : [])];

  return <MenuButton type="text" icon={<MoreOutlined />} aria-label={`Actions for ${order.soNumber}`} items={items} />;
}

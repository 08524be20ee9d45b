import { MoreOutlined } from '@ant-design/icons';
import { useCan } from '@printpool/platform';
import { MenuButton, type MenuProps } from '@printpool/ui/menu';
import { useDownloadPullTicketPdf } from '../api/pullTicketActions.js';
import type { PullTicket } from '../api/pullTickets.js';
import { canApprove, heldByDeletedOrder, isShipped } from '../domain/pullTicketRules.js';
import type { PullTicketDialog } from './pullTicketDialog.js';

interface Props {
  ticket: PullTicket;
  onOpen: (dialog: NonNullable<PullTicketDialog>) => void;
}

/** One row's actions menu: dialogs open on the page, the PDF download runs here. A viewer is offered only what reads (docs/product.md §6). */
export function PullTicketActions({ ticket, onOpen }: Props) {
  const pdf = useDownloadPullTicketPdf();
  const canWork = useCan('staff');

  // Offered, but not to be used, while its order's estimate is deleted in QuickBooks: the details say why.
  const held = heldByDeletedOrder(ticket);
  const changes: MenuProps['items'] = [
    { key: 'email', label: 'Email Vendor', disabled: held, onClick: () => onOpen({ kind: 'email', ticket }) },
    ...(canApprove(ticket) ? [{ key: 'approve', label: 'Approve', onClick: () => onOpen({ kind: 'approve', ticket }) }] : []),
    {
      key: 'ship',
      label: isShipped(ticket) ? 'Send Shipping Notification' : 'Mark Shipped',
      disabled: held,
      onClick: () => onOpen({ kind: 'ship', ticket }),
    },
    { key: 'edit', label: 'Edit', onClick: () => onOpen({ kind: 'edit', ticket }) },
    { type: 'divider' },
    { key: 'delete', label: 'Delete', danger: true, onClick: () => onOpen({ kind: 'delete', ticket }) },
  ];
  const items: MenuProps['items'] = [
    { key: 'details', label: 'View Details', onClick: () => onOpen({ kind: 'details', ticket }) },
    { key: 'pdf', label: 'Download PDF', disabled: pdf.isPending, onClick: () => pdf.mutate(ticket) },
    ...(canWork ? changes : []),
  ];

  return <MenuButton type="text" icon={<MoreOutlined />} aria-label={`Actions for ${ticket.ptNumber}`} items={items} />;
}

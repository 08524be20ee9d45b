import { formatDate, formatQuantity } from '../domain/format.js';
import type { PullTicketDocument, SalesOrderDocument } from '../inventory/documentsSource.js';
import type { AlertDigestMail, CustomerStatement, InventoryAlert, InvitationMail, ShipmentNotification } from '@printpool/contracts';

/** Plain-text bodies used when the sender writes no message of their own. */
export function pullTicketBody(ticket: PullTicketDocument, companyName: string | null): string {
  return [
    `Hello${ticket.vendorName ? ` ${ticket.vendorName}` : ''},`,
    '',
    `Please find attached pull ticket ${ticket.ptNumber}${ticket.soNumber ? ` for sales order ${ticket.soNumber}` : ''}.`,
    ticket.shipByDate ? `Please ship by ${formatDate(ticket.shipByDate)}.` : '',
    '',
    companyName ?? '',
  ]
    .join('\n')
    .trim();
}

export function salesOrderBody(order: SalesOrderDocument, companyName: string | null): string {
  return [`Hello${order.customerName ? ` ${order.customerName}` : ''},`, '', `Please find attached sales order ${order.soNumber}.`, '', companyName ?? '']
    .join('\n')
    .trim();
}

/** A customer's stock statement: what it covers, and that the PDF is attached. */
export function statementBody(statement: Pick<CustomerStatement, 'customerName' | 'from' | 'to'>, companyName: string | null): string {
  return [
    `Hello ${statement.customerName},`,
    '',
    `Please find attached your stock statement for ${formatDate(statement.from)} to ${formatDate(statement.to)}: what we hold for you, what was released to you in the period, and how long it lasts.`,
    '',
    companyName ?? '',
  ]
    .join('\n')
    .trim();
}

/**
 * The customer's shipment notice. Carrier, tracking number and the items shipped always follow
 * the message, the broker's own included: they are what the customer needs to follow and check the delivery.
 */
export function shipmentBody(
  ticket: PullTicketDocument,
  companyName: string | null,
  shipment: Pick<ShipmentNotification, 'carrier' | 'trackingNumber' | 'items' | 'body'>,
): string {
  const intro = shipment.body?.trim()
    ? [shipment.body.trim()]
    : [
        `Hello${ticket.customerName ? ` ${ticket.customerName}` : ''},`,
        '',
        `Your order${ticket.soNumber ? ` ${ticket.soNumber}` : ''} has shipped (pull ticket ${ticket.ptNumber}).`,
      ];
  const items = shipment.items.map((item) => {
    const name = item.name ?? item.description ?? 'Item';
    return `- ${formatQuantity(item.quantity)} × ${name}${item.sku ? ` (SKU ${item.sku})` : ''}`;
  });
  return [
    ...intro,
    '',
    `Carrier: ${shipment.carrier ?? 'not given'}`,
    `Tracking number: ${shipment.trackingNumber ?? 'not given'}`,
    ...(items.length ? ['', 'Items shipped:', ...items] : []),
    '',
    companyName ?? '',
  ]
    .join('\n')
    .trim();
}

const ROLE_WORDS = { owner: 'an owner', staff: 'a staff member', viewer: 'a viewer' } as const;

/** The invitation to join the company: who invites, as what, the link and until when it works (docs/product.md §2 Team page). */
export function invitationBody(invitation: Pick<InvitationMail, 'invitedBy' | 'role' | 'link' | 'expiresAt'>, companyName: string): string {
  return [
    'Hello,',
    '',
    `${invitation.invitedBy} invited you to join ${companyName} on PrintPool as ${ROLE_WORDS[invitation.role]}.`,
    '',
    'Open this link to sign in and join:',
    invitation.link,
    '',
    `The link works once, until ${formatDate(invitation.expiresAt)}.`,
  ].join('\n');
}

const monthsText = (months: number | null) => (months === null ? 'no usage yet' : `${months} months of supply`);

/** One alert of a digest as the dashboard words it, with where to open it. */
function alertLines(alert: InventoryAlert, appOrigin: string): string[] {
  if (alert.kind === 'reorder') {
    const point = alert.reorderPoint.units !== null ? `${formatQuantity(alert.reorderPoint.units)} units` : `${alert.reorderPoint.months} months`;
    return [
      `- ${alert.customerName}: ${alert.itemName ?? alert.itemId} at its reorder point: ${formatQuantity(alert.atVendor)} held, reorder at ${point}, ${monthsText(alert.monthsOfSupply)}${alert.runOutOn ? `, runs out ${formatDate(alert.runOutOn)}` : ''}.`,
      `  ${appOrigin}/customers/${alert.customerId}`,
    ];
  }
  const link = `  ${appOrigin}/purchase-orders/${alert.purchaseOrderId}/program`;
  if (alert.kind === 'expiring') {
    const when = alert.daysLeft < 0 ? `ended ${formatDate(alert.expiresOn)}` : `ends ${formatDate(alert.expiresOn)}`;
    return [`- Program ${alert.poNumber} ${when} with ${formatQuantity(alert.remaining)} units left.`, link];
  }
  return [
    `- Program ${alert.poNumber}: storage is charged from ${formatDate(alert.chargedFrom)}, ${formatQuantity(alert.atVendor)} units at the vendor.`,
    link,
  ];
}

/** A company's daily digest of new stock alerts (docs/product.md §12), for its owners and staff. */
export function alertDigestBody(digest: Pick<AlertDigestMail, 'alerts' | 'appOrigin' | 'asOf'>, companyName: string): string {
  return [
    'Hello,',
    '',
    `New stock alerts for ${companyName} as of ${formatDate(digest.asOf)}:`,
    '',
    ...digest.alerts.flatMap((alert) => alertLines(alert, digest.appOrigin)),
    '',
    'Every alert is on the dashboard, where it can be dismissed.',
  ].join('\n');
}

import type { PullTicketShipped } from '@printpool/contracts';
import { queuedMailNotice, type Notice } from '@printpool/platform';

/**
 * What the broker is told after Mark as Shipped: the shipment is recorded whatever became of the
 * customer's e-mail, which was sent, is queued and goes out by itself (so it must not be sent
 * again), or failed and will not go out (so the broker may send it again from the ticket).
 */
export function shipmentNotice(notification: PullTicketShipped['notification']): Notice {
  if (notification === null) return { title: 'Pull ticket marked as shipped' };
  if (notification.sent) return { title: 'Pull ticket marked as shipped and customer notified' };
  if ('queued' in notification)
    return { title: 'Pull ticket marked as shipped', description: queuedMailNotice(notification.nextAttemptAt).title, variant: 'info' };
  return { title: 'Pull ticket marked as shipped, but the customer was not notified', description: notification.error };
}

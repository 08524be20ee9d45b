import { setTimeout as sleep } from 'node:timers/promises';
import type { DistributedProduct } from './product.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the loop reads the product's JSON answers field by field
type Json = any;

/** A request that got no answer, or a 5xx: when, and what. */
export interface FailedCall {
  at: number;
  call: string;
  outcome: string;
}

/** Every call the suite's clients made that failed, to hold against the moments processes went down. */
export class CallLog {
  readonly failed: FailedCall[] = [];
  calls = 0;

  async call(product: DistributedProduct, method: string, path: string, body?: unknown): Promise<{ status: number; body: Json } | undefined> {
    this.calls += 1;
    const at = Date.now();
    try {
      const answer = await product.api(method, path, body, 30_000);
      if (answer.status >= 500) this.failed.push({ at, call: `${method} ${path}`, outcome: `${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}` });
      return answer;
    } catch (error) {
      this.failed.push({ at, call: `${method} ${path}`, outcome: (error as Error).message });
      return undefined;
    }
  }
}

/**
 * The day of a broker's staff on one accepted order (docs/product.md §4, §5): open its pull
 * ticket, e-mail it to the vendor, record the vendor's approval, ship it with the customer's
 * notice. A step whose request failed is looked up before it is tried again, as a careful
 * user would reload the page, so that nothing is done twice.
 */
export async function pullTicketDay(product: DistributedProduct, log: CallLog, orderId: string): Promise<number> {
  const ticketOf = async (id: number) => (await log.call(product, 'GET', `/api/pull-tickets/${id}`))?.body;
  let ticketId: number | undefined;
  for (let attempt = 0; ticketId === undefined; attempt++) {
    if (attempt === 10) throw new Error(`order ${orderId}: no pull ticket after ${attempt} attempts`);
    const answer = await log.call(product, 'POST', `/api/sales-orders/${orderId}/create-pull-ticket`, {});
    if (answer?.status === 201) ticketId = answer.body.id;
    // An earlier attempt made it after all: the order's one ticket.
    else if (answer?.status === 409) ticketId = answer.body.details.pullTicketId;
    else if (answer && answer.status < 500) throw new Error(`order ${orderId}: create-pull-ticket answered ${answer.status} ${JSON.stringify(answer.body)}`);
    else await sleep(500);
  }
  const steps: [string, unknown, (ticket: Json) => boolean][] = [
    [`/api/pull-tickets/${ticketId}/email`, { emailAddress: 'vendor@replicas.printpool.test' }, (t) => t.status !== 'pending'],
    [`/api/pull-tickets/${ticketId}/approve`, { approvalNotes: 'Approved by the vendor' }, (t) => t.status === 'processing' || t.status === 'shipped'],
    [
      `/api/pull-tickets/${ticketId}/ship`,
      { sendEmail: true, customerEmail: 'customer@replicas.printpool.test', carrier: 'UPS', trackingNumber: `1Z${ticketId}` },
      (t) => t.status === 'shipped',
    ],
  ];
  for (const [path, body, done] of steps) {
    for (let attempt = 0; ; attempt++) {
      if (attempt === 10) throw new Error(`ticket ${ticketId}: ${path} did not go through after ${attempt} attempts`);
      const answer = await log.call(product, 'POST', path, body);
      // The ship answer also says whether the customer's notice went; one that did not is sent again by shipping again.
      if (answer && answer.status >= 200 && answer.status < 300 && answer.body.notification?.sent !== false) break;
      if (answer && answer.status < 500 && answer.status >= 300)
        throw new Error(`ticket ${ticketId}: ${path} answered ${answer.status} ${JSON.stringify(answer.body)}`);
      await sleep(500);
      const ticket = await ticketOf(ticketId);
      if (ticket && done(ticket)) break;
    }
  }
  return ticketId;
}

/** A browser reading the Sales Orders list over and over until stopped, as staff keep a page open. */
export async function keepReading(product: DistributedProduct, log: CallLog, until: AbortSignal): Promise<void> {
  while (!until.aborted) {
    await log.call(product, 'GET', '/api/sales-orders?page=1&pageSize=25');
    await sleep(100);
  }
}

import { setTimeout as sleep } from 'node:timers/promises';
import type { SandboxAdmin } from './sandboxAdmin.js';
import type { ChangeTarget, EstimateTarget, PurchaseOrderTarget } from './targets.js';

/** One change made in QuickBooks and when the product's API first answered it. */
export interface ChangeSample {
  realmId: string;
  kind: ChangeTarget['kind'];
  qbId: string;
  /** Date.now() when the sandbox had made the change. */
  madeAt: number;
  /** Milliseconds until the API answered the changed value; null when it never did within the time allowed. */
  visibleMs: number | null;
}

export interface ChangeStreamOptions {
  perMinute: number;
  /** How often the API is asked whether a change is there yet. */
  pollMs: number;
  /** A change not visible after this long counts as lost (visibleMs null). */
  timeoutMs: number;
  /** Flush the sandbox's webhook batch after each change, so the figure is the product's time, not the sandbox's one-second batch. */
  flush: boolean;
}

/** The change a target gets next, and how the API shows that it arrived. */
async function makeChange(sandbox: SandboxAdmin, target: ChangeTarget): Promise<() => Promise<boolean>> {
  target.changes += 1;
  return target.kind === 'estimate' ? changeEstimate(sandbox, target) : changePurchaseOrder(sandbox, target);
}

/** One unit off the line, then back: a bookkeeper correcting a quantity. The Amount follows it, as Intuit's screens compute it. */
async function changeEstimate(sandbox: SandboxAdmin, target: EstimateTarget): Promise<() => Promise<boolean>> {
  const quantity = target.changes % 2 === 1 ? target.quantity - 1 : target.quantity;
  const line = target.lines[target.lineIndex]!;
  const unitPrice = line.SalesItemLineDetail?.UnitPrice ?? 0;
  const changed = { ...line, Amount: Math.round(quantity * unitPrice * 100) / 100, SalesItemLineDetail: { ...line.SalesItemLineDetail, Qty: quantity } };
  const lines = target.lines.map((each, index) => (index === target.lineIndex ? changed : each));
  await sandbox.change(target.company.company.realmId, 'Estimate', target.qbId, { Line: lines });
  target.lines = lines;
  return async () => {
    const { status, body } = await target.company.broker.send('get /api/sales-orders/:id', { params: { id: target.orderId } });
    return status === 200 && body.items.find((item) => item.lineId === line.Id)?.quantity === quantity;
  };
}

async function changePurchaseOrder(sandbox: SandboxAdmin, target: PurchaseOrderTarget): Promise<() => Promise<boolean>> {
  const memo = `Bench change ${target.changes} at ${Date.now()}`;
  await sandbox.change(target.company.company.realmId, 'PurchaseOrder', target.qbId, { Memo: memo });
  return async () => {
    const { status, body } = await target.company.broker.send('get /api/purchase-orders/:id', { params: { id: target.orderId } });
    return status === 200 && body.memo === memo;
  };
}

/**
 * Bookkeepers at work across every company: `perMinute` changes a minute in all, made at an even
 * pace, each in the next company in turn (and, within it, its next document), through the
 * sandbox's admin API, which announces each by webhook as Intuit does. Each change is then
 * looked for through the product's API, as the broker's screen would read the order, until it is there.
 */
export class ChangeStream {
  readonly samples: ChangeSample[] = [];
  /** Requests made to look for changes: their CPU is the bench's looking, not the change's (tenantsBench.ts takes it off). */
  polls = 0;
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private next = 0;
  private readonly nextInCompany: number[];
  private flushing: Promise<void> | undefined;
  private flushAgain = false;

  constructor(
    private readonly sandbox: SandboxAdmin,
    private readonly companies: ChangeTarget[][],
    private readonly options: ChangeStreamOptions,
  ) {
    this.nextInCompany = companies.map(() => 0);
  }

  start(): void {
    this.timer = setInterval(() => this.track(this.once()), 60_000 / this.options.perMinute);
  }

  /** No more changes; answers once every change made has been seen or given up on. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
    await this.flushing;
  }

  /**
   * Asks the sandbox to send what it holds now. A flush answers only once its deliveries are
   * answered, so while one is out a change waits for the next one, sent as soon as it returns,
   * rather than piling flushes onto a busy sandbox.
   */
  private flush(): void {
    if (this.flushing) {
      this.flushAgain = true;
      return;
    }
    this.flushing = this.sandbox
      .flushWebhooks()
      .catch((error: Error) => {
        process.stderr.write(`webhook flush failed: ${error.message}\n`);
      })
      .finally(() => {
        this.flushing = undefined;
        if (this.flushAgain) {
          this.flushAgain = false;
          this.flush();
        }
      });
  }

  private track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  private async once(): Promise<void> {
    const companyIndex = this.next++ % this.companies.length;
    const targets = this.companies[companyIndex]!;
    const target = targets[this.nextInCompany[companyIndex]!++ % targets.length]!;
    let visible: () => Promise<boolean>;
    try {
      visible = await makeChange(this.sandbox, target);
    } catch (error) {
      process.stderr.write(`a change could not be made: ${(error as Error).message}\n`);
      return;
    }
    const madeAt = Date.now();
    if (this.options.flush) this.flush();
    const sample: ChangeSample = { realmId: target.company.company.realmId, kind: target.kind, qbId: target.qbId, madeAt, visibleMs: null };
    while (Date.now() - madeAt < this.options.timeoutMs) {
      this.polls++;
      if (await visible().catch(() => false)) {
        sample.visibleMs = Date.now() - madeAt;
        break;
      }
      await sleep(this.options.pollMs);
    }
    this.samples.push(sample);
  }
}

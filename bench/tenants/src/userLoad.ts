import { setTimeout as sleep } from 'node:timers/promises';
import { IF_MATCH_HEADER } from '@printpool/contracts';
import type { Broker } from './broker.js';

/** One answer that succeeded: when it was asked for (Date.now()) and how long it took. */
export interface Timed {
  at: number;
  ms: number;
}

/** The brokers' screens at work: latencies of the answers that succeeded, and every other status counted. */
export interface LoadFigures {
  lists: Timed[];
  saves: Timed[];
  refused: Record<string, number>;
}

export interface UserLoadOptions {
  readers: number;
  editors: number;
  /** A reader's pause between two lists, an editor's between two saves: people look at what they got. */
  readThinkMs: number;
  editThinkMs: number;
}

/** A company whose brokers read and edit, with the sales orders they edit. */
export interface ActiveCompany {
  broker: Broker;
  editable: number[];
}

/** A status other than 200 (0: no answer at all). */
function count(figures: LoadFigures, what: string, status: number): void {
  const key = `${what} ${status}`;
  figures.refused[key] = (figures.refused[key] ?? 0) + 1;
}

/** The Sales Orders and Purchase Orders pages' first page, in turn, as the pages ask for them (bench/api). */
async function reader(company: ActiveCompany, until: () => boolean, thinkMs: number, figures: LoadFigures, offset: number): Promise<void> {
  for (let i = offset; !until(); i++) {
    try {
      const at = Date.now();
      const { status, ms } =
        i % 2 === 0
          ? await company.broker.send('get /api/sales-orders', { query: { limit: 10, offset: 0 } })
          : await company.broker.send('get /api/purchase-orders', { query: { includeClosed: 'false', limit: 10, offset: 0 } });
      if (status === 200) figures.lists.push({ at, ms });
      else count(figures, 'list', status);
    } catch {
      count(figures, 'list', 0);
    }
    await sleep(thinkMs * (0.5 + Math.random()));
  }
}

/** One editor: an order of the company opened and saved, a pause, the next. */
async function editor(company: ActiveCompany, until: () => boolean, thinkMs: number, figures: LoadFigures): Promise<void> {
  while (!until() && company.editable.length > 0) {
    await editOnce(company, figures).catch(() => count(figures, 'save', 0));
    await sleep(thinkMs * (0.5 + Math.random()));
  }
}

/**
 * Opens an order and saves it as the edit form does (svc-sync/test/orderEdits.ts), on the
 * version it was opened at, with its first line one unit up or down so it moves between two
 * quantities and draws from, or gives back to, its bulk PO.
 */
async function editOnce(company: ActiveCompany, figures: LoadFigures): Promise<void> {
  const id = company.editable[Math.floor(Math.random() * company.editable.length)]!;
  const opened = await company.broker.send('get /api/sales-orders/:id', { params: { id } });
  if (opened.status !== 200) {
    count(figures, 'open', opened.status);
    return;
  }
  const order = opened.body;
  if (order.items.length === 0) return;
  const items = order.items.map((line, index) => (index === 0 ? { ...line, quantity: line.quantity % 2 === 0 ? line.quantity - 1 : line.quantity + 1 } : line));
  const at = Date.now();
  const saved = await company.broker.send('put /api/sales-orders/:id', {
    params: { id },
    body: {
      id,
      customerName: order.customerName,
      customerEmail: order.customerEmail ?? '',
      status: order.status,
      bulkPoId: order.bulkPoId,
      items: JSON.stringify(items),
    },
    headers: { [IF_MATCH_HEADER]: `"${order.version}"` },
  });
  if (saved.status === 200) figures.saves.push({ at, ms: saved.ms });
  else count(figures, 'save', saved.status);
}

/**
 * READERS readers and EDITORS editors spread over the active companies (reader i and editor i
 * on company i modulo their number), each a loop of its own until `until` says stop.
 */
export async function runUserLoad(companies: ActiveCompany[], options: UserLoadOptions, until: () => boolean): Promise<LoadFigures> {
  const figures: LoadFigures = { lists: [], saves: [], refused: {} };
  await Promise.all([
    ...Array.from({ length: options.readers }, (_, i) => reader(companies[i % companies.length]!, until, options.readThinkMs, figures, i)),
    ...Array.from({ length: options.editors }, (_, i) => editor(companies[i % companies.length]!, until, options.editThinkMs, figures)),
  ]);
  return figures;
}

import { describe, expect, it } from '@jest/globals';
import type { EstimateEdit, EstimateLineChange, EstimateLineValues } from '@printpool/contracts';
import { conflictMessage } from '@printpool/domain';
import { newEstimate, planEstimateUpdate } from './estimateWriteBack.js';
import type { QboDocument } from './qboDocument.js';

type Line = Record<string, unknown>;

/** A small seeded generator, so a failing case can be replayed from its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (max: number) => Math.floor(next() * max), pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]! };
}
type Random = ReturnType<typeof random>;

const PRICES = [0.0941, 0.0177, 1.1595, 0.335, 12, 0.5, 250];
const round = (value: number) => Math.round(value * 100) / 100;

function itemLine(id: string, r: Random): Line {
  const qty = 1 + r.int(5000);
  const price = r.pick(PRICES);
  return {
    Id: id,
    LineNum: Number(id),
    Description: r.next() < 0.5 ? `Run ${id}` : undefined,
    Amount: round(qty * price),
    DetailType: 'SalesItemLineDetail',
    SalesItemLineDetail: {
      ItemRef: { value: String(1 + r.int(9)), name: 'Item' },
      Qty: qty,
      UnitPrice: price,
      TaxCodeRef: { value: r.pick(['TAX', 'NON']) },
      ...(r.next() < 0.3 ? { ClassRef: { value: '5' } } : {}),
    },
  };
}

/** An estimate as brokers' books hold them: item lines among description-only, group and discount lines, a subtotal, custom fields. */
function messyEstimate(r: Random): QboDocument {
  const lines: Line[] = [];
  const count = 1 + r.int(6);
  for (let i = 1; i <= count; i += 1) {
    const id = String(i);
    const roll = r.next();
    if (roll < 0.15)
      lines.push({ Id: id, LineNum: i, Description: 'PROOF MUST BE APPROVED BEFORE RUN', DetailType: 'DescriptionOnly', DescriptionLineDetail: {} });
    else if (roll < 0.22)
      lines.push({ Id: id, LineNum: i, Amount: 40, DetailType: 'GroupLineDetail', GroupLineDetail: { GroupItemRef: { value: '30' }, Quantity: 2, Line: [] } });
    else lines.push(JSON.parse(JSON.stringify(itemLine(id, r))) as Line);
  }
  lines.push({ Amount: 0, DetailType: 'SubTotalLineDetail', SubTotalLineDetail: {} });
  if (r.next() < 0.5) lines.push({ Id: String(count + 1), Amount: 5, DetailType: 'DiscountLineDetail', DiscountLineDetail: { PercentBased: false } });
  return {
    Id: '50',
    SyncToken: '4',
    DocNumber: 'EST-50-BL',
    BillEmail: { Address: 'buyer@acme.test' },
    CustomField: [{ DefinitionId: '1', StringValue: 'PO 7781' }],
    TxnTaxDetail: { TotalTax: 12.5 },
    Line: lines,
  };
}

const modelled = (doc: QboDocument) => (doc.Line as Line[]).filter((line) => line.DetailType === 'SalesItemLineDetail');

function valuesOf(line: Line): EstimateLineValues {
  const detail = line.SalesItemLineDetail as Record<string, unknown>;
  return {
    itemId: String((detail.ItemRef as { value: string }).value),
    quantity: detail.Qty as number,
    unitPrice: detail.UnitPrice as number,
    description: (line.Description as string | undefined) ?? null,
  };
}

/** A random edit of `base`'s item lines, as svc-inventory reports it. */
function randomEdit(
  base: QboDocument,
  r: Random,
): { edit: EstimateEdit; changed: Map<string, Partial<EstimateLineValues>>; removed: Set<string>; added: EstimateLineValues[] } {
  const changes: EstimateLineChange[] = [];
  const changed = new Map<string, Partial<EstimateLineValues>>();
  const removed = new Set<string>();
  for (const line of modelled(base)) {
    const from = valuesOf(line);
    const roll = r.next();
    if (roll < 0.15) {
      removed.add(String(line.Id));
      changes.push({ kind: 'removed', lineId: String(line.Id), from });
    } else if (roll < 0.6) {
      const to: Partial<EstimateLineValues> = {};
      if (r.next() < 0.6) to.quantity = from.quantity + 1 + r.int(100);
      if (r.next() < 0.4) to.unitPrice = r.pick(PRICES.filter((price) => price !== from.unitPrice));
      if (r.next() < 0.2) to.description = from.description === null ? 'Rush' : null;
      if (r.next() < 0.1) to.itemId = String(10 + r.int(5));
      const keys = Object.keys(to) as (keyof EstimateLineValues)[];
      if (keys.length === 0) continue;
      changed.set(String(line.Id), to);
      changes.push({ kind: 'changed', lineId: String(line.Id), from: Object.fromEntries(keys.map((key) => [key, from[key]])), to });
    }
  }
  const added = r.next() < 0.3 ? [{ itemId: '3', quantity: 1 + r.int(900), unitPrice: r.pick(PRICES), description: null }] : [];
  for (const to of added) changes.push({ kind: 'added', to });
  return { edit: { salesOrderId: 7, qbId: '50', syncToken: '4', customerEmail: null, lines: changes }, changed, removed, added };
}

/** What QuickBooks holds after a sparse update: the lines sent replace the document's, everything else stays. */
function applied(current: QboDocument, body: Record<string, unknown>): QboDocument {
  const { sparse: _sparse, ...fields } = body;
  return { ...current, ...fields, SyncToken: String(Number(current.SyncToken) + 1) };
}

describe('estimate write-back plan', () => {
  it('writes nothing when the broker changed nothing, whatever the estimate holds', () => {
    for (let seed = 1; seed <= 50; seed += 1) {
      const current = messyEstimate(random(seed));
      expect(planEstimateUpdate({ salesOrderId: 7, qbId: '50', syncToken: '4', customerEmail: null, lines: [] }, current)).toEqual({ kind: 'unchanged' });
    }
  });

  it('leaves QuickBooks holding exactly the edit: changed fields and their Amount, removed and added lines, every other line and field as it was', () => {
    for (let seed = 1; seed <= 300; seed += 1) {
      const r = random(seed);
      const base = messyEstimate(r);
      const { edit, changed, removed, added } = randomEdit(base, r);
      const plan = planEstimateUpdate(edit, structuredClone(base));
      if (edit.lines.length === 0) {
        expect(plan).toEqual({ kind: 'unchanged' });
        continue;
      }
      if (plan.kind !== 'update') throw new Error(`seed ${seed}: ${plan.kind}`);
      const after = applied(base, plan.body);
      const { Line: _linesBefore, SyncToken: _tokenBefore, ...headerBefore } = base;
      const { Line: _linesAfter, SyncToken: _tokenAfter, ...headerAfter } = after;
      expect(headerAfter).toEqual(headerBefore);
      const afterLines = after.Line as Line[];
      const kept = (base.Line as Line[]).filter((line) => !removed.has(String(line.Id)) || line.DetailType !== 'SalesItemLineDetail');
      const withoutAdded = afterLines.filter((line) => line.Id !== undefined || line.DetailType !== 'SalesItemLineDetail');
      expect(withoutAdded).toHaveLength(kept.length);
      kept.forEach((line, i) => {
        const to = changed.get(String(line.Id));
        if (line.DetailType !== 'SalesItemLineDetail' || !to) return expect(withoutAdded[i]).toEqual(line);
        const values = { ...valuesOf(line), ...to };
        const detail = line.SalesItemLineDetail as Record<string, unknown>;
        const expected: Line = {
          ...line,
          SalesItemLineDetail: { ...detail, ...('itemId' in to ? { ItemRef: { value: to.itemId } } : {}), Qty: values.quantity, UnitPrice: values.unitPrice },
          Amount: 'quantity' in to || 'unitPrice' in to ? round(values.quantity * values.unitPrice) : line.Amount,
        };
        if ('description' in to) {
          if (values.description === null) delete expected.Description;
          else expected.Description = values.description;
        }
        expect(withoutAdded[i]).toEqual(expected);
      });
      const newLines = afterLines.filter((line) => line.Id === undefined && line.DetailType === 'SalesItemLineDetail');
      expect(newLines.map(valuesOf)).toEqual(added);
      // Lines added here sit with the items, before the subtotal and discount QuickBooks computes after them.
      const trailing = afterLines.slice(afterLines.findIndex((line) => line.DetailType === 'SubTotalLineDetail'));
      expect(trailing.every((line) => ['SubTotalLineDetail', 'DiscountLineDetail'].includes(String(line.DetailType)))).toBe(true);
    }
  });

  it('merges a QuickBooks edit of other fields and refuses one of the same field, naming both values', () => {
    const base = [1, 2, 3, 4, 5].map((seed) => messyEstimate(random(seed))).find((doc) => modelled(doc).length > 0)!;
    const first = modelled(base)[0]!;
    const detail = first.SalesItemLineDetail as { Qty: number; UnitPrice: number };
    const edit: EstimateEdit = {
      salesOrderId: 7,
      qbId: '50',
      syncToken: '4',
      customerEmail: null,
      lines: [{ kind: 'changed', lineId: String(first.Id), from: { quantity: detail.Qty }, to: { quantity: detail.Qty + 10 } }],
    };

    const repriced = structuredClone(base);
    (modelled(repriced)[0]!.SalesItemLineDetail as { UnitPrice: number }).UnitPrice = 0.0177;
    repriced.SyncToken = '5';
    const merged = planEstimateUpdate(edit, repriced);
    if (merged.kind !== 'update') throw new Error(merged.kind);
    const line = (merged.body.Line as Line[]).find((l) => l.Id === first.Id)!;
    expect(line.SalesItemLineDetail).toMatchObject({ Qty: detail.Qty + 10, UnitPrice: 0.0177 });
    expect(line.Amount).toBe(round((detail.Qty + 10) * 0.0177));
    expect(merged.body.SyncToken).toBe('5');

    const requantified = structuredClone(base);
    (modelled(requantified)[0]!.SalesItemLineDetail as { Qty: number }).Qty = detail.Qty + 3;
    const refused = planEstimateUpdate(edit, requantified);
    expect(refused).toEqual({
      kind: 'conflict',
      conflicts: [{ field: `Line ${String(first.Id)} quantity`, printPool: detail.Qty + 10, quickBooks: detail.Qty + 3 }],
    });
    if (refused.kind !== 'conflict') throw new Error(refused.kind);
    expect(conflictMessage(refused.conflicts)).toContain(`quantity: PrintPool ${detail.Qty + 10}, QuickBooks ${detail.Qty + 3}`);
  });

  it('leaves a bundle to QuickBooks: a change to one of its parts is refused, the rest of the estimate untouched', () => {
    const current: QboDocument = {
      Id: '50',
      SyncToken: '4',
      Line: [
        {
          Id: '1',
          Amount: 40,
          DetailType: 'GroupLineDetail',
          GroupLineDetail: {
            GroupItemRef: { value: '59', name: 'Event Kit' },
            Quantity: 4,
            Line: [{ Id: '2', Amount: 40, DetailType: 'SalesItemLineDetail', SalesItemLineDetail: { ItemRef: { value: '8' }, Qty: 32, UnitPrice: 1.25 } }],
          },
        },
      ],
    };
    const edit: EstimateEdit = {
      salesOrderId: 7,
      qbId: '50',
      syncToken: '4',
      customerEmail: null,
      lines: [{ kind: 'changed', lineId: '2', from: { quantity: 32 }, to: { quantity: 40 } }],
    };
    expect(planEstimateUpdate(edit, current)).toEqual({
      kind: 'conflict',
      conflicts: [{ field: 'Line 2', printPool: { quantity: 40 }, quickBooks: 'part of bundle Event Kit: change it in QuickBooks' }],
    });
  });

  it('adds no empty line: an added line with neither item nor text writes nothing', () => {
    const base = messyEstimate(random(3));
    const edit: EstimateEdit = {
      salesOrderId: 7,
      qbId: '50',
      syncToken: '4',
      customerEmail: null,
      lines: [{ kind: 'added', to: { itemId: null, quantity: 1, unitPrice: 0, description: null } }],
    };
    expect(planEstimateUpdate(edit, base)).toEqual({ kind: 'unchanged' });
  });

  it('sends the bill-to e-mail only when the broker changed it, and not over a different QuickBooks change', () => {
    const base = messyEstimate(random(3));
    const edit: EstimateEdit = { salesOrderId: 7, qbId: '50', syncToken: '4', customerEmail: { from: 'buyer@acme.test', to: 'new@acme.test' }, lines: [] };
    expect(planEstimateUpdate(edit, base)).toEqual({
      kind: 'update',
      body: { Id: '50', SyncToken: '4', sparse: true, BillEmail: { Address: 'new@acme.test' } },
    });
    expect(planEstimateUpdate(edit, { ...base, BillEmail: { Address: 'other@acme.test' } }).kind).toBe('conflict');
  });

  it('creates an estimate numbered as the order for the matched customer, a line without an item as text', () => {
    const order = {
      id: 7,
      soNumber: 'SO-7-BL',
      customerName: 'Acme',
      customerEmail: null,
      qbId: null,
      status: 'active' as const,
      items: [
        { itemId: '12', quantity: 3, unitPrice: 0.335, description: 'Flyers' },
        { itemId: null, quantity: 0, unitPrice: 0, description: 'Deliver by Friday' },
      ],
    };
    expect(newEstimate(order, '9')).toEqual({
      DocNumber: 'SO-7-BL',
      CustomerRef: { value: '9' },
      Line: [
        { DetailType: 'SalesItemLineDetail', Amount: 1.01, Description: 'Flyers', SalesItemLineDetail: { ItemRef: { value: '12' }, Qty: 3, UnitPrice: 0.335 } },
        { DetailType: 'DescriptionOnly', Description: 'Deliver by Friday', DescriptionLineDetail: {} },
      ],
    });
    expect(newEstimate(order, '9')).not.toHaveProperty('TxnStatus');
    // Accepted in PrintPool (docs/product.md §4): QuickBooks is told, so the order stays accepted when it takes the estimate back.
    expect(newEstimate({ ...order, status: 'processing' }, '9')).toMatchObject({ DocNumber: 'SO-7-BL', TxnStatus: 'Accepted' });
    expect(newEstimate({ ...order, status: 'completed' }, '9')).toMatchObject({ TxnStatus: 'Accepted' });
  });
});

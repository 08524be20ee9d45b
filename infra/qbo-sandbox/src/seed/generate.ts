import { qboDate, qboDateTime, toSecond } from '../clock.js';
import { roundMoney } from '../entities/definition.js';
import { DEFINITIONS } from '../entities/index.js';
import { invoiceFrom } from '../entities/invoice.js';
import type { CompanyData } from '../store/realm.js';
import type { EntityName, QboObject } from '../store/types.js';
import { CUSTOMER_NOUNS, CUSTOMER_SUFFIXES, ESTIMATE_MEMOS, PLACE_WORDS, PRODUCTS, VARIANTS, VENDOR_KINDS, type Product } from './catalog.js';
import { ContactFactory, domainOf } from './people.js';
import { Prng } from './prng.js';
import { ACCOUNTS, asRecords, FREIGHT_ACCOUNT, SETUP_ACCOUNT, TAX_CODES, TAX_RATES, TERMS } from './reference.js';

export interface GenerateOptions {
  seed: number;
  /** 1 ≈ 200 entities; 350 ≈ 70,000. */
  scale?: number;
  companyName?: string;
  realmId?: string;
  /** The instant the company's history ends; fixed, it makes the output fully deterministic. */
  now?: number;
  /**
   * Real-world mess (default on): free-form addresses, description-only, discount and bundle
   * lines, tax, expense lines on POs, jobs, same-named sub-items, a Category and a Group item,
   * inactive and merged records, repeated and missing DocNumbers, a foreign-currency customer.
   * Off, the company is as tidy as the sandbox's first ones (item and subtotal lines only).
   */
  messy?: boolean;
}

/** Share of each entity type in a company of scale 1 (sums to 200). */
const PER_SCALE = { Vendor: 12, Item: 30, Customer: 50, PurchaseOrder: 40, Estimate: 68 };
const DAY = 86_400_000;
const BULK_SUFFIX = '-BL';

type Timed = { data: QboObject; updatedMs: number };
type ItemInfo = { id: string; name: string; product: Product; cost: number; price: number; vendorId: string; taxable: boolean };
/** What remains to promise from one open bulk PO line. */
type PoolLine = { item: ItemInfo; remaining: number; po: number };

export function realmIdFor(seed: number): string {
  return `9341455${String(Math.abs(seed) % 1_000_000_000).padStart(9, '0')}`;
}

/**
 * A print broker's QBO company: vendors (commercial, envelope, forms and promotional
 * printers), the products bought from them, business customers, bulk purchase orders
 * (`-BL`) that hold stock at vendors, standard purchase orders, and estimates of every
 * status, bulk ones drawing only on what the open bulk POs still hold.
 */
export function generateCompany(options: GenerateOptions): CompanyData {
  const rng = new Prng(options.seed);
  const scale = Math.max(0.05, options.scale ?? 1);
  const now = toSecond(options.now ?? Date.now());
  const contacts = new ContactFactory(rng);
  const count = (entity: keyof typeof PER_SCALE) => Math.max(2, Math.round(PER_SCALE[entity] * scale));
  const usedNames = new Set<string>();
  const messy = options.messy ?? true;
  /** Design and proofing are billed by the quarter hour in a messy company (1.75 h), by the hour in a tidy one. */
  const serviceHours = (hours: number) => (messy ? hours - 0.25 : hours);
  const entities: Record<EntityName, Timed[]> = {
    Customer: [],
    Vendor: [],
    Item: [],
    PurchaseOrder: [],
    Estimate: [],
    Invoice: [],
    Account: [],
    TaxCode: [],
    TaxRate: [],
    Term: [],
  };
  /** What `prepare` sees: the company as generated so far, so seeded documents get QBO's own arithmetic. */
  const byId = new Map<string, QboObject>();
  const keep = (entity: EntityName, record: Timed): Timed => {
    entities[entity].push(record);
    byId.set(`${entity}:${record.data.Id}`, record.data);
    return record;
  };
  const prepare = (entity: EntityName, draft: Record<string, unknown>): void =>
    DEFINITIONS[entity].prepare(draft, { now, lookup: (other, id) => byId.get(`${other}:${id}`) });
  const listStamp = qboDateTime(now - 400 * DAY);
  for (const [entity, list] of [
    ['Account', ACCOUNTS],
    ['Term', TERMS],
    ['TaxRate', TAX_RATES],
    ['TaxCode', TAX_CODES],
  ] as const) {
    for (const record of asRecords(list, { CreateTime: listStamp, LastUpdatedTime: listStamp }, now - 400 * DAY)) keep(entity, record);
  }

  /** Created in the last 120 days; some edited since. */
  const stamp = (extra: Record<string, unknown>, id: number, createdMs?: number): Timed => {
    const created = toSecond(createdMs ?? now - rng.int(DAY, 120 * DAY));
    const edited = rng.chance(0.3) ? Math.min(now - 3_600_000, created + rng.int(60_000, 10 * DAY)) : created;
    const updated = toSecond(Math.max(created, edited));
    const syncToken = updated > created ? rng.int(1, 4) : 0;
    const data = {
      ...extra,
      domain: 'QBO',
      sparse: false,
      Id: String(id),
      SyncToken: String(syncToken),
      MetaData: { CreateTime: qboDateTime(created), LastUpdatedTime: qboDateTime(updated) },
    } as QboObject;
    return { data, updatedMs: updated };
  };

  const uniqueName = (make: (attempt: number) => string): string => {
    for (let attempt = 0; ; attempt++) {
      const name = make(attempt);
      if (!usedNames.has(name.toLowerCase())) {
        usedNames.add(name.toLowerCase());
        return name;
      }
    }
  };

  // Vendors, by specialty, so each product has someone to buy it from.
  const kinds = Object.keys(VENDOR_KINDS) as (keyof typeof VENDOR_KINDS)[];
  const vendorsByKind = new Map<string, { id: string; name: string }[]>();
  for (let i = 0; i < count('Vendor'); i++) {
    const kind = kinds[i % kinds.length]!;
    const spec = VENDOR_KINDS[kind];
    const name = uniqueName((attempt) => `${rng.pick(PLACE_WORDS)} ${rng.pick(spec.words)} ${rng.pick(spec.suffixes)}${attempt > 3 ? ` ${attempt}` : ''}`);
    const address = contacts.address();
    const id = i + 1;
    keep(
      'Vendor',
      stamp(
        {
          DisplayName: name,
          CompanyName: name,
          PrintOnCheckName: name,
          ...contacts.person(),
          PrimaryEmailAddr: { Address: `orders@${domainOf(name)}` },
          PrimaryPhone: contacts.phone(address),
          Fax: contacts.phone(address),
          WebAddr: { URI: `https://www.${domainOf(name)}` },
          BillAddr: address,
          AcctNum: `BRK-${String(1000 + id)}`,
          TermRef: { value: '3', name: 'Net 30' },
          Vendor1099: false,
          Balance: 0,
          Active: !(messy && i === 3),
          CurrencyRef: { value: 'USD', name: 'United States Dollar' },
        },
        id,
      ),
    );
    const list = vendorsByKind.get(kind) ?? [];
    list.push({ id: String(id), name });
    vendorsByKind.set(kind, list);
  }

  // Items: the catalog first, then variants of it as the company grows. A messy company spends
  // four of its item slots on a Category, two same-named sub-items ("500 ct" under two parents)
  // and a Group item (a bundle of three products).
  const items: ItemInfo[] = [];
  const extraItems = messy ? 4 : 0;
  const regularItems = Math.max(2, count('Item') - extraItems);
  let itemId = 0;
  const itemRecord = (draft: Record<string, unknown>): Timed => {
    itemId += 1;
    prepare('Item', draft);
    return keep('Item', stamp(draft, itemId));
  };
  for (let i = 0; i < regularItems; i++) {
    const product = PRODUCTS[i % PRODUCTS.length]!;
    const round = Math.floor(i / PRODUCTS.length);
    const variant = round === 0 ? '' : VARIANTS[(round - 1) % VARIANTS.length]!;
    const series = round > VARIANTS.length ? ` S${Math.ceil(round / VARIANTS.length)}` : '';
    const name = uniqueName((attempt) => `${product.name}${variant ? ` - ${variant}` : ''}${series}${attempt ? ` ${attempt}` : ''}`);
    const drift = 1 + (rng.next() - 0.5) * 0.2;
    const cost = Number((product.cost * drift).toFixed(4));
    const price = Number((product.price * drift).toFixed(4));
    const supplier = vendorsByKind.get(product.supplier === 'service' ? 'commercial' : product.supplier) ?? vendorsByKind.get('commercial')!;
    const vendorRef = rng.pick(supplier);
    const inventory = product.type === 'Inventory';
    // Printed goods are taxable where the broker collects sales tax; services are not.
    const taxable = messy && product.type !== 'Service';
    const record = itemRecord({
      Name: name,
      Sku: `${product.sku}${round ? `-${String(round).padStart(2, '0')}` : ''}`,
      Description: `${product.description}${variant ? `, ${variant.toLowerCase()}` : ''}`,
      PurchaseDesc: product.description,
      UnitPrice: price,
      PurchaseCost: cost,
      Type: product.type,
      TrackQtyOnHand: inventory,
      ...(inventory ? { QtyOnHand: rng.int(5, 60), InvStartDate: qboDate(now - 200 * DAY), AssetAccountRef: { value: '81', name: 'Inventory Asset' } } : {}),
      IncomeAccountRef: product.type === 'Service' ? { value: '82', name: 'Services' } : { value: '79', name: 'Sales of Product Income' },
      ExpenseAccountRef: { value: '80', name: 'Cost of Goods Sold' },
      PrefVendorRef: { value: vendorRef.id, name: vendorRef.name },
      Taxable: taxable,
      Active: !rng.chance(0.03),
    });
    items.push({ id: record.data.Id, name, product, cost, price, vendorId: vendorRef.id, taxable });
  }
  let groupItem: { id: string; name: string; members: { info: ItemInfo; qty: number }[] } | undefined;
  if (messy) {
    itemRecord({ Name: 'Printed Products', Type: 'Category' });
    // Two parents, each with a sub-item named "500 ct": only FullyQualifiedName tells them apart.
    // Boxes of envelopes: the #10 window and regular envelopes when the catalog has them.
    const nonInventory = items.filter((info) => info.product.type === 'NonInventory');
    const parents = nonInventory.length >= 6 ? nonInventory.slice(4, 6) : nonInventory.slice(-2);
    for (const parent of parents) {
      const cost = Number((parent.cost * 0.98).toFixed(4));
      const price = Number((parent.price * 1.05).toFixed(4));
      const record = itemRecord({
        Name: '500 ct',
        ParentRef: { value: parent.id },
        Sku: `${parent.product.sku}-500`,
        Description: `${parent.product.description}, box of 500`,
        PurchaseDesc: parent.product.description,
        UnitPrice: price,
        PurchaseCost: cost,
        Type: 'NonInventory',
        IncomeAccountRef: { value: '79', name: 'Sales of Product Income' },
        ExpenseAccountRef: { value: '80', name: 'Cost of Goods Sold' },
        PrefVendorRef: { value: parent.vendorId },
        Taxable: true,
        Active: true,
      });
      items.push({ ...parent, id: record.data.Id, name: String(record.data.FullyQualifiedName), cost, price });
    }
    const kit = rng.sample(
      items.filter((info) => info.product.type === 'NonInventory' && info.product.supplier !== 'promo'),
      3,
    );
    const members = kit.map((info) => ({ info, qty: 500 }));
    const record = itemRecord({
      Name: 'Business Starter Kit',
      Sku: 'KIT-STARTER',
      Description: 'Starter kit: cards, letterhead and envelopes printed to match',
      Type: 'Group',
      ItemGroupDetail: { ItemGroupLine: members.map(({ info, qty }) => ({ ItemRef: { value: info.id }, Qty: qty })) },
      PrintGroupedItems: false,
    });
    groupItem = { id: record.data.Id, name: 'Business Starter Kit', members };
  }
  const physical = items.filter((info) => info.product.type !== 'Service');
  const byVendor = new Map<string, ItemInfo[]>();
  const bySupplier = new Map<string, ItemInfo[]>();
  for (const info of physical) {
    if (!byVendor.has(info.vendorId)) byVendor.set(info.vendorId, []);
    if (!bySupplier.has(info.product.supplier)) bySupplier.set(info.product.supplier, []);
    byVendor.get(info.vendorId)!.push(info);
    bySupplier.get(info.product.supplier)!.push(info);
  }

  // Customers: local businesses with a contact person. A messy company also has jobs under
  // customers (sub-customers), a customer billed in Canadian dollars, an inactive one and one
  // merged into another (inactive, "(deleted)", its documents moved to the survivor).
  type CustomerInfo = {
    id: string;
    name: string;
    person: string;
    email: string;
    bill: Record<string, string>;
    ship: Record<string, string>;
    taxCode?: string;
    foreign: boolean;
    jobs: number;
  };
  const customers: CustomerInfo[] = [];
  const customerCount = count('Customer');
  const foreignIndex = Math.min(4, customerCount - 1);
  for (let i = 0; i < customerCount; i++) {
    const person = contacts.person();
    const id = i + 1;
    const foreign = messy && i === foreignIndex;
    const parent = messy && !foreign && i % 10 === 3 ? customers.findLast((c) => !c.foreign && c.jobs < 2) : undefined;
    const merged = messy && i % 25 === 24 ? customers.at(-2) : undefined;
    const name = parent
      ? uniqueName((attempt) => `${rng.int(100, 9899)} ${rng.pick(STREET_JOBS)}${attempt > 3 ? ` ${attempt}` : ''}`)
      : merged
        ? uniqueName(() => `${merged.name} (deleted)`)
        : uniqueName((attempt) => {
            const base = `${rng.pick(PLACE_WORDS)} ${rng.pick(CUSTOMER_NOUNS)}`;
            const suffix = foreign ? 'Ltd.' : rng.pick(CUSTOMER_SUFFIXES);
            return `${base}${suffix ? ` ${suffix}` : ''}${attempt > 3 ? ` #${attempt}` : ''}`;
          });
    const bill = foreign
      ? { Id: `c${id}`, Line1: `${rng.int(100, 999)} Granville St`, City: 'Vancouver', CountrySubDivisionCode: 'BC', PostalCode: 'V6C 1T2', Country: 'Canada' }
      : contacts.address();
    const ship = rng.chance(0.7) ? bill : contacts.address();
    const email = `${person.GivenName}.${person.FamilyName}@${domainOf(parent?.name ?? name)}`.toLowerCase();
    const taxCode = messy && !foreign && (i === 0 || rng.chance(0.3)) ? rng.pick(['2', '3']) : undefined;
    const draft: Record<string, unknown> = {
      DisplayName: name,
      PrintOnCheckName: name,
      CompanyName: parent?.name ?? name,
      ...person,
      PrimaryEmailAddr: { Address: email },
      PrimaryPhone: contacts.phone(bill),
      BillAddr: bill,
      ShipAddr: ship,
      Taxable: taxCode !== undefined,
      ...(taxCode ? { DefaultTaxCodeRef: { value: taxCode } } : {}),
      ...(parent ? { ParentRef: { value: parent.id }, Job: true, BillWithParent: true } : { Job: false, BillWithParent: false }),
      Balance: 0,
      PreferredDeliveryMethod: 'Email',
      SalesTermRef: { value: '3', name: 'Net 30' },
      CurrencyRef: foreign ? { value: 'CAD', name: 'Canadian Dollar' } : { value: 'USD', name: 'United States Dollar' },
      Active: merged ? false : messy && i === 5 ? false : !rng.chance(0.02),
      ...(merged ? { Notes: `Merged into ${merged.name}` } : {}),
    };
    prepare('Customer', draft);
    keep('Customer', stamp(draft, id));
    if (parent) parent.jobs += 1;
    const fullName = String(draft.FullyQualifiedName);
    const info = { id: String(id), name: fullName, person: `${person.GivenName} ${person.FamilyName}`, email, bill, ship, taxCode, foreign, jobs: 0 };
    // The merged-away record keeps no documents: QBO moved them to the survivor.
    if (!merged) customers.push(info);
  }
  const homeCustomers = customers.filter((c) => !c.foreign);

  // Transactions share one Id sequence in QBO.
  let txnId = 0;
  const vendorName = new Map(entities.Vendor.map(({ data }) => [data.Id, String(data.DisplayName)]));
  /** What the open bulk runs still hold, by PO; `openRuns` lists the runs with anything left. */
  const pool = new Map<number, PoolLine[]>();
  const openRuns: number[] = [];
  const brokerAddress = contacts.address();

  const poNumbers: string[] = [];
  for (let i = 0; i < count('PurchaseOrder'); i++) {
    const bulk = i % 5 < 2;
    // The first bulk run holds the starter kit's products, so kits can be sold from bulk stock.
    const kitRun = messy && i === 0 && groupItem !== undefined;
    const open = kitRun || !bulk || !rng.chance(0.2);
    const lead = kitRun ? groupItem!.members[0]!.info : rng.pick(physical);
    const lineCount = bulk ? rng.int(2, 5) : rng.int(1, 3);
    // A vendor also runs products of its specialty that another vendor usually supplies.
    const vendorItems = byVendor.get(lead.vendorId)!;
    const source = vendorItems.length >= lineCount ? vendorItems : bySupplier.get(lead.product.supplier)!;
    const chosen = kitRun ? groupItem!.members.map((member) => member.info) : rng.sample(source, lineCount);
    const lines: Record<string, unknown>[] = chosen.map((info) => {
      const qty = bulk ? rng.int(10, 100) * 500 : rng.int(1, 10) * 250;
      if (bulk && open) {
        if (!pool.has(i)) {
          pool.set(i, []);
          openRuns.push(i);
        }
        pool.get(i)!.push({ item: info, remaining: qty, po: i });
      }
      return {
        Description: info.product.description,
        Amount: roundMoney(qty * info.cost),
        DetailType: 'ItemBasedExpenseLineDetail',
        ItemBasedExpenseLineDetail: { ItemRef: { value: info.id }, Qty: qty, UnitPrice: info.cost, BillableStatus: 'NotBillable' },
      };
    });
    // Freight and setup charged to expense accounts, never stock.
    if (messy && (i % 5 === 2 || rng.chance(0.2))) {
      lines.push({
        Description: 'Freight to broker warehouse',
        Amount: roundMoney(rng.int(2500, 18000) / 100),
        DetailType: 'AccountBasedExpenseLineDetail',
        AccountBasedExpenseLineDetail: { AccountRef: FREIGHT_ACCOUNT, BillableStatus: 'NotBillable' },
      });
      if (rng.chance(0.5))
        lines.push({
          Description: 'Plate and setup charge',
          Amount: roundMoney(rng.int(35, 120)),
          DetailType: 'AccountBasedExpenseLineDetail',
          AccountBasedExpenseLineDetail: { AccountRef: SETUP_ACCOUNT, BillableStatus: 'NotBillable' },
        });
    }
    // QBO lets a number repeat (it only warns), and a standard PO copied from another often does.
    const repeated = messy && !bulk && i % 5 === 3 && poNumbers.length > 0 ? poNumbers.find((number) => !number.endsWith(BULK_SUFFIX)) : undefined;
    const docNumber = repeated ?? `${4000 + i}${bulk ? BULK_SUFFIX : ''}`;
    poNumbers.push(docNumber);
    txnId += 1;
    const draft: Record<string, unknown> = {
      DocNumber: docNumber,
      VendorRef: { value: lead.vendorId },
      POStatus: open ? 'Open' : 'Closed',
      POEmail: { Address: `orders@${domainOf(vendorName.get(lead.vendorId) ?? 'vendor')}` },
      Line: lines,
      ShipAddr: brokerAddress,
      APAccountRef: { value: '33', name: 'Accounts Payable (A/P)' },
      EmailStatus: 'NotSet',
      PrintStatus: 'NotSet',
      ...(bulk ? { Memo: 'Bulk run held at vendor; release against customer orders' } : {}),
    };
    prepare('PurchaseOrder', draft);
    const record = stamp(draft, txnId);
    record.data.TxnDate = record.data.MetaData.CreateTime.slice(0, 10);
    keep('PurchaseOrder', record);
  }

  const statuses = ['Pending', 'Accepted', 'Closed', 'Rejected'] as const;
  const sellable = items;
  const estimateNumbers: string[] = [];
  /** Takes `qty` of an item from one open bulk PO's remaining stock, if one of its lines still holds that much and more. */
  const drawFromPool = (itemIdToDraw: string, qty: number, dryRun: boolean, po: number): boolean => {
    const lines = pool.get(po) ?? [];
    const index = lines.findIndex((line) => line.item.id === itemIdToDraw && line.remaining - qty >= 1000);
    if (index < 0) return false;
    if (!dryRun) {
      lines[index]!.remaining -= qty;
      if (lines[index]!.remaining < 1000) lines.splice(index, 1);
    }
    return true;
  };
  const closeEmptyRun = (po: number) => {
    if ((pool.get(po)?.length ?? 0) > 0) return;
    pool.delete(po);
    const at = openRuns.indexOf(po);
    if (at >= 0) openRuns.splice(at, 1);
  };
  for (let i = 0; i < count('Estimate'); i++) {
    const bulk = i % 3 === 0 && openRuns.length > 0;
    // The Canadian customer gets estimate 1, and bulk estimate 9 (accepted): bulk stock bought in
    // dollars, sold in Canadian dollars. Random picks are the home-currency customers.
    const customer =
      messy && (i === 1 || (i === 9 && bulk))
        ? customers.find((c) => c.foreign)!
        : messy && i === 2
          ? customers[0]!
          : rng.pick(messy ? homeCustomers : customers);
    const taxed = customer.taxCode !== undefined;
    const rate = customer.foreign ? 0.7312 : 1;
    const localPrice = (price: number) => (customer.foreign ? Number((price / rate).toFixed(4)) : price);
    // A bulk estimate releases stock from one bulk run: its lines come from one open bulk PO.
    // The first (pending, bulk) estimate releases a starter kit from the kit run.
    const kitSale = messy && bulk && i === 0 && pool.has(0);
    const runPo = kitSale ? 0 : bulk ? openRuns[Math.floor(rng.next() * openRuns.length)]! : -1;
    const runLines = pool.get(runPo) ?? [];
    const picks = bulk
      ? rng.indices(runLines.length, rng.int(1, 3)).map((index) => {
          const line = runLines[index]!;
          // Never promise more than a tenth of what is left, so every bulk estimate fits.
          // Now and then half a carton more: QuickBooks quantities are fractional.
          const qty = Math.floor(line.remaining / 10 / 100) * 100 + (messy && i % 9 === 3 ? 0.5 : 0);
          line.remaining -= qty;
          if (line.remaining < 1000) runLines.splice(index, 1);
          return { info: line.item, qty };
        })
      : rng
          .sample(sellable, rng.int(1, 4))
          .map((info) => ({ info, qty: info.product.type === 'Service' ? serviceHours(rng.int(1, 6)) : rng.int(1, 20) * 250 }));
    // Sub-items get sold too: estimate 2 always carries one.
    if (messy && !bulk && i === 2) {
      const sub = sellable.find((info) => info.name.includes(':'));
      if (sub && !picks.some((pick) => pick.info.id === sub.id)) picks.push({ info: sub, qty: 1000 });
    }
    const taxCodeFor = (info: ItemInfo) => ({ value: taxed && info.taxable ? 'TAX' : 'NON' });
    const lines: Record<string, unknown>[] = picks.map(({ info, qty }) => {
      const price = localPrice(info.price);
      return {
        Description: info.product.description,
        Amount: roundMoney(qty * price),
        DetailType: 'SalesItemLineDetail',
        SalesItemLineDetail: { ItemRef: { value: info.id }, Qty: qty, UnitPrice: price, TaxCodeRef: taxCodeFor(info) },
      };
    });
    if (messy) {
      // A bundle: on a bulk estimate only when the open bulk POs hold every component (which it then draws).
      const groupQty = rng.int(1, 4);
      const wantsGroup = groupItem && (i === 1 || kitSale || rng.chance(0.15));
      const fits = groupItem && (!bulk || groupItem.members.every(({ info, qty }) => drawFromPool(info.id, qty * groupQty, true, runPo)));
      if (wantsGroup && fits && groupItem) {
        if (bulk) for (const { info, qty } of groupItem.members) drawFromPool(info.id, qty * groupQty, false, runPo);
        lines.push({
          DetailType: 'GroupLineDetail',
          GroupLineDetail: {
            GroupItemRef: { value: groupItem.id },
            Quantity: groupQty,
            Line: groupItem.members.map(({ info, qty }) => {
              const price = localPrice(info.price);
              return {
                Description: info.product.description,
                Amount: roundMoney(qty * groupQty * price),
                DetailType: 'SalesItemLineDetail',
                SalesItemLineDetail: { ItemRef: { value: info.id }, Qty: qty * groupQty, UnitPrice: price, TaxCodeRef: taxCodeFor(info) },
              };
            }),
          },
        });
      }
      if (i === 0 || i === 2 || rng.chance(0.3))
        lines.push({ Description: rng.pick(DESCRIPTION_LINES), DetailType: 'DescriptionOnly', DescriptionLineDetail: {} });
      if (i === 1 || rng.chance(0.15)) {
        lines.push({ DetailType: 'DiscountLineDetail', DiscountLineDetail: { PercentBased: true, DiscountPercent: rng.pick([2.5, 5, 10]) } });
      } else if (i === 2 || rng.chance(0.08)) {
        lines.push({ Amount: rng.int(10, 40) * 5, DetailType: 'DiscountLineDetail', DiscountLineDetail: { PercentBased: false } });
      }
    }
    if (bulk) closeEmptyRun(runPo);
    // QBO allows a missing number and a repeated one.
    const docNumber =
      messy && !bulk && i % 20 === 7
        ? undefined
        : messy && !bulk && i % 20 === 8
          ? estimateNumbers.find((n) => !n.endsWith(BULK_SUFFIX))
          : `${1000 + i}${bulk ? BULK_SUFFIX : ''}`;
    if (docNumber) estimateNumbers.push(docNumber);
    txnId += 1;
    const status = statuses[i % statuses.length]!;
    const freeForm = messy && (i === 0 || rng.chance(0.4));
    const draft: Record<string, unknown> = {
      ...(docNumber ? { DocNumber: docNumber } : {}),
      CustomerRef: { value: customer.id },
      TxnStatus: status,
      ...(status === 'Accepted' ? { AcceptedBy: customer.person } : {}),
      BillEmail: { Address: customer.email },
      BillAddr: freeForm ? contacts.freeForm(customer.person, customer.name, customer.bill) : customer.bill,
      ShipAddr: freeForm ? contacts.freeForm(customer.person, customer.name, customer.ship) : customer.ship,
      CustomerMemo: { value: rng.pick(ESTIMATE_MEMOS) },
      // Payment terms as Intuit answers them on a transaction: the Term's Id alone, no name.
      // Picked by position, not by rng, so the rest of the company stays as it was.
      ...(messy ? { SalesTermRef: { value: TERMS[i % TERMS.length]!.Id } } : {}),
      Line: lines,
      ...(taxed ? { TxnTaxDetail: { TxnTaxCodeRef: { value: customer.taxCode } } } : {}),
      ApplyTaxAfterDiscount: false,
      PrintStatus: 'NeedToPrint',
      EmailStatus: rng.chance(0.5) ? 'EmailSent' : 'NotSet',
      ...(customer.foreign ? { ExchangeRate: rate } : {}),
    };
    prepare('Estimate', draft);
    const record = stamp(draft, txnId);
    const txnDate = record.data.MetaData.CreateTime.slice(0, 10);
    record.data.TxnDate = txnDate;
    record.data.ExpirationDate = qboDate(Date.parse(`${txnDate}T12:00:00Z`) + 30 * DAY);
    if (status === 'Accepted') record.data.AcceptedDate = txnDate;
    keep('Estimate', record);
  }

  // Closed estimates that were invoiced: the invoice copies the estimate and links to it, and the
  // estimate links back, as QBO's "Create invoice" does.
  if (messy) {
    const invoiced = entities.Estimate.filter(({ data }) => data.TxnStatus === 'Closed').filter((_, index) => index % 2 === 0);
    for (const estimateRecord of invoiced) {
      const estimateData = estimateRecord.data;
      txnId += 1;
      const createdMs = Math.min(now - 60_000, estimateRecord.updatedMs + DAY);
      const draft = { ...invoiceFrom(estimateData), TxnDate: qboDate(createdMs) };
      prepare('Invoice', draft);
      const record = keep('Invoice', stamp(draft, txnId, createdMs));
      estimateData.LinkedTxn = [{ TxnId: record.data.Id, TxnType: 'Invoice' }];
    }
  }
  const companyName = options.companyName ?? `${rng.pick(PLACE_WORDS)} Print Brokers`;
  const companyAddr = contacts.address();
  const created = qboDateTime(now - 400 * DAY);
  const companyInfo = {
    CompanyName: companyName,
    LegalName: `${companyName} LLC`,
    CompanyAddr: companyAddr,
    CustomerCommunicationAddr: companyAddr,
    LegalAddr: companyAddr,
    PrimaryPhone: contacts.phone(companyAddr),
    Email: { Address: `office@${domainOf(companyName)}` },
    CustomerCommunicationEmailAddr: { Address: `orders@${domainOf(companyName)}` },
    WebAddr: { URI: `https://www.${domainOf(companyName)}` },
    CompanyStartDate: qboDate(now - 400 * DAY),
    FiscalYearStartMonth: 'January',
    Country: 'US',
    SupportedLanguages: 'en',
    DefaultTimeZone: 'America/Los_Angeles',
    NameValue: [
      { Name: 'IndustryType', Value: 'Printing and related support activities' },
      { Name: 'CompanyType', Value: 'LLC' },
      { Name: 'OfferingSku', Value: 'QuickBooks Online Plus' },
    ],
    domain: 'QBO',
    sparse: false,
    Id: '1',
    SyncToken: '0',
    MetaData: { CreateTime: created, LastUpdatedTime: created },
  } as QboObject;
  return { realmId: options.realmId ?? realmIdFor(options.seed), companyInfo, entities };
}

const DESCRIPTION_LINES = [
  'PROOF MUST BE APPROVED BEFORE RUN',
  'Ships in 2 boxes - release from bulk stock as needed',
  'Colors to match PMS 286 within standard tolerance',
  'Customer supplied artwork; prepress check included',
];

const STREET_JOBS = ['Ocean View Rd', 'Twin Lane', 'Harbor Point', 'Ridge Crest Dr', 'Mill Pond Way', 'Cedar Hollow Rd'];

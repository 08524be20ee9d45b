import { qboDate, qboDateTime, toSecond } from '../clock.js';
import { roundMoney } from '../entities/definition.js';
import type { CompanyData } from '../store/realm.js';
import type { EntityName, QboObject } from '../store/types.js';
import { CUSTOMER_NOUNS, CUSTOMER_SUFFIXES, ESTIMATE_MEMOS, PLACE_WORDS, PRODUCTS, VARIANTS, VENDOR_KINDS, type Product } from './catalog.js';
import { ContactFactory, domainOf } from './people.js';
import { Prng } from './prng.js';

export interface GenerateOptions {
  seed: number;
  /** 1 ≈ 200 entities; 350 ≈ 70,000. */
  scale?: number;
  companyName?: string;
  realmId?: string;
  /** The instant the company's history ends; fixed, it makes the output fully deterministic. */
  now?: number;
}

/** Share of each entity type in a company of scale 1 (sums to 200). */
const PER_SCALE = { Vendor: 12, Item: 30, Customer: 50, PurchaseOrder: 40, Estimate: 68 };
const DAY = 86_400_000;
const BULK_SUFFIX = '-BL';

type Timed = { data: QboObject; updatedMs: number };
type ItemInfo = { id: string; name: string; product: Product; cost: number; price: number; vendorId: string };
/** What remains to promise from one open bulk PO line. */
type PoolLine = { item: ItemInfo; remaining: number };

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
  const entities: Record<EntityName, Timed[]> = { Customer: [], Vendor: [], Item: [], PurchaseOrder: [], Estimate: [] };

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
    entities.Vendor.push(
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
          Active: true,
        },
        id,
      ),
    );
    const list = vendorsByKind.get(kind) ?? [];
    list.push({ id: String(id), name });
    vendorsByKind.set(kind, list);
  }

  // Items: the catalog first, then variants of it as the company grows.
  const items: ItemInfo[] = [];
  for (let i = 0; i < count('Item'); i++) {
    const product = PRODUCTS[i % PRODUCTS.length]!;
    const round = Math.floor(i / PRODUCTS.length);
    const variant = round === 0 ? '' : VARIANTS[(round - 1) % VARIANTS.length]!;
    const series = round > VARIANTS.length ? ` S${Math.ceil(round / VARIANTS.length)}` : '';
    const name = uniqueName((attempt) => `${product.name}${variant ? ` - ${variant}` : ''}${series}${attempt ? ` ${attempt}` : ''}`);
    const id = i + 1;
    const drift = 1 + (rng.next() - 0.5) * 0.2;
    const cost = Number((product.cost * drift).toFixed(4));
    const price = Number((product.price * drift).toFixed(4));
    const supplier = vendorsByKind.get(product.supplier === 'service' ? 'commercial' : product.supplier) ?? vendorsByKind.get('commercial')!;
    const vendorRef = rng.pick(supplier);
    const inventory = product.type === 'Inventory';
    entities.Item.push(
      stamp(
        {
          Name: name,
          FullyQualifiedName: name,
          Sku: `${product.sku}${round ? `-${String(round).padStart(2, '0')}` : ''}`,
          Description: `${product.description}${variant ? `, ${variant.toLowerCase()}` : ''}`,
          PurchaseDesc: product.description,
          UnitPrice: price,
          PurchaseCost: cost,
          Type: product.type,
          TrackQtyOnHand: inventory,
          ...(inventory ? { QtyOnHand: rng.int(5, 60), InvStartDate: qboDate(now - 200 * DAY), AssetAccountRef: { value: '81', name: 'Inventory Asset' } } : {}),
          IncomeAccountRef: { value: '79', name: product.type === 'Service' ? 'Services' : 'Sales of Product Income' },
          ExpenseAccountRef: { value: '80', name: 'Cost of Goods Sold' },
          PrefVendorRef: { value: vendorRef.id, name: vendorRef.name },
          Taxable: false,
          Active: !rng.chance(0.03),
        },
        id,
      ),
    );
    items.push({ id: String(id), name, product, cost, price, vendorId: vendorRef.id });
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

  // Customers: local businesses with a contact person.
  const customers: { id: string; name: string; email: string; bill: Record<string, string>; ship: Record<string, string> }[] = [];
  for (let i = 0; i < count('Customer'); i++) {
    const name = uniqueName((attempt) => {
      const base = `${rng.pick(PLACE_WORDS)} ${rng.pick(CUSTOMER_NOUNS)}`;
      const suffix = rng.pick(CUSTOMER_SUFFIXES);
      return `${base}${suffix ? ` ${suffix}` : ''}${attempt > 3 ? ` #${attempt}` : ''}`;
    });
    const person = contacts.person();
    const bill = contacts.address();
    const ship = rng.chance(0.7) ? bill : contacts.address();
    const email = `${person.GivenName}.${person.FamilyName}@${domainOf(name)}`.toLowerCase();
    const id = i + 1;
    entities.Customer.push(
      stamp(
        {
          DisplayName: name,
          FullyQualifiedName: name,
          PrintOnCheckName: name,
          CompanyName: name,
          ...person,
          PrimaryEmailAddr: { Address: email },
          PrimaryPhone: contacts.phone(bill),
          BillAddr: bill,
          ShipAddr: ship,
          Taxable: false,
          Job: false,
          BillWithParent: false,
          Balance: 0,
          PreferredDeliveryMethod: 'Email',
          SalesTermRef: { value: '3', name: 'Net 30' },
          Active: !rng.chance(0.02),
        },
        id,
      ),
    );
    customers.push({ id: String(id), name, email, bill, ship });
  }

  // Transactions share one Id sequence in QBO.
  let txnId = 0;
  const vendorName = new Map(entities.Vendor.map(({ data }) => [data.Id, String(data.DisplayName)]));
  const pool: PoolLine[] = [];
  const brokerAddress = contacts.address();

  for (let i = 0; i < count('PurchaseOrder'); i++) {
    const bulk = i % 5 < 2;
    const open = !bulk || !rng.chance(0.2);
    const lead = rng.pick(physical);
    const lineCount = bulk ? rng.int(2, 5) : rng.int(1, 3);
    // A vendor also runs products of its specialty that another vendor usually supplies.
    const vendorItems = byVendor.get(lead.vendorId)!;
    const source = vendorItems.length >= lineCount ? vendorItems : bySupplier.get(lead.product.supplier)!;
    const chosen = rng.sample(source, lineCount);
    const lines = chosen.map((info, index) => {
      const qty = bulk ? rng.int(10, 100) * 500 : rng.int(1, 10) * 250;
      if (bulk && open) pool.push({ item: info, remaining: qty });
      return {
        Id: String(index + 1),
        LineNum: index + 1,
        Description: info.product.description,
        Amount: roundMoney(qty * info.cost),
        DetailType: 'ItemBasedExpenseLineDetail',
        ItemBasedExpenseLineDetail: { ItemRef: { value: info.id, name: info.name }, Qty: qty, UnitPrice: info.cost, BillableStatus: 'NotBillable' },
      };
    });
    txnId += 1;
    const record = stamp(
      {
        DocNumber: `${4000 + i}${bulk ? BULK_SUFFIX : ''}`,
        VendorRef: { value: lead.vendorId, name: vendorName.get(lead.vendorId) },
        POStatus: open ? 'Open' : 'Closed',
        POEmail: { Address: `orders@${domainOf(vendorName.get(lead.vendorId) ?? 'vendor')}` },
        TotalAmt: roundMoney(lines.reduce((sum, line) => sum + line.Amount, 0)),
        Line: lines,
        ShipAddr: brokerAddress,
        APAccountRef: { value: '33', name: 'Accounts Payable (A/P)' },
        Memo: bulk ? 'Bulk run held at vendor; release against customer orders' : undefined,
        EmailStatus: 'NotSet',
        PrintStatus: 'NotSet',
        CurrencyRef: { value: 'USD', name: 'United States Dollar' },
      },
      txnId,
    );
    record.data.TxnDate = record.data.MetaData.CreateTime.slice(0, 10);
    entities.PurchaseOrder.push(record);
  }

  const statuses = ['Pending', 'Accepted', 'Closed', 'Rejected'] as const;
  for (let i = 0; i < count('Estimate'); i++) {
    const customer = rng.pick(customers);
    const bulk = i % 3 === 0 && pool.length > 0;
    const picks = bulk
      ? rng.indices(pool.length, rng.int(1, 3)).map((index) => {
          const line = pool[index]!;
          // Never promise more than a tenth of what is left, so every bulk estimate fits.
          const qty = Math.floor(line.remaining / 10 / 100) * 100;
          line.remaining -= qty;
          if (line.remaining < 1000) pool.splice(index, 1);
          return { info: line.item, qty };
        })
      : rng.sample(items, rng.int(1, 4)).map((info) => ({ info, qty: info.product.type === 'Service' ? rng.int(1, 6) : rng.int(1, 20) * 250 }));
    const lines: Record<string, unknown>[] = picks.map(({ info, qty }, index) => ({
      Id: String(index + 1),
      LineNum: index + 1,
      Description: info.product.description,
      Amount: roundMoney(qty * info.price),
      DetailType: 'SalesItemLineDetail',
      SalesItemLineDetail: { ItemRef: { value: info.id, name: info.name }, Qty: qty, UnitPrice: info.price, TaxCodeRef: { value: 'NON' } },
    }));
    const total = roundMoney(lines.reduce((sum, line) => sum + (line.Amount as number), 0));
    lines.push({ Amount: total, DetailType: 'SubTotalLineDetail', SubTotalLineDetail: {} });
    txnId += 1;
    const status = statuses[i % statuses.length]!;
    const record = stamp(
      {
        DocNumber: `${1000 + i}${bulk ? BULK_SUFFIX : ''}`,
        CustomerRef: { value: customer.id, name: customer.name },
        TxnStatus: status,
        ...(status === 'Accepted' ? { AcceptedBy: customer.name } : {}),
        TotalAmt: total,
        BillEmail: { Address: customer.email },
        BillAddr: customer.bill,
        ShipAddr: customer.ship,
        CustomerMemo: { value: rng.pick(ESTIMATE_MEMOS) },
        Line: lines,
        TxnTaxDetail: { TotalTax: 0 },
        ApplyTaxAfterDiscount: false,
        PrintStatus: 'NeedToPrint',
        EmailStatus: rng.chance(0.5) ? 'EmailSent' : 'NotSet',
        CurrencyRef: { value: 'USD', name: 'United States Dollar' },
      },
      txnId,
    );
    const txnDate = record.data.MetaData.CreateTime.slice(0, 10);
    record.data.TxnDate = txnDate;
    record.data.ExpirationDate = qboDate(Date.parse(`${txnDate}T12:00:00Z`) + 30 * DAY);
    if (status === 'Accepted') record.data.AcceptedDate = txnDate;
    entities.Estimate.push(record);
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
  stripUndefined(entities.PurchaseOrder);
  return { realmId: options.realmId ?? realmIdFor(options.seed), companyInfo, entities };
}

function stripUndefined(list: Timed[]): void {
  for (const { data } of list) for (const key of Object.keys(data)) if (data[key] === undefined) delete data[key];
}

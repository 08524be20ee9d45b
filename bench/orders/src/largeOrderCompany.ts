/**
 * A sandbox company whose books hold one bulk estimate of many lines, each a product of its own,
 * and two open bulk purchase orders that each hold every one of those products many times over,
 * so the order is active (drawn from the older PO) and both POs cover it, whatever the bench
 * types. Written through the sandbox's admin API, as a bookkeeper's entries in QuickBooks
 * (infra/qbo-sandbox/README.md, Admin API).
 */
export interface LargeOrderCompany {
  realmId: string;
  companyName: string;
  /** The estimate's DocNumber, which the sales order keeps. */
  soNumber: string;
}

const PER_PO_LINE = 1_000_000;
/** Requests in flight at once while the items are entered: the sandbox answers each in-process. */
const ITEMS_AT_ONCE = 8;

export async function addLargeOrderCompany(sandboxUrl: string, adminToken: string, lines: number): Promise<LargeOrderCompany> {
  const admin = async <T>(path: string, body: unknown): Promise<T> => {
    const answer = await fetch(`${sandboxUrl}/admin${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`sandbox admin ${path} answered ${answer.status}: ${await answer.text()}`);
    return (await answer.json()) as T;
  };
  const companyName = 'Large Order Printing';
  // A small generated company: its own customers, POs and estimates sync beside the large one.
  const { realmId } = await admin<{ realmId: string }>('/companies', { seed: 31, scale: 0.05, companyName });
  const create = (entity: string, body: Record<string, unknown>) => admin<{ Id: string }>(`/companies/${realmId}/${entity}`, body);

  const vendor = await create('Vendor', { DisplayName: 'Bulk Run Press', PrimaryEmailAddr: { Address: 'orders@bulkrunpress.example' } });
  const customer = await create('Customer', { DisplayName: 'Large Order Customer', PrimaryEmailAddr: { Address: 'buyer@largeorder.example' } });
  // Prices to the tenth of a cent, as typed: 0.25 + n / 1000 alone leaves float digits QuickBooks would not keep.
  const priceOf = (n: number) => Math.round(250 + n) / 1000;
  const items: { id: string; price: number; cost: number }[] = [];
  for (let start = 0; start < lines; start += ITEMS_AT_ONCE) {
    const batch = Array.from({ length: Math.min(ITEMS_AT_ONCE, lines - start) }, (_, i) => start + i + 1);
    const created = await Promise.all(
      batch.map((n) =>
        create('Item', {
          Name: `Bench Card ${n}`,
          Sku: `BC-${n}`,
          Type: 'NonInventory',
          UnitPrice: priceOf(n),
          PurchaseCost: 0.1,
          IncomeAccountRef: { value: '79', name: 'Sales of Product Income' },
          ExpenseAccountRef: { value: '80', name: 'Cost of Goods Sold' },
        }),
      ),
    );
    created.forEach((item, i) => items.push({ id: item.Id, price: priceOf(batch[i]!), cost: 0.1 }));
  }
  for (const docNumber of ['9001-BL', '9002-BL'])
    await create('PurchaseOrder', {
      DocNumber: docNumber,
      VendorRef: { value: vendor.Id },
      POStatus: 'Open',
      Line: items.map((item) => ({
        Amount: Math.round(PER_PO_LINE * item.cost * 100) / 100,
        DetailType: 'ItemBasedExpenseLineDetail',
        ItemBasedExpenseLineDetail: { ItemRef: { value: item.id }, Qty: PER_PO_LINE, UnitPrice: item.cost },
      })),
    });
  const soNumber = '9500-BL';
  await create('Estimate', {
    DocNumber: soNumber,
    CustomerRef: { value: customer.Id },
    TxnStatus: 'Pending',
    BillEmail: { Address: 'buyer@largeorder.example' },
    Line: items.map((item) => ({
      Amount: Math.round(100 * item.price * 100) / 100,
      DetailType: 'SalesItemLineDetail',
      SalesItemLineDetail: { ItemRef: { value: item.id }, Qty: 100, UnitPrice: item.price },
    })),
  });
  return { realmId, companyName, soNumber };
}

/**
 * Every route a browser can call through the gateway (product docs/product.md §7, the gateway's own
 * routes in svc-gateway/openapi.json, and what svc-gateway/src/domain/routeTable.ts forwards),
 * with a valid example of each input and the rule that input must keep. The fuzz suite
 * (fuzz.test.ts) generates malformed variants from these entries: a new route is one entry.
 *
 * The rules are the contract, not a copy of the code: a value outside them must be refused
 * with a 4xx, and a route that `mutates` must store nothing for any generated request.
 */

import {
  CUSTOMER_LIST_SORTS,
  ITEM_LIST_SORTS,
  MEMBER_ROLES,
  PULL_TICKET_LIST_SORTS,
  PULL_TICKET_STATUSES,
  PURCHASE_ORDER_LIST_SORTS,
  SALES_ORDER_LIST_SORTS,
  SALES_ORDER_SYNC_STATUSES,
  VENDOR_LIST_SORTS,
} from '@printpool/contracts';
import { SALES_ORDER_STATUSES } from '@printpool/domain';

/** The records the suite reads from the synced tenant before fuzzing, for paths and examples. */
export interface Fixtures {
  /** An order the edit form may save as it is (status pending or active, with lines). */
  salesOrder: {
    id: number;
    customerName: string;
    customerEmail: string | null;
    status: string;
    bulkPoId: number | null;
    /** Its version, which a save names in If-Match (libs/contracts versionedWrite.ts). */
    version: string;
    items: {
      lineId: string | null;
      itemId: string | null;
      itemName: string | null;
      description: string | null;
      sku: string | null;
      quantity: number;
      unitPrice: number;
    }[];
  };
  purchaseOrder: { id: number; version: string };
  /** A bulk PO, whose program a save names by its version. */
  program: { purchaseOrderId: number; version: string };
  /** A receipt of that bulk PO (all it ordered), one of its items and the version of its receipts. */
  receipt: { receiptId: number; itemId: string; version: string };
  /** A vendor of a bulk PO as POs name it, and the version of its program defaults. */
  vendor: { name: string; version: string };
  /** A customer synced from QuickBooks, whose stock is read. */
  customer: { id: number };
  /** The version of the company's settings, which a save names. */
  settings: { version: string };
  pullTicket: { id: number; ptNumber: string; version: string };
  /** The signed-in owner, the company's one member: a change of its role names its version. */
  member: { id: string; version: string };
  /** A pending invitation and the token of its link, read from the e-mail that carried it. */
  invitation: { id: string; token: string };
}

export type RecordKind =
  | 'salesOrder'
  | 'purchaseOrder'
  | 'bulkPurchaseOrder'
  | 'receipt'
  | 'vendor'
  | 'customer'
  | 'item'
  | 'alert'
  | 'pullTicket'
  | 'attachment'
  | 'member'
  | 'invitation'
  | 'invitationToken';

type Example<T> = T | ((fixtures: Fixtures) => T);

/** One body field: its valid example and the rule a value must keep. */
export type Field =
  /** Text up to `max` characters (after trimming); `required` refuses absent and blank; `nullable` accepts null. */
  | { type: 'text'; example: Example<string | null>; max: number; required?: boolean; nullable?: boolean; numbersToo?: boolean }
  | { type: 'email'; example: Example<string | null>; required?: boolean; nullable?: boolean }
  | { type: 'enum'; example: Example<string>; values: readonly string[]; required?: boolean }
  | { type: 'boolean'; example: boolean; required?: boolean }
  /** A whole number in [min, max]; `numericText` accepts it written as a string too; `nullable` accepts null (and ''). */
  | { type: 'int'; example: Example<number | string | null>; min: number; max: number; numericText?: boolean; nullable?: boolean; required?: boolean }
  /**
   * A quantity more than 0 (`zeroToo`: at least 0) and at most `max`, to QuickBooks' seven decimals
   * (libs/domain/src/quantity.ts), as a number or a plain decimal string; `nullable` accepts null.
   */
  | { type: 'quantity'; example: Example<number>; max: number; zeroToo?: boolean; nullable?: boolean }
  /** A finite amount ≥ min, as a number or a plain decimal string, small enough that the column can hold qty × amount; `nullable` accepts null. */
  | { type: 'money'; example: Example<number>; min: number; nullable?: boolean }
  /** A calendar date YYYY-MM-DD, not before today. */
  | { type: 'date'; example: Example<string | null> }
  /** Text matching a rule no simple type states; `invalid` lists values that break it. */
  | { type: 'pattern'; example: Example<string | null>; invalid: readonly string[]; required?: boolean; nullable?: boolean }
  /** A list of objects (at least `min`), each with `of`'s fields; `jsonText`: sent as a JSON string, as the form does. */
  | { type: 'list'; example: Example<Record<string, unknown>[]>; of: Record<string, Field>; min: number; jsonText?: boolean }
  /** Accepted and ignored (the form sends it; the server recomputes it): only what no field may hold is refused. */
  | { type: 'ignored'; example: Example<unknown> };

/** One query parameter. GET routes clamp or ignore what they need not refuse; a mutating route refuses anything else. */
export type QueryParam = { type: 'enum'; values: readonly string[] } | { type: 'int'; min: number; max: number } | { type: 'text'; max: number };

export interface RouteSpec {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** `:name` marks a path parameter, a record id named in `params`. */
  path: string;
  params?: Record<string, RecordKind>;
  /** The JSON body's fields; absent: the route reads no body. */
  body?: Record<string, Field>;
  query?: Record<string, QueryParam>;
  /** Changes state when called validly: every generated request must then be refused (≥ 400). */
  mutates: boolean;
  /** Sent without the session cookie (sign-in, sign-out, what Intuit calls). */
  anonymous?: boolean;
  /** Server-Sent Events: only the status and headers are read. */
  stream?: boolean;
  /** multipart/form-data upload instead of JSON. */
  upload?: boolean;
  /** A versioned write: the If-Match every request names, the record's current version, so the body is what is refused. */
  ifMatch?: (fixtures: Fixtures) => string;
  /** Where the route is documented. */
  source: string;
}

const LIST_QUERY: Record<string, QueryParam> = {
  search: { type: 'text', max: 200 },
  limit: { type: 'int', min: 1, max: 1000 },
  offset: { type: 'int', min: 0, max: Number.MAX_SAFE_INTEGER },
};
const DATE_RANGE: Record<string, QueryParam> = { from: { type: 'text', max: 10 }, to: { type: 'text', max: 10 } };
const sortOf = (keys: readonly string[]): QueryParam => ({ type: 'enum', values: keys.flatMap((key) => [key, `-${key}`]) });
const SALES_ORDER_LIST: Record<string, QueryParam> = {
  ...LIST_QUERY,
  ...DATE_RANGE,
  status: { type: 'enum', values: SALES_ORDER_STATUSES },
  syncStatus: { type: 'enum', values: SALES_ORDER_SYNC_STATUSES },
  customer: { type: 'text', max: 200 },
  sort: sortOf(SALES_ORDER_LIST_SORTS),
};
const PURCHASE_ORDER_LIST: Record<string, QueryParam> = {
  ...LIST_QUERY,
  ...DATE_RANGE,
  status: { type: 'enum', values: ['open', 'closed'] },
  includeClosed: { type: 'enum', values: ['true', 'false'] },
  poType: { type: 'enum', values: ['BULK', 'STANDARD'] },
  vendor: { type: 'text', max: 200 },
  expiresWithinDays: { type: 'int', min: 0, max: 9999 },
  sort: sortOf(PURCHASE_ORDER_LIST_SORTS),
};
const PULL_TICKET_LIST: Record<string, QueryParam> = {
  ...LIST_QUERY,
  ...DATE_RANGE,
  status: { type: 'enum', values: PULL_TICKET_STATUSES },
  customer: { type: 'text', max: 200 },
  vendor: { type: 'text', max: 200 },
  sort: sortOf(PULL_TICKET_LIST_SORTS),
};
const VENDOR_LIST: Record<string, QueryParam> = { ...LIST_QUERY, withPurchaseOrders: { type: 'enum', values: ['true'] }, sort: sortOf(VENDOR_LIST_SORTS) };
const SYNC_QUERY: Record<string, QueryParam> = { wait: { type: 'enum', values: ['true', 'false'] } };

const settingsFields = {
  bulkPoSuffix: { type: 'text', example: '-BL', max: 20, required: true },
  bulkEstimateSuffix: { type: 'text', example: '-BL', max: 20, required: true },
} satisfies Record<string, Field>;

const lineFields: Record<string, Field> = {
  lineId: { type: 'text', example: null, max: 100, nullable: true },
  // A QuickBooks id: the form may send it as a number.
  itemId: { type: 'text', example: '1', max: 100, nullable: true, numbersToo: true },
  itemName: { type: 'text', example: 'Business cards', max: 1000, nullable: true },
  description: { type: 'text', example: null, max: 4000, nullable: true },
  sku: { type: 'text', example: null, max: 100, nullable: true },
  quantity: { type: 'quantity', example: 1, max: 2_147_483_647 },
  unitPrice: { type: 'money', example: 0, min: 0 },
};

/** A line of a partial release (libs/contracts/src/http/routes/inventoryPullTickets.ts PullTicketReleaseLineSchema). */
const releaseLineFields: Record<string, Field> = {
  itemId: { type: 'text', example: '1', max: 100, required: true, numbersToo: true },
  quantity: { type: 'quantity', example: 1, max: 2_147_483_647 },
};

/** The Sales Order form (docs/product.md §5), as edit and New Sales Order send it. */
const salesOrderFormFields: Record<string, Field> = {
  customerName: { type: 'text', example: (f) => f.salesOrder.customerName, max: 500, required: true },
  customerEmail: { type: 'email', example: (f) => f.salesOrder.customerEmail, nullable: true },
  status: { type: 'enum', example: (f) => f.salesOrder.status, values: ['active', 'pending', 'completed', 'cancelled'], required: true },
  bulkPoId: { type: 'int', example: (f) => f.salesOrder.bulkPoId, min: 1, max: Number.MAX_SAFE_INTEGER, numericText: true, nullable: true },
  totalQuantity: { type: 'ignored', example: (f: Fixtures) => f.salesOrder.items.reduce((sum, line) => sum + line.quantity, 0) },
  totalAmount: { type: 'ignored', example: '0.00' },
  items: { type: 'list', example: (f) => f.salesOrder.items, of: lineFields, min: 1, jsonText: true },
};

/** A manual purchase order's line (libs/contracts/src/http/routes/inventoryPurchaseOrders.ts). */
const purchaseOrderLineFields: Record<string, Field> = {
  itemId: { type: 'text', example: '1', max: 100, required: true, numbersToo: true },
  itemName: { type: 'text', example: 'Business cards', max: 1000, nullable: true },
  description: { type: 'text', example: null, max: 4000, nullable: true },
  quantity: { type: 'quantity', example: 500, max: 2_147_483_647 },
  unitPrice: { type: 'money', example: 0.0941, min: 0 },
};

/** A bulk PO's program terms and a vendor's defaults share these (libs/contracts inventoryPrograms.ts); none is required. */
const programTermFields: Record<string, Field> = {
  minReleaseQuantity: { type: 'quantity', example: 500, max: 2_147_483_647, zeroToo: true, nullable: true },
  releaseCharge: { type: 'money', example: 25, min: 0 },
  freeStorageDays: { type: 'int', example: 90, min: 0, max: 3650, nullable: true },
  storageChargePerMonth: { type: 'money', example: 1.5, min: 0, nullable: true },
  storageChargeBasis: { type: 'enum', example: 'per1000', values: ['flat', 'per1000'] },
  tolerancePercent: { type: 'int', example: 10, min: 0, max: 100 },
  notes: { type: 'text', example: 'Release on 48 hours notice', max: 2000, nullable: true },
};

export const ROUTES: RouteSpec[] = [
  // svc-gateway's own routes (svc-gateway/openapi.json)
  { method: 'GET', path: '/api/auth/user', mutates: false, source: 'docs/product.md §7' },
  { method: 'GET', path: '/api/login', mutates: false, anonymous: true, source: 'docs/product.md §7 (navigation), openapi' },
  {
    method: 'GET',
    path: '/api/callback',
    query: { code: { type: 'text', max: 2000 }, state: { type: 'text', max: 2000 } },
    mutates: false,
    anonymous: true,
    source: 'openapi',
  },
  { method: 'GET', path: '/api/logout', mutates: false, anonymous: true, source: 'docs/product.md §7 (navigation), openapi' },
  { method: 'GET', path: '/api/live', mutates: false, stream: true, source: 'openapi' },
  { method: 'GET', path: '/api/openapi.json', mutates: false, source: 'openapi' },
  { method: 'GET', path: '/api/asyncapi.json', mutates: false, source: 'docs/architecture.md §4' },
  { method: 'GET', path: '/remotes.json', mutates: false, anonymous: true, source: 'openapi' },
  {
    method: 'POST',
    path: '/api/dev-login',
    body: { email: { type: 'email', example: 'fuzz-other@example.com', required: true } },
    mutates: true,
    anonymous: true,
    source: 'docs/product.md §7',
  },
  {
    method: 'POST',
    path: '/api/contact',
    body: {
      name: { type: 'text', example: 'Fuzz Sender', max: 200, required: true },
      email: { type: 'email', example: 'sender@example.com', required: true },
      company: { type: 'text', example: 'Acme', max: 200 },
      phone: { type: 'text', example: '555-0100', max: 50 },
      subject: { type: 'text', example: 'Hello', max: 200 },
      message: { type: 'text', example: 'A message.', max: 5000, required: true },
    },
    mutates: true,
    source: 'docs/product.md §7',
  },
  {
    method: 'PATCH',
    path: '/api/user/settings',
    body: {
      ...settingsFields,
      faxNumber: {
        type: 'pattern',
        example: '(555) 123-4567',
        invalid: ['5551234567', '(555) 123-45678', '(555)123-4567', '(555) 123-4567x', 'fax', '(٥٥٥) ١٢٣-٤٥٦٧'],
      },
    },
    ifMatch: (f) => f.settings.version,
    mutates: true,
    source: 'docs/product.md §7',
  },
  { method: 'GET', path: '/api/team', mutates: false, source: 'docs/product.md §7' },
  {
    method: 'POST',
    path: '/api/team/invitations',
    body: {
      email: { type: 'email', example: 'colleague@example.com', required: true },
      role: { type: 'enum', example: 'staff', values: MEMBER_ROLES, required: true },
    },
    mutates: true,
    source: 'docs/product.md §7',
  },
  { method: 'DELETE', path: '/api/team/invitations/:id', params: { id: 'invitation' }, mutates: true, source: 'docs/product.md §7' },
  {
    method: 'PATCH',
    path: '/api/team/members/:id',
    params: { id: 'member' },
    body: { role: { type: 'enum', example: 'owner', values: MEMBER_ROLES, required: true } },
    ifMatch: (f) => f.member.version,
    mutates: true,
    source: 'docs/product.md §7',
  },
  { method: 'DELETE', path: '/api/team/members/:id', params: { id: 'member' }, mutates: true, source: 'docs/product.md §7' },
  { method: 'GET', path: '/api/invitations/:token', params: { token: 'invitationToken' }, mutates: false, anonymous: true, source: 'docs/product.md §7' },

  // svc-inventory
  { method: 'GET', path: '/api/dashboard/stats', mutates: false, source: 'docs/product.md §7' },
  { method: 'GET', path: '/api/dashboard/programs', mutates: false, source: 'docs/product.md §11' },
  { method: 'GET', path: '/api/sales-orders', query: SALES_ORDER_LIST, mutates: false, source: 'docs/product.md §7' },
  { method: 'GET', path: '/api/sales-orders/export.csv', query: SALES_ORDER_LIST, mutates: false, source: 'libs/contracts orderLists.ts' },
  { method: 'GET', path: '/api/sales-orders/:id', params: { id: 'salesOrder' }, mutates: false, source: 'route table' },
  { method: 'GET', path: '/api/sales-orders/:id/history', params: { id: 'salesOrder' }, mutates: false, source: 'docs/product.md §10' },
  {
    method: 'PUT',
    path: '/api/sales-orders/:id',
    params: { id: 'salesOrder' },
    body: { id: { type: 'ignored', example: (f: Fixtures) => f.salesOrder.id }, ...salesOrderFormFields },
    ifMatch: (f) => f.salesOrder.version,
    mutates: true,
    source: 'docs/product.md §7',
  },
  { method: 'DELETE', path: '/api/sales-orders/:id', params: { id: 'salesOrder' }, mutates: true, source: 'docs/product.md §7' },
  {
    method: 'POST',
    path: '/api/sales-orders',
    body: { soNumber: { type: 'text', example: 'FUZZ-1001', max: 21, required: true }, ...salesOrderFormFields },
    mutates: true,
    source: 'New Sales Order, docs/product.md §5 (sales order form)',
  },
  {
    method: 'POST',
    path: '/api/purchase-orders',
    body: {
      poNumber: { type: 'text', example: 'FUZZ-2001-BL', max: 21, required: true },
      // One of the company's vendors (docs/product.md §5): a synced vendor of a bulk PO.
      vendorName: { type: 'text', example: (f) => f.vendor.name, max: 500, required: true },
      vendorEmail: { type: 'email', example: null, nullable: true },
      addVendor: { type: 'boolean', example: false },
      items: {
        type: 'list',
        example: [{ itemId: '1', itemName: 'Business cards', description: null, quantity: 500, unitPrice: 0.0941 }],
        of: purchaseOrderLineFields,
        min: 1,
      },
    },
    mutates: true,
    source: 'New Purchase Order, libs/contracts inventoryPurchaseOrders.ts',
  },
  {
    method: 'POST',
    path: '/api/sales-orders/:id/create-pull-ticket',
    params: { id: 'salesOrder' },
    body: {
      force: { type: 'boolean', example: false },
      lines: {
        type: 'list',
        example: (f) => f.salesOrder.items.map((line) => ({ itemId: line.itemId, quantity: line.quantity })),
        of: releaseLineFields,
        min: 1,
      },
    },
    mutates: true,
    source: 'docs/product.md §7',
  },
  {
    method: 'POST',
    path: '/api/sales-orders/:id/accept',
    params: { id: 'salesOrder' },
    ifMatch: (f) => f.salesOrder.version,
    mutates: true,
    source: 'docs/product.md §4 (a manual order accepted in PrintPool)',
  },
  {
    method: 'POST',
    path: '/api/sales-orders/:id/confirm-deleted',
    params: { id: 'salesOrder' },
    mutates: true,
    source: 'docs/product.md §4 Deleted in QuickBooks',
  },
  {
    method: 'POST',
    path: '/api/sales-orders/:id/recreate-estimate',
    params: { id: 'salesOrder' },
    mutates: true,
    source: 'docs/product.md §4 Deleted in QuickBooks',
  },
  { method: 'GET', path: '/api/purchase-orders', query: PURCHASE_ORDER_LIST, mutates: false, source: 'docs/product.md §7' },
  { method: 'GET', path: '/api/purchase-orders/export.csv', query: PURCHASE_ORDER_LIST, mutates: false, source: 'libs/contracts orderLists.ts' },
  {
    method: 'GET',
    path: '/api/purchase-orders/bulk/open',
    query: {
      ...LIST_QUERY,
      need: { type: 'text', max: 8_000 },
      holding: { type: 'int', min: 1, max: 999_999_999_999_999 },
      id: { type: 'int', min: 1, max: 999_999_999_999_999 },
    },
    mutates: false,
    source: 'libs/contracts openBulkPurchaseOrders.ts',
  },
  { method: 'GET', path: '/api/purchase-orders/:id', params: { id: 'purchaseOrder' }, mutates: false, source: 'route table' },
  { method: 'GET', path: '/api/purchase-orders/:id/history', params: { id: 'purchaseOrder' }, mutates: false, source: 'docs/product.md §10' },
  {
    method: 'POST',
    path: '/api/purchase-orders/:id/status',
    params: { id: 'purchaseOrder' },
    body: { status: { type: 'enum', example: 'open', values: ['open', 'closed'], required: true } },
    ifMatch: (f) => f.purchaseOrder.version,
    mutates: true,
    source: 'docs/product.md §7',
  },
  { method: 'DELETE', path: '/api/purchase-orders/:id', params: { id: 'purchaseOrder' }, mutates: true, source: 'docs/product.md §7' },
  { method: 'GET', path: '/api/purchase-orders/:id/program', params: { id: 'bulkPurchaseOrder' }, mutates: false, source: 'docs/product.md §11' },
  {
    method: 'PUT',
    path: '/api/purchase-orders/:id/program',
    params: { id: 'bulkPurchaseOrder' },
    body: {
      ...programTermFields,
      // Any calendar date: a program of an old PO may have ended.
      expiresOn: {
        type: 'pattern',
        example: '2027-01-10',
        invalid: ['2099-02-30', '2099-13-01', '99999-01-01', 'tomorrow', '31/12/2099', '2099-1-1', '0000-00-00', '2027-01-10T00:00:00Z'],
      },
      plannedReleases: { type: 'int', example: 6, min: 1, max: 10_000, nullable: true },
    },
    ifMatch: (f) => f.program.version,
    mutates: true,
    source: 'docs/product.md §11',
  },
  { method: 'GET', path: '/api/purchase-orders/:id/program/summary', params: { id: 'bulkPurchaseOrder' }, mutates: false, source: 'docs/product.md §11' },
  { method: 'GET', path: '/api/purchase-orders/:id/stock-owners', params: { id: 'bulkPurchaseOrder' }, mutates: false, source: 'docs/product.md §12' },
  {
    method: 'PUT',
    path: '/api/purchase-orders/:id/stock-owners/:itemId',
    params: { id: 'bulkPurchaseOrder', itemId: 'item' },
    body: { customerId: { type: 'int', example: (f) => f.customer.id, min: 1, max: Number.MAX_SAFE_INTEGER, nullable: true, required: true } },
    ifMatch: () => 'unread',
    mutates: true,
    source: 'docs/product.md §12',
  },
  { method: 'GET', path: '/api/customers/:id/inventory', params: { id: 'customer' }, mutates: false, source: 'docs/product.md §12' },
  {
    method: 'PUT',
    path: '/api/customers/:id/inventory/:itemId/reorder-point',
    params: { id: 'customer', itemId: 'item' },
    // A point is units or months, not both: the months' own refusals are svc-inventory's tests' (customerStock.test.ts).
    body: { units: { type: 'quantity', example: 2_500, max: 2_147_483_647, zeroToo: true, nullable: true } },
    ifMatch: () => 'unread',
    mutates: true,
    source: 'docs/product.md §12',
  },
  { method: 'GET', path: '/api/inventory/alerts', mutates: false, source: 'docs/product.md §12' },
  { method: 'POST', path: '/api/inventory/alerts/:key/dismiss', params: { key: 'alert' }, mutates: true, source: 'docs/product.md §12' },
  { method: 'GET', path: '/api/purchase-orders/:id/receipts', params: { id: 'bulkPurchaseOrder' }, mutates: false, source: 'docs/product.md §11' },
  {
    method: 'POST',
    path: '/api/purchase-orders/:id/receipts',
    params: { id: 'bulkPurchaseOrder' },
    body: {
      // Any calendar date: a delivery is recorded after it came.
      receivedOn: {
        type: 'pattern',
        example: '2026-11-20',
        invalid: ['2099-02-30', '2099-13-01', '99999-01-01', 'today', '20/11/2026', '2026-1-1', '0000-00-00', '2026-11-20T00:00:00Z'],
        required: true,
      },
      note: { type: 'text', example: 'Run delivered', max: 2000, nullable: true },
      lines: {
        type: 'list',
        example: (f) => [{ itemId: f.receipt.itemId, quantityReceived: 100 }],
        of: {
          itemId: { type: 'text', example: (f) => f.receipt.itemId, max: 100, required: true },
          quantityReceived: { type: 'quantity', example: 100, max: 2_147_483_647, zeroToo: true },
        },
        min: 1,
      },
      writeBackToQuickBooks: { type: 'boolean', example: false },
    },
    ifMatch: (f) => f.receipt.version,
    mutates: true,
    source: 'docs/product.md §11',
  },
  {
    method: 'POST',
    path: '/api/purchase-orders/:id/receipts/:receiptId/resolve',
    params: { id: 'bulkPurchaseOrder', receiptId: 'receipt' },
    body: {
      resolution: { type: 'enum', example: 'accepted', values: ['accepted', 'claim'], required: true },
      note: { type: 'text', example: 'Credit agreed', max: 2000, nullable: true },
    },
    ifMatch: (f) => f.receipt.version,
    mutates: true,
    source: 'docs/product.md §11',
  },
  { method: 'GET', path: '/api/vendors', query: VENDOR_LIST, mutates: false, source: 'docs/product.md §7' },
  { method: 'GET', path: '/api/vendors/export.csv', query: VENDOR_LIST, mutates: false, source: 'libs/contracts orderLists.ts' },
  { method: 'GET', path: '/api/vendors/:vendorName/program-defaults', params: { vendorName: 'vendor' }, mutates: false, source: 'docs/product.md §11' },
  {
    method: 'PUT',
    path: '/api/vendors/:vendorName/program-defaults',
    params: { vendorName: 'vendor' },
    body: { ...programTermFields, termMonths: { type: 'int', example: 18, min: 1, max: 120 } },
    ifMatch: (f) => f.vendor.version,
    mutates: true,
    source: 'docs/product.md §11',
  },
  { method: 'GET', path: '/api/pull-tickets', query: PULL_TICKET_LIST, mutates: false, source: 'docs/product.md §7' },
  { method: 'GET', path: '/api/pull-tickets/export.csv', query: PULL_TICKET_LIST, mutates: false, source: 'libs/contracts orderLists.ts' },
  { method: 'GET', path: '/api/pull-tickets/:id', params: { id: 'pullTicket' }, mutates: false, source: 'route table' },
  { method: 'GET', path: '/api/pull-tickets/:id/history', params: { id: 'pullTicket' }, mutates: false, source: 'docs/product.md §10' },
  {
    method: 'PUT',
    path: '/api/pull-tickets/:id',
    params: { id: 'pullTicket' },
    ifMatch: (f) => f.pullTicket.version,
    body: {
      vendorEmail: { type: 'email', example: 'vendor@example.com', nullable: true },
      vendorPhone: { type: 'text', example: '555-0101', max: 100, nullable: true },
      vendorAddress: { type: 'text', example: '1 Press Row', max: 1000, nullable: true },
      status: { type: 'enum', example: 'pending', values: ['pending', 'sent', 'processing', 'shipped', 'delivered', 'cancelled'] },
      notes: { type: 'text', example: 'Rush', max: 10_000, nullable: true },
      shipByDate: { type: 'date', example: '2099-12-31' },
    },
    mutates: true,
    source: 'docs/product.md §7',
  },
  { method: 'DELETE', path: '/api/pull-tickets/:id', params: { id: 'pullTicket' }, mutates: true, source: 'docs/product.md §7' },
  {
    method: 'POST',
    path: '/api/pull-tickets/:id/approve',
    params: { id: 'pullTicket' },
    body: {
      approvalNotes: { type: 'text', example: 'Approved', max: 10_000, nullable: true },
      attachmentPath: {
        type: 'pattern',
        example: '/api/attachments/0190c8a4-7a55-7cc4-9a1e-7f4c2b9d0e11',
        nullable: true,
        invalid: [
          '/etc/passwd',
          '/api/attachments/../internal',
          '/api/attachments/%2e%2e/x',
          '/api/attachments/a\\b',
          'http://evil.example/api/attachments/x',
          `/api/attachments/${'a'.repeat(500)}`,
          '/api/attachments/%zz',
        ],
      },
    },
    mutates: true,
    source: 'docs/product.md §7',
  },
  {
    method: 'POST',
    path: '/api/pull-tickets/:id/ship',
    params: { id: 'pullTicket' },
    body: {
      sendEmail: { type: 'boolean', example: true },
      customerEmail: { type: 'email', example: 'customer@example.com', nullable: true },
      carrier: { type: 'text', example: 'UPS', max: 100, nullable: true },
      trackingNumber: { type: 'text', example: '1Z999AA10123456784', max: 100, nullable: true },
      emailSubject: { type: 'text', example: 'Shipped', max: 300, nullable: true },
      emailBody: { type: 'text', example: 'On its way.', max: 20_000, nullable: true },
    },
    mutates: true,
    source: 'docs/product.md §7',
  },
  { method: 'GET', path: '/api/items', query: { ...LIST_QUERY, sort: sortOf(ITEM_LIST_SORTS) }, mutates: false, source: 'docs/product.md §7' },
  {
    method: 'GET',
    path: '/api/items/export.csv',
    query: { ...LIST_QUERY, sort: sortOf(ITEM_LIST_SORTS) },
    mutates: false,
    source: 'libs/contracts orderLists.ts',
  },
  { method: 'GET', path: '/api/customers', query: { ...LIST_QUERY, sort: sortOf(CUSTOMER_LIST_SORTS) }, mutates: false, source: 'docs/product.md §7' },
  {
    method: 'GET',
    path: '/api/customers/export.csv',
    query: { ...LIST_QUERY, sort: sortOf(CUSTOMER_LIST_SORTS) },
    mutates: false,
    source: 'libs/contracts orderLists.ts',
  },

  // svc-documents
  { method: 'GET', path: '/api/sales-orders/:id/pdf', params: { id: 'salesOrder' }, mutates: false, source: 'docs/product.md §7' },
  { method: 'GET', path: '/api/pull-tickets/:id/pdf', params: { id: 'pullTicket' }, mutates: false, source: 'docs/product.md §7' },
  { method: 'GET', path: '/api/purchase-orders/:id/pdf', params: { id: 'purchaseOrder' }, mutates: false, source: 'route table' },
  { method: 'GET', path: '/api/customers/:id/statement.pdf', params: { id: 'customer' }, query: DATE_RANGE, mutates: false, source: 'docs/product.md §12' },
  {
    method: 'POST',
    path: '/api/customers/:id/statement/email',
    params: { id: 'customer' },
    body: {
      // Any calendar days, from on or before to, at most 366 of them (libs/domain statementPeriod.ts).
      from: {
        type: 'pattern',
        example: '2026-10-01',
        invalid: ['2026-02-30', '2026-13-01', 'yesterday', '10/01/2026', '2026-10-01T00:00:00Z', '2026-11-01', '2025-10-01'],
        required: true,
      },
      to: { type: 'pattern', example: '2026-10-31', invalid: ['2026-10-32', '2026-1-31', '31/10/2026', '2026-09-30', '2027-10-31'], required: true },
      subject: { type: 'text', example: 'Stock Statement', max: 300, nullable: true },
      message: { type: 'text', example: 'Your stock for October.', max: 20_000, nullable: true },
    },
    mutates: true,
    source: 'docs/product.md §12',
  },
  { method: 'GET', path: '/api/customers/:id/statement/schedule', params: { id: 'customer' }, mutates: false, source: 'docs/product.md §12' },
  {
    method: 'PUT',
    path: '/api/customers/:id/statement/schedule',
    params: { id: 'customer' },
    body: { monthly: { type: 'boolean', example: false, required: true } },
    ifMatch: () => 'unread',
    mutates: true,
    source: 'docs/product.md §12',
  },
  {
    method: 'POST',
    path: '/api/pull-tickets/:id/email',
    params: { id: 'pullTicket' },
    body: {
      emailAddress: { type: 'email', example: 'vendor@example.com', required: true },
      subject: { type: 'text', example: (f) => `Pull Ticket ${f.pullTicket.ptNumber} - Items for Fulfillment`, max: 300, nullable: true },
      message: { type: 'text', example: 'Please pull these items.', max: 20_000, nullable: true },
    },
    mutates: true,
    source: 'docs/product.md §7',
  },
  {
    method: 'POST',
    path: '/api/sales-orders/:id/send-estimate',
    params: { id: 'salesOrder' },
    body: {
      subject: { type: 'text', example: 'Sales Order', max: 300, nullable: true },
      message: { type: 'text', example: 'Your order.', max: 20_000, nullable: true },
    },
    mutates: true,
    source: 'docs/product.md §7',
  },
  {
    method: 'GET',
    path: '/api/email-logs',
    query: {
      limit: { type: 'int', min: 1, max: 500 },
      // One document's e-mails, for its History tab (docs/product.md §10).
      referenceType: { type: 'enum', values: ['SO', 'PO', 'PT', 'INVITATION', 'STATEMENT'] },
      referenceId: { type: 'int', min: 0, max: 999_999_999_999_999 },
    },
    mutates: false,
    source: 'docs/product.md §7, §10',
  },
  { method: 'POST', path: '/api/attachments', upload: true, mutates: true, source: 'route table (approve dialog upload)' },
  { method: 'GET', path: '/api/attachments/:id', params: { id: 'attachment' }, mutates: false, source: 'route table' },

  // svc-sync
  { method: 'POST', path: '/api/sales-orders/:id/sync', params: { id: 'salesOrder' }, mutates: true, source: 'docs/product.md §7' },
  {
    method: 'POST',
    path: '/api/sales-orders/:id/reject-estimate',
    params: { id: 'salesOrder' },
    mutates: true,
    source: 'Mark Rejected, libs/contracts quickbooks.ts',
  },
  // The fixture's receipt was recorded without asking to write it to QuickBooks: 422, nothing written.
  {
    method: 'POST',
    path: '/api/purchase-orders/:id/receipts/:receiptId/write-back',
    params: { id: 'bulkPurchaseOrder', receiptId: 'receipt' },
    mutates: true,
    source: 'docs/product.md §11',
  },
  // A write the broker asks for from a reorder alert: an estimate in QuickBooks, linked to the alert.
  {
    method: 'POST',
    path: '/api/customers/:id/inventory/:itemId/reorder-estimate',
    params: { id: 'customer', itemId: 'item' },
    mutates: true,
    source: 'docs/product.md §12',
  },
  { method: 'POST', path: '/api/sync/customers', query: SYNC_QUERY, mutates: true, source: 'docs/product.md §7' },
  { method: 'POST', path: '/api/sync/items', query: SYNC_QUERY, mutates: true, source: 'docs/product.md §7' },
  { method: 'POST', path: '/api/quickbooks/test-bulk-detection', body: settingsFields, mutates: true, source: 'docs/product.md §7' },
  { method: 'GET', path: '/api/quickbooks/status', mutates: false, source: 'docs/product.md §7' },
  { method: 'GET', path: '/api/quickbooks/auth-url', mutates: false, source: 'docs/product.md §7' },
  {
    method: 'POST',
    path: '/api/quickbooks/sync',
    query: { ...SYNC_QUERY, mode: { type: 'enum', values: ['full', 'incremental'] } },
    mutates: true,
    source: 'docs/product.md §7',
  },
  { method: 'POST', path: '/api/quickbooks/connect', mutates: true, source: 'docs/product.md §7' },
  { method: 'POST', path: '/api/quickbooks/disconnect', mutates: true, source: 'route table' },
  { method: 'GET', path: '/api/quickbooks/sync/runs/latest', mutates: false, source: 'route table' },
  { method: 'GET', path: '/api/quickbooks/sync/health', mutates: false, source: 'docs/product.md §7' },
  {
    method: 'GET',
    path: '/api/quickbooks/callback',
    query: { code: { type: 'text', max: 2000 }, state: { type: 'text', max: 2000 }, realmId: { type: 'text', max: 100 } },
    mutates: false,
    anonymous: true,
    source: 'route table (Intuit redirect)',
  },
  {
    method: 'POST',
    path: '/api/quickbooks/webhook',
    body: { eventNotifications: { type: 'ignored', example: [] } },
    mutates: true,
    anonymous: true,
    source: 'route table (Intuit webhook)',
  },
];

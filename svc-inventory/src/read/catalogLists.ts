import type { Customer, CustomerListFilters, CustomerListSort, Item, ItemListFilters, ItemListSort } from '@printpool/contracts';
import { parseSort } from '@printpool/domain';
import { isStockItem } from './stockTypes.js';
import type { CsvColumn } from './csvExport.js';
import { searchIn } from './listConditions.js';
import { listOrder, type ListOrder, type ListSelection } from './listPage.js';
import { sqlPart } from '../db/sqlPart.js';

/** Units left on the tenant's open bulk PO lines for the item (item_levels, kept by every draw and release). */
const VIRTUAL_INVENTORY = '(SELECT coalesce(max(il.virtual_inventory), 0) FROM item_levels il WHERE il.tenant_id = i.tenant_id AND il.item_qb_id = i.qb_id)';

const ITEM_SORTABLE: Record<ItemListSort, string> = {
  name: 'coalesce(i.full_name, i.name)',
  sku: 'i.sku',
  unitPrice: 'i.unit_price',
  virtualInventory: VIRTUAL_INVENTORY,
  syncedAt: 'i.synced_at',
};

/** In full-name order, so sub-items sit under their parent. */
const ITEM_ORDER: ListOrder = [
  ['coalesce(i.full_name, i.name)', 'asc'],
  ['i.id', 'asc'],
];

export interface ItemRow {
  id: string | number;
  qb_id: string;
  name: string;
  full_name: string | null;
  parent_qb_id: string | null;
  sku: string | null;
  description: string | null;
  unit_price: string | number;
  purchase_cost: string | number | null;
  virtual_inventory: string | number;
  synced_at: Date | string;
}

/**
 * The Items list: stock items only (Category and Group items are not inventory), searched by
 * name, full name or SKU. fullName ("Business Cards:500 ct") tells apart sub-items with one name.
 */
export function itemList(tenantId: string, search: string | null, filters: ItemListFilters): ListSelection {
  return {
    table: 'items',
    alias: 'i',
    where: [sqlPart('i.tenant_id = ?', tenantId), sqlPart(isStockItem('i')), ...searchIn(['i.name', 'i.full_name', 'i.sku'], search)],
    columns: `i.id, i.qb_id, i.name, i.full_name, i.parent_qb_id, i.sku, i.description, i.unit_price, i.purchase_cost, i.synced_at, ${VIRTUAL_INVENTORY} AS virtual_inventory`,
    order: listOrder(parseSort<ItemListSort>(filters.sort), ITEM_SORTABLE, ITEM_ORDER, 'i.id'),
  };
}

export function itemView(row: ItemRow): Item {
  return {
    id: Number(row.id),
    qbId: row.qb_id,
    name: row.name,
    fullName: row.full_name ?? row.name,
    parentQbId: row.parent_qb_id,
    sku: row.sku,
    description: row.description,
    unitPrice: Number(row.unit_price),
    purchaseCost: row.purchase_cost === null ? null : Number(row.purchase_cost),
    virtualInventory: Number(row.virtual_inventory),
    syncedAt: new Date(row.synced_at).toISOString(),
  };
}

export const ITEM_CSV: CsvColumn<Item>[] = [
  ['Name', (item) => item.fullName],
  ['SKU', (item) => item.sku],
  ['Description', (item) => item.description],
  ['Unit Price', (item) => item.unitPrice],
  ['Virtual Inventory', (item) => item.virtualInventory],
  ['Last Synced', (item) => item.syncedAt],
];

const CUSTOMER_SORTABLE: Record<CustomerListSort, string> = {
  name: 'coalesce(c.full_name, c.name)',
  email: 'c.email',
  phone: 'c.phone',
  syncedAt: 'c.synced_at',
};

export interface CustomerRow {
  id: string | number;
  name: string;
  full_name: string | null;
  parent_qb_id: string | null;
  currency: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  synced_at: Date | string;
}

/** The Customers list: searched by name, full name or e-mail, in full-name order so jobs sit under their customer. */
export function customerList(tenantId: string, search: string | null, filters: CustomerListFilters): ListSelection {
  return {
    table: 'customers',
    alias: 'c',
    where: [sqlPart('c.tenant_id = ?', tenantId), ...searchIn(['c.name', 'c.full_name', 'c.email'], search)],
    columns: 'c.id, c.name, c.full_name, c.parent_qb_id, c.currency, c.email, c.phone, c.address, c.synced_at',
    order: listOrder(
      parseSort<CustomerListSort>(filters.sort),
      CUSTOMER_SORTABLE,
      [
        ['coalesce(c.full_name, c.name)', 'asc'],
        ['c.id', 'asc'],
      ],
      'c.id',
    ),
  };
}

export function customerView(row: CustomerRow): Customer {
  return {
    id: Number(row.id),
    name: row.name,
    fullName: row.full_name ?? row.name,
    parentQbId: row.parent_qb_id,
    currency: row.currency,
    email: row.email,
    phone: row.phone,
    address: row.address,
    syncedAt: new Date(row.synced_at).toISOString(),
  };
}

export const CUSTOMER_CSV: CsvColumn<Customer>[] = [
  ['Name', (customer) => customer.fullName],
  ['Email', (customer) => customer.email],
  ['Phone', (customer) => customer.phone],
  ['Address', (customer) => customer.address],
  ['Currency', (customer) => customer.currency],
  ['Last Synced', (customer) => customer.syncedAt],
];

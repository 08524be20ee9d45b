/** The Customers and Items pages' rows as svc-inventory answers them (libs/contracts inventoryCatalog.ts). */
export type { Customer, Item } from '@printpool/contracts';

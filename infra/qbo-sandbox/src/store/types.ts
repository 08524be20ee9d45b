/** Entity types the sandbox serves, spelled as Intuit names them in queries and payloads. */
export type EntityName = 'Customer' | 'Vendor' | 'Item' | 'PurchaseOrder' | 'Estimate' | 'Invoice' | 'Account' | 'TaxCode' | 'TaxRate' | 'Term';

export const ENTITY_NAMES: readonly EntityName[] = [
  'Customer',
  'Vendor',
  'Item',
  'PurchaseOrder',
  'Estimate',
  'Invoice',
  'Account',
  'TaxCode',
  'TaxRate',
  'Term',
];

export interface MetaData {
  CreateTime: string;
  LastUpdatedTime: string;
}

/** An object as the API returns it: Intuit's field names, Id and SyncToken as strings. */
export type QboObject = Record<string, unknown> & { Id: string; SyncToken: string; MetaData: MetaData };

export interface EntityRecord {
  /** Numeric form of Id, the table's sort key. */
  id: number;
  data: QboObject;
  /** LastUpdatedTime in epoch ms (whole seconds), the CDC and time-index key. */
  updatedMs: number;
  /** Serialized `data`, built on first read and dropped on change, so pages are joined strings. */
  json: string | undefined;
}

export interface Tombstone {
  id: number;
  deletedMs: number;
}

export type Operation = 'Create' | 'Update' | 'Delete';

export interface ChangeEvent {
  realmId: string;
  entity: EntityName;
  id: string;
  operation: Operation;
  /** UTC ISO time of the change, as webhooks report it. */
  lastUpdated: string;
}

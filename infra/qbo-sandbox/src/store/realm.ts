import { ENTITY_NAMES, type EntityName, type QboObject } from './types.js';
import { EntityTable } from './entity-table.js';

/** A generated or configured company, ready to load. */
export interface CompanyData {
  realmId: string;
  companyInfo: QboObject;
  /** Entities a company lacks (a hand-built one without accounts or invoices) load empty. */
  entities: Record<EntityName, { data: QboObject; updatedMs: number }[]>;
}

/** Customers and vendors share one name space in QBO; items have their own. */
function nameKey(entity: EntityName, name: string): string {
  return `${entity === 'Item' ? 'item' : entity === 'Account' ? 'account' : 'contact'}:${name.trim().toLowerCase()}`;
}

/** One QBO company: its entity tables and the uniqueness index on names. */
export class Realm {
  readonly tables: Record<EntityName, EntityTable>;
  private readonly names = new Map<string, string>();

  constructor(
    readonly realmId: string,
    public companyInfo: QboObject,
  ) {
    this.tables = Object.fromEntries(ENTITY_NAMES.map((name) => [name, new EntityTable()])) as Record<EntityName, EntityTable>;
  }

  static fromData(company: CompanyData): Realm {
    const realm = new Realm(company.realmId, company.companyInfo);
    for (const name of ENTITY_NAMES) {
      const items = company.entities[name] ?? [];
      realm.tables[name].load(items);
      for (const { data } of items) realm.claimName(name, data);
    }
    return realm;
  }

  /** The Id that already holds this name, if another object does. */
  nameOwner(entity: EntityName, name: string): string | undefined {
    return this.names.get(nameKey(entity, name));
  }

  claimName(entity: EntityName, data: QboObject): void {
    const name = uniqueNameOf(entity, data);
    if (name) this.names.set(nameKey(entity, name), `${entity}:${data.Id}`);
  }

  releaseName(entity: EntityName, data: QboObject): void {
    const name = uniqueNameOf(entity, data);
    if (name) this.names.delete(nameKey(entity, name));
  }
}

/** Items are unique by their full "Parent:Child" name (same-named sub-items under two parents); names by DisplayName. */
export function uniqueNameOf(entity: EntityName, data: Record<string, unknown>): string | undefined {
  const value =
    entity === 'Item'
      ? (data.FullyQualifiedName ?? data.Name)
      : entity === 'Account'
        ? data.Name
        : entity === 'Customer' || entity === 'Vendor'
          ? data.DisplayName
          : undefined;
  return typeof value === 'string' ? value : undefined;
}

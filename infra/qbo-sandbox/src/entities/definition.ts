import type { EntityName, QboObject } from '../store/types.js';

/** How a queryable property is compared: refs by `.value`, e-mails by `.Address`, times as instants. */
export type FieldKind = 'string' | 'number' | 'boolean' | 'date' | 'datetime' | 'ref' | 'email';

export interface QueryField {
  path: string[];
  kind: FieldKind;
}

export interface PrepareContext {
  lookup(entity: EntityName, id: string): QboObject | undefined;
  now: number;
}

export interface EntityDefinition {
  name: EntityName;
  /** The URL segment: `/v3/company/{realmId}/<path>`. */
  path: string;
  /**
   * Name-list entities (customers, vendors, items) are made inactive rather than deleted,
   * and queries return only active ones unless the WHERE clause mentions Active.
   */
  nameList: boolean;
  /** QBO's API reads and queries it but never writes it (TaxCode, TaxRate): writes are Unsupported Operations. */
  readOnly?: boolean;
  /** The property QBO keeps unique across the company. */
  uniqueName?: 'DisplayName' | 'Name';
  /** Queryable properties keyed by lower-case path (`metadata.lastupdatedtime`). */
  fields: Map<string, QueryField>;
  /** Fills defaults and derived values (totals, ref names) and rejects what QBO rejects. */
  prepare(draft: Record<string, unknown>, ctx: PrepareContext): void;
}

export function queryFields(spec: Record<string, FieldKind>): Map<string, QueryField> {
  const all: Record<string, FieldKind> = {
    Id: 'number',
    'MetaData.CreateTime': 'datetime',
    'MetaData.LastUpdatedTime': 'datetime',
    ...spec,
  };
  return new Map(Object.entries(all).map(([path, kind]) => [path.toLowerCase(), { path: path.split('.'), kind }]));
}

export function roundMoney(value: number): number {
  return Math.round(value * 100) / 100;
}

export function refValue(value: unknown): string | undefined {
  if (value && typeof value === 'object' && 'value' in value) {
    const ref = (value as { value: unknown }).value;
    return ref === undefined || ref === null ? undefined : String(ref);
  }
  return undefined;
}

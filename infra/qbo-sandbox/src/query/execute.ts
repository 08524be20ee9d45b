import { faults } from '../api/faults.js';
import { definitionFor, type EntityDefinition } from '../entities/index.js';
import type { QueryField } from '../entities/definition.js';
import type { Realm } from '../store/realm.js';
import { recordJson, type EntityTable } from '../store/entity-table.js';
import type { EntityRecord } from '../store/types.js';
import type { Condition, ParsedQuery } from './parser.js';
import { coerceLiteral, compare, conditionPredicate, fieldReader } from './predicate.js';

type Predicate = (record: EntityRecord) => boolean;

const LAST_UPDATED = 'metadata.lastupdatedtime';

function resolveField(definition: EntityDefinition, name: string): QueryField {
  const field = definition.fields.get(name.toLowerCase());
  if (!field) throw faults.queryValidation(`Property ${name} not found for Entity ${definition.name}`);
  return field;
}

/**
 * The records a query walks before filtering: Id lookups go through the map, LastUpdatedTime
 * ranges through the time index, everything else through the Id order. Conditions the index
 * already satisfies are consumed so a page costs O(page), not O(table).
 */
function plan(table: EntityTable, definition: EntityDefinition, query: ParsedQuery) {
  const remaining: Condition[] = [...query.where];
  const firstOrder = query.orderBy[0]?.field.toLowerCase();
  const take = (match: (condition: Condition) => boolean): Condition[] => {
    const taken = remaining.filter(match);
    for (const condition of taken) remaining.splice(remaining.indexOf(condition), 1);
    return taken;
  };

  const idLookup = take((c) => c.field.toLowerCase() === 'id' && (c.op === '=' || c.op === 'IN'));
  if (idLookup.length > 0) {
    const idField = resolveField(definition, 'Id');
    const sets = idLookup.map((c) => new Set(c.values.map((v) => coerceLiteral(idField, 'Id', v) as number)));
    const ids = [...sets[0]!].filter((id) => sets.every((set) => set.has(id))).sort((a, b) => a - b);
    const records = ids.map((id) => table.get(id)).filter((r): r is EntityRecord => r !== undefined);
    return { source: records, lo: 0, hi: records.length, natural: 'id', remaining };
  }

  const canUseTime = firstOrder === undefined || firstOrder === LAST_UPDATED;
  const timeRange = canUseTime ? take((c) => c.field.toLowerCase() === LAST_UPDATED && c.op !== 'IN' && c.op !== 'LIKE') : [];
  if (timeRange.length > 0 || firstOrder === LAST_UPDATED) {
    const field = resolveField(definition, LAST_UPDATED);
    let lo = 0;
    let hi = table.byUpdated.length;
    for (const c of timeRange) {
      const ms = coerceLiteral(field, c.field, c.values[0]!) as number;
      if (c.op === '>') lo = Math.max(lo, table.updatedPosition(ms + 1));
      if (c.op === '>=' || c.op === '=') lo = Math.max(lo, table.updatedPosition(ms));
      if (c.op === '<') hi = Math.min(hi, table.updatedPosition(ms));
      if (c.op === '<=' || c.op === '=') hi = Math.min(hi, table.updatedPosition(ms + 1));
    }
    return { source: table.byUpdated, lo, hi: Math.max(lo, hi), natural: LAST_UPDATED, remaining };
  }
  return { source: table.byId, lo: 0, hi: table.byId.length, natural: 'id', remaining };
}

function predicates(table: EntityTable, definition: EntityDefinition, query: ParsedQuery, remaining: Condition[]): Predicate[] {
  const list = remaining.map((c) => conditionPredicate(resolveField(definition, c.field), c));
  const mentionsActive = query.where.some((c) => c.field.toLowerCase() === 'active');
  // QBO hides inactive name-list objects unless the query asks about Active.
  if (definition.nameList && !mentionsActive && table.inactiveCount > 0) list.push((r) => r.data.Active !== false);
  return list;
}

function matches(list: Predicate[], record: EntityRecord): boolean {
  for (const predicate of list) if (!predicate(record)) return false;
  return true;
}

function selectPage(query: ParsedQuery, table: EntityTable, definition: EntityDefinition): { records: EntityRecord[]; total: number | undefined } {
  const { source, lo, hi, natural, remaining } = plan(table, definition, query);
  const filters = predicates(table, definition, query, remaining);
  const skip = query.startPosition - 1;
  const wantCount = query.selection.kind === 'count';
  const order = query.orderBy;
  const streamable = order.length === 0 || (order.length === 1 && order[0]!.field.toLowerCase() === natural);

  if (streamable) {
    const desc = order[0]?.desc ?? false;
    if (filters.length === 0) {
      if (wantCount) return { records: [], total: hi - lo };
      const from = desc ? hi - skip - query.maxResults : lo + skip;
      const to = desc ? hi - skip : lo + skip + query.maxResults;
      const page = source.slice(Math.max(lo, from), Math.min(hi, to));
      return { records: desc ? page.reverse() : page, total: undefined };
    }
    const records: EntityRecord[] = [];
    let seen = 0;
    for (let i = 0; i < hi - lo; i++) {
      const record = source[desc ? hi - 1 - i : lo + i]!;
      if (!matches(filters, record)) continue;
      seen += 1;
      if (wantCount) continue;
      if (seen > skip) records.push(record);
      if (records.length === query.maxResults) break;
    }
    return { records, total: wantCount ? seen : undefined };
  }

  const all: EntityRecord[] = [];
  for (let i = lo; i < hi; i++) if (matches(filters, source[i]!)) all.push(source[i]!);
  if (wantCount) return { records: [], total: all.length };
  const readers = order.map((term) => ({ read: fieldReader(resolveField(definition, term.field)), sign: term.desc ? -1 : 1 }));
  all.sort((a, b) => {
    for (const { read, sign } of readers) {
      const diff = compare(read(a), read(b));
      if (diff !== 0) return diff * sign;
    }
    return a.id - b.id;
  });
  return { records: all.slice(skip, skip + query.maxResults), total: undefined };
}

function project(record: EntityRecord, fields: string[]): string {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const key = Object.keys(record.data).find((k) => k.toLowerCase() === field.split('.')[0]!.toLowerCase());
    if (key) out[key] = record.data[key];
  }
  return JSON.stringify(out);
}

/** Runs a parsed query and returns the `QueryResponse` member as JSON text. */
export function executeQuery(realm: Realm, query: ParsedQuery): string {
  if (query.entity.toLowerCase() === 'companyinfo') {
    if (query.selection.kind === 'count') return '{"totalCount":1}';
    return `{"CompanyInfo":[${JSON.stringify(realm.companyInfo)}],"startPosition":1,"maxResults":1}`;
  }
  const definition = definitionFor(query.entity);
  if (!definition) throw faults.queryValidation(`Entity ${query.entity} is not supported`);
  for (const c of query.where) resolveField(definition, c.field);
  for (const term of query.orderBy) resolveField(definition, term.field);
  const table = realm.tables[definition.name];
  const { records, total } = selectPage(query, table, definition);
  if (query.selection.kind === 'count') return `{"totalCount":${total ?? 0}}`;
  if (records.length === 0) return '{}';
  const selection = query.selection;
  const items = selection.kind === 'fields' ? records.map((r) => project(r, selection.fields)) : records.map(recordJson);
  return `{"${definition.name}":[${items.join(',')}],"startPosition":${query.startPosition},"maxResults":${records.length}}`;
}

import { qboDateTime } from '../clock.js';
import { definitionFor } from '../entities/index.js';
import { recordJson } from '../store/entity-table.js';
import type { Realm } from '../store/realm.js';
import { faults } from './faults.js';

/** Intuit answers at most 1000 objects per CDC call and looks back at most 30 days. */
export const CDC_MAX_OBJECTS = 1000;
export const CDC_LOOKBACK_MS = 30 * 86_400_000;

/**
 * The `CDCResponse` member: per requested entity, objects changed since `changedSince`
 * in LastUpdatedTime order, then the ones deleted since, as Intuit groups them.
 */
export function changeDataCapture(realm: Realm, entitiesParam: string, changedSinceParam: string, now: number): string {
  if (!entitiesParam) throw faults.requiredParam('entities');
  if (!changedSinceParam) throw faults.requiredParam('changedSince');
  const since = Date.parse(changedSinceParam);
  if (Number.isNaN(since)) throw faults.businessValidation(`Invalid changedSince ${changedSinceParam}`, 'changedSince');
  if (since < now - CDC_LOOKBACK_MS) {
    throw faults.businessValidation('changedSince must be within the last 30 days', 'changedSince');
  }
  const definitions = entitiesParam.split(',').map((name) => {
    const definition = definitionFor(name.trim());
    if (!definition) throw faults.businessValidation(`Unsupported entity ${name.trim()} for CDC`, 'entities');
    return definition;
  });

  let budget = CDC_MAX_OBJECTS;
  const groups: string[] = [];
  for (const definition of definitions) {
    const table = realm.tables[definition.name];
    const items: string[] = [];
    for (let i = table.updatedPosition(since); i < table.byUpdated.length && budget > 0; i++, budget--) {
      items.push(recordJson(table.byUpdated[i]!));
    }
    for (const tombstone of table.tombstones) {
      if (budget === 0) break;
      if (tombstone.deletedMs < since) continue;
      items.push(`{"domain":"QBO","status":"Deleted","Id":"${tombstone.id}","MetaData":{"LastUpdatedTime":"${qboDateTime(tombstone.deletedMs)}"}}`);
      budget -= 1;
    }
    groups.push(
      items.length === 0 ? '{}' : `{"${definition.name}":[${items.join(',')}],"startPosition":1,"maxResults":${items.length},"totalCount":${items.length}}`,
    );
  }
  return `[{"QueryResponse":[${groups.join(',')}]}]`;
}

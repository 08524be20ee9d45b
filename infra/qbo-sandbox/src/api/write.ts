import type { EntityDefinition } from '../entities/index.js';
import { validateWrite } from '../entities/validate.js';
import type { Realm } from '../store/realm.js';
import type { SandboxStore } from '../store/store.js';
import { faults } from './faults.js';
import { refuseInactiveItems } from './inactive-items.js';

export type WriteOperation = 'create' | 'update' | 'delete';

/** API writes must carry the current SyncToken, unlike the admin API's QBO user. */
const STRICT = { checkSyncToken: true };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * One create, update or delete, as `POST /{entity}` and a batch item ask for it. Returns the
 * JSON of the object QBO answers with (a deletion marker for a delete).
 */
export function applyWrite(store: SandboxStore, realm: Realm, definition: EntityDefinition, body: unknown, operation: WriteOperation): string {
  if (definition.readOnly) throw faults.unsupportedOperation(operation === 'delete' ? 'Delete' : operation === 'update' ? 'Update' : 'Create');
  if (!isObject(body)) throw faults.malformedRequest('request body');
  if (operation === 'delete') {
    // QBO reads only Id and SyncToken from a delete, so whatever else a client echoes back is fine.
    const { Id } = store.delete(realm, definition.name, body, STRICT);
    return `{"status":"Deleted","domain":"QBO","Id":"${Id}"}`;
  }
  // Intuit's API reads bundles (Group items) but only QuickBooks' own screens create them.
  if (operation === 'create' && definition.name === 'Item' && body.Type === 'Group') throw faults.unsupportedOperation('CREATE GROUP');
  validateWrite(definition, body);
  refuseInactiveItems(store, realm, definition, body, operation);
  if (operation === 'update') {
    if (body.Id === undefined || body.Id === null || body.Id === '') throw faults.requiredParam('Id');
    return JSON.stringify(store.update(realm, definition.name, body, body.sparse === true || body.sparse === 'true', STRICT));
  }
  return JSON.stringify(store.create(realm, definition.name, body));
}

/** `POST /{entity}`: `?operation=delete|update`, otherwise an update when the body has an Id. */
export function operationOf(queryOperation: unknown, body: unknown): WriteOperation {
  if (queryOperation === 'delete' || queryOperation === 'update') return queryOperation;
  const id = isObject(body) ? body.Id : undefined;
  return id !== undefined && id !== null && id !== '' ? 'update' : 'create';
}

import { definitionFor } from '../entities/index.js';
import { executeQuery } from '../query/execute.js';
import { parseQuery } from '../query/parser.js';
import type { Realm } from '../store/realm.js';
import type { SandboxStore } from '../store/store.js';
import { faults, QboFault } from './faults.js';
import { applyWrite, type WriteOperation } from './write.js';

/** Intuit takes at most 30 BatchItemRequest entries in one call. */
export const BATCH_MAX_ITEMS = 30;

const OPERATIONS = new Set<WriteOperation>(['create', 'update', 'delete']);
const ITEM_KEYS = new Set(['bId', 'operation', 'optionsData']);

type Item = Record<string, unknown>;

function itemFault(fault: QboFault): string {
  return `"Fault":${JSON.stringify({ Error: fault.errors, type: fault.type })}`;
}

/** One item's answer member: the written object, a QueryResponse, or the item's own Fault. */
function runItem(store: SandboxStore, realm: Realm, item: Item): string {
  if (typeof item.Query === 'string') return `"QueryResponse":${executeQuery(realm, parseQuery(item.Query))}`;
  const entityKeys = Object.keys(item).filter((key) => !ITEM_KEYS.has(key));
  if (entityKeys.length !== 1) throw faults.malformedRequest(entityKeys.join(',') || 'BatchItemRequest entity');
  const name = entityKeys[0]!;
  const definition = definitionFor(name);
  if (!definition || definition.name !== name) throw faults.malformedRequest(name);
  const operation = item.operation as WriteOperation;
  if (typeof item.operation !== 'string') throw faults.requiredParam('operation');
  if (!OPERATIONS.has(operation)) throw faults.unsupportedOperation(String(item.operation));
  return `"${definition.name}":${applyWrite(store, realm, definition, item[name], operation)}`;
}

/**
 * `POST /batch`: every BatchItemRequest runs on its own (one failing does not undo the
 * others) and the BatchItemResponse lists the answers in request order, each under its bId.
 * A request that is not a batch at all, or too long a batch, is refused as a whole.
 */
export function runBatch(store: SandboxStore, realm: Realm, body: unknown): string {
  const items = (body as { BatchItemRequest?: unknown } | undefined)?.BatchItemRequest;
  if (!Array.isArray(items)) throw faults.requiredParam('BatchItemRequest');
  if (items.length > BATCH_MAX_ITEMS) throw faults.batchTooLarge(items.length, BATCH_MAX_ITEMS);
  const requests = items.map((raw: unknown) => (typeof raw === 'object' && raw !== null ? raw : {}) as Item);
  // Checked before anything runs, so a malformed batch writes nothing.
  if (requests.some((item) => typeof item.bId !== 'string' || item.bId === '')) throw faults.requiredParam('bId');
  const answers = requests.map((item) => {
    let member: string;
    try {
      member = runItem(store, realm, item);
    } catch (error) {
      if (!(error instanceof QboFault)) throw error;
      member = itemFault(error);
    }
    return `{"bId":${JSON.stringify(item.bId)},${member}}`;
  });
  return `[${answers.join(',')}]`;
}

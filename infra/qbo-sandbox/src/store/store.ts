import { qboDateTime, toSecond, type Clock } from '../clock.js';
import { faults } from '../api/faults.js';
import { nextDocNumber } from '../entities/doc-numbers.js';
import { DEFINITIONS } from '../entities/index.js';
import { Realm, uniqueNameOf, type CompanyData } from './realm.js';
import type { ChangeEvent, EntityName, EntityRecord, Operation, QboObject } from './types.js';

/** Properties the server owns: whatever a client sends for them is ignored. */
const READ_ONLY = ['Id', 'SyncToken', 'MetaData', 'domain', 'sparse', 'TotalAmt'];

export interface WriteOptions {
  /** API writes must carry the current SyncToken; the admin API acts as a QBO user and need not. */
  checkSyncToken: boolean;
}

type ChangeListener = (event: ChangeEvent) => void;

function writable(body: Record<string, unknown>): Record<string, unknown> {
  const draft: Record<string, unknown> = { ...body };
  for (const key of READ_ONLY) delete draft[key];
  return draft;
}

/** The in-memory QBO: realms, their tables, and every write with QBO's bookkeeping. */
export class SandboxStore {
  private readonly realms = new Map<string, Realm>();
  private readonly listeners = new Set<ChangeListener>();
  private readonly companyListeners = new Set<() => void>();

  constructor(private readonly clock: Clock) {}

  addCompany(company: CompanyData): Realm {
    const realm = Realm.fromData(company);
    this.realms.set(realm.realmId, realm);
    this.companiesChanged();
    return realm;
  }

  removeCompany(realmId: string): boolean {
    const removed = this.realms.delete(realmId);
    if (removed) this.companiesChanged();
    return removed;
  }

  clear(): void {
    this.realms.clear();
    this.companiesChanged();
  }

  realm(realmId: string): Realm | undefined {
    return this.realms.get(realmId);
  }

  companies(): Realm[] {
    return [...this.realms.values()];
  }

  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Told when a company is added or removed (and on a reset), besides the changes inside one. */
  onCompaniesChange(listener: () => void): () => void {
    this.companyListeners.add(listener);
    return () => this.companyListeners.delete(listener);
  }

  private companiesChanged(): void {
    for (const listener of this.companyListeners) listener();
  }

  get(realm: Realm, entity: EntityName, id: string): EntityRecord | undefined {
    return /^\d+$/.test(id) ? realm.tables[entity].get(Number(id)) : undefined;
  }

  create(realm: Realm, entity: EntityName, body: Record<string, unknown>): QboObject {
    const now = toSecond(this.clock.now());
    const draft = writable(body);
    const table = realm.tables[entity];
    if (draft.DocNumber === undefined || draft.DocNumber === null || draft.DocNumber === '') {
      const number = nextDocNumber(entity, table);
      if (number !== undefined) draft.DocNumber = number;
    }
    this.prepare(realm, entity, draft, now);
    this.assertNameFree(realm, entity, draft, undefined);
    const stamp = qboDateTime(now);
    const data = {
      ...draft,
      domain: 'QBO',
      sparse: false,
      Id: String(table.nextId()),
      SyncToken: '0',
      MetaData: { CreateTime: stamp, LastUpdatedTime: stamp },
    } as QboObject;
    table.insert(data, now);
    realm.claimName(entity, data);
    this.emit(realm, entity, data.Id, 'Create', now);
    if (entity === 'Invoice') this.closeLinkedEstimates(realm, data);
    return data;
  }

  /**
   * An invoice made from an estimate (`LinkedTxn` TxnType Estimate) closes it, and the estimate
   * links back to the invoice, as QBO's conversion does.
   */
  private closeLinkedEstimates(realm: Realm, invoiceData: QboObject): void {
    const links = (invoiceData.LinkedTxn as { TxnId?: unknown; TxnType?: unknown }[] | undefined) ?? [];
    for (const link of links) {
      if (link.TxnType !== 'Estimate') continue;
      const estimateRecord = this.get(realm, 'Estimate', String(link.TxnId));
      if (!estimateRecord) continue;
      const existing = (estimateRecord.data.LinkedTxn as unknown[] | undefined) ?? [];
      this.update(
        realm,
        'Estimate',
        { Id: estimateRecord.data.Id, TxnStatus: 'Closed', LinkedTxn: [...existing, { TxnId: invoiceData.Id, TxnType: 'Invoice' }] },
        true,
        { checkSyncToken: false },
      );
    }
  }

  update(realm: Realm, entity: EntityName, body: Record<string, unknown>, sparse: boolean, options: WriteOptions): QboObject {
    const record = this.existing(realm, entity, body, options);
    const now = toSecond(Math.max(this.clock.now(), record.updatedMs));
    const draft = sparse ? { ...record.data, ...writable(body) } : writable(body);
    this.prepare(realm, entity, draft, now);
    this.assertNameFree(realm, entity, draft, record.data.Id);
    const data = {
      ...draft,
      domain: 'QBO',
      sparse: false,
      Id: record.data.Id,
      SyncToken: String(Number(record.data.SyncToken) + 1),
      MetaData: { CreateTime: record.data.MetaData.CreateTime, LastUpdatedTime: qboDateTime(now) },
    } as QboObject;
    realm.releaseName(entity, record.data);
    realm.tables[entity].replace(record, data, now);
    realm.claimName(entity, data);
    this.emit(realm, entity, data.Id, 'Update', now);
    return data;
  }

  /** Transactions are deleted; name-list entities can only be made inactive, as in QBO. */
  delete(realm: Realm, entity: EntityName, body: Record<string, unknown>, options: WriteOptions): { Id: string } {
    const definition = DEFINITIONS[entity];
    if (definition.nameList) {
      if (options.checkSyncToken) throw faults.unsupportedOperation('Delete');
      const current = this.existing(realm, entity, body, options);
      this.update(realm, entity, { Id: current.data.Id, Active: false }, true, options);
      return { Id: current.data.Id };
    }
    const record = this.existing(realm, entity, body, options);
    const now = toSecond(this.clock.now());
    realm.tables[entity].remove(record, now);
    realm.releaseName(entity, record.data);
    this.emit(realm, entity, record.data.Id, 'Delete', now);
    return { Id: record.data.Id };
  }

  private existing(realm: Realm, entity: EntityName, body: Record<string, unknown>, options: WriteOptions): EntityRecord {
    if (body.Id === undefined || body.Id === null || body.Id === '') throw faults.requiredParam('Id');
    const id = String(body.Id);
    const record = this.get(realm, entity, id);
    if (!record) throw faults.objectNotFound(entity, id);
    if (options.checkSyncToken) {
      if (body.SyncToken === undefined || body.SyncToken === null) throw faults.requiredParam('SyncToken');
      if (String(body.SyncToken) !== record.data.SyncToken) throw faults.staleObject();
    }
    return record;
  }

  private prepare(realm: Realm, entity: EntityName, draft: Record<string, unknown>, now: number): void {
    DEFINITIONS[entity].prepare(draft, {
      now,
      lookup: (other, id) => this.get(realm, other, id)?.data,
    });
  }

  private assertNameFree(realm: Realm, entity: EntityName, draft: Record<string, unknown>, selfId: string | undefined): void {
    const name = uniqueNameOf(entity, draft);
    if (!name) return;
    const owner = realm.nameOwner(entity, name);
    if (owner && owner !== `${entity}:${selfId}`) throw faults.duplicateName(name);
  }

  private emit(realm: Realm, entity: EntityName, id: string, operation: Operation, ms: number): void {
    const event: ChangeEvent = { realmId: realm.realmId, entity, id, operation, lastUpdated: new Date(ms).toISOString() };
    for (const listener of this.listeners) listener(event);
  }
}

import type { Clock } from '../clock.js';
import type { CompanySpec, OAuthClientConfig } from '../config.js';
import type { FaultInjector, FaultRequest } from '../api/fault-injection.js';
import { faults } from '../api/faults.js';
import type { RealmLimiter } from '../api/limits.js';
import { definitionFor } from '../entities/index.js';
import { invoiceFrom } from '../entities/invoice.js';
import type { TokenPair, TokenStore } from '../oauth/token-store.js';
import { companyFrom } from '../seed/company.js';
import type { Realm } from '../store/realm.js';
import type { SandboxStore } from '../store/store.js';
import type { EntityName, QboObject } from '../store/types.js';
import type { WebhookApps } from '../webhooks/apps.js';
import { mergeRecords, type MergeResult } from './merge.js';

/** What a print broker's product reads (and `counts` reports) … */
const BROKER_ENTITIES = ['Customer', 'Vendor', 'Item', 'PurchaseOrder', 'Estimate'] as const;
/** … and the rest of the books (`accountingCounts`). */
const ACCOUNTING_ENTITIES = ['Invoice', 'Account', 'TaxCode', 'TaxRate', 'Term'] as const;
type BrokerEntity = (typeof BROKER_ENTITIES)[number];
type AccountingEntity = (typeof ACCOUNTING_ENTITIES)[number];

export interface CompanySummary {
  realmId: string;
  companyName: string;
  counts: Record<BrokerEntity, number>;
  accountingCounts: Record<AccountingEntity, number>;
}

interface AdminDeps {
  clock: Clock;
  store: SandboxStore;
  tokens: TokenStore;
  injector: FaultInjector;
  limiter: RealmLimiter;
  clients: OAuthClientConfig[];
  companies: CompanySpec[];
  webhooks: WebhookApps;
}

/** Writes as a QBO user makes them: no SyncToken needed, but bookkeeping, CDC and webhooks as usual. */
const AS_USER = { checkSyncToken: false };

/**
 * What a person at the QBO company (or a test) can do to the sandbox. The HTTP admin API
 * is a thin layer over this, and in-process callers can use it directly.
 */
export class AdminControl {
  constructor(private readonly deps: AdminDeps) {}

  companies(): CompanySummary[] {
    return this.deps.store.companies().map((realm) => ({
      realmId: realm.realmId,
      companyName: String(realm.companyInfo.CompanyName),
      counts: Object.fromEntries(BROKER_ENTITIES.map((name) => [name, realm.tables[name].size])) as Record<BrokerEntity, number>,
      accountingCounts: Object.fromEntries(ACCOUNTING_ENTITIES.map((name) => [name, realm.tables[name].size])) as Record<AccountingEntity, number>,
    }));
  }

  addCompany(spec: CompanySpec): CompanySummary {
    const company = companyFrom(spec, this.deps.clock.now());
    this.deps.store.addCompany(company);
    return this.companies().find((summary) => summary.realmId === company.realmId)!;
  }

  removeCompany(realmId: string): boolean {
    return this.deps.store.removeCompany(realmId);
  }

  /** Back to the configured companies, freshly generated; tokens and faults survive. */
  reset(): CompanySummary[] {
    this.deps.store.clear();
    for (const spec of this.deps.companies) this.deps.store.addCompany(companyFrom(spec, this.deps.clock.now()));
    this.deps.limiter.reset();
    return this.companies();
  }

  create(realmId: string, entity: string, body: Record<string, unknown>): QboObject {
    return this.deps.store.create(this.realm(realmId), this.entity(entity), body);
  }

  update(realmId: string, entity: string, id: string, changes: Record<string, unknown>): QboObject {
    return this.deps.store.update(this.realm(realmId), this.entity(entity), { ...changes, Id: id }, true, AS_USER);
  }

  /** "Create invoice" on an estimate: the invoice copies it and links to it; the estimate is Closed and links back. */
  convertEstimate(realmId: string, estimateId: string): { Invoice: QboObject; Estimate: QboObject } {
    const realm = this.realm(realmId);
    const estimateRecord = this.deps.store.get(realm, 'Estimate', estimateId);
    if (!estimateRecord) throw faults.objectNotFound('Estimate', estimateId);
    if (estimateRecord.data.TxnStatus === 'Closed' || estimateRecord.data.TxnStatus === 'Rejected') {
      throw faults.businessValidation(`Estimate ${estimateId} is ${String(estimateRecord.data.TxnStatus)} and cannot be converted`, 'TxnStatus');
    }
    const invoiceData = this.deps.store.create(realm, 'Invoice', invoiceFrom(estimateRecord.data));
    return { Invoice: invoiceData, Estimate: this.deps.store.get(realm, 'Estimate', estimateId)!.data };
  }

  delete(realmId: string, entity: string, id: string): { Id: string } {
    return this.deps.store.delete(this.realm(realmId), this.entity(entity), { Id: id }, AS_USER);
  }

  /**
   * Merges one customer, vendor or item into another as a QBO user does: references move to
   * `intoId`, `fromId` becomes inactive, and apps are notified of one Merge on `intoId` that
   * names `fromId` as deleted.
   */
  merge(realmId: string, entity: string, fromId: string, intoId: string): MergeResult {
    const realm = this.realm(realmId);
    const name = this.entity(entity);
    const result = mergeRecords(this.deps.store, realm, name, fromId, intoId, AS_USER);
    const lastUpdated = new Date(Date.parse(result.into.MetaData.LastUpdatedTime)).toISOString();
    this.deps.webhooks.enqueue({ realmId, entity: name, id: intoId, operation: 'Merge', deletedId: fromId, lastUpdated });
    return result;
  }

  setEstimateStatus(realmId: string, id: string, status: string): QboObject {
    return this.update(realmId, 'Estimate', id, { TxnStatus: status });
  }

  injectFault(request: FaultRequest): void {
    this.realm(request.realmId);
    if (request.kind === 'expire-token') this.deps.tokens.expireAccessTokens(request.realmId);
    else this.deps.injector.arm(request);
  }

  clearFaults(realmId?: string): void {
    this.deps.injector.clear(realmId);
  }

  advanceClock(seconds: number): number {
    this.deps.clock.advance(seconds * 1000);
    return this.deps.clock.now();
  }

  expireTokens(realmId?: string): number {
    return this.deps.tokens.expireAccessTokens(realmId);
  }

  /** A token pair without the consent page, for services and benchmarks that start headless. */
  issueTokens(clientId: string, realmId: string): TokenPair {
    if (!this.deps.clients.some((client) => client.clientId === clientId)) throw faults.businessValidation(`Unknown client ${clientId}`, 'clientId');
    this.realm(realmId);
    return this.deps.tokens.createGrant(clientId, realmId, 'com.intuit.quickbooks.accounting');
  }

  setLimits(limits: { requestsPerMinute?: number; concurrentRequests?: number }): void {
    this.deps.limiter.limits = { ...this.deps.limiter.limits, ...limits };
  }

  async flushWebhooks(): Promise<void> {
    await this.deps.webhooks.flush();
  }

  private realm(realmId: string): Realm {
    const realm = this.deps.store.realm(realmId);
    if (!realm) throw faults.objectNotFound('Company', realmId);
    return realm;
  }

  private entity(name: string): EntityName {
    const definition = definitionFor(name) ?? definitionFor(name.replace(/s$/, ''));
    if (!definition) throw faults.unsupportedOperation(`could not find resource for entity ${name}`);
    return definition.name;
  }
}

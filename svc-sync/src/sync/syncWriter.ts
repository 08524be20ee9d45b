import { recordEvents, type Database, type EventEnvelope, type OutboxRelay } from '@printpool/service-kit';
import type { Knex } from 'knex';
import { removeDocuments, upsertDocuments } from '../db/documentMirror.js';
import type { QboDocument } from '../domain/qboDocument.js';
import type { SyncEntity } from '../domain/syncEntities.js';
import type { TermNames } from '../domain/mapTransactions.js';
import type { TermNameList } from '../qbo/termNames.js';
import { deletedEvents, upsertedEvents } from '../events/accountingEvents.js';

/**
 * Writes what a sync learned: the raw mirror and the events describing it commit in one
 * transaction per page, so consumers see exactly what the mirror holds.
 */
export class SyncWriter {
  constructor(
    private readonly db: Database,
    private readonly relay: OutboxRelay,
    private readonly terms: Pick<TermNameList, 'for'> | null = null,
  ) {}

  async upserts(tenantId: string, realmId: string, entity: SyncEntity, docs: QboDocument[], sweepId: string | null): Promise<void> {
    if (docs.length === 0) return;
    const terms: TermNames = !entity.nameList && this.terms ? await this.terms.for(tenantId, docs) : new Map();
    const events = upsertedEvents(
      entity,
      tenantId,
      realmId,
      docs.map((doc) => entity.map(doc, terms)),
    );
    await this.commit(events, (trx) => upsertDocuments(trx, { tenantId, realmId, entity: entity.qboName }, docs, sweepId));
  }

  async deletions(tenantId: string, realmId: string, entity: SyncEntity, qbIds: string[]): Promise<void> {
    if (qbIds.length === 0) return;
    const events = deletedEvents(entity, tenantId, realmId, qbIds);
    await this.commit(events, (trx) => removeDocuments(trx, { tenantId, realmId, entity: entity.qboName }, qbIds));
  }

  /** Runs `change` and records `events` in one transaction, then nudges the relay. */
  async commit(events: EventEnvelope[], change: (trx: Knex.Transaction) => Promise<unknown>): Promise<void> {
    await this.db.knex.transaction(async (trx) => {
      await change(trx);
      await recordEvents(trx, events);
    });
    void this.relay.publishNow();
  }
}

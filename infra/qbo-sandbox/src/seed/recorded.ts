import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { qboDateTime } from '../clock.js';
import type { CompanyData } from '../store/realm.js';
import { ENTITY_NAMES, type EntityName, type QboObject } from '../store/types.js';

/** Objects of a company as QuickBooks answered them, by entity. */
export type RecordedEntities = Partial<Record<EntityName, QboObject[]>>;

/**
 * Records transcribed from public recordings of QuickBooks Online traffic (see its README for
 * where each file comes from). Resolves from `src/seed` and `dist/seed` alike.
 */
export const INTUIT_FIXTURES_DIR = fileURLToPath(new URL('../../fixtures/intuit/', import.meta.url));

/** Every `*.json` file of a fixtures directory: each holds arrays under entity names beside its `source`. */
export function loadRecordedEntities(dir: string = INTUIT_FIXTURES_DIR): RecordedEntities {
  const entities: RecordedEntities = {};
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const content = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as Record<string, unknown>;
    for (const name of ENTITY_NAMES) {
      const records = content[name];
      if (Array.isArray(records)) (entities[name] ??= []).push(...(records as QboObject[]));
    }
  }
  return entities;
}

export interface RecordedCompanyOptions {
  realmId: string;
  companyName?: string;
  records: RecordedEntities;
  now: number;
}

const updatedMs = (data: QboObject, fallback: number): number => {
  const stamp = Date.parse(String((data.MetaData as { LastUpdatedTime?: string } | undefined)?.LastUpdatedTime ?? ''));
  return Number.isNaN(stamp) ? fallback : stamp;
};

/**
 * A company holding recorded objects exactly as Intuit answered them: nothing is recomputed
 * (a recorded group line's Amount of 0 stays 0, a TotalAmt stays the recorded one), so a sync
 * of it meets what real QuickBooks sends. Objects keep their Ids, SyncTokens and MetaData.
 */
export function recordedCompany(options: RecordedCompanyOptions): CompanyData {
  const entities = {} as CompanyData['entities'];
  for (const name of ENTITY_NAMES) {
    entities[name] = (options.records[name] ?? []).map((data) => ({
      data: { domain: 'QBO', sparse: false, ...data },
      updatedMs: updatedMs(data, options.now),
    }));
  }
  const companyName = options.companyName ?? 'Recorded Company';
  const created = qboDateTime(options.now);
  const companyInfo = {
    CompanyName: companyName,
    LegalName: companyName,
    Country: 'US',
    SupportedLanguages: 'en',
    DefaultTimeZone: 'America/Los_Angeles',
    domain: 'QBO',
    sparse: false,
    Id: '1',
    SyncToken: '0',
    MetaData: { CreateTime: created, LastUpdatedTime: created },
  } as QboObject;
  return { realmId: options.realmId, companyInfo, entities };
}

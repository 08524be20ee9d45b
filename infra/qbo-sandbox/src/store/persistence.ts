import { mkdirSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import type { SavedGrant, TokenStore } from '../oauth/token-store.js';
import type { Realm } from './realm.js';
import type { SandboxStore } from './store.js';
import { ENTITY_NAMES, type EntityName, type QboObject, type Tombstone } from './types.js';

/** Bumped when the files' shape changes; a sandbox finding another version starts afresh. */
const FORMAT = 1;
const INDEX_FILE = 'sandbox.json';
const realmFile = (realmId: string) => `realm-${realmId.replace(/[^A-Za-z0-9_-]/g, '_')}.json`;

/** Companies, grants and the clock's advance: what a restart must not forget. */
interface SavedIndex {
  format: number;
  clockAdvancedMs: number;
  realmIds: string[];
  grants: SavedGrant[];
}

interface SavedTable {
  records: { data: QboObject; updatedMs: number }[];
  tombstones: Tombstone[];
  lastId: number;
}

interface SavedRealm {
  realmId: string;
  companyInfo: QboObject;
  tables: Partial<Record<EntityName, SavedTable>>;
}

/** How long changes collect before they are written: a sync's burst of writes costs one write per company. */
const WRITE_DELAY_MS = 200;

/**
 * Keeps the sandbox's state in a directory (the launchers' `DATA_DIR/qbo-sandbox`), so a restart
 * keeps every company as users changed it and every token it gave: a connected PrintPool stays
 * connected. One file per company, written again only when that company changed, and an index
 * with the grants; each is written to a temporary file and renamed, so a crash leaves the last
 * whole copy. Changes in the last WRITE_DELAY_MS before a crash (not a stop) are lost.
 */
export class SandboxPersistence {
  private readonly dirtyRealms = new Set<string>();
  private indexDirty = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly unsubscribe: (() => void)[] = [];

  constructor(
    private readonly dir: string,
    private readonly deps: { store: SandboxStore; tokens: TokenStore; clock: Clock; logger: Logger },
  ) {}

  /** Loads what an earlier run saved; false when there is nothing (a first start), so the caller seeds companies. */
  load(): boolean {
    const index = this.readJson<SavedIndex>(INDEX_FILE);
    if (!index) return false;
    if (index.format !== FORMAT) {
      this.deps.logger.warn({ dir: this.dir, format: index.format }, 'qbo-sandbox data of another format: starting afresh');
      return false;
    }
    this.deps.clock.advance(index.clockAdvancedMs);
    for (const realmId of index.realmIds) {
      const saved = this.readJson<SavedRealm>(realmFile(realmId));
      if (saved) this.restoreRealm(saved);
      else this.deps.logger.warn({ realmId }, 'qbo-sandbox company file missing: company left out');
    }
    this.deps.tokens.restore(index.grants);
    this.deps.logger.info({ dir: this.dir, companies: index.realmIds.length, grants: index.grants.length }, 'qbo-sandbox state loaded');
    return true;
  }

  /** Saves from now on every change to a company, the list of companies and the grants. */
  watch(): void {
    mkdirSync(this.dir, { recursive: true });
    this.unsubscribe.push(
      this.deps.store.onChange((event) => this.changed(event.realmId)),
      this.deps.store.onCompaniesChange(() => {
        for (const realm of this.deps.store.companies()) this.dirtyRealms.add(realm.realmId);
        this.changed();
      }),
    );
    this.deps.tokens.onChange = () => this.changed();
    // A first start saves its seeded companies at once, so the next start finds them.
    for (const realm of this.deps.store.companies()) this.dirtyRealms.add(realm.realmId);
    this.changed();
  }

  /** Writes what changed now (tests, and the way out). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const realms = this.deps.store.companies();
    for (const realm of realms) {
      if (this.dirtyRealms.has(realm.realmId)) this.writeJson(realmFile(realm.realmId), savedRealm(realm));
    }
    this.dirtyRealms.clear();
    if (!this.indexDirty) return;
    this.indexDirty = false;
    const index: SavedIndex = {
      format: FORMAT,
      clockAdvancedMs: this.deps.clock.advancedMs,
      realmIds: realms.map((realm) => realm.realmId),
      grants: this.deps.tokens.saved(),
    };
    this.writeJson(INDEX_FILE, index);
    const kept = new Set([INDEX_FILE, ...index.realmIds.map(realmFile)]);
    for (const file of readdirSync(this.dir)) if (file.endsWith('.json') && !kept.has(file)) unlinkSync(path.join(this.dir, file));
  }

  close(): void {
    for (const unsubscribe of this.unsubscribe.splice(0)) unsubscribe();
    this.deps.tokens.onChange = () => undefined;
    this.flush();
  }

  private changed(realmId?: string): void {
    if (realmId) this.dirtyRealms.add(realmId);
    this.indexDirty = true;
    this.timer ??= setTimeout(() => {
      try {
        this.flush();
      } catch (err) {
        this.deps.logger.error({ err, dir: this.dir }, 'qbo-sandbox could not save its state');
      }
    }, WRITE_DELAY_MS).unref();
  }

  private restoreRealm(saved: SavedRealm): void {
    const entities = Object.fromEntries(ENTITY_NAMES.map((name) => [name, saved.tables[name]?.records ?? []])) as Record<
      EntityName,
      { data: QboObject; updatedMs: number }[]
    >;
    const realm = this.deps.store.addCompany({ realmId: saved.realmId, companyInfo: saved.companyInfo, entities });
    for (const name of ENTITY_NAMES) {
      const table = saved.tables[name];
      if (table) realm.tables[name].restore(table.tombstones, table.lastId);
    }
  }

  private readJson<T>(file: string): T | undefined {
    try {
      return JSON.parse(readFileSync(path.join(this.dir, file), 'utf8')) as T;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new Error(`qbo-sandbox cannot read ${path.join(this.dir, file)}: ${(err as Error).message}`);
    }
  }

  private writeJson(file: string, value: unknown): void {
    const target = path.join(this.dir, file);
    writeFileSync(`${target}.tmp`, JSON.stringify(value));
    renameSync(`${target}.tmp`, target);
  }
}

function savedRealm(realm: Realm): SavedRealm {
  const tables = Object.fromEntries(
    ENTITY_NAMES.map((name) => {
      const table = realm.tables[name];
      return [name, { records: table.byId.map(({ data, updatedMs }) => ({ data, updatedMs })), tombstones: table.tombstones, lastId: table.highestId }];
    }),
  ) as Record<EntityName, SavedTable>;
  return { realmId: realm.realmId, companyInfo: realm.companyInfo, tables };
}

import type { EntityRecord, QboObject, Tombstone } from './types.js';

/** Compares by (updatedMs, id): the order CDC and LastUpdatedTime filters walk. */
function updatedBefore(a: EntityRecord, updatedMs: number, id: number): boolean {
  return a.updatedMs < updatedMs || (a.updatedMs === updatedMs && a.id < id);
}

/**
 * One entity type in one realm. Two sorted arrays give O(log n) seeks and O(page) slices:
 * `byId` (ascending Id, Intuit's default order) and `byUpdated` (ascending LastUpdatedTime).
 */
export class EntityTable {
  private readonly records = new Map<number, EntityRecord>();
  readonly byId: EntityRecord[] = [];
  readonly byUpdated: EntityRecord[] = [];
  readonly tombstones: Tombstone[] = [];
  private lastId = 0;
  /** Lets list queries skip the implicit `Active = true` filter when nothing is inactive. */
  inactiveCount = 0;

  get size(): number {
    return this.byId.length;
  }

  nextId(): number {
    this.lastId += 1;
    return this.lastId;
  }

  get(id: number): EntityRecord | undefined {
    return this.records.get(id);
  }

  /** Bulk load for seeding: records may arrive in any time order, so sort once at the end. */
  load(items: { data: QboObject; updatedMs: number }[]): void {
    for (const item of items) {
      const id = Number(item.data.Id);
      const record: EntityRecord = { id, data: item.data, updatedMs: item.updatedMs, json: undefined };
      this.records.set(id, record);
      this.byId.push(record);
      this.byUpdated.push(record);
      if (id > this.lastId) this.lastId = id;
      if (item.data.Active === false) this.inactiveCount += 1;
    }
    this.byId.sort((a, b) => a.id - b.id);
    this.byUpdated.sort((a, b) => a.updatedMs - b.updatedMs || a.id - b.id);
  }

  /**
   * What a saved table adds to its records (store/persistence.ts): deletions, for CDC, and the
   * highest Id ever given, so a deleted object's Id is never given again.
   */
  restore(tombstones: Tombstone[], lastId: number): void {
    this.tombstones.push(...tombstones);
    this.lastId = Math.max(this.lastId, lastId);
  }

  get highestId(): number {
    return this.lastId;
  }

  insert(data: QboObject, updatedMs: number): EntityRecord {
    const id = Number(data.Id);
    const record: EntityRecord = { id, data, updatedMs, json: undefined };
    this.records.set(id, record);
    this.byId.splice(this.idPosition(id), 0, record);
    this.byUpdated.splice(this.updatedPosition(updatedMs, id), 0, record);
    if (id > this.lastId) this.lastId = id;
    if (data.Active === false) this.inactiveCount += 1;
    return record;
  }

  replace(record: EntityRecord, data: QboObject, updatedMs: number): void {
    if (record.data.Active === false) this.inactiveCount -= 1;
    if (data.Active === false) this.inactiveCount += 1;
    this.byUpdated.splice(this.updatedPosition(record.updatedMs, record.id), 1);
    record.data = data;
    record.updatedMs = updatedMs;
    record.json = undefined;
    this.byUpdated.splice(this.updatedPosition(updatedMs, record.id), 0, record);
  }

  remove(record: EntityRecord, deletedMs: number): void {
    if (record.data.Active === false) this.inactiveCount -= 1;
    this.records.delete(record.id);
    this.byId.splice(this.idPosition(record.id), 1);
    this.byUpdated.splice(this.updatedPosition(record.updatedMs, record.id), 1);
    this.tombstones.push({ id: record.id, deletedMs });
  }

  /** First index in `byId` whose id is ≥ `id`. */
  idPosition(id: number): number {
    let lo = 0;
    let hi = this.byId.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.byId[mid]!.id < id) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First index in `byUpdated` at or after (updatedMs, id). */
  updatedPosition(updatedMs: number, id = 0): number {
    let lo = 0;
    let hi = this.byUpdated.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (updatedBefore(this.byUpdated[mid]!, updatedMs, id)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

export function recordJson(record: EntityRecord): string {
  record.json ??= JSON.stringify(record.data);
  return record.json;
}

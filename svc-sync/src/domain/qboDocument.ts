/** A QBO object as the v3 API answers it; every field is read defensively. */
export type QboDocument = Record<string, unknown> & { Id: string; SyncToken?: string; MetaData?: { LastUpdatedTime?: string } };

export function str(value: unknown): string | null {
  if (typeof value === 'string') return value.length > 0 ? value : null;
  if (typeof value === 'number') return String(value);
  return null;
}

export function num(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : 0;
}

export function obj(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** `{ Address }`, `{ FreeFormNumber }`, `{ value }`: the member Intuit wraps a scalar in. */
export function wrapped(value: unknown, member: string): string | null {
  return str(obj(value)?.[member]);
}

export function updatedAt(doc: QboDocument): string {
  return str(doc.MetaData?.LastUpdatedTime) ?? '';
}

export type SortDirection = 'asc' | 'desc';

/** A list sorted by one column: the API's `?sort=key` (ascending) or `?sort=-key` (descending). */
export interface ListSort<K extends string = string> {
  key: K;
  direction: SortDirection;
}

export function parseSort<K extends string>(value: string | null | undefined): ListSort<K> | null {
  if (!value) return null;
  return value.startsWith('-') ? { key: value.slice(1) as K, direction: 'desc' } : { key: value as K, direction: 'asc' };
}

export function sortParameterOf(sort: ListSort | null): string | undefined {
  return sort ? `${sort.direction === 'desc' ? '-' : ''}${sort.key}` : undefined;
}

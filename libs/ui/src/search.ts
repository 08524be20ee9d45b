/** Case-insensitive "contains" over the given fields; an empty query matches everything. */
export function matchesSearch(query: string, ...values: (string | null | undefined)[]): boolean {
  const needle = query.trim().toLowerCase();
  return needle === '' || values.some((value) => value?.toLowerCase().includes(needle));
}
